import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_KEYS, REMOTES, type RuntimeConfig } from '@folioforge/shared';

/** Points the runtime at each remote's manifest: moving a remote is a config change, not a rebuild. */
export function registerFolioForgeRemotes(remotes: RuntimeConfig['remotes']): void {
  registerRemotes(
    REMOTE_KEYS.map((key) => ({ name: REMOTES[key].name, entry: remotes[key] })),
    { force: true },
  );
}
