// The house rules, for `npx eslint .` and an editor. `npm test`'s lint stage runs them together with the
// type-aware rule (a floating promise) in one pass: eslintPromises.config.mjs adds it to these.
// Formatting is Prettier's job (eslint-config-prettier turns off the rules that would fight it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileNames } from './tooling/eslint/fileNames.mjs';

/** What no lint pass reads: installed and built files, and the generated renderer and share-card engine. */
export const IGNORES = [
  '**/node_modules/**',
  '**/dist/**',
  '.data/**',
  '.cache/**',
  'coverage/**',
  '**/*.min.js',
  'templates/.test-build-*/**',
  'supabase/functions/publish/siteRenderer.generated.mjs',
  'supabase/functions/_shared/shareCard/engine.generated.mjs',
  'supabase/functions/_shared/resume/engine.generated.mjs',
  'supabase/functions/publish/siteRenderer.generated.d.mts',
  'supabase/functions/publish/siteRenderer.types/**',
];

const root = path.dirname(fileURLToPath(import.meta.url));

const APPS = ['shell', 'mfe-auth', 'mfe-templates', 'mfe-editor', 'mfe-commerce', 'mfe-content'];
/** Every npm workspace: each declares in its own package.json what its code imports. */
const WORKSPACES = ['shared', 'templates', ...APPS, 'local-cloud', 'e2e'];
/** Tests and test kits may also use the root's dev dependencies (jest, Testing Library, jsdom …). */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*TestKit.{ts,tsx}', '**/testing/**', '**/test/**', '**/bench/**', '**/bin/**'];

/**
 * Imports must be declared in these folders' package.json (type-only imports too).
 * @param {string[]} folders
 * @param {boolean} devDependencies
 * @returns {import('eslint').Linter.RuleEntry}
 */
const declaredIn = (folders, devDependencies) => [
  'error',
  { packageDir: folders.map((folder) => path.join(root, folder)), includeTypes: true, devDependencies },
];

/** One app's code may not reach into another app's folder: remotes meet only through federation. */
const appZones = APPS.map((app) => ({
  target: `./${app}`,
  from: APPS.filter((other) => other !== app).map((other) => `./${other}`),
  message: 'An app never imports another app\u2019s files; load its federated expose instead.',
}));

export default tseslint.config(
  { ignores: IGNORES },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    plugins: { import: importPlugin, folioforge: { rules: { 'file-names': fileNames } } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs'] } },
      'import/extensions': ['.ts', '.tsx', '.mjs', '.js', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Every export is named where it is re-exported, so a reader (and the unused-export check) finds it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what is re-exported (`export { a, b } from …`): a star re-export hides the names.',
        },
      ],
      // The root package.json declares what scripts, tooling and the edge functions import.
      'import/no-extraneous-dependencies': declaredIn(['.'], true),
      'folioforge/file-names': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...appZones,
            {
              target: './shared',
              from: [...APPS.map((app) => `./${app}`), './templates', './local-cloud', './e2e'],
              message: 'shared is the platform library: it imports no app and not the template domain.',
            },
            {
              target: './templates',
              from: [...APPS.map((app) => `./${app}`), './local-cloud', './e2e'],
              message: 'templates is a library: it imports no app.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@folioforge/*/src', '@folioforge/*/src/*'],
              message: 'Import a workspace package by its public entry (its package.json "exports"), not its src/ files.',
            },
          ],
        },
      ],
    },
  },
  // Browser code: the apps and the shared package.
  {
    files: [
      'shared/**/*.{ts,tsx}',
      'templates/**/*.{ts,tsx}',
      ...APPS.map((app) => `${app}/**/*.{ts,tsx}`),
      ...APPS.map((app) => `${app}/src/**/*.mjs`),
    ],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Key handling on a container of focusable controls (menus, carousels, a confirm bar) is the
      // ARIA practices' pattern: the keys come from the focused child, so only pointer handlers count.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
      // A scrollable region must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // Component tests run in jsdom under jest.
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test/**', 'tooling/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  // Node: local-cloud, the browser-test harness, scripts and build tooling.
  {
    files: ['local-cloud/**', 'e2e/**', 'scripts/**', 'tooling/**', '*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Browser tests, the preview script and the prerender hand functions to page.evaluate, which run in the page.
  {
    files: ['e2e/**', 'scripts/makeTemplatePreviews.mjs', 'tooling/prerender.mjs', 'tooling/remoteContract.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The Razorpay sandbox's checkout.js runs in the visitor's browser as a plain ES5 script, like
  // Razorpay's own, so its closures keep `this` as `self`.
  {
    files: ['local-cloud/src/razorpay/checkoutBrowser.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }] },
  },
  // Edge functions run on Deno, and so does local-cloud's edge worker that serves them.
  {
    files: ['supabase/functions/**', 'local-cloud/edge-runtime/**'],
    languageOptions: { globals: { Deno: 'readonly', ...globals.browser } },
  },
  // Each workspace imports only what its own package.json declares; its tests, test kits and benches
  // may also use the root's dev tools (jest, Testing Library …).
  ...WORKSPACES.flatMap((workspace) => [
    { files: [`${workspace}/**`], rules: { 'import/no-extraneous-dependencies': declaredIn([workspace], workspace === 'e2e') } },
    {
      files: TEST_FILES.map((glob) => `${workspace}/${glob}`),
      rules: { 'import/no-extraneous-dependencies': declaredIn([workspace, '.'], true) },
    },
  ]),
  prettier,
);
