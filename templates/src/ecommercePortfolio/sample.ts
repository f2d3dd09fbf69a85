import { SCHEMA_VERSION, sampleRef, type Portfolio } from '../model';

/** Template 4's sample product page: a handmade ceramic mug. */
export const ecommercePortfolioSample: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: {
    name: 'Neel Clay Studio',
    email: 'hello@neelclay.example.com',
    headline: 'Small-batch stoneware, thrown and glazed by hand in Jaipur.',
    about: 'Two potters, one kiln and a lot of tea. We make everyday mugs, bowls and jars that are a pleasure to hold.',
    address: 'Studio 4, Malviya Nagar, Jaipur, Rajasthan 302017',
    phone: '+91 94140 12345',
    website: 'https://neelclay.example.com',
    photo: '',
    resume: '',
  },
  socials: [],
  sections: [
    {
      id: 'products',
      kind: 'products',
      title: 'Products',
      hidden: false,
      body: '',
      items: [
        {
          id: 'product-1',
          name: 'Monsoon Mug, thrown by hand',
          price: '',
          sale: { price: 120_000, stock: null, options: [] },
          description:
            'A 350 ml stoneware mug glazed in deep sea green, thrown on the wheel in our Jaipur studio. Microwave and dishwasher safe, and every one is a little different.',
          image: sampleRef('productMug'),
          url: 'https://shop.example.com/monsoon-mug',
        },
      ],
    },
  ],
};
