import type { ComponentType } from 'react';
import type { TemplateId } from '@folioforge/shared';

/** What a field holds, which decides its input, its validation and how the preview links it. */
export type FieldKind = 'text' | 'longText' | 'email' | 'phone' | 'url' | 'image' | 'pdf';

export interface TemplateField {
  /** Key in the template's values, e.g. 'project1title'; saved rows use it, so it never changes. */
  key: string;
  /** Label shown in the design screen's form, as the spec writes it. */
  label: string;
  kind: FieldKind;
  /**
   * Unambiguous name for assistive tech where the visible label repeats (template 1 has three
   * fields labelled 'Description'), e.g. 'Project 1 description'. Optional; use it as aria-label.
   */
  accessibleLabel?: string;
}

/**
 * A template's values: text for text kinds; for 'image' and 'pdf' a URL the preview can show
 * (a bundled sample, an object URL of a chosen file, or a stored file's URL).
 */
export type TemplateValues = Record<string, string>;

export interface TemplatePreviewProps {
  values: TemplateValues;
}

/** The template-details popup's six values. */
export type DetailsValues = Record<DetailsKey, string>;
export type DetailsKey = 'name' | 'address' | 'github' | 'linkedin' | 'phone' | 'email';

/**
 * What a template folder's definition.ts exports as `definition`. Its id and price live beside it in
 * template.json, where the payment function's price list is generated from (tooling/templateIndex.mjs).
 */
export interface TemplateContent {
  name: string;
  /** Short catalog description, e.g. 'Personal use'. */
  description: string;
  /** Title of the design screen's input panel, e.g. 'Input Section'. */
  panelTitle: string;
  /** Label of the buy button on the design screen, e.g. 'Get Temp 1'. */
  getButtonLabel: string;
  fields: TemplateField[];
  sampleValues: TemplateValues;
  Preview: ComponentType<TemplatePreviewProps>;
  /**
   * Where the details popup's values land in this template's keys (only the ones it has), e.g.
   * template 2 maps name to 'temp2name' and has no address. Optional; no entry means "not used".
   */
  detailsKeys?: Partial<Record<DetailsKey, string>>;
}

/** A registered template: a folder's definition with the id and price from its template.json. */
export interface TemplateDefinition extends TemplateContent {
  id: TemplateId;
  /** Whole rupees, as the payment function charges them. */
  priceRupees: number;
}
