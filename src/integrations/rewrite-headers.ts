/**
 * After the Netlify adapter has written each page's headers (`.netlify/v1/config.json`), repeat
 * them for the addresses netlify.toml rewrites to that page (see `withRewriteHeaders`). The
 * adapter is always the first integration, so its `astro:build:done` has run by then.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  FRAMEWORK_CONFIG,
  parseHeaderRules,
  rewritesOf,
  withRewriteHeaders,
} from '../../scripts/lib/static-headers.ts';

export default function rewriteHeaders(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'rewrite-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ logger }) => {
        const file = join(root, FRAMEWORK_CONFIG);
        const toml = join(root, 'netlify.toml');
        if (!existsSync(file) || !existsSync(toml)) return;
        const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        const rules = parseHeaderRules(JSON.stringify(config));
        const headers = withRewriteHeaders(rules, rewritesOf(readFileSync(toml, 'utf8')));
        writeFileSync(file, JSON.stringify({ ...config, headers }));
        logger.info(
          `Page headers repeated for ${String(headers.length - rules.length)} rewritten address pattern(s)`,
        );
      },
    },
  };
}
