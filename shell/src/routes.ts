// Every route of the product, each path served by one remote's federated screen.
export interface ScreenRoute {
  path: string;
  /** Federated id: <remote name>/<exposed screen>. */
  remote: string;
  /** Document title, so screen-reader users hear where they landed. */
  title: string;
}

export const SCREEN_ROUTES: ScreenRoute[] = [
  { path: '/', remote: 'mfe_auth/Login', title: 'Login' },
  { path: '/login', remote: 'mfe_auth/Login', title: 'Login' },
  { path: '/register', remote: 'mfe_auth/Register', title: 'Register' },
  { path: '/forgot-password', remote: 'mfe_auth/ForgotPassword', title: 'Forgot password' },
  { path: '/reset-password', remote: 'mfe_auth/ResetPassword', title: 'Choose a new password' },
  { path: '/auth/callback', remote: 'mfe_auth/AuthCallback', title: 'Email confirmation' },
  { path: '/account', remote: 'mfe_auth/Account', title: 'Your account' },
  { path: '/portfolios', remote: 'mfe_editor/Portfolios', title: 'My portfolios' },
  { path: '/home', remote: 'mfe_content/Home', title: 'Home' },
  { path: '/blog', remote: 'mfe_content/Blog', title: 'Blog' },
  { path: '/contact-us', remote: 'mfe_content/ContactUs', title: 'Contact Us' },
  { path: '/features', remote: 'mfe_content/Features', title: 'Features' },
  { path: '/templates', remote: 'mfe_templates/TemplateCollection', title: 'Template Collection' },
  { path: '/design', remote: 'mfe_editor/Design', title: 'Design' },
  { path: '/portfo', remote: 'mfe_editor/Generator', title: 'Portfolio Generator' },
  { path: '/template1', remote: 'mfe_editor/TemplateOnePage', title: 'Portfolio' },
  { path: '/template2', remote: 'mfe_editor/TemplateTwoPage', title: 'E-Commerce' },
  { path: '/pricing', remote: 'mfe_commerce/Pricing', title: 'Pricing Plans' },
];
