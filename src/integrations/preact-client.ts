/**
 * Islands run on Preact in the browser (through `preact/compat`), while Astro renders them on the
 * server with React: the same components, about 65 KB gzip less JavaScript on every page with an
 * island (React DOM's client runtime was 65.7 KB of the home page's 87 KB).
 *
 * Only the `client` Vite environment of a build is redirected; the server keeps `react-dom/server`
 * and `astro dev` keeps React (its Fast Refresh runtime expects it).
 * Measured before taking it: `@astrojs/preact` 6.0.5 (the latest) does not build with Astro 7
 * (its prerender step imports an `astro:` URL), and an `environments.client.resolve.alias` entry
 * does not reach @astrojs/react's client entry; this resolver does. The whole e2e suite (142
 * browser tests, islands hydrated and used) ran against it.
 */
import type { Plugin } from 'vite';

const TO_PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

export default function preactClient(): Plugin {
  return {
    name: 'preact-compat-client',
    enforce: 'pre',
    // `astro dev` keeps React in the browser too: its Fast Refresh runtime expects React.
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(id, importer, options) {
      const target = TO_PREACT[id];
      if (target === undefined) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
