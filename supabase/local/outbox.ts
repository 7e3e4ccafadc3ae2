/**
 * The local mail outbox: every message the product sends when no Resend/SMTP is configured.
 *
 * Messages are JSON files in `<dataDir>/outbox/` (one per message, so a crash never corrupts the
 * rest and they survive restarts). Served on 127.0.0.1 only:
 *   GET    /                   HTML list, newest first (`?to=` filters)
 *   GET    /messages/:id       HTML view of one message
 *   GET    /api/messages       JSON list, newest first (`?to=address`, case-insensitive)
 *   GET    /api/messages/:id   JSON message
 *   POST   /api/messages       deliver `{to, from, subject, text, html}` → 201 `{id}`
 *   DELETE /api/messages       clear (tests)
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isEmail } from '../../src/lib/text-rules.ts';
import { BodyError, close, createLocalServer, listen, readJsonObject, sendJson } from './http.ts';

export type OutboxMessage = {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

export type NewMessage = Omit<OutboxMessage, 'id' | 'created_at' | 'to'> & { to: string | string[] };

export type Outbox = {
  url: string;
  port: number;
  add: (message: NewMessage) => Promise<OutboxMessage>;
  list: (to?: string) => OutboxMessage[];
  stop: () => Promise<void>;
};

/** Field errors for a delivery request; empty when the message is acceptable. */
export function validateMessage(body: Record<string, unknown>): {
  message?: NewMessage;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const toRaw = body['to'];
  const to = typeof toRaw === 'string' ? [toRaw] : Array.isArray(toRaw) ? toRaw : null;
  if (to === null || to.length === 0)
    errors['to'] = 'to must be an e-mail address or a non-empty list of them.';
  else if (to.length > 50) errors['to'] = 'to may list at most 50 addresses.';
  // The product's one e-mail rule (src/lib/text-rules.ts), as the mailer and the API apply it:
  // a plain address, exactly as given (no trimming), so the outbox accepts what they accept.
  else if (!to.every((a): a is string => typeof a === 'string' && isEmail(a)))
    errors['to'] = 'Every address in to must be a plain e-mail address (name@example.org).';
  const from = body['from'];
  if (typeof from !== 'string' || !isEmail(addressOf(from))) {
    errors['from'] = 'from must be an e-mail address, optionally as "Name <address>".';
  }
  const subject = body['subject'];
  if (typeof subject !== 'string' || subject.trim() === '') errors['subject'] = 'subject is required.';
  else if (subject.length > 998) errors['subject'] = 'subject must be at most 998 characters.';
  const text = body['text'] ?? '';
  const html = body['html'] ?? '';
  if (typeof text !== 'string') errors['text'] = 'text must be a string.';
  if (typeof html !== 'string') errors['html'] = 'html must be a string.';
  if (typeof text === 'string' && typeof html === 'string' && text.trim() === '' && html.trim() === '') {
    errors['text'] = 'A message needs a text or an html body.';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    message: {
      to: to as string[],
      from: from as string,
      subject: (subject as string).trim(),
      text: text as string,
      html: html as string,
    },
  };
}

function addressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match?.[1] ?? from).trim();
}

/** Sortable ids: time first so directory order is creation order, random tail for uniqueness. */
function newId(): string {
  return `${Date.now().toString(36).padStart(10, '0')}${randomBytes(6).toString('hex')}`;
}

