/**
 * POST /api/engagement — record a batch of program engagement events (view, website_click,
 * call_click, info_request) from anyone.
 *
 * Body `{ events: [{ program_id, event_type }, …] }`, 1 to 50 events, as `application/json` or
 * as the `text/plain;charset=UTF-8` body that `navigator.sendBeacon` sends. All events are
 * checked first and inserted in one statement, so a batch is stored whole or not at all.
 * 202 `{ accepted: n }`. 400 names each failing event (`events.3.program_id`). More than 50
 * events is a 400 too: the count is a rule of the body, not its byte size (413 is for bodies
 * over 64 KB). A bearer token is optional; a bad one is a 401.
 */
import type { Config, Context } from '@netlify/functions';
import { engagementBatchSchema, MESSAGES } from '../../src/lib/schemas.ts';
import { optionalUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { allowMethods, badRequest, badRequestFromZod, handle, json, readJson } from './_shared/http.ts';
import { unknownPrograms } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('engagement', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const parsed = engagementBatchSchema.safeParse(await readJson(req, { allowTextPlain: true }));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const { events } = parsed.data;

  const unknownIds = await unknownPrograms(events.map((event) => event.program_id));
  const unknown: Record<string, string> = {};
  events.forEach((event, i) => {
    if (unknownIds.has(event.program_id)) unknown[`events.${i}.program_id`] = MESSAGES.unknownProgram;
  });
  if (Object.keys(unknown).length > 0) throw badRequest(MESSAGES.unknownProgram, unknown);

  const claims = await optionalUser(req);
  await withClaims(
    claims,
    (tx) => tx`insert into program_engagement ${tx(events, 'program_id', 'event_type')}`,
  );
  return json({ accepted: events.length }, 202);
});

export const config: Config = {
  path: '/api/engagement',
  // A page flushes every 2 s at most; 120 requests a minute is generous for one visitor.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('engagement', config.rateLimit);
