import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createAppConfig({
  dir,
  name: 'mfe_content',
  port: 3005,
  title: 'FolioForge · content',
  exposes: {
    './Home': './src/screens/Home/Home.tsx',
    './Blog': './src/screens/Blog/Blog.tsx',
    './ContactUs': './src/screens/ContactUs/ContactUs.tsx',
    './Features': './src/screens/Features/Features.tsx',
  },
});
