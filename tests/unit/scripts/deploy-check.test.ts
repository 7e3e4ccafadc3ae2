/**
 * The rules of `npm run check:deploy` (scripts/lib/deploy-check.ts): a valid production
 * environment passes, and each rule is tried allowed and refused, one variable changed at a time.
 */
import { describe, expect, it } from 'vitest';
import {
  LOCAL_ANON_KEY,
  checkAuthSettings,
  checkDatabaseRoles,
  checkEnvironment,
  checkJwks,
  checkMigrations,
  formatFindings,
  isLocalHost,
  migrationVersions,
  secretKind,
  supabaseUrlConfig,
  type Env,
  type Finding,
} from '../../../scripts/lib/deploy-check.ts';

const jwt = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;

const PROD: Env = {
  SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_Zx8Qw3Er5Ty7Ui9Op1As2D',
  DATABASE_URL:
    'postgresql://postgres.abcdefghijklmnop:s3cret-pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=require',
  SITE_URL: 'https://ocd-directory.org',
  MAIL_FROM: 'OCD Residential Treatment Directory <hello@ocd-directory.org>',
  SITE_INBOX_EMAIL: 'hello@ocd-directory.org',
  RESEND_API_KEY: 're_AbCdEfGh1234567890_xyz',
  BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/65a1b2c3d4e5f6a7b8c9d0e1',
};

const errors = (findings: Finding[]) => findings.filter((f) => f.severity === 'error');
const warnings = (findings: Finding[]) => findings.filter((f) => f.severity === 'warning');
const about = (findings: Finding[], subject: string) => findings.filter((f) => f.subject === subject);

