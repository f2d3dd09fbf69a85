import type { TemplateContent } from '../types';
import { ProfessionalPage } from './ProfessionalPage';
import { professionalSample } from './sample';

/**
 * Template 3: the professional portfolio, light or dark. The spec's app had no editor for it (only a
 * button); it edits the same portfolio as the others.
 */
export const definition: TemplateContent = {
  name: 'Professional Portfolio Template',
  description: 'Professional use',
  panelTitle: 'Professional Portfolio',
  getButtonLabel: 'Get Temp 3',
  labels: { headline: 'Description', photo: 'Profile Image' },
  sample: professionalSample,
  Page: ProfessionalPage,
};
