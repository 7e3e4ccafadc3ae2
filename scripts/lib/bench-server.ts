/**
 * The bench's static server: `dist/` on a random loopback port (so it needs no lock), with
 * `/api/*` answered `404 {}` (pages that ask the API for a session or data then show their
 * signed-out or empty state instead of failing; the engagement beacon gets its real `202`) and extra in-memory routes (the search page).
 * Text is sent gzip-compressed, as Netlify's CDN sends it, so transferred bytes are real.
 */
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Whether a content type is compressed on the wire (images and fonts are compressed already). */
export function compressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|javascript)|image\/svg)/.test(type);
}

export interface BenchServer {
  origin: string;
  close: () => Promise<void>;
}

export async function startStaticServer(
  root: string,
  extra: Record<string, { type: string; body: string | Buffer }> = {},
): Promise<BenchServer> {
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = (status: number, type: string, body: string | Buffer): void => {
      res.statusCode = status;
      res.setHeader('content-type', type);
      res.setHeader('cache-control', 'no-store');
      const gzip = compressible(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (gzip) res.setHeader('content-encoding', 'gzip');
      res.end(gzip ? gzipSync(body) : body);
    };
    const route = extra[path];
    if (route) {
      send(200, route.type, route.body);
      return;
    }
    if (path === '/api/engagement' && req.method === 'POST') {
      // The profile's view beacon: accepted as the real endpoint accepts it (a 404 here would be
      // a console error that Lighthouse holds against the page).
      req.resume();
      send(202, 'application/json', '{"accepted":0}');
      return;
    }
    if (path.startsWith('/api/')) {
      send(404, 'application/json', '{}');
      return;
    }
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
    const candidates = [join(root, safe), join(root, `${safe}.html`), join(root, safe, 'index.html')];
    const file = candidates.find((c) => {
      try {
        return statSync(c).isFile();
      } catch {
        return false;
      }
    });
    if (!file) {
      send(404, 'text/html; charset=utf-8', readOr(join(root, '404.html'), 'Not found'));
      return;
    }
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function readOr(path: string, fallback: string): Buffer | string {
  try {
    return readFileSync(path);
  } catch {
    return fallback;
  }
}
