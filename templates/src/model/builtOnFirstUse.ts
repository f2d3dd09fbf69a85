/**
 * A schema built the first time it is asked for. Each zod schema is an object with its methods bound
 * (the portfolio's are hundreds): built as the editor's code loads, they cost a phone ~150 ms of script
 * its first screen does not need (ProblemsNotice builds them in slices once the screen is up).
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
