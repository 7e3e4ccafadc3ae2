/**
 * The Data API check of `npm run check:deploy`: nothing but the functions may touch the data, so
 * Supabase's Data API must refuse a visitor holding the publishable key (which every page
 * carries). Three requests, each judged by a pure rule:
 *
 * - `GET  /rest/v1/provider_inquiries?select=id&limit=1` (PostgREST: a read);
 * - `POST /rest/v1/provider_inquiries` (PostgREST: an insert). The row it sends is valid except
 *   for its `type`, which no check constraint accepts, so it can never be stored. Postgres checks
 *   privileges, then row-level security, then constraints: a refusal is 42501; a constraint
 *   violation (SQLSTATE class 23) means the insert got past both and only the probe's own bad
 *   value stopped it;
 * - `POST /graphql/v1` (pg_graphql, served through PostgREST): which fields the schema offers.
 *   pg_graphql lists a table only to roles with a privilege on it; an empty project offers only
 *   `node` and `heartbeat`.
 *
 * Refusals that pass: the Data API switched off (Supabase keeps PostgREST running with no schema,
 * so every request answers 503 PGRST002), a table or schema not exposed (404, 406), the database
 * refusing the role (401/403 with SQLSTATE 42501). Anything else fails the check, a
 * non-answer included: the check passes only on a refusal it can see (docs/deploy.md, step 1).
 */
import type { Finding } from './deploy-check.ts';

/** What a probe got back: an HTTP answer (body parsed as JSON, else null), or why there was none. */
export type ProbeAnswer = { status: number; body: unknown } | { error: string };

