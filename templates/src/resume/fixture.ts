// A full portfolio for the résumé's tests and bench (Node, Deno, the browser): 30 items across
// experience, education, skills and projects, long summaries with lists and links, plus a section a
// résumé leaves out unless ticked. Every value is distinct, so a test can find each one in the PDF.
import { SCHEMA_VERSION, type Portfolio, type Section } from '../model/portfolio';

const experience = Array.from({ length: 8 }, (_, index) => ({
  id: `job${index + 1}`,
  name: `Company ${index + 1} Pvt Ltd`,
  position: `Engineer grade ${index + 1}`,
  startDate: `${2010 + index}-04`,
  endDate: index === 7 ? 'present' : `${2011 + index}-03`,
  summary:
    `<p>Led work number ${index + 1} on the payments platform, shipping features to customers across the country while mentoring new colleagues and reviewing designs with product and support teams.</p>` +
    `<ul><li>Cut page load for project ${index + 1} by half</li><li>Ran the on-call rota of team ${index + 1}</li></ul>`,
  url: `https://company${index + 1}.example.com`,
}));

const education = Array.from({ length: 4 }, (_, index) => ({
  id: `school${index + 1}`,
  institution: `Institute ${index + 1} of Technology`,
  area: `Subject ${index + 1}`,
  studyType: `Degree ${index + 1}`,
  startDate: `${2002 + index * 2}`,
  endDate: `${2004 + index * 2}`,
  summary: `Thesis ${index + 1} on distributed systems and the study of consensus under partitions.`,
}));

const skills = Array.from({ length: 10 }, (_, index) => ({
  id: `skill${index + 1}`,
  name: `Skill${index + 1}`,
  level: index % 2 ? 'Expert' : '',
}));

const projects = Array.from({ length: 8 }, (_, index) => ({
  id: `project${index + 1}`,
  name: `Project ${index + 1} tracker`,
  description: `<p>An open source tool number ${index + 1} that keeps track of shipments, written in TypeScript with a small team of volunteers over several years.</p>`,
  url: `https://github.com/example/project-${index + 1}`,
  image: '',
}));

export const RESUME_FIXTURE: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: {
    name: 'Aarav Mehta',
    email: 'aarav@example.com',
    headline: 'Staff engineer building payment systems',
    about: '<p>I build reliable payment systems and teach others to. See <a href="https://aarav.example.com/talks">my talks</a>.</p>',
    address: 'Pune, India',
    phone: '+91 98765 43210',
    website: 'https://aarav.example.com',
    photo: '',
    resume: '',
  },
  socials: [{ id: 'gh', network: 'GitHub', url: 'https://github.com/aarav-example' }],
  sections: [
    { id: 'experience', kind: 'experience', title: 'Experience', hidden: false, body: '', items: experience },
    { id: 'education', kind: 'education', title: 'Education', hidden: false, body: '', items: education },
    { id: 'skills', kind: 'skills', title: 'Skills', hidden: false, body: '', items: skills },
    { id: 'projects', kind: 'projects', title: 'Projects', hidden: false, body: '', items: projects },
    {
      id: 'services',
      kind: 'highlights',
      title: 'Services',
      hidden: false,
      body: '',
      items: [{ id: 'service1', title: 'Payment audits', description: 'A week-long review of a payment flow.', image: '' }],
    },
  ] as Section[],
};
