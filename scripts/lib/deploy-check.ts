/**
 * The rules of `npm run check:deploy` (scripts/check-deploy.ts), as pure functions: each takes
 * values (environment variables, a JSON answer, a list of versions) and returns findings, so
 * tests/unit/scripts/deploy-check.test.ts can try every rule both ways without a network.
 *
 * A finding is an `error` (the deploy is broken or unsafe: exit 1) or a `warning` (works, but
 * worth a look). Every finding says what is wrong and how to fix it. docs/deploy.md explains the
 * variables.
 */

export type Severity = 'error' | 'warning';

export interface Finding {
  severity: Severity;
  /** The variable or the service the finding is about. */
  subject: string;
  problem: string;
  fix: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** The embedded backend's publishable key (.env.example): public, and never a production key. */
export const LOCAL_ANON_KEY = 'sb_publishable_local_dev_only_7Yq2mXc4RfT9vLbN3sKd';

/** Read by the functions or the build; a production deploy needs every one. */
export const REQUIRED = [
  'SUPABASE_URL',
  'PUBLIC_SUPABASE_URL',
  'PUBLIC_SUPABASE_ANON_KEY',
  'DATABASE_URL',
  'SITE_URL',
  'MAIL_FROM',
  'SITE_INBOX_EMAIL',
] as const;

/** Values that must stay in the functions' environment: never in a PUBLIC_ variable. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'RESEND_API_KEY',
  'SMTP_URL',
  'BUILD_HOOK_URL',
  'NETLIFY_BUILD_HOOK_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_SECRET_KEY',
] as const;

/** Local development and test switches; none belongs in production. */
const LOCAL_ONLY: Record<string, string> = {
  OUTBOX_URL: 'the local mail outbox; production mail goes through RESEND_API_KEY or SMTP_URL',
  RATE_LIMIT_DISABLED: 'turns the per-IP and per-address limits off (benchmarks only)',
  RATE_LIMIT_EXEMPT_IPS: 'exempts addresses from the per-IP limits (browser tests only)',
  LOCAL_AUTH_RATE_LIMITS: 'relaxes the local auth server (tests only)',
};

const err = (subject: string, problem: string, fix: string): Finding => ({
  severity: 'error',
  subject,
  problem,
  fix,
});
const warn = (subject: string, problem: string, fix: string): Finding => ({
  severity: 'warning',
  subject,
  problem,
  fix,
});

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** localhost, loopback, unspecified and private-network hosts: the embedded backend or a dev box. */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h === '0.0.0.0' ||
    h === '::' ||
    h === '::1' ||
    /^127\./.test(h) ||
    /^10\./.test(h) ||
    /^192\.168\./.test(h) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(h) ||
    h === 'host.docker.internal'
  );
}

