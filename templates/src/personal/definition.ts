import type { TemplateContent } from '../types';
import { PersonalPage } from './PersonalPage';
import { personalSample } from './sample';

/** Template 1: the personal portfolio. The form's labels are the spec's. */
export const definition: TemplateContent = {
  name: 'Personal Portfolio Template',
  description: 'Personal use',
  panelTitle: 'Input Section',
  getButtonLabel: 'Get Temp 1',
  labels: { headline: 'Description', photo: 'Image' },
  sample: personalSample,
  Page: PersonalPage,
};
