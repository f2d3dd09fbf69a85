// The house style for file names, as an ESLint rule (eslint.config.mjs): modules are camelCase
// (`paymentApi.ts`, `serveApps.mjs`), a React component's file is its PascalCase name
// (`CheckoutButton.tsx`, beside `CheckoutButton.module.scss` and `CheckoutButton.test.tsx`), and a
// file may carry the suffixes the tools give meaning to: `.test`, `.generated`, `.config`, `.types`, `.d`.
import path from 'node:path';

const SUFFIXES = '(?:\\.(?:test|generated|config|types|d))*';
const CAMEL = new RegExp(`^[a-z][a-zA-Z0-9]*${SUFFIXES}\\.(?:ts|mts|mjs|cjs|js)$`);
const COMPONENT = new RegExp(`^[a-zA-Z][a-zA-Z0-9]*${SUFFIXES}\\.tsx$`);

/** @type {import('eslint').Rule.RuleModule} */
export const fileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are camelCase, or PascalCase for a React component (.tsx).' },
    schema: [],
    messages: {
      name: '"{{name}}": name a module in camelCase (serveApps.mjs) and a component file after its component (CheckoutButton.tsx).',
    },
  },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!(name.endsWith('.tsx') ? COMPONENT : CAMEL).test(name)) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};
