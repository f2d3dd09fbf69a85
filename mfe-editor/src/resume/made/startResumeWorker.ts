// The résumé worker's start, alone in this file because jest (CommonJS) cannot parse import.meta;
// tests give the editor a maker of their own. The worker is a file of its own, built beside this
// one by tooling/resumeEngine.mjs and emitted by webpack as an asset (not compiled as a worker).
import { FACE_URLS } from '@folioforge/templates/resume/face-urls';
import { CrossOriginWorker } from '../../images/crossOriginWorker';
import type { ResumeWorkerSetup } from './protocol';
import type { ResumeWorker } from './resumeMaker';

const RESUME_WORKER_URL = new URL('./resumeWorker.generated.min.js', import.meta.url);

export function startResumeWorker(): ResumeWorker {
  const worker = new CrossOriginWorker(RESUME_WORKER_URL, { name: 'resume' });
  const setup: ResumeWorkerSetup = { faceUrls: [...FACE_URLS] };
  worker.postMessage(setup);
  return worker;
}
