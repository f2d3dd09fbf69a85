import type { TemplateContent } from '../types';
import { EcommerceLayout } from './EcommerceLayout';
import { ecommerceSampleValues } from './sampleValues';

/**
 * Template 2: the small-business page. Fields in the spec's order; the second highlight's content
 * carries its own label (the spec's app labelled it 'Highlights content 1' by mistake).
 */
export const definition: TemplateContent = {
  name: 'E-Commerce',
  description: 'Business use',
  panelTitle: 'E-Commerce',
  getButtonLabel: 'Get Temp 2',
  fields: [
    { key: 'temp2name', label: 'Name', kind: 'text' },
    { key: 'temp2maindescription', label: 'Main Description', kind: 'longText' },
    { key: 'temp2mainsummary', label: 'Main Summary', kind: 'longText' },
    // A web address, mailto: or tel: — it drives 'Call And Book Now' and the contact form.
    { key: 'temp2contactlink', label: 'Contact link', kind: 'url' },
    { key: 'temp2aboutheader', label: 'About Header', kind: 'text' },
    { key: 'temp2aboutdescription', label: 'About Description', kind: 'longText' },
    { key: 'temp2whatweofferhead', label: 'What we offer Header', kind: 'text' },
    { key: 'temp2whatweofferdescription', label: 'What we offer Description', kind: 'longText' },
    { key: 'temp2highlightsheading1', label: 'Highlights heading 1', kind: 'text' },
    { key: 'temp2highlightscontent1', label: 'Highlights content 1', kind: 'longText' },
    { key: 'temp2highlightsheading2', label: 'Highlights heading 2', kind: 'text' },
    { key: 'temp2highlightscontent2', label: 'Highlights content 2', kind: 'longText' },
    { key: 'temp2facebooklink', label: 'Facebook', kind: 'url' },
    { key: 'temp2instagramlink', label: 'Instagram', kind: 'url' },
    { key: 'temp2twitterlink', label: 'Twitter', kind: 'url' },
    { key: 'temp2linkedinlink', label: 'LinkedIn', kind: 'url' },
  ],
  sampleValues: ecommerceSampleValues,
  Preview: EcommerceLayout,
  detailsKeys: { name: 'temp2name', linkedin: 'temp2linkedinlink' },
};
