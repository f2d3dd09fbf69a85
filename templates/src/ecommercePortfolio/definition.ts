import type { TemplateContent } from '../types';
import { EcommercePortfolioPage } from './EcommercePortfolioPage';
import { ecommercePortfolioSample } from './sample';

/** Template 4: a product page with a Shop Now link; its first product is the page's hero. */
export const definition: TemplateContent = {
  name: 'E-commerce Portfolio Template',
  description: 'Commercial use',
  panelTitle: 'E-commerce Portfolio Template',
  getButtonLabel: 'Get Temp 4',
  labels: { name: 'Shop name' },
  sample: ecommercePortfolioSample,
  Page: EcommercePortfolioPage,
};
