// What a saved row renders as: its template (a catalog template, or the free generator's page) and its
// data in the model, upgraded when saved before the model and checked by the shared schema. The
// publish function and the export go through here: nothing the schema refuses is rendered.
import { generatorDefinition } from '../generator/definition';
import { checkPortfolio, fileSlotsOf, isStorageRef, toModelData, type Portfolio } from '../model';
import { getTemplate } from '../registry';
import type { TemplateContent } from '../types';

export class InvalidPortfolioError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`The portfolio cannot be rendered: ${issues.join('; ')}`);
    this.name = 'InvalidPortfolioError';
  }
}

/** What a saved row's template_id renders with. */
export function renderableTemplate(templateId: unknown): TemplateContent | undefined {
  return templateId === 'generator' ? generatorDefinition : getTemplate(templateId);
}

export interface CheckedPortfolio {
  template: TemplateContent;
  portfolio: Portfolio;
}

/** The row's template and data, checked. Throws InvalidPortfolioError for an unknown template or data the schema refuses. */
export function checkedPortfolio(templateId: unknown, data: unknown): CheckedPortfolio {
  const template = renderableTemplate(templateId);
  if (!template) throw new InvalidPortfolioError([`there is no template ${String(templateId)}`]);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new InvalidPortfolioError(['the saved data is not an object']);
  const checked = checkPortfolio(toModelData(String(templateId), data));
  if (!checked.ok) throw new InvalidPortfolioError(checked.problems);
  return { template, portfolio: checked.portfolio };
}

/** The files kept in the account that the row names (`storage:<bucket>/<path>`), each once. */
export function storedFileRefs(templateId: unknown, data: unknown): string[] {
  try {
    const { portfolio } = checkedPortfolio(templateId, data);
    return [...new Set(fileSlotsOf(portfolio).flatMap(({ value }) => (isStorageRef(value) ? [value] : [])))];
  } catch (error) {
    if (error instanceof InvalidPortfolioError) return [];
    throw error;
  }
}
