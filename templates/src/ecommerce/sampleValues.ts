import type { TemplateValues } from '../types';

/** Template 2's sample business: a neighbourhood bakery. */
export const ecommerceSampleValues: TemplateValues = {
  temp2name: 'Saffron & Crumb Bakery',
  temp2maindescription: 'Fresh bread and celebration cakes, baked every morning in Indiranagar.',
  temp2mainsummary: 'Order by 6 pm for next-day pickup or delivery anywhere in Bengaluru.',
  temp2contactlink: 'mailto:hello@saffronandcrumb.example.com',
  temp2aboutheader: 'Baked by hand since 2016',
  temp2aboutdescription:
    'We are a family bakery that started with one oven and a sourdough starter named Bruno. Today we bake slow-fermented loaves, buttery croissants and cakes made to order, with flour milled in Karnataka and no shortcuts.',
  temp2whatweofferhead: 'Good things, made daily',
  temp2whatweofferdescription: 'From the morning loaf to the birthday centrepiece, everything leaves our kitchen the day it is baked.',
  temp2highlightsheading1: 'Slow sourdough',
  temp2highlightscontent1: 'Loaves fermented for 36 hours for a crackling crust and an open, tangy crumb.',
  temp2highlightsheading2: 'Cakes to order',
  temp2highlightscontent2: 'Layered celebration cakes designed with you, eggless options included.',
  temp2facebooklink: 'https://www.facebook.com/saffronandcrumb.sample',
  temp2instagramlink: 'https://www.instagram.com/saffronandcrumb.sample',
  temp2twitterlink: 'https://twitter.com/saffroncrumb_sample',
  temp2linkedinlink: 'https://www.linkedin.com/company/saffron-and-crumb-sample',
};
