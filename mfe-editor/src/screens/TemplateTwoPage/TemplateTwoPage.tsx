import { DraftTemplatePage } from '../draftPage/DraftTemplatePage';

/** /template2: the e-commerce template 2 page with the visitor's template 2 draft, or the sample. */
export default function TemplateTwoPage() {
  return <DraftTemplatePage templateId={2} />;
}