/** The payload of a JWT, or null when `raw` is not one (legacy Supabase keys are JWTs). */
export function jwtPayload(raw: string): Record<string, unknown> | null {
  const parts = raw.split('.');
  if (parts.length !== 3 || !raw.startsWith('eyJ')) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Why `raw` looks like a secret, or null. */
export function secretKind(raw: string): string | null {
  const v = raw.trim();
  if (/^sb_secret_/.test(v)) return 'a Supabase secret key';
  if (jwtPayload(v)?.['role'] === 'service_role') return 'the Supabase service-role key';
  if (/^postgres(ql)?:\/\//i.test(v)) return 'a Postgres connection string';
  if (/^smtps?:\/\/[^/@\s]*:[^/@\s]*@/i.test(v)) return 'an SMTP URL with a password';
  if (/^re_[A-Za-z0-9_]{16,}$/.test(v)) return 'a Resend API key';
  if (/api\.netlify\.com\/build_hooks\//.test(v)) return 'a Netlify build hook';
  return null;
}

/** An https origin, not local; `name` must hold no path (the code appends its own). */
function checkHttpsOrigin(env: Env, name: string, example: string): Finding[] {
  const raw = value(env, name);
  if (raw === undefined) return [];
  const url = parseUrl(raw);
  if (!url) return [err(name, `"${raw}" is not a URL`, `set it to the full address, e.g. ${example}`)];
  const out: Finding[] = [];
  if (url.protocol !== 'https:') {
    out.push(
      err(name, `uses ${url.protocol.replace(':', '')}, not https`, `use the https address, e.g. ${example}`),
    );
  }
  if (isLocalHost(url.hostname)) {
    out.push(
      err(
        name,
        `points at ${url.hostname}, a local address (the embedded backend or a dev machine)`,
        `use the production address, e.g. ${example}`,
      ),
    );
  }
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    out.push(
      err(name, `has a path or query (${url.pathname}${url.search})`, `use the origin only, e.g. ${example}`),
    );
  }
  if (url.username || url.password) {
    out.push(err(name, 'contains a user name or password', 'remove the credentials from the URL'));
  }
  return out;
}

function checkSupabase(env: Env): Finding[] {
  const out = [
    ...checkHttpsOrigin(env, 'SUPABASE_URL', 'https://<project-ref>.supabase.co'),
    ...checkHttpsOrigin(env, 'PUBLIC_SUPABASE_URL', 'https://<project-ref>.supabase.co'),
  ];
  const server = value(env, 'SUPABASE_URL');
  const browser = value(env, 'PUBLIC_SUPABASE_URL');
  if (server && browser && server.replace(/\/+$/, '') !== browser.replace(/\/+$/, '')) {
    out.push(
      err(
        'PUBLIC_SUPABASE_URL',
        `differs from SUPABASE_URL (${browser} vs ${server}): the functions accept only tokens issued by ${server}/auth/v1`,
        'set both to the same project URL',
      ),
    );
  }
  for (const name of ['PUBLIC_SUPABASE_ANON_KEY', 'SUPABASE_ANON_KEY']) {
    const key = value(env, name);
    if (key === undefined) continue;
    if (key === LOCAL_ANON_KEY || /local_dev_only/.test(key)) {
      out.push(
        err(
          name,
          'is the embedded backend’s development key from .env.example',
          'use the project’s publishable key (Supabase → Project Settings → API Keys: sb_publishable_…)',
        ),
      );
      continue;
    }
    const payload = jwtPayload(key);
    if (!/^sb_publishable_[A-Za-z0-9_-]{10,}$/.test(key) && payload?.['role'] !== 'anon') {
      out.push(
        err(
          name,
          /^sb_secret_/.test(key) || payload?.['role'] === 'service_role'
            ? 'is a secret key, which would be baked into every page'
            : 'is neither a publishable key (sb_publishable_…) nor a legacy anon key (a JWT with role "anon")',
          'use the publishable key from Supabase → Project Settings → API Keys',
        ),
      );
    }
  }
  if (value(env, 'SUPABASE_SERVICE_ROLE_KEY') || value(env, 'SUPABASE_SECRET_KEY')) {
    out.push(
      warn(
        'SUPABASE_SERVICE_ROLE_KEY',
        'is set, but nothing uses it (the functions reach Postgres through DATABASE_URL and apply RLS themselves)',
        'delete it from the site’s environment: an unused secret is only a liability',
      ),
    );
  }
  return out;
}

/** Supabase's pooler host (Supavisor): `aws-0-<region>.pooler.supabase.com`. */
const POOLER_HOST = /\.pooler\.supabase\.com$/i;

function checkDatabaseUrl(env: Env): Finding[] {
  const raw = value(env, 'DATABASE_URL');
  if (raw === undefined) return [];
  const example =
    'postgresql://postgres.<ref>:<password>@aws-0-<region>.pooler.supabase.com:6543/postgres?sslmode=require';
  if (!/^postgres(ql)?:\/\//i.test(raw)) {
    return [
      err(
        'DATABASE_URL',
        'does not start with postgres:// or postgresql://',
        `use the pooler's connection string, e.g. ${example}`,
      ),
    ];
  }
  const url = parseUrl(raw);
  if (!url || !url.hostname) {
    return [
      err(
        'DATABASE_URL',
        'is not a valid connection URL (a password with @ : / # ? must be percent-encoded)',
        `e.g. ${example}`,
      ),
    ];
  }
  const out: Finding[] = [];
  if (isLocalHost(url.hostname)) {
    out.push(
      err(
        'DATABASE_URL',
        `points at ${url.hostname}, a local database`,
        `use the Supabase pooler, e.g. ${example}`,
      ),
    );
  }
  if (!url.password) {
    out.push(err('DATABASE_URL', 'has no password', 'use the connection string with the database password'));
  } else if (
    decodeURIComponent(url.password) === 'postgres' &&
    decodeURIComponent(url.username) === 'postgres'
  ) {
    out.push(
      err(
        'DATABASE_URL',
        'uses the local development credentials postgres:postgres',
        'use the project’s database password',
      ),
    );
  }
  const sslmode = url.searchParams.get('sslmode') ?? url.searchParams.get('ssl');
  if (!sslmode) {
    out.push(
      err(
        'DATABASE_URL',
        'has no sslmode: the Postgres driver (postgres.js) connects without TLS unless the URL asks for it',
        'append ?sslmode=require',
      ),
    );
  } else if (!['require', 'verify-ca', 'verify-full'].includes(sslmode)) {
    out.push(
      err(
        'DATABASE_URL',
        `has sslmode=${sslmode}, which allows an unencrypted connection`,
        'use sslmode=require',
      ),
    );
  }
  const pooler = POOLER_HOST.test(url.hostname);
  if (pooler && !decodeURIComponent(url.username).includes('.')) {
    out.push(
      err(
        'DATABASE_URL',
        `user "${decodeURIComponent(url.username)}" on the Supabase pooler lacks the project reference`,
        'the pooler’s user is postgres.<project-ref> (copy the string from Supabase → Connect)',
      ),
    );
  }
  if (/^db\.[a-z0-9]+\.supabase\.co$/i.test(url.hostname)) {
    out.push(
      warn(
        'DATABASE_URL',
        'is Supabase’s direct connection, which is IPv6-only and has few connection slots; serverless functions need the pooler',
        `use the transaction pooler (port 6543), e.g. ${example}`,
      ),
    );
  } else if (pooler && url.port !== '6543') {
    out.push(
      warn(
        'DATABASE_URL',
        `uses the pooler in session mode (port ${url.port || '5432'}): every function instance holds a server connection`,
        'use the transaction pooler, port 6543',
      ),
    );
  }
  const prepare = value(env, 'DATABASE_PREPARE');
  if (
    prepare === 'true' &&
    (url.port === '6543' || /^(true|1)$/i.test(url.searchParams.get('pgbouncer') ?? ''))
  ) {
    out.push(
      err(
        'DATABASE_PREPARE',
        'is true with a transaction pooler, where a prepared statement may not exist on the next connection',
        'remove DATABASE_PREPARE (the functions choose by the URL)',
      ),
    );
  }
  return out;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PLACEHOLDER_DOMAIN = /@(example\.(org|com|net)|localhost)\b/i;

function checkMail(env: Env): Finding[] {
  const out: Finding[] = [];
  const resend = value(env, 'RESEND_API_KEY');
  const smtp = value(env, 'SMTP_URL');
  if (!resend && !smtp) {
    out.push(
      err(
        'RESEND_API_KEY / SMTP_URL',
        'neither is set: the functions would post every e-mail to the local outbox, which does not exist in production',
        'set RESEND_API_KEY (re_…) or SMTP_URL (smtps://user:password@host:465)',
      ),
    );
  }
  if (resend && !/^re_[A-Za-z0-9_]{8,}$/.test(resend)) {
    out.push(
      err(
        'RESEND_API_KEY',
        'does not look like a Resend API key (re_…)',
        'copy the key from Resend → API Keys',
      ),
    );
  }
  if (smtp) {
    const url = parseUrl(smtp);
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname) {
      out.push(
        err(
          'SMTP_URL',
          'is not an smtp:// or smtps:// URL',
          'e.g. smtps://user:password@smtp.example.org:465',
        ),
      );
    } else if (isLocalHost(url.hostname)) {
      out.push(
        err('SMTP_URL', `points at ${url.hostname}, a local mail server`, 'use the provider’s SMTP host'),
      );
    }
  }
  const from = value(env, 'MAIL_FROM');
  if (from !== undefined) {
    const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
    if (!EMAIL.test(address)) {
      out.push(
        err(
          'MAIL_FROM',
          `"${from}" holds no e-mail address`,
          'e.g. OCD Residential Treatment Directory <hello@your-domain.org>',
        ),
      );
    } else if (PLACEHOLDER_DOMAIN.test(address)) {
      out.push(
        err(
          'MAIL_FROM',
          `${address} is a placeholder address`,
          'use an address of a domain verified with the mail provider',
        ),
      );
    }
  }
  const inbox = value(env, 'SITE_INBOX_EMAIL');
  if (inbox !== undefined) {
    if (!EMAIL.test(inbox))
      out.push(err('SITE_INBOX_EMAIL', `"${inbox}" is not an e-mail address`, 'e.g. hello@your-domain.org'));
    else if (PLACEHOLDER_DOMAIN.test(inbox)) {
      out.push(
        err(
          'SITE_INBOX_EMAIL',
          `${inbox} is a placeholder address`,
          'use the inbox that should receive contact messages',
        ),
      );
    }
  }
  return out;
}

function checkSite(env: Env): Finding[] {
  const out = checkHttpsOrigin(env, 'SITE_URL', 'https://your-domain.org');
  const site = parseUrl(value(env, 'SITE_URL') ?? '');
  // Netlify sets URL (the primary domain) in builds; links in e-mails use SITE_URL.
  const netlify = parseUrl(value(env, 'URL') ?? '');
  if (site && netlify && site.origin !== netlify.origin) {
    out.push(
      warn(
        'SITE_URL',
        `is ${site.origin} but Netlify’s primary domain (URL) is ${netlify.origin}`,
        'set SITE_URL to the primary domain, or list both origins in Supabase’s redirect URLs',
      ),
    );
  }
  return out;
}

function checkBuildHook(env: Env): Finding[] {
  const hook = value(env, 'BUILD_HOOK_URL');
  const out: Finding[] = [];
  if (value(env, 'NETLIFY_BUILD_HOOK_URL') !== undefined) {
    out.push(
      warn(
        'NETLIFY_BUILD_HOOK_URL',
        'is set, but the functions read BUILD_HOOK_URL (docs/deploy.md)',
        'rename it to BUILD_HOOK_URL',
      ),
    );
  }
  if (hook === undefined) {
    out.push(
      warn(
        'BUILD_HOOK_URL',
        'is not set: approved listings appear only at the next deploy',
        'create a build hook (Netlify → Site configuration → Build & deploy → Build hooks) and set its URL',
      ),
    );
  } else if (!/^https:\/\/api\.netlify\.com\/build_hooks\/[A-Za-z0-9]+(\?.*)?$/.test(hook)) {
    out.push(
      err(
        'BUILD_HOOK_URL',
        'is not a Netlify build hook URL',
        'copy it from Netlify: https://api.netlify.com/build_hooks/<id>',
      ),
    );
  }
  return out;
}

function checkPublicVariables(env: Env): Finding[] {
  const out: Finding[] = [];
  const secrets = new Map<string, string>();
  for (const name of SECRET_VARIABLES) {
    const v = value(env, name);
    if (v !== undefined) secrets.set(v, name);
  }
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith('PUBLIC_') || raw === undefined || raw.trim() === '') continue;
    const v = raw.trim();
    const same = secrets.get(v);
    const kind = secretKind(v);
    if (same) {
      out.push(
        err(
          name,
          `holds the value of ${same}; every PUBLIC_ value is baked into the pages`,
          `delete ${name}; ${same} belongs to the functions only`,
        ),
      );
    } else if (kind) {
      out.push(
        err(
          name,
          `holds ${kind}; every PUBLIC_ value is baked into the pages`,
          `delete ${name} and rotate that secret`,
        ),
      );
    } else if (/SECRET|SERVICE_ROLE|PASSWORD|PRIVATE|DATABASE|SMTP|RESEND|BUILD_HOOK|TOKEN/.test(name)) {
      out.push(
        err(
          name,
          'is named like a secret, and every PUBLIC_ value is baked into the pages',
          `rename it without PUBLIC_ if the functions need it`,
        ),
      );
    }
  }
  return out;
}

