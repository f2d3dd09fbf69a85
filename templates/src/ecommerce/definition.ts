import type { TemplateContent } from '../types';
import { EcommercePage } from './EcommercePage';
import { ecommerceSample } from './sample';

/** Template 2: the small-business page. The form's labels are the spec's E-Commerce ones. */
export const definition: TemplateContent = {
  name: 'E-Commerce',
  description: 'Business use',
  panelTitle: 'E-Commerce',
  getButtonLabel: 'Get Temp 2',
  labels: { headline: 'Main Description', about: 'Main Summary', photo: 'Banner picture' },
  sample: ecommerceSample,
  Page: EcommercePage,
};
