import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_EVENT_TYPES, TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import engagement, { config } from '../../netlify/functions/engagement.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  ctx,
  freshIp,
  jsonRequest,
  signIn,
  type ApiError,
} from './helpers.ts';

const PROGRAM = 'tidemark-ocd-residential';
const sql = adminSql();

async function count(): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from program_engagement`;
  return row?.n ?? 0;
}

function events(n: number, program = PROGRAM) {
  return Array.from({ length: n }, (_, i) => ({
    program_id: program,
    event_type: ENGAGEMENT_EVENT_TYPES[i % ENGAGEMENT_EVENT_TYPES.length],
  }));
}

function post(payload: unknown, headers: Record<string, string> = {}): Request {
  return jsonRequest('/api/engagement', payload, { headers });
}

let before = 0;
beforeAll(async () => {
  before = await count();
});
afterAll(async () => {
  await sql.end();
  await closeDb();
});

describe('POST /api/engagement stores good batches whole', () => {
  it.each([1, 10, 50])('%i events → 202 and exactly that many rows', async (n) => {
    const start = await count();
    const res = await engagement(post({ events: events(n) }), ctx());
    expect(res.status).toBe(202);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(await body(res)).toEqual({ accepted: n });
    expect(await count()).toBe(start + n);
  });

  it('stores the program id and event type as sent', async () => {
    const res = await engagement(
      post({ events: [{ program_id: TEST_PROGRAM_ID, event_type: 'call_click' }] }),
      ctx(),
    );
    expect(res.status).toBe(202);
    const [row] = await sql<{ program_id: string; event_type: string }[]>`
      select program_id, event_type from program_engagement order by created_at desc limit 1`;
    expect(row).toEqual({ program_id: TEST_PROGRAM_ID, event_type: 'call_click' });
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const start = await count();
    const res = await engagement(
      post({ events: events(3) }, { 'content-type': 'text/plain;charset=UTF-8' }),
      ctx(),
    );
    expect(res.status).toBe(202);
    expect(await count()).toBe(start + 3);
  });

  it('accepts a signed-in user', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const start = await count();
    const res = await engagement(post({ events: events(2) }, { authorization: `Bearer ${token}` }), ctx());
    expect(res.status).toBe(202);
    expect(await count()).toBe(start + 2);
  });
});

describe('POST /api/engagement rejects bad input and stores nothing', () => {
  const withBadAt = (index: number, bad: Record<string, unknown>) => {
    const list: Record<string, unknown>[] = events(50);
    list[index] = { ...list[index], ...bad };
    return { events: list };
  };

  it.each<[string, unknown, string, string]>([
    ['an empty batch', { events: [] }, 'events', 'Send at least one event.'],
    ['51 events', { events: events(51) }, 'events', 'Send at most 50 events per request.'],
    ['no events key', {}, 'events', 'events must be a list of events.'],
    ['an array body', [], '_', 'The body must be a JSON object.'],
    [
      'an unknown event type',
      { events: [{ program_id: PROGRAM, event_type: 'purchase' }] },
      'events.0.event_type',
      'Event type must be one of: view, website_click, call_click, info_request.',
    ],
    [
      'an unknown program',
      { events: [{ program_id: 'no-such-program', event_type: 'view' }] },
      'events.0.program_id',
      'Unknown program.',
    ],
    [
      'a missing program id',
      { events: [{ event_type: 'view' }] },
      'events.0.program_id',
      'Program id is missing.',
    ],
    [
      'an extra field',
      { events: [{ program_id: PROGRAM, event_type: 'view', user: 'x' }] },
      'events.0',
      'Unrecognized key: "user"',
    ],
    [
      'a bad 40th event type',
      withBadAt(39, { event_type: 'nope' }),
      'events.39.event_type',
      'Event type must be one of: view, website_click, call_click, info_request.',
    ],
    ['a bad 40th program', withBadAt(39, { program_id: 'nope' }), 'events.39.program_id', 'Unknown program.'],
  ])('%s → 400 naming %s', async (_label, payload, field, message) => {
    const start = await count();
    const res = await engagement(post(payload), ctx());
    expect(res.status).toBe(400);
    const data = await body<ApiError>(res);
    expect(data.error.code).toBe('invalid_input');
    expect(data.error.fields?.[field]).toBe(message);
    expect(await count()).toBe(start);
  });

  it('names every unknown program in one answer', async () => {
    const list = events(5);
    list[1] = { program_id: 'x', event_type: 'view' };
    list[3] = { program_id: 'y', event_type: 'view' };
    const data = await body<ApiError>(await engagement(post({ events: list }), ctx()));
    expect(data.error.fields).toEqual({
      'events.1.program_id': 'Unknown program.',
      'events.3.program_id': 'Unknown program.',
    });
  });

  it('malformed JSON → 400', async () => {
    const res = await engagement(post('{"events": ['), ctx());
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.message).toBe('The body is not valid JSON.');
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''])(
    'content type "%s" → 415',
    async (type) => {
      const req = new Request('http://localhost/api/engagement', {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: new TextEncoder().encode(JSON.stringify({ events: events(1) })),
      });
      const res = await engagement(req, ctx());
      expect(res.status).toBe(415);
      expect((await body<ApiError>(res)).error.code).toBe('unsupported_media_type');
    },
  );

  it('a body over 64 KB → 413', async () => {
    const res = await engagement(post({ events: events(1), pad: 'x'.repeat(70_000) }), ctx());
    expect(res.status).toBe(413);
  });

  it('a bad token → 401 and nothing stored', async () => {
    const start = await count();
    const res = await engagement(post({ events: events(2) }, { authorization: 'Bearer nonsense' }), ctx());
    expect(res.status).toBe(401);
    expect(await count()).toBe(start);
  });

  it.each(['GET', 'PUT', 'DELETE'])('%s → 405 with Allow: POST', async (method) => {
    const res = await engagement(new Request('http://localhost/api/engagement', { method }), ctx());
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/engagement rate limit', () => {
  it(`allows ${config.rateLimit?.windowLimit} requests a window per IP, then 429 with Retry-After`, async () => {
    const limit = config.rateLimit?.windowLimit ?? 0;
    expect(limit).toBeGreaterThan(0);
    const ip = freshIp();
    // Bad bodies count too (the limit is checked first), so the burst writes nothing.
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await engagement(post({ events: [] }), ctx(ip))).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
    const limited = await engagement(post({ events: events(1) }), ctx(ip));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await body<ApiError>(limited)).error.code).toBe('rate_limited');
    // Another visitor is not affected.
    expect((await engagement(post({ events: events(1) }), ctx())).status).toBe(202);
  });

  it('declares the same limit Netlify enforces in production', () => {
    expect(config.rateLimit).toEqual({ windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] });
    expect(config.path).toBe('/api/engagement');
  });
});

describe('engagement totals', () => {
  it('grew by exactly the accepted events of this file', async () => {
    // 1 + 10 + 50 + 1 + 3 + 2 + 1 (after the burst)
    expect(await count()).toBe(before + 68);
  });
});
