/**
 * Server environment, validated once on first use. A misconfigured deploy fails with one error
 * that names every missing or malformed variable, instead of failing later one at a time.
 */
import { z } from 'zod';
import { mailFrom } from '../../../src/lib/mail-sender.ts';

const url = (name: string) => z.url({ error: `${name} must be a full URL (e.g. http://127.0.0.1:54321)` });
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  /** Base URL of Supabase (or the local backend); auth lives under `/auth/v1`. */
  SUPABASE_URL: url('SUPABASE_URL').transform((v) => v.replace(/\/+$/, '')),
  /** Postgres connection string; on Supabase, the pooler in transaction mode (port 6543). */
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  /** Mail transports, tried in this order: Resend, SMTP, the local outbox. */
  RESEND_API_KEY: optionalText,
  SMTP_URL: optionalText,
  /** The local backend's outbox (port 54324, docs/local-backend.md); used when neither of the above is set. */
  OUTBOX_URL: url('OUTBOX_URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .transform((v) => v ?? 'http://127.0.0.1:54324'),
  /**
   * The address every e-mail is sent from; the name is always the site's (src/lib/mail-sender.ts),
   * as in the auth e-mails, so one mailbox never shows two names.
   */
  MAIL_FROM: optionalText.transform((v) => mailFrom(v)),
  /** Where contact-page messages go. */
  SITE_INBOX_EMAIL: z
    .email({ error: 'SITE_INBOX_EMAIL must be an e-mail address' })
    .optional()
    .transform((v) => v ?? 'hello@example.org'),
  /** Public origin of the site, for links in e-mails. */
  SITE_URL: url('SITE_URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .transform((v) => v ?? 'http://localhost:4321'),
  /**
   * Netlify build hook (Site configuration → Build hooks) POSTed when an administrator approves a
   * listing, so the directory is rebuilt with it. Unset: no rebuild is triggered.
   */
  BUILD_HOOK_URL: url('BUILD_HOOK_URL').optional(),
  /**
   * Builds start at most once per this many seconds (default 180): requests in between (each
   * availability change, each decision) are published together by the next build, so twelve
   * changes cost one build, not twelve (netlify/functions/_shared/publishing.ts). 0 = only one build
   * under way at a time.
   */
  REBUILD_MIN_INTERVAL_SECONDS: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'REBUILD_MIN_INTERVAL_SECONDS must be a whole number of seconds, e.g. 180')
    .optional()
    .transform((v) => (v === undefined ? 180 : Number(v))),
  /** Turns the in-process limiter off (benchmarks); Netlify's own limit still applies in production. */
  RATE_LIMIT_DISABLED: flag,
  /**
   * Client addresses the per-IP limits do not count (comma-separated), for the browser tests:
   * every page a test browser opens comes from 127.0.0.1, far faster than a person. The limits
   * per e-mail address still apply, and the limiter tests use other loopback addresses. Never set
   * it in production.
   */
  RATE_LIMIT_EXEMPT_IPS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parses `source` (default `process.env`); throws one error listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, the way dotenv files and CI secrets usually leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.');
    return cleaned[name] === undefined ? `${name} (missing)` : `${name} (${issue.message})`;
  });
  throw new Error(`Invalid server environment: ${problems.join('; ')}`);
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests that change `process.env` call this so the next `env()` reads it again. */
export function resetEnvForTests(): void {
  cached = undefined;
}
