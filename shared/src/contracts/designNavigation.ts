// The one hand-off between remotes that is not a federated module: /templates (and the start after
// sign-up) send the visitor to /design with the chosen template and, from the collection's details
// popup, the details typed there, in navigation state. The editor lays them over the template's
// starting content (@folioforge/templates' applyDetails).
import * as z from 'zod/mini';
import { builtOnFirstUse } from '../../../supabase/functions/_shared/builtOnFirstUse';

/** The details popup's fields, in the spec's order, with their labels. */
export const DETAILS_FIELDS = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'address', label: 'Address', type: 'text' },
  { key: 'github', label: 'GitHub Address', type: 'url' },
  { key: 'linkedin', label: 'LinkedIn Address', type: 'url' },
  { key: 'phone', label: 'Phone Number', type: 'tel' },
  { key: 'email', label: 'Email ID', type: 'email' },
] as const satisfies readonly { key: string; label: string; type: 'text' | 'url' | 'tel' | 'email' }[];

export type DetailsKey = (typeof DETAILS_FIELDS)[number]['key'];
export type DetailsValues = Record<DetailsKey, string>;

export const EMPTY_DETAILS: DetailsValues = { name: '', address: '', github: '', linkedin: '', phone: '', email: '' };

export interface DesignNavigationState {
  selectedTemplate: { id: number; details?: Partial<DetailsValues> };
}

export function designNavigationState(id: number, details?: Partial<DetailsValues>): DesignNavigationState {
  return { selectedTemplate: details ? { id, details } : { id } };
}

// Navigation state survives reloads and may come from an older build (which sent the template's
// flat values), so /design checks it and reads only the details it knows.
// Built on first use: most visits to /design carry no selection.
const detailsSchema = builtOnFirstUse(() =>
  z.partial(z.object(Object.fromEntries(DETAILS_FIELDS.map((field) => [field.key, z.string()])) as Record<DetailsKey, z.ZodMiniString>)),
);
const stateSchema = builtOnFirstUse(() =>
  z.object({ selectedTemplate: z.looseObject({ id: z.unknown(), details: z.optional(z.unknown()) }) }),
);

/** The selection in a location's state (its id as given, and the details it carries); undefined when there is none. */
export function parseDesignNavigationState(state: unknown): { id: unknown; details: Partial<DetailsValues> } | undefined {
  if (state === null || state === undefined) return undefined;
  const parsed = stateSchema().safeParse(state);
  if (!parsed.success) return undefined;
  const details = detailsSchema().safeParse(parsed.data.selectedTemplate.details);
  return { id: parsed.data.selectedTemplate.id, details: details.success ? details.data : {} };
}
