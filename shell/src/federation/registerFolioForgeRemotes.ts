import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteKey, RuntimeConfig } from '@folioforge/shared';

/** Federation names of the remotes, by their key in app-config.json. */
export const REMOTE_NAMES: Record<RemoteKey, string> = {
  auth: 'mfe_auth',
  templates: 'mfe_templates',
  editor: 'mfe_editor',
  commerce: 'mfe_commerce',
  content: 'mfe_content',
};

/** Points the runtime at each remote's manifest: moving a remote is a config change, not a rebuild. */
export function registerFolioForgeRemotes(remotes: RuntimeConfig['remotes']): void {
  registerRemotes(
    (Object.keys(REMOTE_NAMES) as RemoteKey[]).map((key) => ({ name: REMOTE_NAMES[key], entry: remotes[key] })),
    { force: true },
  );
}
