/**
 * The Data API check of `npm run check:deploy` (scripts/lib/data-api-check.ts): the rules on each
 * answer, and the whole check against a fake Supabase on 127.0.0.1 that plays a project with the
 * Data API off, one where it is on but the database refuses, and one that serves the data.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_API_PROBES,
  PROBE_INQUIRY,
  checkDataApi,
  graphqlFields,
  judgeGraphql,
  judgeRestInsert,
  judgeRestRead,
  refusal,
  type ProbeAnswer,
} from '../../../scripts/lib/data-api-check.ts';
import type { Finding } from '../../../scripts/lib/deploy-check.ts';

const KEY = 'sb_publishable_Zx8Qw3Er5Ty7Ui9Op1As2D';
const severities = (findings: Finding[]) => findings.map((f) => f.severity);

/** PostgREST's answers. */
const OFF = {
  status: 503,
  body: { code: 'PGRST002', message: 'Could not query the database for the schema cache. Retrying.' },
};
const DENIED = {
  status: 401,
  body: { code: '42501', message: 'permission denied for table provider_inquiries' },
};
const RLS = {
  status: 401,
  body: {
    code: '42501',
    message: 'new row violates row-level security policy for table "provider_inquiries"',
  },
};
const NOT_EXPOSED = {
  status: 404,
  body: {
    code: 'PGRST205',
    message: "Could not find the table 'public.provider_inquiries' in the schema cache",
  },
};
const CHECK_VIOLATION = {
  status: 400,
  body: {
    code: '23514',
    message:
      'new row for relation "provider_inquiries" violates check constraint "provider_inquiries_type_check"',
  },
};
const schema = (query: string[], mutation: string[] | null) => ({
  status: 200,
  body: {
    data: {
      __schema: {
        queryType: { fields: query.map((name) => ({ name })) },
        mutationType: mutation === null ? null : { fields: mutation.map((name) => ({ name })) },
      },
    },
  },
});
const EMPTY_SCHEMA = schema(['node', 'heartbeat'], null);
const EXPOSED_SCHEMA = schema(
  ['node', 'provider_inquiriesCollection'],
  ['insertIntoprovider_inquiriesCollection'],
);

describe('refusal', () => {
  it.each([
    ['503 PGRST002 (Data API off)', OFF, 'off'],
    ['404 (table not exposed)', NOT_EXPOSED, 'not exposed'],
    ['406 (schema not exposed)', { status: 406, body: { code: 'PGRST106' } }, 'not exposed'],
    ['401 42501 (no privilege)', DENIED, 'database'],
    ['403 42501 (row-level security)', { ...RLS, status: 403 }, 'database'],
    ['401 from the gateway (bad key)', { status: 401, body: { message: 'Invalid API key' } }, null],
    ['502 from the gateway', { status: 502, body: null }, null],
    ['503 without PGRST002', { status: 503, body: { message: 'upstream unavailable' } }, null],
    ['400 23514', CHECK_VIOLATION, null],
  ] as const)('%s → %s', (_what, answer, expected) => {
    expect(refusal(answer)).toBe(expected);
  });
});

describe('judgeRestRead (GET /rest/v1/provider_inquiries)', () => {
  it.each<[string, ProbeAnswer, Finding['severity'][]]>([
    ['Data API off', OFF, []],
    ['table not exposed', NOT_EXPOSED, []],
    ['on, the database refuses the role', DENIED, ['warning']],
    ['served: 200 with rows', { status: 200, body: [{ id: '0d6c…' }] }, ['error']],
    ['served: 200, no rows visible', { status: 200, body: [] }, ['error']],
    ['a gateway error', { status: 502, body: null }, ['error']],
    ['no answer', { error: 'no answer within 5 s' }, ['error']],
  ])('%s', (_what, answer, expected) => {
    expect(severities(judgeRestRead(answer))).toEqual(expected);
  });
});

describe('judgeRestInsert (POST /rest/v1/provider_inquiries)', () => {
  it.each<[string, ProbeAnswer, Finding['severity'][]]>([
    ['Data API off', OFF, []],
    ['on, no insert privilege', DENIED, ['warning']],
    ['on, refused by row-level security', RLS, ['warning']],
    ['reached the table: only the probe’s invalid type stopped it', CHECK_VIOLATION, ['error']],
    ['stored (201)', { status: 201, body: null }, ['error']],
    ['a gateway error', { status: 500, body: { message: 'oops' } }, ['error']],
  ])('%s', (_what, answer, expected) => {
    expect(severities(judgeRestInsert(answer))).toEqual(expected);
  });

  it('names the constraint and what to do when the insert got through', () => {
    const [finding] = judgeRestInsert(CHECK_VIOLATION);
    expect(finding?.problem).toContain('23514');
    expect(finding?.problem).toContain('row-level security');
    expect(finding?.fix).toContain('Enable Data API');
    expect(finding?.fix).toContain('20261125000200_data_api_lockdown');
  });

  it('sends a row the table can never accept', () => {
    expect(['info', 'call']).not.toContain(PROBE_INQUIRY.type);
  });
});

