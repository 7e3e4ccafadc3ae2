import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';
/**
 * The browser build of supabase-js works unchanged against the local auth server: a page on its own
 * localhost origin signs in cross-origin (CORS, preflights, exposed API version header) and keeps
 * the session in localStorage. A second auth server on the same database allows the page's origin.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startAuthServer, type AuthServer } from '../../supabase/local/auth/server.ts';
import { close, listen } from '../../supabase/local/http.ts';
import { anonKey } from './helpers.ts';

let site: Server;
let auth: AuthServer;
let browser: Browser;
let dir: string;
let origin: string;

beforeAll(async () => {
  const umd = await readFile(join(process.cwd(), 'node_modules/@supabase/supabase-js/dist/umd/supabase.js'));
  site = createServer((req, res) => {
    if (req.url === '/supabase.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(umd);
    } else {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="en"><title>t</title><script src="/supabase.js"></script>');
    }
  });
  const port = await listen(site, 0, '127.0.0.1');
  origin = `http://localhost:${port}`;
  dir = await mkdtemp(join(tmpdir(), 'ocd-auth-browser-'));
  auth = await startAuthServer({
    databaseUrl: inject('databaseUrl'),
    dataDir: dir,
    port: 0,
    anonKey,
    siteUrl: inject('siteUrl'),
    siteTitle: 'Test',
    extraOrigins: [origin],
    mailFrom: 'Test <no-reply@example.org>',
    sendMail: () => Promise.resolve(),
  });
  browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
  await browser.close();
  await auth.stop();
  await close(site);
  await rm(dir, { recursive: true, force: true });
});

it('signs the demo provider in from a page on another origin and stores the session in localStorage', async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  const result = await page.evaluate(
    async ({ url, key }) => {
      type Lib = {
        createClient: (
          u: string,
          k: string,
        ) => {
          auth: {
            signInWithPassword: (c: object) => Promise<{
              data: { session: { user: { email: string } } | null };
              error: { message: string } | null;
            }>;
            getUser: () => Promise<{ data: { user: { email: string } | null } }>;
          };
        };
      };
      const lib = (window as unknown as { supabase: Lib }).supabase;
      const client = lib.createClient(url, key);
      const wrong = await client.auth.signInWithPassword({
        email: 'provider@example.org',
        password: 'wrong-password',
      });
      const { data, error } = await client.auth.signInWithPassword({
        email: 'provider@example.org',
        password: 'provider-demo-1',
      });
      const user = await client.auth.getUser();
      return {
        wrongCode: (wrong.error as unknown as { code?: string } | null)?.code ?? null,
        error: error?.message ?? null,
        email: data.session?.user.email ?? null,
        fetchedEmail: user.data.user?.email ?? null,
        stored: window.localStorage.getItem('sb-127-auth-token'),
      };
    },
    { url: auth.url, key: anonKey },
  );
  // The code is only readable when the API version header is exposed cross-origin.
  expect(result.wrongCode).toBe('invalid_credentials');
  expect(result.error).toBeNull();
  expect(result.email).toBe('provider@example.org');
  expect(result.fetchedEmail).toBe('provider@example.org');
  const stored = JSON.parse(result.stored ?? 'null') as {
    access_token?: string;
    user?: { email?: string };
  } | null;
  expect(stored?.user?.email).toBe('provider@example.org');
  expect(stored?.access_token).toBeTruthy();
});