export interface DataApiProbe {
  /** The line of the report. */
  name: string;
  method: 'GET' | 'POST';
  /** Appended to SUPABASE_URL. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  judge: (answer: ProbeAnswer) => Finding[];
}

const SUBJECT = 'Supabase Data API';
const FIX_OFF =
  'turn the Data API off: Supabase → Integrations → Data API → Settings, “Enable Data API” off (older dashboards: Project Settings → Data API); docs/deploy.md, step 1';
const FIX_SCHEMA = `${FIX_OFF}; and apply every migration (supabase db push), 20261125000200_data_api_lockdown included`;

const err = (problem: string, fix = FIX_OFF): Finding => ({
  severity: 'error',
  subject: SUBJECT,
  problem,
  fix,
});

/** The probe row: every column valid but `type`, which `provider_inquiries_type_check` refuses. */
export const PROBE_INQUIRY = {
  program_id: 'check-deploy-probe',
  type: 'check-deploy-probe',
  name: 'check:deploy probe',
  email: 'probe@check-deploy.invalid',
  message: 'A probe of npm run check:deploy. It cannot be stored: its type is not one the table accepts.',
} as const;

/** pg_graphql's own fields, present in every schema. */
const GRAPHQL_BUILT_IN = new Set(['node', 'heartbeat']);
export const GRAPHQL_PROBE_QUERY =
  '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }';

function field(body: unknown, key: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
}

/** `code` of a PostgREST error body (a SQLSTATE or a PGRST… code), or ''. */
function codeOf(body: unknown): string {
  const code = field(body, 'code');
  return typeof code === 'string' ? code : '';
}

function describeAnswer(answer: { status: number; body: unknown }): string {
  const code = codeOf(answer.body);
  const message = field(answer.body, 'message');
  const text = typeof message === 'string' ? `: ${message.slice(0, 160)}` : '';
  return `${answer.status}${code ? ` ${code}` : ''}${text}`;
}

/**
 * What kind of refusal a non-2xx answer is, or null when it shows none (then the check fails: it
 * cannot tell).
 */
export function refusal(answer: {
  status: number;
  body: unknown;
}): 'off' | 'not exposed' | 'database' | null {
  const code = codeOf(answer.body);
  if (answer.status === 503 && code === 'PGRST002') return 'off';
  if (answer.status === 404 || answer.status === 406) return 'not exposed';
  if ((answer.status === 401 || answer.status === 403) && code === '42501') return 'database';
  return null;
}

/** A refusal that shows the Data API is still on: passes, with a warning. */
const stillOn = (problem: string): Finding => ({
  severity: 'warning',
  subject: SUBJECT,
  problem: `${problem}, but the Data API is on (the database's own defences answered)`,
  fix: FIX_OFF,
});

/**
 * Judges the answer of a probe that must be refused. `reached` says why an answer shows the
 * data was reached (an error), `harmless` that a 2xx answer offered nothing (a warning: on, but
 * empty).
 */
function judge(
  what: string,
  answer: ProbeAnswer,
  reached: (a: { status: number; body: unknown }) => string | null,
  harmless: (a: { status: number; body: unknown }) => boolean = () => false,
): Finding[] {
  if ('error' in answer) {
    return [
      err(
        `${what}: no answer (${answer.error}), so the refusal could not be seen`,
        `check SUPABASE_URL and run again; ${FIX_OFF}`,
      ),
    ];
  }
  const why = reached(answer);
  if (why !== null) return [err(`${what} ${why}`, FIX_SCHEMA)];
  if (harmless(answer)) return [stillOn(`${what} answered ${answer.status} offering no table`)];
  const kind = refusal(answer);
  if (kind === 'database') return [stillOn(`${what} was refused (${describeAnswer(answer)})`)];
  if (kind !== null) return [];
  return [
    err(
      `${what} answered ${describeAnswer(answer)}, which is not a refusal the check recognises (503 PGRST002: off; 404 or 406: not exposed; 401/403 with 42501: refused by the database)`,
    ),
  ];
}

const ok = (status: number): boolean => status >= 200 && status < 300;

/** GET /rest/v1/provider_inquiries: any 2xx serves the table to anyone with the publishable key. */
export function judgeRestRead(answer: ProbeAnswer): Finding[] {
  return judge('GET /rest/v1/provider_inquiries with the publishable key', answer, (a) =>
    ok(a.status) ? `answered ${a.status}: the Data API serves the table to anyone holding the key` : null,
  );
}

/** POST /rest/v1/provider_inquiries: a 2xx stored a row; SQLSTATE class 23 got past every refusal. */
export function judgeRestInsert(answer: ProbeAnswer): Finding[] {
  return judge('POST /rest/v1/provider_inquiries with the publishable key', answer, (a) => {
    if (ok(a.status))
      return `answered ${a.status}: the insert was accepted (delete the row with program_id '${PROBE_INQUIRY.program_id}' in Studio)`;
    if (/^23[0-9A-Z]{3}$/.test(codeOf(a.body)))
      return `got past privileges and row-level security (${describeAnswer(a)}): only the probe's deliberately invalid type stopped it`;
    return null;
  });
}

/** The table fields a GraphQL answer offers (every field but pg_graphql's own), or null if none is readable. */
export function graphqlFields(body: unknown): string[] | null {
  const schema = field(field(body, 'data'), '__schema');
  if (!schema || typeof schema !== 'object') return null;
  const names: string[] = [];
  for (const type of ['queryType', 'mutationType']) {
    const fields = field(field(schema, type), 'fields');
    if (!Array.isArray(fields)) continue;
    for (const f of fields) {
      const name = field(f, 'name');
      if (typeof name === 'string' && !GRAPHQL_BUILT_IN.has(name) && !name.startsWith('__')) names.push(name);
    }
  }
  return names;
}

/** POST /graphql/v1: a schema that offers any table field exposes data to the publishable key. */
export function judgeGraphql(answer: ProbeAnswer): Finding[] {
  return judge(
    'POST /graphql/v1 with the publishable key',
    answer,
    (a) => {
      if (!ok(a.status)) return null;
      const fields = graphqlFields(a.body);
      if (fields === null)
        return `answered ${a.status} without a readable schema, so the refusal could not be seen`;
      if (fields.length === 0) return null;
      const shown =
        fields.slice(0, 5).join(', ') + (fields.length > 5 ? `, … (${fields.length} fields)` : '');
      return `answered ${a.status} offering ${shown}`;
    },
    (a) => ok(a.status) && graphqlFields(a.body)?.length === 0,
  );
}

/** The three probes, in report order. */
export const DATA_API_PROBES: readonly DataApiProbe[] = [
  {
    name: 'Data API refuses a read (GET /rest/v1/provider_inquiries)',
    method: 'GET',
    path: '/rest/v1/provider_inquiries?select=id&limit=1',
    judge: judgeRestRead,
  },
  {
    name: 'Data API refuses an insert (POST /rest/v1/provider_inquiries)',
    method: 'POST',
    path: '/rest/v1/provider_inquiries',
    body: PROBE_INQUIRY,
    headers: { prefer: 'return=minimal' },
    judge: judgeRestInsert,
  },
  {
    name: 'Data API refuses GraphQL (POST /graphql/v1)',
    method: 'POST',
    path: '/graphql/v1',
    body: { query: GRAPHQL_PROBE_QUERY },
    judge: judgeGraphql,
  },
];

export interface DataApiCheckOptions {
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Sends the probes to `supabaseUrl` (the project URL, no path) with the publishable key, in
 * parallel, and judges each answer. Sends nothing else anywhere.
 */
export async function checkDataApi(
  supabaseUrl: string,
  publishableKey: string,
  options: DataApiCheckOptions = {},
): Promise<{ name: string; findings: Finding[] }[]> {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const base = supabaseUrl.replace(/\/+$/, '');
  return Promise.all(
    DATA_API_PROBES.map(async (probe) => {
      let answer: ProbeAnswer;
      try {
        const res = await send(`${base}${probe.path}`, {
          method: probe.method,
          headers: {
            apikey: publishableKey,
            accept: 'application/json',
            ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...probe.headers,
          },
          ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let body: unknown = null;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          // Not JSON (a gateway's HTML page): judged by the status alone.
        }
        answer = { status: res.status, body };
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        answer = {
          error:
            name === 'TimeoutError' || name === 'AbortError'
              ? `no answer within ${timeoutMs / 1000} s`
              : error instanceof Error
                ? error.message
                : String(error),
        };
      }
      return { name: probe.name, findings: probe.judge(answer) };
    }),
  );
}
