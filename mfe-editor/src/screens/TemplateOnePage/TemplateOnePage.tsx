import { DraftTemplatePage } from '../draftPage/DraftTemplatePage';

/** /template1: portfolio layout one with the visitor's template 1 draft, or the sample. */
export default function TemplateOnePage() {
  return <DraftTemplatePage templateId={1} />;
}
