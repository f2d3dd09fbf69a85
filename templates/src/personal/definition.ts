import type { TemplateContent } from '../types';
import { PortfolioLayoutOne } from './PortfolioLayoutOne';
import { personalSampleValues } from './sampleValues';

/** Template 1: the personal portfolio, rendered with portfolio layout one. Fields in the spec's order. */
export const definition: TemplateContent = {
  name: 'Personal Portfolio Template',
  description: 'Personal use',
  panelTitle: 'Input Section',
  getButtonLabel: 'Get Temp 1',
  fields: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'email', label: 'Email', kind: 'email' },
    { key: 'description', label: 'Description', kind: 'longText' },
    { key: 'about', label: 'About', kind: 'longText' },
    { key: 'address', label: 'Address', kind: 'text' },
    { key: 'project1title', label: 'Project 1 Title', kind: 'text' },
    { key: 'project1description', label: 'Description', kind: 'longText', accessibleLabel: 'Project 1 description' },
    { key: 'project1url', label: 'URL', kind: 'url', accessibleLabel: 'Project 1 URL' },
    { key: 'project2title', label: 'Project 2 Title', kind: 'text' },
    { key: 'project2description', label: 'Description', kind: 'longText', accessibleLabel: 'Project 2 description' },
    { key: 'project2url', label: 'URL', kind: 'url', accessibleLabel: 'Project 2 URL' },
    { key: 'phone', label: 'Phone', kind: 'phone' },
    { key: 'image', label: 'Image', kind: 'image', accessibleLabel: 'Profile image' },
    { key: 'resume', label: 'Resume', kind: 'pdf', accessibleLabel: 'Resume (PDF)' },
    { key: 'facebooklink', label: 'Facebook', kind: 'url' },
    { key: 'instagramlink', label: 'Instagram', kind: 'url' },
    { key: 'twitterlink', label: 'Twitter', kind: 'url' },
    { key: 'githublink', label: 'GitHub', kind: 'url' },
    { key: 'linkedinlink', label: 'LinkedIn', kind: 'url' },
  ],
  sampleValues: personalSampleValues,
  Preview: PortfolioLayoutOne,
  detailsKeys: { name: 'name', address: 'address', github: 'githublink', linkedin: 'linkedinlink', phone: 'phone', email: 'email' },
};
