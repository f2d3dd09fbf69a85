// @ts-check
// Every route of the product, each path served by one remote's federated screen. Plain JavaScript,
// so the shell's build (Node) reads it too: the page's inline startup script preloads the screen
// of the route it was opened at (startup/preloadRoute.mjs).

/**
 * @typedef {object} ScreenRoute
 * @property {string} path
 * @property {string} remote  Federated id: <remote name>/<exposed screen>.
 * @property {string} title   Document title, so screen-reader users hear where they landed.
 * @property {true} [clientOnDemand]  The screen works before supabase-js has loaded: it asks for the
 *   client with loadSupabase() when the visitor acts. Other screens render once it has loaded, and
 *   may call getSupabase().
 * @property {true} [clientWithSession]  Signed out, the screen works before supabase-js has loaded (a
 *   visitor's work stays on the device); with a session it renders once the client has loaded.
 * @property {true | 'firstVisit'} [prerender]  A page whose HTML the build renders ahead (tooling/prerender.mjs):
 *   it paints before any JavaScript has run, and the live screen takes over once loaded. `true`: a public
 *   page (listed in the sitemap). `'firstVisit'`: what a first-time visitor sees there (the editor's
 *   sample), shown only at the plain address to a device that keeps no session and none of the editor's
 *   work, and never listed.
 */

/** @type {ScreenRoute[]} */
export const SCREEN_ROUTES = [
  { path: '/', remote: 'mfe_auth/Login', title: 'Login', clientOnDemand: true, prerender: true },
  { path: '/login', remote: 'mfe_auth/Login', title: 'Login', clientOnDemand: true },
  { path: '/register', remote: 'mfe_auth/Register', title: 'Register', clientOnDemand: true, prerender: true },
  { path: '/forgot-password', remote: 'mfe_auth/ForgotPassword', title: 'Forgot password', clientOnDemand: true },
  { path: '/reset-password', remote: 'mfe_auth/ResetPassword', title: 'Choose a new password' },
  { path: '/auth/callback', remote: 'mfe_auth/AuthCallback', title: 'Email confirmation' },
  { path: '/account', remote: 'mfe_auth/Account', title: 'Your account' },
  { path: '/portfolios', remote: 'mfe_editor/Portfolios', title: 'My portfolios' },
  { path: '/home', remote: 'mfe_content/Home', title: 'Home', clientOnDemand: true, prerender: true },
  { path: '/blog', remote: 'mfe_content/Blog', title: 'Blog', clientOnDemand: true, prerender: true },
  { path: '/contact-us', remote: 'mfe_content/ContactUs', title: 'Contact Us', clientOnDemand: true },
  { path: '/features', remote: 'mfe_content/Features', title: 'Features', clientOnDemand: true, prerender: true },
  { path: '/domains', remote: 'mfe_content/Domains', title: 'Domains', clientOnDemand: true, prerender: true },
  { path: '/help-center', remote: 'mfe_content/HelpCenter', title: 'Help Center', clientOnDemand: true, prerender: true },
  { path: '/terms-of-use', remote: 'mfe_content/TermsOfUse', title: 'Terms of Use', clientOnDemand: true, prerender: true },
  { path: '/privacy-policy', remote: 'mfe_content/PrivacyPolicy', title: 'Privacy Policy', clientOnDemand: true, prerender: true },
  {
    path: '/accessibility-statement',
    remote: 'mfe_content/AccessibilityStatement',
    title: 'Accessibility Statement',
    clientOnDemand: true,
    prerender: true,
  },
  { path: '/templates', remote: 'mfe_templates/TemplateCollection', title: 'Template Collection', clientOnDemand: true, prerender: true },
  { path: '/design', remote: 'mfe_editor/Design', title: 'Design', clientWithSession: true, prerender: 'firstVisit' },
  { path: '/design/blog', remote: 'mfe_editor/Blog', title: 'Blog posts' },
  { path: '/portfo', remote: 'mfe_editor/Generator', title: 'Portfolio Generator', clientWithSession: true, prerender: 'firstVisit' },
  { path: '/template1', remote: 'mfe_editor/TemplatePage', title: 'Portfolio' },
  { path: '/template2', remote: 'mfe_editor/TemplatePage', title: 'E-Commerce' },
  { path: '/pricing', remote: 'mfe_commerce/Pricing', title: 'Pricing Plans', clientOnDemand: true, prerender: true },
];