const ID_PATTERN = /^[0-9a-z]{10}[0-9a-f]{12}$/;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escapes text and turns http(s) URLs into links (the escaping happens first, so nothing leaks). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111;background:#fff}
a{color:#0645ad}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:1rem}iframe{width:100%;min-height:24rem;border:1px solid #999}
.meta dt{font-weight:600}.meta dd{margin:0 0 .5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function listPage(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<tr><td><time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))}</time></td>
<td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('\n');
  const heading = to === undefined ? 'Local mail outbox' : `Local mail outbox: messages to ${to}`;
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p>Every e-mail the product sent while no mail service is configured. Newest first. JSON: <a href="/api/messages">/api/messages</a>.</p>
<form method="get" action="/"><label for="to">Show messages to</label> <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"> <button type="submit">Filter</button>${to === undefined ? '' : ' <a href="/">Show all</a>'}</form>
${
  messages.length === 0
    ? '<p>No messages yet.</p>'
    : `<table><caption>${messages.length} message${messages.length === 1 ? '' : 's'}</caption><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
  );
}

function messagePage(m: OutboxMessage): string {
  // The HTML body is shown in a sandboxed iframe (no scripts, no same-origin); links open a new tab.
  const srcdoc = `<base target="_blank">${m.html}`;
  return page(
    m.subject,
    `<p><a href="/">Back to all messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<dl class="meta"><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd><dt>Sent (UTC)</dt><dd>${escapeHtml(m.created_at)}</dd></dl>
<h2>Text</h2><pre>${linkify(m.text)}</pre>
${m.html === '' ? '' : `<h2>HTML</h2><iframe title="HTML version of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(srcdoc)}"></iframe>`}`,
  );
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-src 'self'; form-action 'self'",
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

/**
 * Why a request that changes the outbox (POST, DELETE) is refused, or null. Its callers are
 * programs on this machine (the mailer, the tests), which send JSON and no `Origin`. A web page
 * the developer opens could otherwise post a `text/plain` "sign-in link" into the outbox (a simple
 * request needs no CORS preflight) or empty it: a browser names the page's origin in `Origin` and
 * `Sec-Fetch-Site`, and cannot send `application/json` to another origin without a preflight,
 * which the outbox never approves.
 */
export function crossSiteRefusal(req: IncomingMessage, ownOrigins: ReadonlySet<string>): string | null {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (
    (origin !== undefined && !ownOrigins.has(origin)) ||
    (site !== undefined && site !== 'same-origin' && site !== 'none')
  ) {
    return 'The outbox does not accept requests from web pages of other origins.';
  }
  if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return 'Deliver a message as JSON (content-type: application/json).';
  }
  return null;
}

/** Loads every stored message; unreadable files are skipped with a log line rather than failing start. */
async function load(dir: string, log: (line: string) => void): Promise<Map<string, OutboxMessage>> {
  await mkdir(dir, { recursive: true });
  const messages = new Map<string, OutboxMessage>();
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    try {
      const m = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage;
      messages.set(m.id, m);
    } catch {
      log(`outbox: skipped unreadable message file ${name}`);
    }
  }
  return messages;
}

export async function startOutbox(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<Outbox> {
  const log = opts.log ?? (() => undefined);
  const dir = join(opts.dataDir, 'outbox');
  const messages = await load(dir, log);

  const list = (to?: string): OutboxMessage[] => {
    const wanted = to?.trim().toLowerCase();
    return [...messages.values()]
      .filter((m) => wanted === undefined || wanted === '' || m.to.some((a) => a.toLowerCase() === wanted))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  };

  const add = async (input: NewMessage): Promise<OutboxMessage> => {
    const message: OutboxMessage = {
      id: newId(),
      to: typeof input.to === 'string' ? [input.to] : input.to,
      from: input.from,
      subject: input.subject,
      text: input.text,
      html: input.html,
      created_at: new Date().toISOString(),
    };
    // Write then rename so a reader never sees half a file.
    const file = join(dir, `${message.id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
    await rename(`${file}.tmp`, file);
    messages.set(message.id, message);
    log(`outbox: "${message.subject}" to ${message.to.join(', ')}`);
    return message;
  };

  const clear = async (): Promise<void> => {
    messages.clear();
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  };

  let origins: ReadonlySet<string> = new Set();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const to = url.searchParams.get('to') ?? undefined;
    const idMatch = /^\/(?:api\/)?messages\/([^/]+)$/.exec(path);
    let id: string | undefined;
    try {
      id = idMatch === null ? undefined : decodeURIComponent(idMatch[1] ?? '');
    } catch {
      // `%E0%A4%A` and the like: not an id this outbox made.
      sendJson(res, 400, { error: 'The path has malformed percent-encoding.' });
      return;
    }
    const refused = method === 'GET' || method === 'HEAD' ? null : crossSiteRefusal(req, origins);
    if (refused !== null) {
      sendJson(res, 403, { error: refused });
      return;
    }

    if (path === '/api/messages') {
      if (method === 'GET') {
        sendJson(res, 200, list(to));
        return;
      }
      if (method === 'DELETE') {
        await clear();
        sendJson(res, 200, { deleted: true });
        return;
      }
      if (method === 'POST') {
        const { message, errors } = validateMessage(await readJsonObject(req));
        if (message === undefined) {
          sendJson(res, 400, { error: 'Invalid message.', fields: errors });
          return;
        }
        const stored = await add(message);
        sendJson(res, 201, { id: stored.id });
        return;
      }
      sendJson(res, 405, { error: 'Method not allowed.' }, { allow: 'GET, POST, DELETE' });
      return;
    }
    if (idMatch !== null && path.startsWith('/api/')) {
      if (method !== 'GET') {
        sendJson(res, 405, { error: 'Method not allowed.' }, { allow: 'GET' });
        return;
      }
      const m = id !== undefined && ID_PATTERN.test(id) ? messages.get(id) : undefined;
      if (m === undefined) sendJson(res, 404, { error: 'No message with this id.' });
      else sendJson(res, 200, m);
      return;
    }
    if (method !== 'GET') {
      sendJson(res, 405, { error: 'Method not allowed.' }, { allow: 'GET' });
      return;
    }
    if (path === '/') {
      sendHtml(res, 200, listPage(list(to), to));
      return;
    }
    if (id !== undefined) {
      const m = ID_PATTERN.test(id) ? messages.get(id) : undefined;
      if (m !== undefined) {
        sendHtml(res, 200, messagePage(m));
        return;
      }
      sendHtml(
        res,
        404,
        page('Message not found', '<h1>Message not found</h1><p><a href="/">Back to all messages</a></p>'),
      );
      return;
    }
    sendHtml(res, 404, page('Not found', '<h1>Not found</h1><p><a href="/">Open the outbox</a></p>'));
  };

  const server = createLocalServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof BodyError) {
        sendJson(res, err.status, { error: err.message });
        return;
      }
      log(`outbox: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'The outbox failed to handle this request.' });
    });
  });
  // Bound to loopback only: the outbox holds sign-in links and must not be reachable from the network.
  const port = await listen(server, opts.port, '127.0.0.1');
  origins = new Set([`http://127.0.0.1:${String(port)}`, `http://localhost:${String(port)}`]);
  return { url: `http://127.0.0.1:${port}`, port, add, list, stop: () => close(server) };
}
