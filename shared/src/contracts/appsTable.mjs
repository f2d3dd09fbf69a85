// The one table of FolioForge's apps: the config key each remote has in app-config.json, its folder,
// its Module Federation name and its local port. Plain JavaScript, so the build tooling (Node) and
// the apps and tests (TypeScript, which reads the const types from the JSDoc) share this very file.

/** The host. */
const SHELL = /** @type {const} */ ({ key: 'shell', dir: 'shell', name: 'shell', port: 3000 });

/** The remotes, by their key in app-config.json's `remotes`. */
export const REMOTES = /** @type {const} */ ({
  auth: { dir: 'mfe-auth', name: 'mfe_auth', port: 3001 },
  templates: { dir: 'mfe-templates', name: 'mfe_templates', port: 3002 },
  editor: { dir: 'mfe-editor', name: 'mfe_editor', port: 3003 },
  commerce: { dir: 'mfe-commerce', name: 'mfe_commerce', port: 3004 },
  content: { dir: 'mfe-content', name: 'mfe_content', port: 3005 },
});

/**
 * Every app, the shell first: what scripts build, serve and start.
 * @type {Array<{ key: 'shell' | keyof typeof REMOTES, dir: string, name: string, port: number }>}
 */
export const APPS = [
  SHELL,
  ...Object.entries(REMOTES).map(([key, remote]) => ({ key: /** @type {keyof typeof REMOTES} */ (key), ...remote })),
];

/** local-cloud, the stand-in for Supabase, Razorpay and EmailJS on one machine. */
export const LOCAL_CLOUD_PORT = 54321;

/** local-cloud's mailbox, on a loopback port of its own, as the Supabase CLI's mail catcher. */
export const LOCAL_MAILBOX_PORT = 54324;
