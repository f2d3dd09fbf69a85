import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  dir,
  key: 'commerce',
  title: 'FolioForge · commerce',
  exposes: {
    // The /pricing screen the shell routes to.
    './Pricing': './src/screens/Pricing/Pricing.tsx',
    // The buy button the editor renders for each template's Get button.
    './CheckoutButton': './src/widgets/CheckoutButton/CheckoutButton.tsx',
  },
});
