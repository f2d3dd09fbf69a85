// @folioforge/templates: the template domain — each template's definition (fields, sample values,
// price, preview and page components), the registry, the values schema and the details form.
// Collection screenshots are not here: mfe-templates owns them, so the editor never bundles them.
// Import it only by this package name: it is a federation singleton, like @folioforge/shared.
export type {
  FieldKind,
  TemplateField,
  TemplateValues,
  TemplatePreviewProps,
  TemplateDefinition,
  DetailsKey,
  DetailsValues,
} from './types';
export { TEMPLATES, getTemplate } from './registry';
export { personalPortfolioTemplate } from './personal/definition';
export { ecommerceTemplate } from './ecommerce/definition';
export { professionalPortfolioTemplate } from './professional/definition';
export { ecommercePortfolioTemplate } from './ecommercePortfolio/definition';
export { PortfolioLayoutOne, HEADER_SOLID_AFTER_PX } from './personal/PortfolioLayoutOne';
export { EcommerceLayout } from './ecommerce/EcommerceLayout';
export { PortfolioLayoutTwo } from './professional/PortfolioLayoutTwo';
export { TemplateFourPage } from './ecommercePortfolio/TemplateFourPage';
export { templateValuesSchema, FIELD_MAX_LENGTH, type TemplateValuesSchema } from './schema';
export { DETAILS_FIELDS, EMPTY_DETAILS, applyDetails } from './details';
export { SocialLinks, type SocialLink, type SocialNetwork } from './common/SocialLinks';
export { SAMPLE_RESUME_URL, SAMPLE_IMAGES } from './assets';
