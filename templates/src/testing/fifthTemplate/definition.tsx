// A fifth template, kept as a test fixture: a folder exactly as a new template would add it. The
// tests copy it next to the real four to show nothing else needs to change.
import type { TemplatePreviewProps, TemplateContent } from '../../types';

function FifthPreview({ values }: TemplatePreviewProps) {
  return (
    <main>
      <h1>{values.headline}</h1>
      <p>{values.story}</p>
      <a href={values.website}>Website</a>
    </main>
  );
}

export const definition: TemplateContent = {
  name: 'Studio Page',
  description: 'Studio use',
  panelTitle: 'Studio Page',
  getButtonLabel: 'Get Temp 5',
  fields: [
    { key: 'headline', label: 'Headline', kind: 'text' },
    { key: 'story', label: 'Story', kind: 'longText' },
    { key: 'website', label: 'Website', kind: 'url' },
  ],
  sampleValues: { headline: 'Clay and Kiln Studio', story: 'Hand-thrown pots since 2009.', website: 'https://example.com/' },
  Preview: FifthPreview,
  detailsKeys: { name: 'headline' },
};
