// The résumé worker: makes the PDF of each portfolio it is sent, off the main thread, with the
// same code as the publish function (templates/src/resume). Its fonts are this remote's files.
import './workerPublicPath';
import { makeResumePdf, resumeFileName, type FaceSpec } from '@folioforge/templates/resume';
import { resumeSettingsOf } from '@folioforge/templates/model';
import { FACE_URLS } from './faceUrls.generated';
import type { MakeResumeAnswer, MakeResumeRequest } from './protocol';

const fonts = new Map<string, Promise<Uint8Array>>();

/** A face's file, fetched once per worker. */
function font(face: FaceSpec): Promise<Uint8Array> {
  let loading = fonts.get(face.file);
  if (!loading) {
    const url = FACE_URLS[face.file];
    loading = url
      ? fetch(url).then(async (response) => {
          if (!response.ok) throw new Error(`font ${face.id}: HTTP ${response.status}`);
          return new Uint8Array(await response.arrayBuffer());
        })
      : Promise.reject(new Error(`font ${face.id} is not among the editor's files`));
    // A failed fetch is tried again with the next résumé.
    loading.catch(() => fonts.delete(face.file));
    fonts.set(face.file, loading);
  }
  return loading;
}

self.onmessage = async (event: MessageEvent<MakeResumeRequest>) => {
  const { id, portfolio, templateId, look } = event.data;
  let answer: MakeResumeAnswer;
  try {
    const settings = resumeSettingsOf(portfolio, Number(templateId));
    const pdf = await makeResumePdf(portfolio, { ...settings, look }, { font });
    answer = { id, ok: true, pdf, fileName: resumeFileName(portfolio) };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as Worker).postMessage(answer, answer.ok ? [answer.pdf.buffer] : []);
};
