import { workerResumeMaker } from './resumeMaker';

/** The editor's one résumé maker: its worker (and the PDF library) load on the first résumé asked for. */
export const editorResumeMaker = workerResumeMaker(() =>
  import(/* webpackChunkName: "resume-worker-start" */ './startResumeWorker').then(({ startResumeWorker }) => startResumeWorker()),
);
