// Types of the apps table (appsTable.mjs), for the TypeScript side.
import { REMOTES } from './appsTable.mjs';

export { APPS, LOCAL_CLOUD_PORT, REMOTES, SHELL } from './appsTable.mjs';

/** A remote's key in app-config.json (`auth`, `templates` …). */
export type RemoteKey = keyof typeof REMOTES;
/** An app's key: a remote's, or `shell`. */
export type AppKey = RemoteKey | 'shell';

export const REMOTE_KEYS = Object.keys(REMOTES) as RemoteKey[];
