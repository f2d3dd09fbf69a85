import type { PortfolioRow } from './portfolioApi';

// One creation at a time per purpose: a double click, a second navigation or StrictMode's second
// effect waits for the first instead of making a twin.
const creating = new Map<string, Promise<PortfolioRow>>();

/** Makes a portfolio once for `key`, whoever asks while it is on its way. */
export function createOnce(key: string, make: () => Promise<PortfolioRow>): Promise<PortfolioRow> {
  const running = creating.get(key);
  if (running) return running;
  const made = make().finally(() => creating.delete(key));
  creating.set(key, made);
  return made;
}
