// Which chosen files are prepared (prepareImage.ts) before they are uploaded.

/** Pictures worth preparing. A GIF keeps its animation and is stored as chosen. */
export const PREPARED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const isPreparable = (file: Pick<Blob, 'type'>) => (PREPARED_TYPES as readonly string[]).includes(file.type);
