// The résumé's files in a browser (the editor's worker): each face fetched from the app's own assets
// the first time a résumé needs it, then kept for every résumé after (one per pause in typing).
// The addresses come from the page that started the worker (FACE_URLS as its bundler emitted them):
// a worker bundled on its own has no asset of its own.
import type { ResumeResources } from './fonts';

export function fetchedResources(faceUrls: ReadonlyMap<string, string>): ResumeResources {
  const files = new Map<string, Promise<Uint8Array>>();
  return {
    font(face) {
      let file = files.get(face.file);
      if (!file) {
        const url = faceUrls.get(face.file);
        if (!url) return Promise.reject(new Error(`no file for the font ${face.id}`));
        file = fetch(url).then(async (response) => {
          if (!response.ok) throw new Error(`the font ${face.id} did not load (${response.status})`);
          return new Uint8Array(await response.arrayBuffer());
        });
        // A failed load is tried again by the next résumé.
        file.catch(() => files.delete(face.file));
        files.set(face.file, file);
      }
      return file;
    },
  };
}
