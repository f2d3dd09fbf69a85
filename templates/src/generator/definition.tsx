import type { TemplateContent, TemplatePreviewProps } from '../types';
import { GENERATOR_EMPTY_VALUES, GENERATOR_FIELDS } from './generatorFields';
import { GeneratorPreview, ShowsPlaceholders } from './GeneratorPreview';

/** The page shows what was filled in (no placeholders); a stored resume is the owner's own, linked. */
function PublishedGeneratorPreview({ values }: TemplatePreviewProps) {
  return (
    <ShowsPlaceholders.Provider value={false}>
      <GeneratorPreview values={values} resumeFileName={values.resume ? 'your resume' : undefined} />
    </ShowsPlaceholders.Provider>
  );
}

/**
 * The portfolio generator (/portfo) as something the server can render: not a catalog template (no
 * folder, no price: it is free), but its page is published and exported like theirs.
 */
export const generatorDefinition: TemplateContent = {
  name: 'Portfolio Generator',
  description: 'Free',
  panelTitle: 'Your details',
  getButtonLabel: '',
  fields: [...GENERATOR_FIELDS],
  sampleValues: GENERATOR_EMPTY_VALUES,
  Preview: PublishedGeneratorPreview,
  detailsKeys: { name: 'name', email: 'email', phone: 'phone', github: 'githubLink', linkedin: 'linkedinLink' },
};
