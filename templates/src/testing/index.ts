// @folioforge/templates/testing: fixtures for tests of the apps that show templates.
import type { TemplateDefinition } from '../types';
import { definition } from './fifthTemplate/definition';
import facts from './fifthTemplate/template.json';

export { everyKindPortfolio, missingValues, withWebFiles } from './portfolioShown';
export { LEGACY_ROWS, type LegacyRow } from './legacyRows';

/** The fixture folder as the registry would list it once the folder is under templates/src/. */
export const fifthTemplate: TemplateDefinition = {
  ...definition,
  id: facts.id as TemplateDefinition['id'],
  priceRupees: facts.priceRupees,
};
