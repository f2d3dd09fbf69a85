import type { TemplateValues } from '../types';
import { SAMPLE_IMAGES } from '../assets';

/** Template 3's sample portfolio: a product designer. */
export const professionalSampleValues: TemplateValues = {
  name: 'Meera Iyer',
  description: 'Product designer who turns complex workflows into calm, usable tools.',
  about:
    'I lead design for B2B products, from research and journey maps to polished interfaces and design systems. Eight years in, I still love sitting next to users and watching where they get stuck. I mentor junior designers and speak at local UX meetups in Chennai.',
  address: 'Adyar, Chennai, Tamil Nadu 600020',
  phone: '+91 91234 56780',
  email: 'meera.iyer@example.com',
  image: SAMPLE_IMAGES.portraitMeera,
  facebooklink: 'https://www.facebook.com/meera.iyer.sample',
  instagramlink: 'https://www.instagram.com/meera.designs.sample',
  twitterlink: 'https://twitter.com/meera_ux_sample',
  githublink: 'https://github.com/meera-iyer-sample',
  linkedinlink: 'https://www.linkedin.com/in/meera-iyer-sample',
  project1title: 'Ledgerly invoicing',
  project1description: 'Redesigned invoicing for 40,000 small businesses; payment time dropped by a third.',
  project1url: 'https://ledgerly.example.com/case-study',
  project2title: 'Clinic scheduler',
  project2description: 'A booking flow for a chain of eye clinics, tested with patients over 60.',
  project2url: 'https://clinic.example.com/case-study',
};
