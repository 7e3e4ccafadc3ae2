/**
 * `npm start`'s build hook: what Netlify does when `BUILD_HOOK_URL` is called (a new build, then
 * the new deploy), done locally. The running server keeps serving the current `dist/` while the
 * site is built into `.dist-next/`; the new files then replace the old ones file by file (assets
 * first, pages last, stale files removed at the end), so no request sees a half-written site.
 * Requests that arrive during a build are coalesced into one more build after it.
 *
 * Each request may carry the publishing generation it asks for (the drain's hook call, see
 * netlify/functions/_shared/publishing.ts); a build contains every generation requested before it
 * started. When the build process has ended, `onOutcome` hears which generation it contained and
 * whether it succeeded, so a failed build is retried and /admin can say so (scripts/start.ts
 * records it in the database, as Netlify's deploy events do in production).
 *
 * The functions' program index comes from the same build as the pages: it is read from the
 * program files just before the build starts and swapped in (file and in-memory index) right
 * after the pages are, as a Netlify deploy bundles the index of its own build into the functions.
 * So a program a page shows is a program Request Info, favourites and reviews accept, with no
 * restart.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { replaceProgramIndex } from '../../netlify/functions/_shared/programs.ts';
import { readProgramIndex, saveProgramIndex } from '../gen-program-index.ts';

export const LOCAL_BUILD_HOOK_PATH = '/.local/build-hook';

/** Every file under `dir`, as paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Pages last: a page is in place only once every asset it references is. */
export function swapOrder(files: readonly string[]): string[] {
  const page = (f: string) => (f.endsWith('.html') ? 1 : 0);
  return [...files].sort((a, b) => page(a) - page(b) || a.localeCompare(b));
}

/** Moves every file of `next` into `dist` (replacing, each rename atomic), then removes the rest. */
export async function swapInto(dist: string, next: string): Promise<void> {
  const incoming = await listFiles(next);
  for (const file of swapOrder(incoming)) {
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await rename(join(next, file), join(dist, file));
  }
  const keep = new Set(incoming);
  for (const file of await listFiles(dist)) {
    if (!keep.has(file)) await unlink(join(dist, file)).catch(() => undefined);
  }
  await rm(next, { recursive: true, force: true });
}

export interface RebuildStatus {
  building: boolean;
  /** Builds finished (swapped in) since the server started. */
  builds: number;
  lastError: string | null;
  /** The newest publishing generation requested (0: none carried one). */
  requested: number;
}

/** How a build ended, for the newest generation requested before it started. */
export interface LocalBuildOutcome {
  generation: number;
  ok: boolean;
  error: string | null;
}

export interface LocalRebuilderOptions {
  log?: (line: string) => void;
  /** Called after each build that contained a generation (not after one stopped by shutdown). */
  onOutcome?: (outcome: LocalBuildOutcome) => Promise<void> | void;
}

export class LocalRebuilder {
  private running: Promise<void> | null = null;
  private again = false;
  private child: ReturnType<typeof spawn> | null = null;
  private stopped = false;
  private readonly state: RebuildStatus = { building: false, builds: 0, lastError: null, requested: 0 };

  private readonly root: string;
  private readonly log: (line: string) => void;
  private readonly onOutcome: LocalRebuilderOptions['onOutcome'];

  constructor(root: string, options: LocalRebuilderOptions | ((line: string) => void) = {}) {
    this.root = root;
    const opts = typeof options === 'function' ? { log: options } : options;
    this.log = opts.log ?? console.log;
    this.onOutcome = opts.onOutcome;
  }

  status(): RebuildStatus {
    return { ...this.state };
  }

  /** Starts a build, or one more after the running one; `generation`: what it is asked for. */
  request(reason: string, generation: number | null = null): void {
    if (this.stopped) return;
    if (generation !== null && generation > this.state.requested) this.state.requested = generation;
    this.log(`[rebuild] ${reason}: ${this.running ? 'queued after the current build' : 'building'}`);
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Stops a running build (the server is shutting down); nothing is swapped in. */
  stop(): void {
    this.stopped = true;
    this.again = false;
    this.child?.kill('SIGTERM');
  }

  /** Resolves once no build is running or queued (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      this.state.building = true;
      // Everything requested so far was committed before this build reads the database.
      const generation = this.state.requested;
      let outcome: LocalBuildOutcome | null = null;
      const started = Date.now();
      try {
        await this.buildOnce();
        this.state.builds += 1;
        this.state.lastError = null;
        const seconds = Math.round((Date.now() - started) / 1000);
        this.log(`[rebuild] live: the site serves the new build (built in ${String(seconds)} s)`);
        outcome = { generation, ok: true, error: null };
      } catch (error) {
        this.state.lastError = error instanceof Error ? error.message : String(error);
        this.log(`[rebuild] failed, still serving the previous build: ${this.state.lastError}`);
        if (!this.stopped) outcome = { generation, ok: false, error: this.state.lastError };
      } finally {
        this.state.building = false;
      }
      if (outcome && generation > 0) await this.report(outcome);
    } while (this.queued());
  }

  private async report(outcome: LocalBuildOutcome): Promise<void> {
    try {
      await this.onOutcome?.(outcome);
    } catch (error) {
      this.log(
        `[rebuild] could not record the outcome: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Whether a request arrived during the build (read after the await, not narrowed). */
  private queued(): boolean {
    return this.again;
  }

  /**
   * One `astro build` into .dist-next, swapped into dist with the program index of the same
   * content (protected: tests replace it).
   */
  protected async buildOnce(): Promise<void> {
    const next = join(this.root, '.dist-next');
    await rm(next, { recursive: true, force: true });
    // A program file the index cannot read fails the build here, with the file and the field.
    const index = await readProgramIndex(join(this.root, 'content', 'programs'));
    await new Promise<void>((resolve, reject) => {
      const child = (this.child = spawn(process.execPath, [join(this.root, 'scripts', 'astro.ts'), 'build'], {
        cwd: this.root,
        env: { ...process.env, ASTRO_OUT_DIR: next },
        stdio: ['ignore', 'ignore', 'pipe'],
      }));
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        this.child = null;
        if (code === 0 && !this.stopped) resolve();
        else
          reject(
            new Error(`astro build exited ${String(code)}: ${stderr.trim().split('\n').slice(-5).join(' ')}`),
          );
      });
    });
    // The index first: by the time a new program's page is served, the functions know it.
    replaceProgramIndex(index);
    await swapInto(join(this.root, 'dist'), next);
    await saveProgramIndex(
      index,
      join(this.root, 'netlify', 'functions', '_shared', 'program-index.generated.json'),
    );
  }
}
