// @folioforge/templates: the template domain — one folder per template (template.json with its id
// and price, definition.ts with fields, sample values and preview), the registry generated from
// those folders, the values schema and the details form. Templates are reached through the registry.
// Collection screenshots are not here: mfe-templates owns them, so the editor never bundles them.
// Import it only by this package name: it is a federation singleton, like @folioforge/shared.
export type {
  FieldKind,
  TemplateField,
  TemplateValues,
  TemplatePreviewProps,
  TemplateContent,
  TemplateDefinition,
  DetailsKey,
  DetailsValues,
} from './types';
export { TEMPLATES, getTemplate } from './registry';
export { templateValuesSchema, FIELD_MAX_LENGTH, type TemplateValuesSchema } from './schema';
export { DETAILS_FIELDS, EMPTY_DETAILS, applyDetails } from './details';
export { SocialLinks, type SocialLink, type SocialNetwork } from './common/SocialLinks';
export { SAMPLE_RESUME_URL, SAMPLE_IMAGES } from './assets';
export { GeneratorPreview, type GeneratorPreviewProps, type ResumeView } from './generator/GeneratorPreview';
export { GENERATOR_EMPTY_VALUES, GENERATOR_FIELDS, splitSkills } from './generator/generatorFields';
export { ACCENTS, FONTS, lookCss, toPageLook, type AccentName, type FontName, type PageLook } from './looks';
