// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import clientInteraction from './src/directives/index.ts';
import rewriteHeaders from './src/integrations/rewrite-headers.ts';
import devFunctions from './src/integrations/dev-functions.ts';
import preactClient from './src/integrations/preact-client.ts';

const SITE = process.env.SITE_URL ?? process.env.URL ?? 'https://ocd-directory.example.org';

/**
 * The auth server the browser talks to (supabase-js calls `<url>/auth/v1/*`), read the way the
 * client bundle reads it (process env, then .env files). Without one, a local build points at the
 * embedded backend; a Netlify build without one gets no extra origin rather than an http:// one,
 * which would let pages connect over plain HTTP from an HTTPS site.
 */
const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
const SUPABASE_ORIGIN = env.PUBLIC_SUPABASE_URL
  ? new URL(env.PUBLIC_SUPABASE_URL).origin
  : process.env.NETLIFY
    ? undefined
    : 'http://127.0.0.1:54321';

/**
 * Content-Security-Policy of every page. Astro adds `script-src`/`style-src` with 'self' and the
 * SHA-256 of each script and style it emits (islands, hoisted scripts, the client:interaction
 * directive), so no 'unsafe-inline' is needed. `default-src 'none'` blocks every other kind of
 * load, and each directive below opens only what the pages use. `frame-ancestors` only works in a
 * header, which is why the adapter's `staticHeaders` sends the policy as one (see docs/security.md).
 */
// `const` keeps each entry's literal type (`default-src …`), which Astro's directive type checks.
const CSP_DIRECTIVES = /** @type {const} */ ([
  "default-src 'none'",
  `connect-src 'self'${SUPABASE_ORIGIN ? ` ${SUPABASE_ORIGIN}` : ''}`,
  // blob: for images the page itself made from authenticated downloads (the dashboard's logo preview).
  "img-src 'self' blob:",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]);

export default defineConfig({
  site: SITE,
  trailingSlash: 'never',
  // `npm start` rebuilds in the background into another folder (scripts/lib/local-rebuild.ts).
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  build: {
    format: 'file',
    // Four pages rendered at a time: with one, the main thread waited for each page's mkdir, open,
    // write and close on the thread pool before starting the next, idle for about a fifth of the
    // prerender at 20,000 programs. Pages do not depend on each other, so the output is the same.
    concurrency: 4,
  },
  // No edge functions here; their dev runtime would try to download Deno.
  adapter: netlify({
    devFeatures: { edgeFunctions: false, images: true, environmentVariables: false },
    // The CSP goes out as a real response header per page (.netlify/v1/config.json) instead of a
    // <meta> tag, which cannot carry frame-ancestors.
    staticHeaders: true,
  }),
  security: { csp: { algorithm: 'SHA-256', directives: [...CSP_DIRECTIVES] } },
  // No code blocks in content/: no highlighter. Shiki's inline styles would need 'unsafe-inline'
  // in the CSP, and Astro warned about it on every build.
  markdown: { syntaxHighlight: false },
  integrations: [
    // No streaming for static pages: each island is rendered to a string once. At 5,000 programs the
    // prerender took 24 s instead of 37 s and peaked 180 MiB lower.
    react({ experimentalDisableStreaming: true }),
    clientInteraction(),
    rewriteHeaders(),
    devFunctions(),
    sitemap({
      // Pages that must never be indexed: the test program, signed-in areas, the testing suite,
      // the private request-status page.
      filter: (page) =>
        !/\/(test-[a-z0-9]+|provider-dashboard|comprehensive-testing|testing|admin|favorites|compare|enhanced-dashboard|auth|registration-success|404|program-not-found|article-not-found|request)(\/|$)/.test(
          new URL(page).pathname,
        ),
    }),
  ],
  vite: {
    // Islands hydrate with Preact in the browser (src/integrations/preact-client.ts).
    plugins: [tailwindcss(), preactClient()],
  },
});
