import type { TemplateValues } from '../types';
import { SAMPLE_IMAGES, SAMPLE_RESUME_URL } from '../assets';

/** Template 1's sample portfolio: what the catalog screenshots and what /design starts from. */
export const personalSampleValues: TemplateValues = {
  name: 'Aarav Mehta',
  email: 'aarav.mehta@example.com',
  description: 'Front-end developer building fast, friendly web apps with React and TypeScript.',
  about:
    'I have spent five years turning rough ideas into interfaces people enjoy using. I care about accessibility, performance and clear code, and I love working closely with designers. Outside work I run a weekend coding club for students in Pune.',
  address: 'Koregaon Park, Pune, Maharashtra 411001',
  project1title: 'Trailmix',
  project1description: 'A trip planner that splits costs between friends and works offline on the road.',
  project1url: 'https://trailmix.example.com',
  project2title: 'Paper Lantern',
  project2description: 'A calm reading tracker with yearly goals, streaks and shareable shelves.',
  project2url: 'https://paperlantern.example.com',
  phone: '+91 98765 43210',
  image: SAMPLE_IMAGES.portraitAarav,
  resume: SAMPLE_RESUME_URL,
  facebooklink: 'https://www.facebook.com/aarav.mehta.sample',
  instagramlink: 'https://www.instagram.com/aarav.codes.sample',
  twitterlink: 'https://twitter.com/aarav_sample',
  githublink: 'https://github.com/aarav-mehta-sample',
  linkedinlink: 'https://www.linkedin.com/in/aarav-mehta-sample',
};
