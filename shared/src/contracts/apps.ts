// Types of the apps table (appsTable.mjs), for the TypeScript side.
import { REMOTES } from './appsTable.mjs';

export { APPS, LOCAL_CLOUD_PORT, REMOTES } from './appsTable.mjs';

/** A remote's key in app-config.json (`auth`, `templates` …). */
export type RemoteKey = keyof typeof REMOTES;

export const REMOTE_KEYS = Object.keys(REMOTES) as RemoteKey[];
