import { SCHEMA_VERSION, sampleRef, type Portfolio } from '../model';

/** Template 2's sample business: a neighbourhood bakery. */
export const ecommerceSample: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: {
    name: 'Saffron & Crumb Bakery',
    email: '',
    headline: 'Fresh bread and celebration cakes, baked every morning in Indiranagar.',
    about: 'Order by 6 pm for next-day pickup or delivery anywhere in Bengaluru.',
    address: '',
    phone: '',
    website: '',
    photo: sampleRef('bakeryBanner'),
    resume: '',
  },
  socials: [
    { id: 'facebook', network: 'Facebook', url: 'https://www.facebook.com/saffronandcrumb.sample' },
    { id: 'instagram', network: 'Instagram', url: 'https://www.instagram.com/saffronandcrumb.sample' },
    { id: 'twitter', network: 'Twitter', url: 'https://twitter.com/saffroncrumb_sample' },
    { id: 'linkedin', network: 'LinkedIn', url: 'https://www.linkedin.com/company/saffron-and-crumb-sample' },
  ],
  sections: [
    {
      id: 'about',
      kind: 'text',
      title: 'Baked by hand since 2016',
      hidden: false,
      body: 'We are a family bakery that started with one oven and a sourdough starter named Bruno. Today we bake slow-fermented loaves, buttery croissants and cakes made to order, with flour milled in Karnataka and no shortcuts.',
      items: [],
    },
    {
      id: 'offer',
      kind: 'highlights',
      title: 'Good things, made daily',
      hidden: false,
      body: 'From the morning loaf to the birthday centrepiece, everything leaves our kitchen the day it is baked.',
      items: [
        {
          id: 'highlight-1',
          title: 'Slow sourdough',
          description: 'Loaves fermented for 36 hours for a crackling crust and an open, tangy crumb.',
          image: sampleRef('bakeryBread'),
        },
        {
          id: 'highlight-2',
          title: 'Cakes to order',
          description: 'Layered celebration cakes designed with you, eggless options included.',
          image: sampleRef('bakeryCake'),
        },
      ],
    },
    {
      id: 'contact',
      kind: 'contact',
      title: 'Have Question In Mind? Let Us Help You',
      hidden: false,
      body: '',
      items: [{ id: 'contact-1', label: 'Call And Book Now', url: 'mailto:hello@saffronandcrumb.example.com' }],
    },
  ],
};