describe('checkEnvironment', () => {
  it('passes a complete production environment with no finding', () => {
    expect(checkEnvironment(PROD)).toEqual([]);
  });

  it('fails the local .env.example values on the https, local-host and dev-key rules', () => {
    const local: Env = {
      SUPABASE_URL: 'http://127.0.0.1:54321',
      PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
      PUBLIC_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:54322/postgres',
      OUTBOX_URL: 'http://127.0.0.1:54324',
      SITE_URL: 'http://localhost:4321',
    };
    const found = checkEnvironment(local);
    const text = formatFindings(found);
    for (const expected of [
      'SUPABASE_URL: uses http, not https',
      'SUPABASE_URL: points at 127.0.0.1',
      'PUBLIC_SUPABASE_ANON_KEY: is the embedded backend’s development key',
      'SUPABASE_ANON_KEY: is the embedded backend’s development key',
      'DATABASE_URL: points at 127.0.0.1',
      'DATABASE_URL: uses the local development credentials',
      'DATABASE_URL: has no sslmode',
      'SITE_URL: uses http, not https',
      'MAIL_FROM: is missing',
      'SITE_INBOX_EMAIL: is missing',
      'RESEND_API_KEY / SMTP_URL: neither is set',
      'OUTBOX_URL: is set',
    ]) {
      expect(text).toContain(expected);
    }
  });

  // [what, change to PROD, subject of the expected finding or null when allowed, severity]
  const cases: [string, Env, string | null, 'error' | 'warning' | null][] = [
    // presence
    ...(
      [
        'SUPABASE_URL',
        'PUBLIC_SUPABASE_URL',
        'PUBLIC_SUPABASE_ANON_KEY',
        'DATABASE_URL',
        'SITE_URL',
        'MAIL_FROM',
        'SITE_INBOX_EMAIL',
      ] as const
    ).map((name): [string, Env, string, 'error'] => [
      `${name} missing`,
      { [name]: undefined },
      name,
      'error',
    ]),
    ['an empty value counts as missing', { SITE_URL: '  ' }, 'SITE_URL', 'error'],
    // Supabase URLs
    [
      'SUPABASE_URL with a trailing slash',
      {
        SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co/',
        PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co/',
      },
      null,
      null,
    ],
    [
      'SUPABASE_URL over http',
      {
        SUPABASE_URL: 'http://abcdefghijklmnop.supabase.co',
        PUBLIC_SUPABASE_URL: 'http://abcdefghijklmnop.supabase.co',
      },
      'SUPABASE_URL',
      'error',
    ],
    ['SUPABASE_URL not a URL', { SUPABASE_URL: 'abcdefghijklmnop.supabase.co' }, 'SUPABASE_URL', 'error'],
    [
      'SUPABASE_URL with /auth/v1',
      { SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co/auth/v1' },
      'SUPABASE_URL',
      'error',
    ],
    [
      'SUPABASE_URL on localhost',
      { SUPABASE_URL: 'https://localhost:54321', PUBLIC_SUPABASE_URL: 'https://localhost:54321' },
      'SUPABASE_URL',
      'error',
    ],
    [
      'a custom auth domain',
      {
        SUPABASE_URL: 'https://auth.ocd-directory.org',
        PUBLIC_SUPABASE_URL: 'https://auth.ocd-directory.org',
      },
      null,
      null,
    ],
    [
      'PUBLIC_SUPABASE_URL of another project',
      { PUBLIC_SUPABASE_URL: 'https://otherprojectref.supabase.co' },
      'PUBLIC_SUPABASE_URL',
      'error',
    ],
    // keys
    [
      'PUBLIC_SUPABASE_ANON_KEY the local dev key',
      { PUBLIC_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
      'PUBLIC_SUPABASE_ANON_KEY',
      'error',
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY a legacy anon JWT',
      { PUBLIC_SUPABASE_ANON_KEY: jwt({ role: 'anon', ref: 'abc' }) },
      null,
      null,
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY a secret key',
      { PUBLIC_SUPABASE_ANON_KEY: 'sb_secret_Zx8Qw3Er5Ty7Ui9Op1As2D' },
      'PUBLIC_SUPABASE_ANON_KEY',
      'error',
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY the service-role JWT',
      { PUBLIC_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }) },
      'PUBLIC_SUPABASE_ANON_KEY',
      'error',
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY garbage',
      { PUBLIC_SUPABASE_ANON_KEY: 'changeme' },
      'PUBLIC_SUPABASE_ANON_KEY',
      'error',
    ],
    [
      'SUPABASE_ANON_KEY the publishable key',
      { SUPABASE_ANON_KEY: 'sb_publishable_Zx8Qw3Er5Ty7Ui9Op1As2D' },
      null,
      null,
    ],
    [
      'SUPABASE_SERVICE_ROLE_KEY set (unused)',
      { SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_Zx8Qw3Er5Ty7Ui9Op1As2D' },
      'SUPABASE_SERVICE_ROLE_KEY',
      'warning',
    ],
    // DATABASE_URL
    [
      'DATABASE_URL postgres:// scheme',
      { DATABASE_URL: PROD['DATABASE_URL']?.replace('postgresql://', 'postgres://') },
      null,
      null,
    ],
    ['DATABASE_URL not postgres', { DATABASE_URL: 'mysql://u:p@db.example.org/x' }, 'DATABASE_URL', 'error'],
    [
      'DATABASE_URL unparseable password',
      { DATABASE_URL: 'postgresql://postgres.abc:p@ss@[bad/postgres' },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL without sslmode',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres',
      },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL sslmode=prefer',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=prefer',
      },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL sslmode=disable',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=disable',
      },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL sslmode=verify-full',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=verify-full',
      },
      null,
      null,
    ],
    [
      'DATABASE_URL without password',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=require',
      },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL pooler user without project ref',
      {
        DATABASE_URL:
          'postgresql://postgres:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?sslmode=require',
      },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL local',
      { DATABASE_URL: 'postgres://app:pw@localhost:5432/postgres?sslmode=require' },
      'DATABASE_URL',
      'error',
    ],
    [
      'DATABASE_URL direct connection',
      {
        DATABASE_URL:
          'postgresql://postgres:pw@db.abcdefghijklmnop.supabase.co:5432/postgres?sslmode=require',
      },
      'DATABASE_URL',
      'warning',
    ],
    [
      'DATABASE_URL session pooler',
      {
        DATABASE_URL:
          'postgresql://postgres.abcdefghijklmnop:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres?sslmode=require',
      },
      'DATABASE_URL',
      'warning',
    ],
    [
      'DATABASE_URL another managed Postgres',
      { DATABASE_URL: 'postgresql://app:pw@db.internal-host.net:5432/app?sslmode=require' },
      null,
      null,
    ],
    [
      'DATABASE_PREPARE=true on the transaction pooler',
      { DATABASE_PREPARE: 'true' },
      'DATABASE_PREPARE',
      'error',
    ],
    ['DATABASE_PREPARE=false on the transaction pooler', { DATABASE_PREPARE: 'false' }, null, null],
    // SITE_URL
    ['SITE_URL over http', { SITE_URL: 'http://ocd-directory.org' }, 'SITE_URL', 'error'],
    ['SITE_URL with a path', { SITE_URL: 'https://ocd-directory.org/auth' }, 'SITE_URL', 'error'],
    ['SITE_URL with a trailing slash', { SITE_URL: 'https://ocd-directory.org/' }, null, null],
    ['SITE_URL a netlify.app name', { SITE_URL: 'https://ocd-directory.netlify.app' }, null, null],
    ['SITE_URL on localhost', { SITE_URL: 'https://localhost:8888' }, 'SITE_URL', 'error'],
    [
      'SITE_URL is not Netlify’s primary domain',
      { URL: 'https://www.ocd-directory.org' },
      'SITE_URL',
      'warning',
    ],
    ['SITE_URL is Netlify’s primary domain', { URL: 'https://ocd-directory.org' }, null, null],
    // mail
    ['no mail transport', { RESEND_API_KEY: undefined }, 'RESEND_API_KEY / SMTP_URL', 'error'],
    [
      'SMTP instead of Resend',
      { RESEND_API_KEY: undefined, SMTP_URL: 'smtps://user:pw@smtp.mailhost.net:465' },
      null,
      null,
    ],
    [
      'SMTP_URL not smtp',
      { RESEND_API_KEY: undefined, SMTP_URL: 'https://smtp.mailhost.net' },
      'SMTP_URL',
      'error',
    ],
    ['SMTP_URL local', { RESEND_API_KEY: undefined, SMTP_URL: 'smtp://127.0.0.1:1025' }, 'SMTP_URL', 'error'],
    ['RESEND_API_KEY malformed', { RESEND_API_KEY: 'abc' }, 'RESEND_API_KEY', 'error'],
    ['MAIL_FROM a bare address', { MAIL_FROM: 'hello@ocd-directory.org' }, null, null],
    ['MAIL_FROM without an address', { MAIL_FROM: 'OCD Directory' }, 'MAIL_FROM', 'error'],
    [
      'MAIL_FROM the placeholder',
      { MAIL_FROM: 'OCD Residential Directory <no-reply@example.org>' },
      'MAIL_FROM',
      'error',
    ],
    ['SITE_INBOX_EMAIL not an address', { SITE_INBOX_EMAIL: 'hello' }, 'SITE_INBOX_EMAIL', 'error'],
    [
      'SITE_INBOX_EMAIL the placeholder',
      { SITE_INBOX_EMAIL: 'hello@example.org' },
      'SITE_INBOX_EMAIL',
      'error',
    ],
    // build hook
    ['no build hook', { BUILD_HOOK_URL: undefined }, 'BUILD_HOOK_URL', 'warning'],
    [
      'build hook not Netlify',
      { BUILD_HOOK_URL: 'https://hooks.example.org/build' },
      'BUILD_HOOK_URL',
      'error',
    ],
    [
      'the hook under the .env.example name',
      { NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/65a1b2c3d4e5f6a7b8c9d0e1' },
      'NETLIFY_BUILD_HOOK_URL',
      'warning',
    ],
    // secrets in PUBLIC_
    ['PUBLIC_ copy of DATABASE_URL', { PUBLIC_DB: PROD['DATABASE_URL'] }, 'PUBLIC_DB', 'error'],
    ['PUBLIC_ Resend key', { PUBLIC_MAIL_KEY: 're_ZZZZZZZZZZZZZZZZZZZZ_other' }, 'PUBLIC_MAIL_KEY', 'error'],
    [
      'PUBLIC_ named like a secret',
      { PUBLIC_SUPABASE_SERVICE_ROLE_KEY: 'whatever' },
      'PUBLIC_SUPABASE_SERVICE_ROLE_KEY',
      'error',
    ],
    [
      'PUBLIC_ build hook',
      { PUBLIC_HOOK: 'https://api.netlify.com/build_hooks/abc123' },
      'PUBLIC_HOOK',
      'error',
    ],
    ['an ordinary PUBLIC_ value', { PUBLIC_SITE_NAME: 'OCD Residential Treatment Directory' }, null, null],
    // local-only switches
    ['OUTBOX_URL set', { OUTBOX_URL: 'http://127.0.0.1:54324' }, 'OUTBOX_URL', 'warning'],
    ['RATE_LIMIT_EXEMPT_IPS set', { RATE_LIMIT_EXEMPT_IPS: '127.0.0.1' }, 'RATE_LIMIT_EXEMPT_IPS', 'error'],
    ['RATE_LIMIT_DISABLED=1', { RATE_LIMIT_DISABLED: '1' }, 'RATE_LIMIT_DISABLED', 'error'],
    ['RATE_LIMIT_DISABLED=false', { RATE_LIMIT_DISABLED: 'false' }, null, null],
    ['LOCAL_AUTH_RATE_LIMITS set', { LOCAL_AUTH_RATE_LIMITS: 'relaxed' }, 'LOCAL_AUTH_RATE_LIMITS', 'error'],
  ];

  it.each(cases)('%s', (_what, change, subject, severity) => {
    const found = checkEnvironment({ ...PROD, ...change });
    if (subject === null) {
      expect(found).toEqual([]);
      return;
    }
    const hits = about(found, subject);
    expect(hits.length, formatFindings(found)).toBeGreaterThan(0);
    expect(hits.map((f) => f.severity)).toContain(severity);
    for (const f of hits) expect(f.fix.length).toBeGreaterThan(5);
    // The change touches only its own rule (a missing URL, e.g., does not also fail the match rule).
    expect(
      found.every(
        (f) => f.subject === subject || f.subject.startsWith('PUBLIC_') || f.subject === 'SITE_URL',
      ),
      formatFindings(found),
    ).toBe(true);
  });
});

