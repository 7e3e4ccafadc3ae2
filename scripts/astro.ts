/**
 * The Astro CLI with its telemetry switched off: `node scripts/astro.ts <command> [...flags]`.
 *
 * Astro sends anonymous usage events to telemetry.astro.build from every command (and prints a
 * notice on a machine's first run) unless `ASTRO_TELEMETRY_DISABLED` is set. The product makes no
 * third-party request, so every package.json script that runs Astro goes through this file, and
 * the scripts that spawn Astro themselves (start, dev, bench) set the same variable. It works on
 * a fresh machine (no global `astro telemetry disable` needed) and on every platform (no
 * `VAR=1 cmd` shell syntax). tests/unit/scripts/telemetry.test.ts keeps it that way.
 *
 * Runs Astro's own bin in this process, so arguments, exit codes and signals are Astro's.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

const astroRoot = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
await import(pathToFileURL(join(astroRoot, 'bin', 'astro.mjs')).href);