function checkLocalOnly(env: Env): Finding[] {
  const out: Finding[] = [];
  for (const [name, what] of Object.entries(LOCAL_ONLY)) {
    const v = value(env, name);
    if (v === undefined) continue;
    if (name === 'RATE_LIMIT_DISABLED' && !/^(1|true|yes)$/i.test(v)) continue;
    out.push(
      name === 'OUTBOX_URL'
        ? warn(name, `is set (${what})`, `delete ${name} from the production environment`)
        : err(name, `is set (${what})`, `delete ${name} from the production environment`),
    );
  }
  return out;
}

/** Every rule on the variables alone (no network). */
export function checkEnvironment(env: Env): Finding[] {
  const missing = REQUIRED.filter((name) => value(env, name) === undefined).map((name) =>
    err(name, 'is missing', `set ${name} (docs/deploy.md lists every variable and where to find its value)`),
  );
  return [
    ...missing,
    ...checkSupabase(env),
    ...checkDatabaseUrl(env),
    ...checkSite(env),
    ...checkMail(env),
    ...checkBuildHook(env),
    ...checkPublicVariables(env),
    ...checkLocalOnly(env),
  ];
}

/**
 * The Site URL and redirect allow-list to enter in Supabase → Authentication → URL Configuration.
 * Supabase always accepts a `redirect_to` with the Site URL's scheme, host and port; the list
 * names it anyway (and any other origin people use, e.g. `<name>.netlify.app`).
 */
