/**
 * A value built the first time it is asked for. Each zod schema is an object with its methods bound:
 * every page loads the contracts the frontends share with the functions (through @folioforge/shared),
 * and few of its screens check a billing row, a stored photo or a form, so their schemas wait until
 * one does. The portfolio's model has the same helper (templates/src/model/builtOnFirstUse.ts): the
 * functions deploy from this folder alone, and the templates package imports nothing outside itself.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
