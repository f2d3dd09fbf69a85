// The résumé worker: makes the PDF of each portfolio it is sent, off the main thread, with the
// same code as the publish function (templates/src/resume). Bundled on its own, without module
// federation (tooling/resumeEngine.mjs): a federated worker chunk finds no share scope to take
// the shared packages from (webpack/webpack#16173). Its fonts are the editor's files.
import { fetchedResources, makeResumePdf, resumeFileName, type ResumeResources } from '@folioforge/templates/resume';
import { resumeSettingsOf } from '@folioforge/templates/model';
import type { MakeResumeAnswer, MakeResumeRequest, ResumeWorkerSetup } from './protocol';

let resources: ResumeResources | undefined;

async function answer({ id, portfolio, templateId, look }: MakeResumeRequest): Promise<MakeResumeAnswer> {
  try {
    if (!resources) throw new Error('the résumé maker was not told where its fonts are');
    const settings = resumeSettingsOf(portfolio, Number(templateId));
    const pdf = await makeResumePdf(portfolio, { ...settings, look }, resources);
    return { id, ok: true, pdf, fileName: resumeFileName(portfolio) };
  } catch (error) {
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

self.onmessage = async (event: MessageEvent<MakeResumeRequest | ResumeWorkerSetup>) => {
  const message = event.data;
  if ('faceUrls' in message) {
    resources = fetchedResources(new Map(message.faceUrls));
    return;
  }
  const made = await answer(message);
  (self as unknown as Worker).postMessage(made, made.ok ? [made.pdf.buffer] : []);
};
