import { SCHEMA_VERSION, sampleRef, type Portfolio } from '../model';

/** Template 4's sample product page: a handmade ceramic mug. */
export const ecommercePortfolioSample: Portfolio = {
  schemaVersion: SCHEMA_VERSION,
  profile: { name: '', email: '', headline: '', about: '', address: '', phone: '', website: '', photo: '', resume: '' },
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
          price: '₹1,200',
          description:
            'A 350 ml stoneware mug glazed in deep sea green, thrown on the wheel in our Jaipur studio. Microwave and dishwasher safe, and every one is a little different.',
          image: sampleRef('productMug'),
          url: 'https://shop.example.com/monsoon-mug',
        },
      ],
    },
  ],
};
