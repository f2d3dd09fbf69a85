// The résumé worker's start, alone in this file because jest (CommonJS) cannot parse import.meta;
// tests give the editor a maker of their own.
import { CrossOriginWorker } from './crossOriginWorker';
import type { ResumeWorker } from './resumeMaker';

export const startResumeWorker = (): ResumeWorker =>
  new CrossOriginWorker(new URL(/* webpackChunkName: "resume-maker" */ './resumeWorker.ts', import.meta.url), { name: 'resume' });
