// The one hand-off between remotes that is not a federated module: /templates sends the visitor to
// /design with the chosen template and the values typed into its details popup, in navigation state.
import * as z from 'zod/mini';

/** What /design receives: the template's id beside its values, by the keys of its definition (the original app's flat record). */
export type SelectedTemplate = { id: number } & Record<string, string | number>;

export interface DesignNavigationState {
  selectedTemplate: SelectedTemplate;
}

export function designNavigationState(id: number, values: Record<string, string>): DesignNavigationState {
  return { selectedTemplate: { ...values, id } };
}

// Navigation state survives reloads and may come from an older build, so /design checks it; it also
// takes `{ id, values: {…} }` and File objects a picker handed over.
const selectionSchema = z.looseObject({ id: z.unknown(), values: z.optional(z.record(z.string(), z.unknown())) });
const stateSchema = z.object({ selectedTemplate: selectionSchema });

/** The selection in a location's state, its values as given (strings, or Files from a picker); undefined when there is none. */
export function parseDesignNavigationState(state: unknown): { id: unknown; values: Record<string, unknown> } | undefined {
  const parsed = stateSchema.safeParse(state);
  if (!parsed.success) return undefined;
  const { id, values, ...flat } = parsed.data.selectedTemplate;
  return { id, values: values ?? flat };
}
