import type { ComponentType } from 'react';
import type { TemplateId } from '@folioforge/shared';
import type { Portfolio, ProfileKey } from './model';

export interface TemplatePageProps {
  portfolio: Portfolio;
}

/**
 * What a template folder's definition.ts exports as `definition`. Its id and price live beside it in
 * template.json, where the payment function's price list is generated from (tooling/templateIndex.mjs).
 * A template is a view of the portfolio model: its Page shows every part of any portfolio (its own
 * design for what it cares about, the shared sections for the rest).
 */
export interface TemplateContent {
  name: string;
  /** Short catalog description, e.g. 'Personal use'. */
  description: string;
  /** Title of the design screen's input panel, e.g. 'Input Section'. */
  panelTitle: string;
  /** Label of the buy button on the design screen, e.g. 'Get Temp 1'. */
  getButtonLabel: string;
  /** The editor's names for profile fields where this template's screen names them its own way, e.g. headline: 'Description'. */
  labels?: Partial<Record<ProfileKey, string>>;
  /** The sample portfolio the catalog shows and a visitor starts from. */
  sample: Portfolio;
  Page: ComponentType<TemplatePageProps>;
}

/** A registered template: a folder's definition with the id and price from its template.json. */
export interface TemplateDefinition extends TemplateContent {
  id: TemplateId;
  /** Whole rupees, as the payment function charges them. */
  priceRupees: number;
}
