// A fifth template, kept as a test fixture: a folder exactly as a new template would add it. The
// tests copy it next to the real four to show nothing else needs to change. (Type imports only: the
// copy sits one folder higher than this file.)
import type { TemplatePageProps, TemplateContent } from '../../types';

function StudioPage({ portfolio }: TemplatePageProps) {
  return (
    <main>
      <h1>{portfolio.profile.name}</h1>
      {portfolio.sections.map((section) => (
        <section key={section.id} data-section-id={section.id}>
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </main>
  );
}

export const definition: TemplateContent = {
  name: 'Studio Page',
  description: 'Studio use',
  panelTitle: 'Studio Page',
  getButtonLabel: 'Get Temp 5',
  sample: {
    schemaVersion: 2,
    profile: {
      name: 'Clay and Kiln Studio',
      email: '',
      headline: '',
      about: '',
      address: '',
      phone: '',
      website: '',
      photo: '',
      resume: '',
    },
    socials: [],
    sections: [{ id: 'story', kind: 'text', title: 'Our story', hidden: false, body: 'Hand-thrown pots since 2009.', items: [] }],
  },
  Page: StudioPage,
};
