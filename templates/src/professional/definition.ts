import type { TemplateContent } from '../types';
import { PortfolioLayoutTwo } from './PortfolioLayoutTwo';
import { professionalSampleValues } from './sampleValues';

/**
 * Template 3: the professional portfolio, rendered with layout two. The spec's app had no editor for
 * it (only a button); this gives it the full portfolio-profile form.
 */
export const definition: TemplateContent = {
  name: 'Professional Portfolio Template',
  description: 'Professional use',
  panelTitle: 'Professional Portfolio',
  getButtonLabel: 'Get Temp 3',
  fields: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'description', label: 'Description', kind: 'longText' },
    { key: 'about', label: 'About', kind: 'longText' },
    { key: 'address', label: 'Address', kind: 'text' },
    { key: 'phone', label: 'Phone', kind: 'phone' },
    { key: 'email', label: 'Email', kind: 'email' },
    { key: 'image', label: 'Profile Image', kind: 'image' },
    { key: 'facebooklink', label: 'Facebook', kind: 'url' },
    { key: 'instagramlink', label: 'Instagram', kind: 'url' },
    { key: 'twitterlink', label: 'Twitter', kind: 'url' },
    { key: 'githublink', label: 'GitHub', kind: 'url' },
    { key: 'linkedinlink', label: 'LinkedIn', kind: 'url' },
    { key: 'project1title', label: 'Project 1 Title', kind: 'text' },
    { key: 'project1description', label: 'Project 1 Description', kind: 'longText' },
    { key: 'project1url', label: 'Project 1 URL', kind: 'url' },
    { key: 'project2title', label: 'Project 2 Title', kind: 'text' },
    { key: 'project2description', label: 'Project 2 Description', kind: 'longText' },
    { key: 'project2url', label: 'Project 2 URL', kind: 'url' },
  ],
  sampleValues: professionalSampleValues,
  Preview: PortfolioLayoutTwo,
  detailsKeys: { name: 'name', address: 'address', github: 'githublink', linkedin: 'linkedinlink', phone: 'phone', email: 'email' },
};