describe('helpers', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['0.0.0.0', true],
    ['192.168.1.20', true],
    ['10.0.0.5', true],
    ['172.20.0.2', true],
    ['my-mac.local', true],
    ['abcdefghijklmnop.supabase.co', false],
    ['172.32.0.1', false],
    ['ocd-directory.org', false],
  ])('isLocalHost(%s) = %s', (host, expected) => {
    expect(isLocalHost(host)).toBe(expected);
  });

  it.each([
    ['sb_secret_abc123', 'a Supabase secret key'],
    [jwt({ role: 'service_role' }), 'the Supabase service-role key'],
    ['postgresql://u:p@h/db', 'a Postgres connection string'],
    ['smtps://u:pw@smtp.host:465', 'an SMTP URL with a password'],
    ['re_AbCdEfGh1234567890_xyz', 'a Resend API key'],
    ['https://api.netlify.com/build_hooks/abc', 'a Netlify build hook'],
    ['sb_publishable_Zx8Qw3Er5Ty7Ui9Op1As2D', null],
    [jwt({ role: 'anon' }), null],
    ['https://abcdefghijklmnop.supabase.co', null],
    ['smtp://smtp.host:25', null],
  ])('secretKind(%s) = %s', (raw, expected) => {
    expect(secretKind(raw)).toBe(expected);
  });

  it('derives the Supabase URL configuration from SITE_URL', () => {
    expect(supabaseUrlConfig('https://ocd-directory.org/')).toEqual({
      siteUrl: 'https://ocd-directory.org',
      redirectUrls: ['https://ocd-directory.org/**'],
    });
  });
});

