/**
 * `npm run check:deploy [-- --env-file <path>]`: checks a production environment before (and
 * after) a deploy, and lists what is missing or wrong with how to fix it. Exit 1 if anything
 * fails, 0 when everything passes (warnings alone pass).
 *
 * 1. The variables (scripts/lib/deploy-check.ts): present, well-formed, https, not the local
 *    development values, no secret in a PUBLIC_ variable.
 * 2. Reachability, each with a short timeout: Supabase Auth (`/auth/v1/health`, `/auth/v1/settings`
 *    with the publishable key), its JWKS (an asymmetric signing key), Postgres (`select 1`, the API
 *    roles, and every migration of supabase/migrations recorded in
 *    supabase_migrations.schema_migrations, the table `supabase db push` and the local backend write).
 * 3. Nothing but the functions touches the data: the Data API (`/rest/v1`, `/graphql/v1`) must
 *    refuse a read, an insert and GraphQL with the publishable key (scripts/lib/data-api-check.ts).
 *
 * Variables come from the environment, or only from the file given with --env-file (dotenv
 * syntax, e.g. a copy of the Netlify site's variables), so a variable missing there is reported
 * missing even if this shell has it. Nothing is sent anywhere but the project's own services.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, parseEnv } from 'node:util';
import postgres from 'postgres';
import {
  checkAuthSettings,
  checkDatabaseRoles,
  checkEnvironment,
  checkJwks,
  checkMigrations,
  formatFindings,
  supabaseUrlConfig,
  type Env,
  type Finding,
} from './lib/deploy-check.ts';
import { checkDataApi } from './lib/data-api-check.ts';

const TIMEOUT_MS = 5_000;

const { values } = parseArgs({
  options: { 'env-file': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (values.help) {
  console.log('usage: npm run check:deploy [-- --env-file <path>]   (docs/deploy.md)');
  process.exit(0);
}

let env: Env = process.env;
if (values['env-file']) {
  try {
    env = parseEnv(readFileSync(values['env-file'], 'utf8'));
  } catch (error) {
    console.error(
      `Cannot read ${values['env-file']}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
const get = (name: string): string | undefined => env[name]?.trim() || undefined;

type Check = { name: string; findings: Finding[] };
const checks: Check[] = [];
const fail = (subject: string, problem: string, fix: string): Finding[] => [
  { severity: 'error', subject, problem, fix },
];

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
      return `no answer within ${TIMEOUT_MS / 1000} s`;
    const cause = (error as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? ` (${String(cause.code)})` : '';
    return `${error.message}${code}`;
  }
  return String(error);
}

async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: null };
  }
}

// 1. Variables.
checks.push({ name: 'variables', findings: checkEnvironment(env) });

// 2. Supabase Auth and its keys.
const supabaseUrl = get('SUPABASE_URL')?.replace(/\/+$/, '');
const anonKey = get('SUPABASE_ANON_KEY') ?? get('PUBLIC_SUPABASE_ANON_KEY');
const authUrl =
  URL.canParse(`${supabaseUrl}/auth/v1`) && supabaseUrl ? new URL(`${supabaseUrl}/auth/v1`) : null;
if (authUrl) {
  const base = authUrl.href;
  const apikey: Record<string, string> = anonKey ? { apikey: anonKey } : {};
  const reach = async (
    name: string,
    path: string,
    judge: (status: number, body: unknown) => Finding[],
  ): Promise<Check> => {
    try {
      const { status, body } = await getJson(`${base}${path}`, apikey);
      return { name, findings: judge(status, body) };
    } catch (error) {
      return {
        name,
        findings: fail(
          'SUPABASE_URL',
          `${base}${path} is unreachable: ${describe(error)}`,
          'check the project URL and that the project is not paused',
        ),
      };
    }
  };
  const health = reach('auth health', '/health', (status) =>
    status === 200
      ? []
      : fail(
          'Supabase Auth',
          `GET /auth/v1/health answered ${status}`,
          'check SUPABASE_URL (the project URL, without /auth/v1)',
        ),
  );
  const settings = reach('auth settings (publishable key)', '/settings', (status, body) => {
    if (status === 401 || status === 403) {
      return fail(
        'PUBLIC_SUPABASE_ANON_KEY',
        `the auth server refused the key (${status})`,
        'use this project’s publishable key (Project Settings → API Keys)',
      );
    }
    if (status !== 200)
      return fail('Supabase Auth', `GET /auth/v1/settings answered ${status}`, 'check SUPABASE_URL');
    return checkAuthSettings(body);
  });
  const jwks = reach('JWKS (asymmetric signing key)', '/.well-known/jwks.json', (status, body) =>
    status === 200
      ? checkJwks(body)
      : fail('JWKS', `GET /auth/v1/.well-known/jwks.json answered ${status}`, 'check SUPABASE_URL'),
  );
  // The Data API must refuse the publishable key (a read, an insert, GraphQL). Without a key the
  // gateway's own 401 would look like a refusal, so no key means not checked.
  const dataApi: Promise<Check[]> = anonKey
    ? checkDataApi(supabaseUrl ?? '', anonKey, { timeoutMs: TIMEOUT_MS })
    : Promise.resolve([
        {
          name: 'Data API',
          findings: fail(
            'PUBLIC_SUPABASE_ANON_KEY',
            'not set: the Data API could not be checked',
            'set the publishable key',
          ),
        },
      ]);
  // In parallel: an unreachable project costs one timeout, not six.
  const [reached, dataApiChecks] = await Promise.all([Promise.all([health, settings, jwks]), dataApi]);
  checks.push(...reached, ...dataApiChecks);
} else {
  checks.push({
    name: 'Supabase Auth',
    findings: fail('SUPABASE_URL', 'not set or not a URL: Auth and JWKS not checked', 'set SUPABASE_URL'),
  });
}

// 3. Postgres: connection, roles, migrations.
const databaseUrl = get('DATABASE_URL');
const migrationFiles = readdirSync(join(import.meta.dirname, '..', 'supabase', 'migrations')).filter((f) =>
  f.endsWith('.sql'),
);
if (databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl)) {
  let sql: postgres.Sql | undefined;
  const timeout = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
        }, TIMEOUT_MS * 2).unref(),
      ),
    ]);
  try {
    sql = postgres(databaseUrl, {
      max: 1,
      prepare: false,
      connect_timeout: TIMEOUT_MS / 1000,
      idle_timeout: 1,
      onnotice: () => {},
    });
    const db = sql;
    await timeout(db`select 1`);
    checks.push({ name: 'Postgres (select 1)', findings: [] });
    const [roles] = await timeout(
      db<{ anon: boolean; authenticated: boolean; service_role: boolean }[]>`
        select pg_has_role(current_user, 'anon', 'MEMBER') as anon,
               pg_has_role(current_user, 'authenticated', 'MEMBER') as authenticated,
               pg_has_role(current_user, 'service_role', 'MEMBER') as service_role`,
    ).catch(() => [{ anon: false, authenticated: false, service_role: false }]);
    checks.push({
      name: 'Postgres roles (anon, authenticated, service_role)',
      findings: checkDatabaseRoles(roles ?? {}),
    });
    const [table] = await timeout(
      db<
        { exists: boolean }[]
      >`select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
    );
    const applied = table?.exists
      ? (
          await timeout(db<{ version: string }[]>`select version from supabase_migrations.schema_migrations`)
        ).map((r) => r.version)
      : [];
    checks.push({
      name: `migrations (${migrationFiles.length} in supabase/migrations)`,
      findings: checkMigrations(applied, migrationFiles),
    });
  } catch (error) {
    const message = describe(error);
    checks.push({
      name: 'Postgres',
      findings: fail(
        'DATABASE_URL',
        `cannot connect or query: ${message}`,
        /password|authentication/i.test(message)
          ? 'check the user (postgres.<ref> on the pooler) and the database password'
          : 'copy the transaction pooler string from Supabase → Connect, with ?sslmode=require',
      ),
    });
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
  }
} else {
  checks.push({
    name: 'Postgres',
    findings: fail(
      'DATABASE_URL',
      'not set or not a postgres URL: the database was not checked',
      'set DATABASE_URL',
    ),
  });
}

// Report.
const all = checks.flatMap((c) => c.findings);
const errorCount = all.filter((f) => f.severity === 'error').length;
const warningCount = all.length - errorCount;
console.log(
  `check:deploy — ${values['env-file'] ? `variables from ${values['env-file']}` : 'variables from the environment'}\n`,
);
for (const check of checks) {
  const errs = check.findings.filter((f) => f.severity === 'error').length;
  const mark = errs > 0 ? '✗' : check.findings.length > 0 ? '!' : '✓';
  console.log(`${mark} ${check.name}`);
  if (check.findings.length > 0) console.log(formatFindings(check.findings).replace(/^/gm, '    '));
}
const site = get('SITE_URL');
if (site) {
  const config = supabaseUrlConfig(site);
  console.log(
    `\nSupabase → Authentication → URL Configuration: Site URL ${config.siteUrl}; Redirect URLs ${config.redirectUrls.join(', ')}` +
      ' (plus any other origin the site is served from). E-mail templates: docs/deploy.md.',
  );
}
console.log(
  `\n${errorCount === 0 ? 'Ready to deploy' : 'Not ready'}: ${errorCount} error${errorCount === 1 ? '' : 's'}, ${warningCount} warning${warningCount === 1 ? '' : 's'}.`,
);
process.exit(errorCount === 0 ? 0 : 1);
