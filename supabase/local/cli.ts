/**
 * `npm run backend`: the local backend in the foreground until Ctrl-C.
 * `npm run db:reset` (`--reset --exit`): wipe the database and the outbox, re-seed, exit.
 * Options: --data-dir <dir>, --site-url <url>, --relaxed (test-suite rate limits).
 */
import { parseArgs } from 'node:util';
import { startLocalBackend } from './index.ts';

const USAGE = `Usage: node supabase/local/cli.ts [--reset] [--exit] [--data-dir <dir>] [--site-url <url>] [--relaxed]`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      exit: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'site-url': { type: 'string' },
      relaxed: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  console.error(USAGE);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

let backend;
try {
  backend = await startLocalBackend({
    ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    ...(values['site-url'] === undefined ? {} : { siteUrl: values['site-url'] }),
    reset: values.reset,
    rateLimits: values.relaxed ? 'relaxed' : 'default',
    log: (line) => {
      // Postgres' own chatter is only interesting when something fails; the runner reports failures itself.
      if (!line.startsWith('[postgres] ') || /error|fatal|applied|creating|stale|orphan/i.test(line))
        console.log(line);
    },
  });
} catch (err) {
  console.error(`The local backend did not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const running = backend;
let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the local backend…');
  await running.stop();
  process.exit(0);
}

if (values.exit) {
  await shutdown();
} else {
  console.log('Press Ctrl-C to stop.');
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