describe('checkAuthSettings (GET /auth/v1/settings)', () => {
  const good = { external: { email: true }, disable_signup: false, mailer_autoconfirm: false };
  it.each([
    ['Supabase defaults with confirmations on', good, 0],
    ['the local auth server’s answer', { ...good, password_min_length: 6 }, 0],
    ['e-mail provider off', { ...good, external: { email: false } }, 1],
    ['sign-ups disabled', { ...good, disable_signup: true }, 1],
    ['confirmations off', { ...good, mailer_autoconfirm: true }, 1],
    ['another password minimum', { ...good, password_min_length: 8 }, 1],
    ['not JSON', null, 1],
  ])('%s', (_what, body, count) => {
    expect(checkAuthSettings(body)).toHaveLength(count);
  });
});

describe('checkJwks (GET /auth/v1/.well-known/jwks.json)', () => {
  it.each([
    ['an ES256 key', { keys: [{ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: 'a', x: '', y: '' }] }, 0],
    ['an RS256 key', { keys: [{ kty: 'RSA', alg: 'RS256', n: '', e: 'AQAB' }] }, 0],
    ['an EC key without alg', { keys: [{ kty: 'EC', crv: 'P-256' }] }, 0],
    ['no keys (legacy HS256 secret)', { keys: [] }, 1],
    ['only a symmetric key', { keys: [{ kty: 'oct', alg: 'HS256' }] }, 1],
    ['no keys field', { message: 'not found' }, 1],
    ['not JSON', 'oops', 1],
  ])('%s', (_what, body, count) => {
    expect(checkJwks(body)).toHaveLength(count);
  });
});

