/**
 * `npm run dev`: the functions under /api, served in-process by Vite, ahead of the Netlify dev
 * middleware (which starts a worker thread and imports the function afresh for every request,
 * about 1.8 s a call here). Vite's `ssrLoadModule` keeps each function module and reloads it when
 * a file changes, so edits still apply without a restart. Routing, the request guard and the
 * body limits are those of `npm start` (scripts/lib/functions.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { callFunction, loadFunctions, refusal, route, BodyError } from '../../scripts/lib/functions.ts';
import { guardRequest } from '../../scripts/lib/request-guard.ts';

export default function devFunctions(): AstroIntegration {
  return {
    name: 'dev-functions',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        if (command !== 'dev') return;
        const dir = join(fileURLToPath(config.root), 'netlify', 'functions');
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'dev-functions-in-process',
                enforce: 'pre',
                configureServer(server) {
                  server.middlewares.use((req, res, next) => {
                    const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
                    if (!rawPath.startsWith('/api/')) {
                      next();
                      return;
                    }
                    void (async () => {
                      const origin = `http://localhost:${String(req.socket.localPort ?? 4321)}`;
                      const guard = guardRequest(req.method ?? '', req.url ?? '/');
                      let response: Response;
                      if (!guard.ok) response = refusal(rawPath, guard.status, guard.message);
                      else {
                        const functions = await loadFunctions(dir, (file) => server.ssrLoadModule(file));
                        const match = route(functions, rawPath, req.method ?? 'GET');
                        if (!match) {
                          next();
                          return;
                        }
                        response = await callFunction(req, match, origin).catch((error: unknown) => {
                          if (error instanceof BodyError)
                            return refusal(rawPath, error.status, error.message);
                          throw error;
                        });
                      }
                      res.statusCode = response.status;
                      response.headers.forEach((value, key) => {
                        res.setHeader(key, value);
                      });
                      res.end(Buffer.from(await response.arrayBuffer()));
                    })().catch((error: unknown) => {
                      console.error('[dev-functions]', error);
                      if (!res.headersSent) res.statusCode = 500;
                      res.end();
                    });
                  });
                },
              },
            ],
          },
        });
      },
    },
  };
}
