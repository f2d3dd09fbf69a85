import { SCHEMA_VERSION, type Portfolio } from '../model';

/** The generator starts blank, as the spec's screen does; the preview shows what goes where. */
export const generatorStart: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: { name: '', email: '', headline: '', about: '', address: '', phone: '', website: '', photo: '', resume: '' },
  socials: [
    { id: 'github', network: 'GitHub', url: '' },
    { id: 'linkedin', network: 'LinkedIn', url: '' },
  ],
  sections: [
    { id: 'skills', kind: 'skills', title: 'Skills', hidden: false, body: '', items: [] },
    { id: 'experience', kind: 'experience', title: 'Experience', hidden: false, body: '', items: [] },
    { id: 'education', kind: 'education', title: 'Education', hidden: false, body: '', items: [] },
  ],
};
