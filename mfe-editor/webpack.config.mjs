import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

const baseConfig = createAppConfig({
  dir,
  name: 'mfe_editor',
  port: 3003,
  title: 'FolioForge · editor',
  exposes: {
    // The screens the shell routes to (shell/src/routes.ts).
    './Design': './src/screens/Design/Design.tsx',
    './Generator': './src/screens/Generator/Generator.tsx',
    './TemplateOnePage': './src/screens/TemplateOnePage/TemplateOnePage.tsx',
    './TemplateTwoPage': './src/screens/TemplateTwoPage/TemplateTwoPage.tsx',
  },
});

export default (env, argv) => {
  const config = baseConfig(env, argv);
  // pdf.js's worker is emitted as an asset (new URL(…, import.meta.url)) and is already minified
  // upstream; re-minifying its ~1 MB on every build only costs CPU.
  for (const minimizer of config.optimization?.minimizer ?? []) {
    if (minimizer?.options) minimizer.options.exclude = /pdf\.worker/;
  }
  return config;
};
