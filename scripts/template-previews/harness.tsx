// The page scripts/makeTemplatePreviews.mjs screenshots: one template's Preview with its sample
// values, chosen by query string (?id=1&frame=page|phones|tablet). Not part of any app.
import { createRoot } from 'react-dom/client';
import { getTemplate } from '@folioforge/templates';
import './harness.css';

const params = new URLSearchParams(window.location.search);
const template = getTemplate(params.get('id'));
const frame = params.get('frame') ?? 'page';
const container = document.getElementById('root');

if (!template || !container) {
  document.body.textContent = `Unknown template ${params.get('id')}`;
} else {
  const { Preview, sampleValues } = template;
  document.body.dataset.frame = frame;
  const framed = (className: string, key: string) => (
    <div key={key} className={`frame ${className}`} data-frame-index={key}>
      <Preview values={sampleValues} />
    </div>
  );
  createRoot(container).render(
    frame === 'page' ? (
      <Preview values={sampleValues} />
    ) : frame === 'tablet' ? (
      <div className="stage">{framed('tablet', '0')}</div>
    ) : (
      <div className="stage">
        {framed('phone', '0')}
        {framed('phone', '1')}
      </div>
    ),
  );
  document.body.dataset.ready = 'true';
}
