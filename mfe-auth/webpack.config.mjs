import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  dir,
  key: 'auth',
  title: 'FolioForge · accounts',
  exposes: {
    './Login': './src/screens/Login/Login.tsx',
    './Register': './src/screens/Register/Register.tsx',
    './ForgotPassword': './src/screens/ForgotPassword/ForgotPassword.tsx',
    './ResetPassword': './src/screens/ResetPassword/ResetPassword.tsx',
    './AuthCallback': './src/screens/AuthCallback/AuthCallback.tsx',
    './Account': './src/screens/Account/Account.tsx',
  },
});
