// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import clientInteraction from './src/directives/index.ts';

const SITE = process.env.SITE_URL ?? process.env.URL ?? 'https://ocd-directory.example.org';

export default defineConfig({
  site: SITE,
  trailingSlash: 'never',
  build: { format: 'file' },
  // No edge functions here; their dev runtime would try to download Deno.
  adapter: netlify({ devFeatures: { edgeFunctions: false, images: true, environmentVariables: false } }),
  integrations: [
    react(),
    clientInteraction(),
    sitemap({
      // Pages that must never be indexed: the test program, signed-in areas, the testing suite.
      filter: (page) =>
        !/\/(test-[a-z0-9]+|provider-dashboard|comprehensive-testing|testing|admin|favorites|enhanced-dashboard|auth|registration-success|404|program-not-found|article-not-found)(\/|$)/.test(
          new URL(page).pathname,
        ),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
