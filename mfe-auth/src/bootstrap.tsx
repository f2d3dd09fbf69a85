import { startStandalone } from '@folioforge/shared/standalone';
import Login from './screens/Login/Login';
import Register from './screens/Register/Register';
import ForgotPassword from './screens/ForgotPassword/ForgotPassword';
import ResetPassword from './screens/ResetPassword/ResetPassword';
import AuthCallback from './screens/AuthCallback/AuthCallback';
import Account from './screens/Account/Account';

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-auth', [
  { path: '/', element: <Login /> },
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/reset-password', element: <ResetPassword /> },
  { path: '/auth/callback', element: <AuthCallback /> },
  { path: '/account', element: <Account /> },
]);
