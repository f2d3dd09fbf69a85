// What the file pickers take. The MIME type comes from the extension on most systems and can be
// missing or spoofed, so both the type AND the extension must say "image" (or "PDF").

export type FileFieldKind = 'image' | 'pdf';

// What the portfolio-images bucket takes (supabase/migrations): an SVG could carry script, so none.
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/** Storage bucket limits (supabase/migrations: bucket size and type limits): checked here so a pick never fails at upload. */
export const MAX_FILE_BYTES: Readonly<Record<FileFieldKind, number>> = { image: 5 * 1024 * 1024, pdf: 10 * 1024 * 1024 };

/**
 * A JPEG, PNG or WebP photo is resized and re-encoded in the browser before upload (mfe-editor/src/images),
 * so the bucket's limit applies to what it becomes; the original only has to be small enough to open
 * here (a phone's 12-megapixel photo is 3–8 MB, a 48-megapixel one about 20).
 */
const PREPARED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const MAX_PREPARED_BYTES = 40 * 1024 * 1024;

/** The `accept` attribute: the system dialog offers the right files, the check below enforces it. */
export const ACCEPT: Readonly<Record<FileFieldKind, string>> = { image: IMAGE_TYPES.join(','), pdf: 'application/pdf,.pdf' };

/** The limits, said beside each picker before anything is chosen. */
export const LIMITS_HINT: Readonly<Record<FileFieldKind, string>> = {
  image: 'PNG, JPEG or WebP photo up to 40 MB (resized for the web before upload), or a GIF up to 5 MB.',
  pdf: 'PDF file, at most 10 MB.',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why `file` cannot go in a field of this kind, or null when it can. */
export function rejectionFor(file: Pick<File, 'name' | 'type' | 'size'>, kind: FileFieldKind): string | null {
  const extension = extensionOf(file.name);
  if (kind === 'image') {
    if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.includes(extension)) {
      return `"${file.name}" is not a PNG, JPEG, GIF or WebP picture. Choose one of those.`;
    }
  } else if (file.type !== 'application/pdf' || extension !== 'pdf') {
    return `"${file.name}" is not a PDF. Choose a resume saved as a .pdf file.`;
  }
  if (kind === 'image' && PREPARED_TYPES.includes(file.type)) {
    if (file.size > MAX_PREPARED_BYTES)
      return `"${file.name}" is too large to prepare here (over ${megabytes(MAX_PREPARED_BYTES)}). Choose a smaller photo, or export it smaller first.`;
    return null;
  }
  if (file.size > MAX_FILE_BYTES[kind]) return `"${file.name}" is larger than ${megabytes(MAX_FILE_BYTES[kind])}. Choose a smaller file.`;
  return null;
}
