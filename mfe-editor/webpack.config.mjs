import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  dir,
  key: 'editor',
  title: 'FolioForge · editor',
  exposes: {
    // The screens the shell routes to (shell/src/routes.ts).
    './Design': './src/screens/Design/Design.tsx',
    './Generator': './src/screens/Generator/Generator.tsx',
    './TemplatePage': './src/screens/TemplatePage/TemplatePage.tsx',
    './Portfolios': './src/screens/Portfolios/Portfolios.tsx',
  },
});
