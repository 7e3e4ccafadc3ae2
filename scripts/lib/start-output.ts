/**
 * What `npm start` prints: the build's ~2,200 per-page lines go to a log file and become one line
 * ("Built 2,218 pages in 41 s — log: .data/logs/build.log"), and the block a newcomer needs (the
 * site's address, the demo accounts, the mail outbox) comes last, framed so it stands out.
 * Pure functions and one line reader; scripts/start.ts does the writing.
 */

/** Where `npm start` writes the output of its startup (relative to the repository root). */
export const LOGS_DIR = '.data/logs';
export const BUILD_LOG = `${LOGS_DIR}/build.log`;
export const START_LOG = `${LOGS_DIR}/start.log`;

// Terminal color and cursor codes, as Astro prints them to a terminal.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** A line without its color codes and trailing spaces. */
export function plainLine(line: string): string {
  return line.replace(ANSI, '').trimEnd();
}

/** One generated file of Astro's "prerendering static routes" list: `12:00:01   ├─ /about.html (+8ms)`. */
export function isPageLine(line: string): boolean {
  return /^(\d\d:\d\d:\d\d\s+)?[├└]─\s+\/\S*/.test(plainLine(line).trimStart());
}

/**
 * A line of the build worth showing in the terminal: Astro's warnings and errors (`[WARN]`,
 * `[ERROR]`, `error:`), without the time stamp. Everything else stays in the log.
 */
export function problemLine(line: string): string | null {
  const text = plainLine(line)
    .trimStart()
    .replace(/^\d\d:\d\d:\d\d\s+/, '');
  return /^\[(WARN|ERROR)\]/.test(text) || /^(error|Error)\b/.test(text) ? text : null;
}

/** Reads a build's output as it comes (chunks split anywhere): counts pages, keeps problems. */
export class BuildOutputReader {
  pages = 0;
  readonly problems: string[] = [];
  private rest = '';

  feed(chunk: string): void {
    const lines = (this.rest + chunk).split(/\r?\n/);
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The last line, if the output did not end with a line break. */
  end(): void {
    if (this.rest !== '') this.line(this.rest);
    this.rest = '';
  }

  private line(line: string): void {
    if (isPageLine(line)) this.pages += 1;
    else {
      const problem = problemLine(line);
      if (problem !== null) this.problems.push(problem);
    }
  }
}

/** 2218 → "2,218" (en-US grouping, whatever the machine's locale). */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Milliseconds as a person says them: "850 ms", "41 s", "2 min 5 s". */
export function duration(ms: number): string {
  if (ms < 1000) return `${String(Math.max(0, Math.round(ms)))} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${String(seconds)} s`;
  const rest = seconds % 60;
  return `${String(Math.floor(seconds / 60))} min${rest === 0 ? '' : ` ${String(rest)} s`}`;
}

/** "Built 2,218 pages in 41 s — log: .data/logs/build.log" */
export function buildSummary(pages: number, ms: number, log: string): string {
  return `Built ${count(pages)} page${pages === 1 ? '' : 's'} in ${duration(ms)} — log: ${log}`;
}

/** Lines framed in a box (box-drawing characters), each padded to the longest (plain-text lines). */
export function frame(lines: readonly string[]): string[] {
  const width = Math.max(0, ...lines.map((l) => l.length));
  const pad = (l: string) => l + ' '.repeat(width - l.length);
  return [`┌${'─'.repeat(width + 4)}┐`, ...lines.map((l) => `│  ${pad(l)}  │`), `└${'─'.repeat(width + 4)}┘`];
}

export type ReadyInfo = {
  /** The site's address. */
  site: string;
  /** Where it listens when not only on this machine (`--host 0.0.0.0`). */
  listening?: string | undefined;
  /** The local mail outbox's address; absent with a remote backend (real e-mail). */
  outbox?: string | undefined;
  accounts?: readonly { role: string; email: string; password: string }[];
  /** The build log, when this start built the site. */
  buildLog?: string | undefined;
  /** The startup log (backend, generators, functions). */
  startLog: string;
};

/** The block printed last: where the site is, who to sign in as, where the e-mails go. */
export function readyBlock(info: ReadyInfo): string[] {
  const lines = [`The directory is running: ${info.site}`];
  if (info.listening) lines.push(`(listening on ${info.listening})`);
  if (info.accounts && info.accounts.length > 0) {
    const role = Math.max(...info.accounts.map((a) => a.role.length));
    const email = Math.max(...info.accounts.map((a) => a.email.length));
    lines.push('', 'Demo accounts (e-mail, password):');
    for (const a of info.accounts)
      lines.push(`  ${a.role.padEnd(role)}  ${a.email.padEnd(email)}  ${a.password}`);
  }
  if (info.outbox) lines.push('', `E-mails the site sends: ${info.outbox}`);
  lines.push('', `Logs: ${info.buildLog ? `${info.buildLog}, ` : ''}${info.startLog}`, 'Stop with Ctrl-C.');
  return frame(lines);
}
