import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createAppConfig({
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
    './Portfolios': './src/screens/Portfolios/Portfolios.tsx',
  },
});
