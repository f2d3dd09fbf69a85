// @folioforge/shared/src/templates: the four template definitions (fields, sample values, price,
// preview component), the shared values schema, and the safe-link helpers every preview uses.
// Catalogue screenshots are not here: mfe-templates owns them, so the editor never bundles them.
export type {
  FieldKind,
  TemplateField,
  TemplateValues,
  TemplatePreviewProps,
  TemplateDefinition,
  DetailsKey,
  DetailsValues,
} from './types';
export { TEMPLATES, getTemplate, getTemplateOrDefault } from './registry';
export { personalPortfolioTemplate } from './personal/definition';
export { ecommerceTemplate } from './ecommerce/definition';
export { professionalPortfolioTemplate } from './professional/definition';
export { ecommercePortfolioTemplate } from './ecommercePortfolio/definition';
export { PortfolioLayoutOne, HEADER_SOLID_AFTER_PX } from './personal/PortfolioLayoutOne';
export { TemplateTwoPage } from './ecommerce/TemplateTwoPage';
export { PortfolioLayoutTwo } from './professional/PortfolioLayoutTwo';
export { TemplateFourPage } from './ecommercePortfolio/TemplateFourPage';
export { templateValuesSchema, FIELD_MAX_LENGTH, type TemplateValuesSchema } from './schema';
export { DETAILS_FIELDS, EMPTY_DETAILS, applyDetails } from './details';
export { isSafeHref, isSafeAssetUrl, telHref, mailtoHref } from './safe/safeUrl';
export { SafeLink, type SafeLinkProps } from './safe/SafeLink';
export { SocialLinks, type SocialLink, type SocialNetwork } from './common/SocialLinks';
export { useFocusTrap, focusableIn } from './common/useFocusTrap';
export { animateScrollToTop, findScrollTarget, SCROLL_TO_TOP_MS, type ScrollTarget } from './common/scroll';
export { SAMPLE_RESUME_URL, SAMPLE_IMAGES } from './assets';
