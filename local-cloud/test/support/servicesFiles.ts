// Small files with real magic bytes, for upload tests.
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function pngBlob(): Blob {
  return new Blob([PNG_BYTES], { type: 'image/png' });
}

export function pdfBlob(): Blob {
  return new Blob([PDF_BYTES], { type: 'application/pdf' });
}

/** A PNG header followed by padding, `size` bytes in all. */
export function pngOfSize(size: number): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES.subarray(0, 8));
  return new Blob([bytes], { type: 'image/png' });
}
