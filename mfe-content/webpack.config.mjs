import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  dir,
  key: 'content',
  title: 'FolioForge · content',
  exposes: {
    './Home': './src/screens/Home/Home.tsx',
    './Blog': './src/screens/Blog/Blog.tsx',
    './ContactUs': './src/screens/ContactUs/ContactUs.tsx',
    './Features': './src/screens/Features/Features.tsx',
    './TermsOfUse': './src/screens/TermsOfUse/TermsOfUse.tsx',
    './PrivacyPolicy': './src/screens/PrivacyPolicy/PrivacyPolicy.tsx',
    './AccessibilityStatement': './src/screens/AccessibilityStatement/AccessibilityStatement.tsx',
    './HelpCenter': './src/screens/HelpCenter/HelpCenter.tsx',
    './Domains': './src/screens/Domains/Domains.tsx',
  },
});
