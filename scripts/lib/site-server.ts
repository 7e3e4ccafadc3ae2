/**
 * `npm start`'s HTTP server: each request goes to `answer` (static files, functions, the build
 * hook; scripts/start.ts) and its Response is written back. Connection timeouts are the local
 * servers' (SERVER_TIMEOUTS: keep-alive 65 s, so keep-alive clients never reuse a socket the
 * server is closing).
 */
import type http from 'node:http';
import { createLocalServer } from '../../supabase/local/http.ts';
import { sendResponse } from './functions.ts';

export function createSiteServer(answer: (req: http.IncomingMessage) => Promise<Response>): http.Server {
  return createLocalServer((req, res) => {
    void (async () => {
      try {
        // A refused body may still be arriving: don't read it, close the connection after answering.
        await sendResponse(req, res, await answer(req));
      } catch (error) {
        // Logged for the operator; the client never sees internals (paths, stack traces).
        console.error('[server]', error);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.statusCode = 500;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('Internal Server Error\n');
      }
    })();
  });
}
