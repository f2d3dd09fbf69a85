import type { TemplateContent } from '../types';
import { TemplateFourPage } from './TemplateFourPage';
import { ecommercePortfolioSampleValues } from './sampleValues';

/** Template 4: a one-product page with a Shop Now link. */
export const definition: TemplateContent = {
  name: 'E-commerce Portfolio Template',
  description: 'Commercial use',
  panelTitle: 'E-commerce Portfolio Template',
  getButtonLabel: 'Get Temp 4',
  fields: [
    { key: 'temp4heading', label: 'Heading', kind: 'text' },
    { key: 'temp4description', label: 'Description', kind: 'longText' },
    { key: 'temp4image', label: 'Image', kind: 'image', accessibleLabel: 'Product image' },
    { key: 'temp4url', label: 'Product URL', kind: 'url' },
  ],
  sampleValues: ecommercePortfolioSampleValues,
  Preview: TemplateFourPage,
  // The popup's name becomes the page heading; the page has no other personal fields.
  detailsKeys: { name: 'temp4heading' },
};
