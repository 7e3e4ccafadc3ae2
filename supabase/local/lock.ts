/**
 * One local backend per data directory: a lock file holding the owner's pid. A lock whose process
 * is gone (crash, kill -9) is taken over; a live one is refused with a message saying what to do.
 */
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type Lock = { release: () => Promise<void> };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireLock(dataDir: string, log: (line: string) => void): Promise<Lock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'backend.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, started_at: new Date().toISOString() }), {
        flag: 'wx',
      });
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await unlink(file).catch(() => undefined);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = Number.NaN;
    try {
      pid = (JSON.parse(await readFile(file, 'utf8')) as { pid?: number }).pid ?? Number.NaN;
    } catch {
      // Unreadable (half-written by a crashed start): treat as stale.
    }
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      throw new Error(
        `Another local backend (pid ${pid}) is already running on the data directory ${dataDir}. ` +
          'Stop it first (Ctrl-C in its terminal), or start this one with another data directory.',
      );
    }
    log(`Taking over a stale lock on ${dataDir} (process ${Number.isNaN(pid) ? 'unknown' : pid} is gone).`);
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`Could not lock the data directory ${dataDir}; remove ${file} if no backend is running.`);
}
