import { SCHEMA_VERSION, sampleRef, type Portfolio } from '../model';

/** Template 3's sample portfolio: a product designer. */
export const professionalSample: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: {
    name: 'Meera Iyer',
    email: 'meera.iyer@example.com',
    headline: 'Product designer who turns complex workflows into calm, usable tools.',
    about:
      'I lead design for B2B products, from research and journey maps to polished interfaces and design systems. Eight years in, I still love sitting next to users and watching where they get stuck. I mentor junior designers and speak at local UX meetups in Chennai.',
    address: 'Adyar, Chennai, Tamil Nadu 600020',
    phone: '+91 91234 56780',
    website: '',
    photo: sampleRef('portraitMeera'),
    resume: '',
  },
  socials: [
    { id: 'facebook', network: 'Facebook', url: 'https://www.facebook.com/meera.iyer.sample' },
    { id: 'instagram', network: 'Instagram', url: 'https://www.instagram.com/meera.designs.sample' },
    { id: 'twitter', network: 'Twitter', url: 'https://twitter.com/meera_ux_sample' },
    { id: 'github', network: 'GitHub', url: 'https://github.com/meera-iyer-sample' },
    { id: 'linkedin', network: 'LinkedIn', url: 'https://www.linkedin.com/in/meera-iyer-sample' },
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
          name: 'Ledgerly invoicing',
          description: 'Redesigned invoicing for 40,000 small businesses; payment time dropped by a third.',
          url: 'https://ledgerly.example.com/case-study',
          image: '',
        },
        {
          id: 'project-2',
          name: 'Clinic scheduler',
          description: 'A booking flow for a chain of eye clinics, tested with patients over 60.',
          url: 'https://clinic.example.com/case-study',
          image: '',
        },
      ],
    },
    {
      id: 'experience',
      kind: 'experience',
      title: 'Experience',
      hidden: false,
      body: '',
      items: [
        {
          id: 'job-1',
          name: 'Ledgerly',
          position: 'Lead product designer',
          startDate: '2020',
          endDate: 'now',
          summary: 'Design lead for invoicing and payments; built the design system the whole product uses.',
          url: '',
        },
      ],
    },
  ],
};
