/**
 * `npm start` watches `content/`: an editor who saves a program, an article or a page gets a
 * rebuild without a restart or a command, and the terminal says when the new build is live
 * (scripts/lib/local-rebuild.ts). Saves come in bursts (an editor writes a temporary file, renames
 * it, touches the folder), so changes are gathered until the folder has been quiet for a moment
 * and then start one build.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';

/** The files a build reads from content/: markdown and data files, not editors' temporary files. */
export function isContentFile(name: string): boolean {
  const file = basename(name);
  if (file.startsWith('.') || file.endsWith('~') || file.startsWith('#')) return false;
  return /\.(md|mdx|ya?ml|json)$/i.test(file);
}

/** What a rebuild says it is for: the changed files, or how many when there are many. */
export function changeReason(files: readonly string[]): string {
  const sorted = [...new Set(files)].sort();
  if (sorted.length <= 3) return `changed ${sorted.join(', ')}`;
  return `changed ${sorted.slice(0, 2).join(', ')} and ${String(sorted.length - 2)} more files`;
}

export interface ContentWatcher {
  close(): void;
}

/**
 * Calls `onChange` with the changed files (paths like `content/programs/x.md`) once `dir` has
 * been quiet for `quietMs` after a change.
 */
export function watchContent(
  dir: string,
  onChange: (files: string[]) => void,
  {
    quietMs = 400,
    prefix = 'content',
    onError = () => undefined,
  }: { quietMs?: number; prefix?: string; onError?: (error: Error) => void } = {},
): ContentWatcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, name) => {
    if (name === null || !isContentFile(name)) return;
    pending.add(join(prefix, name));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const files = [...pending];
      pending = new Set();
      onChange(files);
    }, quietMs);
  });
  // A watcher error (the folder removed, too many watches) is told, and does not stop the server.
  watcher.on('error', onError);
  return {
    close() {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
