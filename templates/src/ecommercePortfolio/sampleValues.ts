import type { TemplateValues } from '../types';
import { SAMPLE_IMAGES } from '../assets';

/** Template 4's sample product page: a handmade ceramic mug. */
export const ecommercePortfolioSampleValues: TemplateValues = {
  temp4heading: 'Monsoon Mug, thrown by hand',
  temp4description:
    'A 350 ml stoneware mug glazed in deep sea green, thrown on the wheel in our Jaipur studio. Microwave and dishwasher safe, and every one is a little different.',
  temp4image: SAMPLE_IMAGES.productMug,
  temp4url: 'https://shop.example.com/monsoon-mug',
};
