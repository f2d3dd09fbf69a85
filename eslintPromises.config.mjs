// Every house rule in one ESLint pass, for `npm test`'s lint stage and `npm run lint`
// (`npx eslint -c eslintPromises.config.mjs .`): eslint.config.mjs's rules plus the type-aware one, a
// promise nobody awaits, returns or marks `void` loses its error (an un-awaited `expect` in a browser
// test passes whatever happens). That rule type-checks each file in the TypeScript project that holds it
// (the apps, local-cloud, e2e, the edge functions), so it stays out of the plain `npx eslint .` an editor
// or developer runs; one pass reads each file once instead of twice.
import tseslint from 'typescript-eslint';
import houseRules from './eslint.config.mjs';

const root = import.meta.dirname;
/** The functions' Deno tests and the edge worker are in no TypeScript project of ours: Deno checks them. */
export const UNTYPED_FILES = ['supabase/functions/**/*.test.ts', 'local-cloud/edge-runtime/**'];

export default tseslint.config(...houseRules, {
  files: ['**/*.{ts,tsx}'],
  ignores: UNTYPED_FILES,
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
  rules: {
    '@typescript-eslint/no-floating-promises': [
      'error',
      // node:test runs what describe/test declare; their promises are the runner's to await.
      { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'suite', 'test', 'it'] }] },
    ],
  },
});
