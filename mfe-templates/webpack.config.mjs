import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  dir,
  key: 'templates',
  title: 'FolioForge · templates',
  exposes: {
    './TemplateCollection': './src/screens/TemplateCollection/TemplateCollection.tsx',
  },
});
