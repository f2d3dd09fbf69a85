/**
 * A value built the first time it is asked for. Each zod schema is an object with its methods bound
 * (the portfolio's are hundreds): built as a page's code loads, they cost a phone script its first
 * screen does not need. The portfolio's model (templates/src/model) and the contracts the frontends
 * share with the functions build theirs through this.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
