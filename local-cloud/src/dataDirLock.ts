// One local-cloud process per data directory. Two would each keep their own view of PGlite's files
// and of the stored objects and overwrite each other's writes: rows lost, indexes corrupt.
import { open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const LOCK_FILE = 'local-cloud.lock';

interface DataDirLock {
  release(): Promise<void>;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else, still a live holder.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes <dataDir>/local-cloud.lock (created exclusively, holding our pid). A lock left by a process
 * that is gone (kill -9, power cut) is taken over; one held by a live process is refused with the
 * holder's pid, so the caller can say which process to stop.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock | { heldBy: number }> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.sync();
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          // Only our own lock: never remove one another process took over meanwhile.
          const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
          if (holder === process.pid) await rm(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) return { heldBy: holder };
    if (holder === process.pid) return { heldBy: holder };
    if (!(Number.isInteger(holder) && holder > 0)) {
      // Empty: another process may be writing its pid this very moment. Give it a breath first.
      const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0);
      if (age < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
    }
    // Stale: its process is gone (kill -9, power cut), or it died while taking the lock.
    await rm(file, { force: true });
  }
  throw new Error(`could not take ${file}`);
}