export function supabaseUrlConfig(siteUrl: string): { siteUrl: string; redirectUrls: string[] } {
  const origin = siteUrl.replace(/\/+$/, '');
  return { siteUrl: origin, redirectUrls: [`${origin}/**`] };
}

/** GET /auth/v1/settings: e-mail sign-up on, confirmations required (docs/deploy.md). */
export function checkAuthSettings(body: unknown): Finding[] {
  if (!body || typeof body !== 'object') {
    return [err('Supabase Auth settings', 'answer is not JSON', 'check SUPABASE_URL')];
  }
  const s = body as Record<string, unknown>;
  const out: Finding[] = [];
  const external = s['external'] as Record<string, unknown> | undefined;
  if (external?.['email'] !== true) {
    out.push(
      err(
        'Supabase Auth',
        'the e-mail provider is off',
        'Authentication → Sign In / Providers → Email: enable',
      ),
    );
  }
  if (s['disable_signup'] === true) {
    out.push(
      err(
        'Supabase Auth',
        'sign-ups are disabled: families and providers cannot register',
        'Authentication → Sign In / Providers: allow new users to sign up',
      ),
    );
  }
  if (s['mailer_autoconfirm'] === true) {
    out.push(
      err(
        'Supabase Auth',
        'e-mail confirmation is off (anyone can register any address)',
        'Authentication → Sign In / Providers → Email: enable "Confirm email"',
      ),
    );
  }
  const min = s['password_min_length'];
  if (typeof min === 'number' && min !== 6) {
    out.push(
      warn(
        'Supabase Auth',
        `minimum password length is ${min}; the forms check 6`,
        'Authentication → Sign In / Providers → Email: minimum password length 6',
      ),
    );
  }
  return out;
}

