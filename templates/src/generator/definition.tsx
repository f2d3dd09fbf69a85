import type { TemplateContent, TemplatePageProps } from '../types';
import { GeneratorPage, ShowsPlaceholders } from './GeneratorPage';
import { generatorStart } from './sample';
import { withShop } from '../common/shop';

/** The page shows what was filled in (no placeholders); a stored resume is the owner's own, linked. */
function PublishedGeneratorPage({ portfolio }: TemplatePageProps) {
  return (
    <ShowsPlaceholders.Provider value={false}>
      <GeneratorPage portfolio={portfolio} resumeFileName={portfolio.profile.resume ? 'your resume' : undefined} />
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
  labels: { website: 'Portfolio Link', photo: 'Upload Image', resume: 'Upload Resume' },
  sample: generatorStart,
  Page: withShop(PublishedGeneratorPage),
};
