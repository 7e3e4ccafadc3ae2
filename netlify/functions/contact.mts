/**
 * POST /api/contact — a message from the contact page.
 *
 * Body `{ name, email, phone?, subject, message }` (JSON). The message is stored in
 * `contact_messages` (as `anon`: RLS allows the insert and no read back; with the sender's
 * account when a valid token comes with it: `sender_id`) and, in the same
 * transaction, its e-mail to the site inbox (`SITE_INBOX_EMAIL`, `contact` template) is queued
 * in the `notifications` outbox; the handler sends it right after the commit. 201 `{ ok: true }`
 * whether or not that e-mail goes out at once: a failed one is retried by the notifications
 * drain with backoff (see `_shared/message-outbox.ts`), and a retry by the person would only
 * store the message twice.
 *
 * The contact page's form also posts here without JavaScript
 * (`application/x-www-form-urlencoded`): success is a 303 to `/contact#message-sent`; every
 * failure (bad input 400, 405, 413, 415, 429, 5xx) is an HTML page with the same status, since
 * a browser shows a form post's answer as is and JSON would be a dead end for the person.
 * Text fields refuse control characters and broken Unicode (400 naming the field), and a field
 * made only of invisible characters counts as not filled in (see `src/lib/schemas.ts`).
 */
import type { Config, Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { contactMessageSchema } from '../../src/lib/schemas.ts';
import { withClaims } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  handle,
  htmlPage,
  isFormPost,
  json,
  readJson,
  redirect,
  type ErrorBody,
} from './_shared/http.ts';
import { queueMessages, sendMessages } from './_shared/message-outbox.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { senderOf } from './_shared/reporter.ts';

const api = handle('contact', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const parsed = contactMessageSchema.safeParse(await readJson(req, { allowForm: true }));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const m = parsed.data;
  // Per sender address too: the edge limits each IP, but not one address used from many IPs.
  await limiter.checkKey('email', m.email, PER_EMAIL);

  // One transaction: the message (as anon; no RETURNING, so the id is made here) and its e-mail
  // to the site inbox in the outbox. Both are stored, or neither.
  const id = randomUUID();
  // A signed-in sender is recorded (`sender_id`), so the account's export and deletion include the
  // message; a missing or stale token makes the sender a visitor, never a refusal.
  const sender = await senderOf(req);
  const queued = await withClaims(null, async (tx) => {
    await tx`
      insert into contact_messages (id, name, email, phone, subject, message, sender_id)
      values (${id}, ${m.name}, ${m.email}, ${m.phone ?? null}, ${m.subject}, ${m.message}, ${sender?.sub ?? null})`;
    return queueMessages(tx, [{ kind: 'contact', subjectId: id, recipient: 'site_team', payload: m }]);
  });
  // Send it now. Best effort: a failure is retried by the drain, and the answer is the same.
  try {
    await sendMessages({ ids: queued });
  } catch (error) {
    console.error(`[api] contact: stored ${id}; its e-mail stays queued:`, error);
  }
  return isFormPost(req) ? redirect('/contact#message-sent') : json({ ok: true }, 201);
});

/** What a person sees for each failure of a form post (the JSON error's message is for scripts). */
const FORM_PAGES: Record<number, { title: string; message: string }> = {
  405: { title: 'Please use the contact form', message: 'Messages can only be sent from the contact form.' },
  413: {
    title: 'Your message is too long',
    message: 'The form was larger than we accept. Please shorten your message and send it again.',
  },
  415: {
    title: 'The form could not be read',
    message: 'Please send your message from the contact form on our contact page.',
  },
  429: {
    title: 'Too many messages',
    message: 'Please wait a minute before sending another message. Your message was not sent.',
  },
};
const FORM_PAGE_FALLBACK = {
  title: 'Something went wrong',
  message: 'Your message was not sent. Please try again in a moment.',
};

/**
 * Turns an error answer into the HTML page for a form post, keeping its status and the
 * headers a client acts on (Retry-After, Allow). Works on the response rather than on thrown
 * errors so every failure `handle()` knows about, now or later, gets a page too.
 */
async function asFormPage(res: Response): Promise<Response> {
  let error: Partial<ErrorBody['error']> = {};
  try {
    error = ((await res.json()) as Partial<ErrorBody>).error ?? {};
  } catch {
    // Not our JSON error shape: the generic page below is still right.
  }
  const back = '/contact';
  const page =
    res.status === 400
      ? {
          title: 'Please check the form',
          message: 'Your message was not sent yet. Please correct the following and send it again:',
          items: error.fields ? [...new Set(Object.values(error.fields))] : [error.message ?? ''],
          back,
        }
      : { ...(FORM_PAGES[res.status] ?? FORM_PAGE_FALLBACK), back };
  const html = htmlPage(res.status, page);
  for (const name of ['retry-after', 'allow', 'www-authenticate']) {
    const value = res.headers.get(name);
    if (value) html.headers.set(name, value);
  }
  return html;
}

export default async function contact(req: Request, context: Context): Promise<Response> {
  const res = await api(req, context);
  return res.status >= 400 && isFormPost(req) ? asFormPage(res) : res;
}

export const config: Config = {
  path: '/api/contact',
  // A person sends one message; a few retries are fine, a script is not.
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('contact', config.rateLimit);
/** Messages from one e-mail address per hour, whatever the IP. */
export const PER_EMAIL = { windowLimit: 5, windowSize: 3600 } as const;