describe('judgeGraphql (POST /graphql/v1)', () => {
  it.each<[string, ProbeAnswer, Finding['severity'][]]>([
    ['Data API off', OFF, []],
    ['pg_graphql not installed (404)', { status: 404, body: { code: 'PGRST202' } }, []],
    ['on, offering nothing of ours', EMPTY_SCHEMA, ['warning']],
    ['on, offering provider_inquiries', EXPOSED_SCHEMA, ['error']],
    ['200 without a schema', { status: 200, body: { errors: [{ message: 'x' }] } }, ['error']],
    ['no answer', { error: 'fetch failed' }, ['error']],
  ])('%s', (_what, answer, expected) => {
    expect(severities(judgeGraphql(answer))).toEqual(expected);
  });

  it('lists the fields that expose data, not pg_graphql’s own', () => {
    expect(graphqlFields(EXPOSED_SCHEMA.body)).toEqual([
      'provider_inquiriesCollection',
      'insertIntoprovider_inquiriesCollection',
    ]);
    expect(graphqlFields(EMPTY_SCHEMA.body)).toEqual([]);
    expect(graphqlFields(null)).toBeNull();
  });
});

/** A fake Supabase: answers each probe as `project` says, and records what it was sent. */
type Project = (req: IncomingMessage, body: string) => { status: number; body: unknown };
interface Seen {
  method: string;
  url: string;
  apikey: string | undefined;
  authorization: string | undefined;
  prefer: string | undefined;
  body: string;
}

let server: Server;
let base = '';
let project: Project = () => OFF;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        apikey: req.headers.apikey as string | undefined,
        authorization: req.headers.authorization,
        prefer: req.headers.prefer as string | undefined,
        body,
      });
      const answer = project(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === null ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function run(p: Project) {
  project = p;
  seen.length = 0;
  const checks = await checkDataApi(`${base}/`, KEY, { timeoutMs: 2_000 });
  return { checks, findings: checks.flatMap((c) => c.findings) };
}

describe('checkDataApi against a fake Supabase', () => {
  it('sends the three probes with the publishable key and nothing else', async () => {
    const { checks } = await run(() => OFF);
    expect(checks.map((c) => c.name)).toEqual(DATA_API_PROBES.map((p) => p.name));
    const byPath = Object.fromEntries(seen.map((s) => [`${s.method} ${s.url}`, s]));
    expect(Object.keys(byPath).sort()).toEqual([
      'GET /rest/v1/provider_inquiries?select=id&limit=1',
      'POST /graphql/v1',
      'POST /rest/v1/provider_inquiries',
    ]);
    for (const s of seen) {
      expect(s.apikey).toBe(KEY);
      expect(s.authorization).toBeUndefined();
    }
    const insert = byPath['POST /rest/v1/provider_inquiries'];
    expect(JSON.parse(insert?.body ?? '')).toEqual(PROBE_INQUIRY);
    expect(insert?.prefer).toBe('return=minimal');
    expect(JSON.parse(byPath['POST /graphql/v1']?.body ?? '')).toHaveProperty('query');
  });

  it('passes a project with the Data API off (every request 503 PGRST002)', async () => {
    const { findings } = await run(() => OFF);
    expect(findings).toEqual([]);
  });

  it('passes, with warnings, a project whose Data API is on but whose database refuses', async () => {
    const { findings } = await run((req) =>
      req.url?.startsWith('/graphql') ? EMPTY_SCHEMA : req.method === 'POST' ? RLS : DENIED,
    );
    expect(severities(findings)).toEqual(['warning', 'warning', 'warning']);
  });

  it('fails a project that serves the data (the state before data_api_lockdown)', async () => {
    const { checks } = await run((req) =>
      req.url?.startsWith('/graphql')
        ? EXPOSED_SCHEMA
        : req.method === 'POST'
          ? CHECK_VIOLATION
          : { status: 200, body: [] },
    );
    for (const check of checks) expect(severities(check.findings), check.name).toEqual(['error']);
  });

  it('fails when a probe gets no answer', async () => {
    const checks = await checkDataApi('http://127.0.0.1:9', KEY, { timeoutMs: 2_000 });
    for (const check of checks) {
      expect(severities(check.findings)).toEqual(['error']);
      expect(check.findings[0]?.problem).toContain('no answer');
    }
  });

  it('takes a fetch of its own (the injected one is the only one called)', async () => {
    const urls: string[] = [];
    const fake: typeof fetch = (input) => {
      urls.push(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
      return Promise.resolve(new Response(JSON.stringify(OFF.body), { status: 503 }));
    };
    const checks = await checkDataApi('https://abcdefghijklmnop.supabase.co', KEY, { fetch: fake });
    expect(checks.flatMap((c) => c.findings)).toEqual([]);
    expect(urls.every((u) => u.startsWith('https://abcdefghijklmnop.supabase.co/'))).toBe(true);
    expect(urls).toHaveLength(3);
  });
});
