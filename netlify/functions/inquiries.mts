/**
 * POST /api/inquiries — an information or call request from a family to one program.
 *
 * Body `{ program_id, type: 'info' | 'call', name, email, phone?, message?, best_time_to_call? }`
 * (JSON, `inquirySchema`; a call request needs a phone and may say the best time to call, which
 * only the program reads: its e-mail and dashboard). The request is stored in `provider_inquiries`
 * as the sender (`withClaims`: anon for visitors; a signed-in family's token links it to their
 * account through the `sender_id` trigger), addressed to the program's provider when the
 * program was published from a listing (database trigger). In the same transaction, two
 * templated e-mails are queued in the `notifications` outbox (`queueMessages`):
 *
 * - `inquiry` to the provider's inquiry address (`providers.inquiry_email`, else its profile
 *   e-mail) when the program was published from a provider's approved listing; otherwise to the
 *   program's admissions address from the server-side program index (never from the client),
 *   or to the site inbox when the program has none. The provider's address is read with
 *   `private.inquiry_contact()` through `withService`: visitors cannot read providers, and
 *   nothing about the provider reaches the response;
 * - `inquiryConfirmation` to the family, with the private status link `/request/<token>` and
 *   the program's admissions phone, the one its profile shows (src/lib/admissions-phone.ts).
 *   The token (32 random bytes) is in that e-mail, and in the outbox row only until it is sent;
 *   the request keeps its SHA-256.
 *
 * After the commit the handler sends both (`sendMessages`). A failed e-mail changes nothing in
 * the answer: the notifications drain retries it with backoff, and after the last try alerts the
 * site inbox, which forwards the request (the status page says so).
 *
 * 201 `{ id, routed: 'program' | 'site_team' }`. Refusals store nothing: bad input 400 (the
 * form's messages, `MESSAGES` in src/lib/schemas.ts), unknown program 400, honeypot filled 400, body over 32 KB 413, not JSON
 * 415, too many requests from one IP (10/min) or for one e-mail address (5/hour) 429.
 */
import type { Config, Context } from '@netlify/functions';
import type { InquiryResponse } from '../../src/api/contracts/inquiries.ts';
import { randomUUID } from 'node:crypto';
import { confirmationPhone } from '../../src/lib/admissions-phone.ts';
import { inquirySchema, MESSAGES } from '../../src/lib/schemas.ts';
import { optionalUser } from './_shared/auth.ts';
import { withClaims, withService } from './_shared/db.ts';
import { env } from './_shared/env.ts';
import {
  allowMethods,
  badRequest,
  badRequestFromZod,
  handle,
  HttpError,
  json,
  readJson,
} from './_shared/http.ts';
import { queueMessages, sendMessages, type NewMessage } from './_shared/message-outbox.ts';
import { findListedProgram, isFormerProgram } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { newStatusToken } from './_shared/status-token.ts';

/** Largest body accepted: a full request (5,000-character message of 4-byte characters) is ~21 KB. */
export const MAX_BODY_BYTES = 32 * 1024;

/** Requests for one e-mail address per hour, whatever the IP. */
export const PER_EMAIL = { windowLimit: 5, windowSize: 3600 } as const;

export default handle('inquiries', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const parsed = inquirySchema.safeParse(await readJson(req, { maxBytes: MAX_BODY_BYTES }));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const inquiry = parsed.data;
  const program = await findListedProgram(inquiry.program_id);
  if (!program && (await isFormerProgram(inquiry.program_id)))
    throw new HttpError(404, 'not_found', MESSAGES.programNoLongerListed, {
      fields: { program_id: MESSAGES.programNoLongerListed },
    });
  if (!program) throw badRequest(MESSAGES.unknownProgram, { program_id: MESSAGES.unknownProgram });
  // A token sent but invalid is a 401 (the client's session is broken); none is a visitor.
  const claims = await optionalUser(req);
  try {
    await limiter.checkKey('email', inquiry.email, PER_EMAIL);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      throw new HttpError(
        429,
        'rate_limited',
        'You have sent several requests from this email address in the last hour. Please wait before sending another, or call the program.',
        { headers: error.headers },
      );
    }
    throw error;
  }

  const id = randomUUID();
  const { token, hash } = newStatusToken();
  // The provider that publishes this program, if any (read by the server, never shown).
  const [contact] = await withService(
    (tx) => tx<{ email: string }[]>`
      select email from private.inquiry_contact(${program.id})`,
  );
  const to = contact?.email ?? program.email;
  const routed = to ? 'program' : 'site_team';
  const messages: NewMessage[] = [
    {
      kind: 'inquiry',
      subjectId: id,
      recipient: routed,
      payload: {
        to: to ?? env().SITE_INBOX_EMAIL,
        noAdmissionsAddress: !to,
        programName: program.name,
        type: inquiry.type,
        name: inquiry.name,
        email: inquiry.email,
        phone: inquiry.phone,
        message: inquiry.message,
        bestTimeToCall: inquiry.best_time_to_call,
      },
    },
    {
      kind: 'inquiry_confirmation',
      subjectId: id,
      recipient: 'family',
      payload: {
        to: inquiry.email,
        name: inquiry.name,
        programName: program.name,
        type: inquiry.type,
        statusUrl: `${env().SITE_URL}/request/${token}`,
        forwardedToSiteTeam: !to,
        // The number the profile shows, never a provider setting (src/lib/admissions-phone.ts).
        programPhone: confirmationPhone(program),
      },
    },
  ];

  // One transaction: the request (as the sender; no RETURNING, a visitor may insert but not read
  // inquiries back) and its two e-mails in the outbox. Both are stored, or neither.
  const queued = await withClaims(claims, async (tx) => {
    await tx`
      insert into provider_inquiries
        (id, program_id, type, name, email, phone, message, program_name, status_token_hash,
         best_time_to_call)
      values (${id}, ${program.id}, ${inquiry.type}, ${inquiry.name}, ${inquiry.email},
              ${inquiry.phone ?? null}, ${inquiry.message ?? ''}, ${program.name}, ${hash},
              ${inquiry.best_time_to_call ?? null})`;
    return queueMessages(tx, messages);
  });

  // Send them now. Best effort: a failure is retried by the drain, and the answer is the same.
  try {
    await sendMessages({ ids: queued });
  } catch (error) {
    console.error(`[api] inquiries: stored ${id}; its e-mails stay queued:`, error);
  }
  return json({ id, routed } satisfies InquiryResponse, 201);
});

export const config: Config = {
  path: '/api/inquiries',
  // A family sends one or two requests; a few retries are fine, a script is not.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('inquiries', config.rateLimit);