describe('migrations', () => {
  const files = [
    '20261122000100_roles.sql',
    '20261122000200_providers.sql',
    'README.md',
    'supabase/migrations/20261122001200_uploads.sql',
  ];

  it('reads versions from file names, sorted, ignoring other files', () => {
    expect(migrationVersions(files)).toEqual(['20261122000100', '20261122000200', '20261122001200']);
  });

  it.each([
    ['all applied', ['20261122000100', '20261122000200', '20261122001200'], [], []],
    ['the latest missing', ['20261122000100', '20261122000200'], ['error'], ['latest: 20261122001200']],
    ['none applied (fresh project)', [], ['error'], ['3 of 3 not applied']],
    [
      'the database is ahead of the checkout',
      ['20261122000100', '20261122000200', '20261122001200', '20271231000000'],
      ['warning'],
      ['20271231000000'],
    ],
  ])('%s', (_what, applied, severities, texts) => {
    const found = checkMigrations(applied, files);
    expect(found.map((f) => f.severity)).toEqual(severities);
    for (const text of texts) expect(formatFindings(found)).toContain(text);
  });
});

describe('checkDatabaseRoles', () => {
  it.each([
    [{ anon: true, authenticated: true, service_role: true }, 0],
    [{ anon: true, authenticated: false, service_role: true }, 1],
    [{}, 3],
  ])('%j → %i findings', (roles, count) => {
    expect(checkDatabaseRoles(roles)).toHaveLength(count);
  });
});

describe('formatFindings', () => {
  it('lists errors before warnings, each with its fix', () => {
    const text = formatFindings([
      { severity: 'warning', subject: 'B', problem: 'b', fix: 'do b' },
      { severity: 'error', subject: 'A', problem: 'a', fix: 'do a' },
    ]);
    expect(text).toBe('✗ A: a\n    → do a\n! B: b\n    → do b');
    expect(errors(checkEnvironment({}))).not.toHaveLength(0);
    expect(warnings(checkEnvironment(PROD))).toHaveLength(0);
  });
});
