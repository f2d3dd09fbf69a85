import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createAppConfig({
  dir,
  name: 'mfe_templates',
  port: 3002,
  title: 'FolioForge · templates',
  exposes: {
    './TemplateCollection': './src/screens/TemplateCollection/TemplateCollection.tsx',
  },
});
