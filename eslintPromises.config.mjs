// The type-aware pass of the house rules: a promise nobody awaits, returns or marks `void` loses its
// error (an un-awaited `expect` in a browser test passes whatever happens). It type-checks each file in
// the TypeScript project that holds it (the apps, local-cloud, e2e, the edge functions), about 30 s on
// two cores, so it runs after eslint.config.mjs in `npm test`'s lint stage and `npm run lint`
// (`npx eslint -c eslintPromises.config.mjs .`), not in every `npx eslint .` an editor or developer runs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { IGNORES } from './eslint.config.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  // The functions' Deno tests and the edge worker are in no TypeScript project of ours: Deno checks them.
  { ignores: [...IGNORES, 'supabase/functions/**/*.test.ts', 'local-cloud/edge-runtime/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    // The other rules' directives are the main pass's to judge; their plugins are named so they resolve.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, import: importPlugin },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test runs what describe/test declare; their promises are the runner's to await.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'suite', 'test', 'it'] }] },
      ],
    },
  },
);