/** GET /auth/v1/.well-known/jwks.json: at least one asymmetric key the functions can verify with. */
export function checkJwks(body: unknown): Finding[] {
  const keys = body && typeof body === 'object' ? (body as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) {
    return [err('JWKS', 'the answer has no "keys" list', 'check SUPABASE_URL')];
  }
  const usable = keys.filter((k): k is Record<string, unknown> => {
    if (!k || typeof k !== 'object') return false;
    const key = k as Record<string, unknown>;
    return (
      (key['kty'] === 'EC' && (key['alg'] === undefined || key['alg'] === 'ES256')) ||
      (key['kty'] === 'RSA' && (key['alg'] === undefined || key['alg'] === 'RS256'))
    );
  });
  if (usable.length === 0) {
    return [
      err(
        'JWKS',
        'publishes no ES256/RS256 key: the project still signs with the legacy shared secret (HS256), which the functions refuse',
        'Supabase → Project Settings → JWT Keys: migrate to JWT signing keys (ECC P-256), then rotate so the new key signs',
      ),
    ];
  }
  return [];
}

/** Versions (`<digits>` before `_`) of migration files, sorted. */
export function migrationVersions(files: readonly string[]): string[] {
  return files
    .map((f) => /^(\d+)_[^/]*\.sql$/.exec(f.split(/[\\/]/).pop() ?? '')?.[1])
    .filter((v): v is string => v !== undefined)
    .sort();
}

/** Applied versions (supabase_migrations.schema_migrations) against the repository's files. */
export function checkMigrations(applied: readonly string[], files: readonly string[]): Finding[] {
  const wanted = migrationVersions(files);
  const done = new Set(applied);
  const missing = wanted.filter((v) => !done.has(v));
  const out: Finding[] = [];
  if (missing.length > 0) {
    out.push(
      err(
        'migrations',
        `${missing.length} of ${wanted.length} not applied (first missing: ${missing[0]}, latest: ${wanted.at(-1) ?? ''})`,
        'supabase link --project-ref <ref> && supabase db push',
      ),
    );
  }
  const known = new Set(wanted);
  const unknown = applied.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    out.push(
      warn(
        'migrations',
        `the database has ${unknown.length} migration(s) this checkout does not (${unknown.slice(0, 3).join(', ')})`,
        'deploy the commit that added them, or check you are on the right branch',
      ),
    );
  }
  return out;
}

/** The connecting user must be able to act as the API roles (`set local role …` in withClaims). */
export function checkDatabaseRoles(roles: Readonly<Record<string, boolean>>): Finding[] {
  return ['anon', 'authenticated', 'service_role']
    .filter((role) => roles[role] !== true)
    .map((role) =>
      err(
        'DATABASE_URL',
        `its user cannot switch to the ${role} role`,
        'connect as the project’s postgres user (postgres.<ref> on the pooler)',
      ),
    );
}

/** The report: one line per finding, errors first, with the fix underneath. */
export function formatFindings(findings: readonly Finding[]): string {
  const sorted = [...findings].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  return sorted
    .map((f) => `${f.severity === 'error' ? '✗' : '!'} ${f.subject}: ${f.problem}\n    → ${f.fix}`)
    .join('\n');
}
