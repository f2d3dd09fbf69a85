// The résumé PDF maker as a browser loads it (`@folioforge/templates/resume`, bundled into the
// editor's worker by tooling/resumeEngine.mjs): the maker, and its fonts fetched from the app's own
// assets. Deno's bundle takes index.ts with the fonts inside it instead.
export {
  FACES,
  makeResumePdf,
  resumeContent,
  resumeFileName,
  resumeSections,
  type FaceSpec,
  type ResumeContent,
  type ResumeOptions,
  type ResumeResources,
} from './index';
export { fetchedResources } from './browserResources';
