/** Saves a file the page made (a zip the server streamed, the brand kit) under its name. */
export function saveDownload(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser takes the file once the click is handled, some after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
