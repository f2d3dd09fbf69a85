// Local ports of ARCHITECTURE.md; one place so scripts, dev servers and tests agree.
export const APPS = [
  { key: 'shell', dir: 'shell', name: 'shell', port: 3000 },
  { key: 'auth', dir: 'mfe-auth', name: 'mfe_auth', port: 3001 },
  { key: 'templates', dir: 'mfe-templates', name: 'mfe_templates', port: 3002 },
  { key: 'editor', dir: 'mfe-editor', name: 'mfe_editor', port: 3003 },
  { key: 'commerce', dir: 'mfe-commerce', name: 'mfe_commerce', port: 3004 },
  { key: 'content', dir: 'mfe-content', name: 'mfe_content', port: 3005 },
];
export const REMOTES = APPS.filter((app) => app.key !== 'shell');
export const LOCAL_CLOUD_PORT = 54321;
