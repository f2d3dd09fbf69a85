// What the file pickers take. The MIME type comes from the extension on most systems and can be
// missing or spoofed, so both the type AND the extension must say "image" (or "PDF").

export type FileFieldKind = 'image' | 'pdf';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'bmp'];

/** Storage bucket limits (supabase/migrations: bucket size and type limits): checked here so a pick never fails at upload. */
export const MAX_FILE_BYTES: Readonly<Record<FileFieldKind, number>> = { image: 5 * 1024 * 1024, pdf: 10 * 1024 * 1024 };

/** The `accept` attribute: the system dialog offers the right files, the check below enforces it. */
export const ACCEPT: Readonly<Record<FileFieldKind, string>> = { image: 'image/*', pdf: 'application/pdf,.pdf' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why `file` cannot go in a field of this kind, or null when it can. */
export function rejectionFor(file: Pick<File, 'name' | 'type' | 'size'>, kind: FileFieldKind): string | null {
  const extension = extensionOf(file.name);
  if (kind === 'image') {
    if (!file.type.startsWith('image/') || !IMAGE_EXTENSIONS.includes(extension)) {
      return `"${file.name}" is not an image. Choose a PNG, JPEG, GIF, WebP, AVIF or SVG picture.`;
    }
  } else if (file.type !== 'application/pdf' || extension !== 'pdf') {
    return `"${file.name}" is not a PDF. Choose a resume saved as a .pdf file.`;
  }
  if (file.size > MAX_FILE_BYTES[kind]) return `"${file.name}" is larger than ${megabytes(MAX_FILE_BYTES[kind])}. Choose a smaller file.`;
  return null;
}
