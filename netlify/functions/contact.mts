/**
 * POST /api/contact — a message from the contact page.
 *
 * Body `{ name, email, phone?, subject, message }` (JSON). The message is stored in
 * `contact_messages` (as `anon`: RLS allows the insert and no read back) and then e-mailed to
 * the site inbox (`SITE_INBOX_EMAIL`) with the `contact` template. 201 `{ ok: true }`.
 * If the e-mail fails after the row is stored, the answer is still 201 and the failure is
 * logged: the message is safe in the database and a retry would only store it twice.
 *
 * The contact page's form also posts here without JavaScript
 * (`application/x-www-form-urlencoded`): success is a 303 to `/contact#message-sent`, bad input a
 * 400 HTML page listing what to correct.
 */
import type { Config, Context } from '@netlify/functions';
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
} from './_shared/http.ts';
import { MailError, sendMail } from './_shared/mailer.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('contact', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  limiter.check(req, context);
  const form = isFormPost(req);
  const parsed = contactMessageSchema.safeParse(await readJson(req, { allowForm: true }));
  if (!parsed.success) {
    if (!form) throw badRequestFromZod(parsed.error);
    return htmlPage(400, {
      title: 'Please check the form',
      message: 'Your message was not sent yet. Please correct the following and send it again:',
      items: [...new Set(parsed.error.issues.map((issue) => issue.message))],
      back: '/contact',
    });
  }
  const m = parsed.data;

  await withClaims(
    null,
    (tx) => tx`
      insert into contact_messages (name, email, phone, subject, message)
      values (${m.name}, ${m.email}, ${m.phone ?? null}, ${m.subject}, ${m.message})`,
  );
  try {
    await sendMail('contact', m);
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    console.error('[api] contact: stored, but the e-mail to the site inbox failed:', error.message);
  }
  return form ? redirect('/contact#message-sent') : json({ ok: true }, 201);
});

export const config: Config = {
  path: '/api/contact',
  // A person sends one message; a few retries are fine, a script is not.
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('contact', config.rateLimit);
