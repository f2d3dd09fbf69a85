import { SCHEMA_VERSION, sampleRef, type Portfolio } from '../model';

/** Template 1's sample portfolio: what the catalog screenshots and what /design starts from. */
export const personalSample: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: {
    name: 'Aarav Mehta',
    email: 'aarav.mehta@example.com',
    headline: 'Front-end developer building fast, friendly web apps with React and TypeScript.',
    about:
      'I have spent five years turning rough ideas into interfaces people enjoy using. I care about accessibility, performance and clear code, and I love working closely with designers. Outside work I run a weekend coding club for students in Pune.',
    address: 'Koregaon Park, Pune, Maharashtra 411001',
    phone: '+91 98765 43210',
    website: '',
    photo: sampleRef('portraitAarav'),
    resume: sampleRef('resume'),
  },
  socials: [
    { id: 'facebook', network: 'Facebook', url: 'https://www.facebook.com/aarav.mehta.sample' },
    { id: 'instagram', network: 'Instagram', url: 'https://www.instagram.com/aarav.codes.sample' },
    { id: 'twitter', network: 'Twitter', url: 'https://twitter.com/aarav_sample' },
    { id: 'github', network: 'GitHub', url: 'https://github.com/aarav-mehta-sample' },
    { id: 'linkedin', network: 'LinkedIn', url: 'https://www.linkedin.com/in/aarav-mehta-sample' },
  ],
  sections: [
    {
      id: 'projects',
      kind: 'projects',
      title: 'Projects',
      hidden: false,
      body: '',
      items: [
        {
          id: 'project-1',
          name: 'Trailmix',
          description: 'A trip planner that splits costs between friends and works offline on the road.',
          url: 'https://trailmix.example.com',
          image: '',
        },
        {
          id: 'project-2',
          name: 'Paper Lantern',
          description: 'A calm reading tracker with yearly goals, streaks and shareable shelves.',
          url: 'https://paperlantern.example.com',
          image: '',
        },
      ],
    },
    {
      id: 'education',
      kind: 'education',
      title: 'Education',
      hidden: false,
      body: '',
      items: [
        {
          id: 'education-1',
          institution: 'College of Engineering, Pune',
          area: 'Computer Engineering',
          studyType: 'B.Tech',
          startDate: '2014',
          endDate: '2018',
          summary: '',
        },
      ],
    },
  ],
};
