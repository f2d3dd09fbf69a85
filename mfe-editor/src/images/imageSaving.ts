// The saving a prepared photo makes, said the way the editor shows it: "4.8 MB → 310 KB".

/** A size as people read it: bytes under 1 KB, KB under 1 MB (whole), MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "4.8 MB → 310 KB" */
export function savingText(originalBytes: number, storedBytes: number): string {
  return `${formatBytes(originalBytes)} → ${formatBytes(storedBytes)}`;
}
