/**
 * One local backend per data directory: a lock file holding the owner's pid and that process's
 * start time. A lock whose process is gone (crash, kill -9) — or whose pid now belongs to another
 * process started later, as happens after a reboot or a container restart — is taken over; a
 * live one is refused with a message saying what to do.
 */
import { readFileSync } from 'node:fs';
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

/** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), or null. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export async function acquireLock(dataDir: string, log: (line: string) => void): Promise<Lock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'backend.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const owner = {
        pid: process.pid,
        start: processStartTime(process.pid),
        started_at: new Date().toISOString(),
      };
      await writeFile(file, JSON.stringify(owner), {
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
    let start: string | null | undefined;
    try {
      const owner = JSON.parse(await readFile(file, 'utf8')) as { pid?: number; start?: string | null };
      pid = owner.pid ?? Number.NaN;
      start = owner.start;
    } catch {
      // Unreadable (half-written by a crashed start): treat as stale.
    }
    const sameProcess = start === undefined || start === null || processStartTime(pid) === start;
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && sameProcess) {
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
