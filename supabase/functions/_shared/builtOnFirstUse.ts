/**
 * A value built the first time it is asked for. Each zod schema is an object with its methods bound:
 * a function that takes one kind of request needs none of the others' schemas, and a page's start
 * needs almost none (@folioforge/shared exports this helper for the screens' own schemas: a stored
 * session, a portfolio row). The portfolio's model has the same helper
 * (templates/src/model/builtOnFirstUse.ts): the functions deploy from this folder alone, and the
 * templates package imports nothing outside itself.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
