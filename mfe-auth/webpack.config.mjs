import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../tooling/createAppConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createAppConfig({
  dir,
  name: 'mfe_auth',
  port: 3001,
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
