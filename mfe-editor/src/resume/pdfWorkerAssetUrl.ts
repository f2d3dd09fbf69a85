// pdf.js's worker, emitted by webpack as an asset of this remote. `new URL(…, import.meta.url)`
// resolves against this remote's public path (where its chunks came from), not the shell's page.
// Kept alone in this file because jest (CommonJS) cannot parse import.meta; tests mock it.
export const PDF_WORKER_ASSET_URL: string = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
