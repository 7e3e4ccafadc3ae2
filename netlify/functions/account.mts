/**
 * The signed-in family's own account (the "My Account" page, /enhanced-dashboard), and the data
 * rights the privacy policy promises: access (export) and deletion.
 *
 * - `GET /api/account` → 200 `AccountResponse`: the user, their roles, their saved programs and
 *   the requests they sent while signed in (program, type, status and its word — Sent,
 *   Delivered, Contacted, Closed —, dates, and the path of each one's status page,
 *   `/request?id=…`), in one round trip.
 * - `GET /api/account/export` → 200, a JSON file (`content-disposition: attachment`) with
 *   everything the directory holds about the account: the account, the saved programs and the
 *   requests with the personal details sent in them (name, e-mail, phone, message, best time to
 *   call), the reviews they wrote, whatever their status, and (`private.account_records`) the
 *   contact messages, error reports and review reports sent signed in or with the account's
 *   address, and the requests sent signed out with that address.
 * - `DELETE /api/account` → 204: the saved programs, the reviews the person wrote (their
 *   programs' ratings are recomputed at the next build), the personal fields of the person's
 *   requests (the anonymous request record stays with the program), their contact messages, the
 *   address and sender of their reports, and the auth user are removed, in one transaction. 403 for provider and administrator accounts (see below).
 *
 * 401 without a valid token, and for a token whose session has ended (signed out, or the account
 * was deleted). Reads run through `withClaims`, so the RLS policies decide ("Users read their own
 * favourites", "Senders read their own inquiries"); the explicit `user_id`/`sender_id` filters
 * keep an administrator, who may read every row, to their own.
 */
import type { Config, Context } from '@netlify/functions';
import postgres from 'postgres';
import {
  NOT_DELETABLE,
  type AccountExport,
  type AccountRecords,
  type AccountResponse,
  type AccountUser,
  type ExportedRequest,
} from '../../src/api/contracts/account.ts';
import type { Favorite } from '../../src/api/contracts/favorites.ts';
import { requestStatusPath } from '../../src/api/contracts/inquiries.ts';
import { stageOfRow } from '../../src/lib/request-status.ts';
import type { Role } from '../../src/lib/vocabulary.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, withService, type Claims, type Tx } from './_shared/db.ts';
import { SECURITY_HEADERS, allowMethods, forbidden, handle, json, sessionEnded } from './_shared/http.ts';
import { programIndex, programNames, unknownPrograms, type ProgramIndex } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { selectOwnReviews } from './_shared/review-queries.ts';

interface Rows {
  roles: Role[];
  favorites: Favorite[];
  requests: Omit<ExportedRequest, 'stage'>[];
}

/** Everything of the user in ONE statement (one round trip), as the user, through RLS. */
function readAccount(claims: Claims, withPersonal: boolean): Promise<Rows> {
  return withClaims(claims, async (tx: Tx) => {
    // Only the export reads what the person wrote; the page needs the program and the status.
    const personal = withPersonal ? tx`, name, email, phone, message, location, best_time_to_call` : tx``;
    const [row] = await tx<Rows[]>`
      select
        coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = ${claims.sub}), '[]') as roles,
        coalesce((
          select json_agg(f order by f.created_at desc, f.program_id)
          from (
            select program_id, program_name,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
            from user_favorites where user_id = ${claims.sub}
          ) f
        ), '[]') as favorites,
        coalesce((
          select json_agg(i order by i.created_at desc, i.id)
          from (
            select id, program_id, program_name, type, status ${personal},
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                   to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
                   to_char(delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as delivered_at
            from provider_inquiries where sender_id = ${claims.sub}
          ) i
        ), '[]') as requests`;
    return row ?? { roles: [], favorites: [], requests: [] };
  });
}

function userOf(claims: Claims): AccountUser {
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    metadata: claims.user_metadata ?? {},
  };
}

/**
 * The page of a saved or asked-about program; null for the test program and for a program
 * published from a listing that is no longer on the directory (`unlisted`: unpublished or withdrawn).
 */
function programPath(
  programId: string | null,
  unlisted: ReadonlySet<string>,
  files: ProgramIndex,
): string | null {
  if (programId === null || unlisted.has(programId)) return null;
  const program = files.find(programId);
  // Not a program file: a program published from a provider listing (favourites and inquiries
  // accept no other ids), whose page is /program/<id>.
  if (!program) return `/program/${programId}`;
  if (program.test) return null;
  // A few programs have a page of their own (e.g. /mclean); the rest live at /program/<id>.
  return program.profilePath ?? `/program/${program.id}`;
}

async function account(claims: Claims): Promise<Response> {
  const rows = await readAccount(claims, false);
  const ids = [...rows.favorites.map((f) => f.program_id), ...rows.requests.map((r) => r.program_id)];
  const unlisted = await unknownPrograms(ids.filter((id): id is string => id !== null));
  const files = await programIndex();
  const body: AccountResponse = {
    user: userOf(claims),
    roles: rows.roles,
    favorites: rows.favorites.map((f) => ({
      ...f,
      program_path: programPath(f.program_id, unlisted, files),
      program_listed: !unlisted.has(f.program_id),
    })),
    requests: rows.requests.map((r) => ({
      id: r.id,
      program_id: r.program_id,
      program_name: r.program_name,
      program_path: programPath(r.program_id, unlisted, files),
      program_listed: r.program_id === null || !unlisted.has(r.program_id),
      type: r.type,
      status: r.status,
      stage: stageOfRow(r),
      status_path: requestStatusPath(r.id),
      created_at: r.created_at,
      updated_at: r.updated_at,
      delivered_at: r.delivered_at,
    })),
  };
  return json(body);
}

async function exportAccount(claims: Claims): Promise<Response> {
  const rows = await readAccount(claims, true);
  // The reviews the person wrote, whatever their status (RLS: authors read their own).
  const reviews = await withClaims(claims, (tx) => selectOwnReviews(tx, claims.sub), { readOnly: true });
  const reviewNames = await programNames(reviews.map((r) => r.program_id));
  const records = await readRecords(claims);
  const now = new Date();
  const data: AccountExport = {
    exported_at: now.toISOString(),
    about:
      'Everything the OCD Residential Treatment Directory holds about your account: the account, the programs you saved, the information and call requests you sent while signed in (with the details you gave and the status the program set), the reviews you wrote (published ones show your public name, never your email address), and what you sent signed in or with your account’s email address: contact messages, error reports, review reports and requests sent while signed out.',
    account: { ...userOf(claims), roles: rows.roles },
    favorites: rows.favorites,
    requests: rows.requests.map((r) => ({
      id: r.id,
      program_id: r.program_id,
      program_name: r.program_name,
      type: r.type,
      status: r.status,
      stage: stageOfRow(r),
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      location: r.location,
      best_time_to_call: r.best_time_to_call,
      created_at: r.created_at,
      updated_at: r.updated_at,
      delivered_at: r.delivered_at,
    })),
    reviews: reviews.map((r) => ({ ...r, program_name: reviewNames.get(r.program_id) ?? null })),
    // Named one by one: jsonb keeps its keys in its own order, not this one.
    contact_messages: records.contact_messages,
    error_reports: records.error_reports,
    review_reports: records.review_reports,
    requests_sent_signed_out: records.requests_sent_signed_out,
  };
  const filename = `ocd-directory-account-${now.toISOString().slice(0, 10)}.json`;
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...SECURITY_HEADERS,
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });
}

/**
 * The contact messages, reports and signed-out requests tied to the account
 * (`private.account_records`): none of them is readable by the person through RLS (they were sent
 * as a visitor), so the server's own role reads them, in a transaction that first checked the
 * token's session, for the token's `sub` only.
 */
function readRecords(claims: Claims): Promise<AccountRecords> {
  return withClaims(
    claims,
    async (tx) => {
      await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '', true)`;
      const [row] = await tx<{ records: AccountRecords }[]>`
        select private.account_records(${claims.sub}) as records`;
      return (
        row?.records ?? {
          contact_messages: [],
          error_reports: [],
          review_reports: [],
          requests_sent_signed_out: [],
        }
      );
    },
    { readOnly: true },
  );
}

/**
 * Deletes the account with `private.delete_account(sub, session_id)`.
 *
 * Why `withService` and not `withClaims`: removing the row in `auth.users` needs privileges no API
 * role has (and no RLS policy can grant: Supabase's auth schema is not ours to add policies to),
 * and the scrub and the deletion must happen in ONE transaction, so that no request keeps a
 * name or an address once the account is gone, and nothing is half-done if a step fails. The
 * database function is security definer and callable by `service_role` only; its ONLY inputs are
 * the verified token's `sub` and `session_id` (never anything from the body, query or path), and
 * it decides itself what is removed: the caller cannot name another user. It checks the
 * token's session is still live (as `withClaims` does for every other request), so a token of a
 * signed-out session cannot delete the account, and it refuses provider and administrator
 * accounts, whose deletion would cascade to a provider's profile, listings and the requests
 * families sent to them.
 */
async function deleteAccount(claims: Claims): Promise<Response> {
  try {
    await withService((tx) => tx`select * from private.delete_account(${claims.sub}, ${claims.session_id})`);
  } catch (error) {
    if (error instanceof postgres.PostgresError && error.code === 'UA401') throw sessionEnded();
    if (error instanceof postgres.PostgresError && error.code === 'UA403') throw forbidden(NOT_DELETABLE);
    throw error;
  }
  return json(null, 204);
}

const EXPORT_PATH = /^\/api\/account\/export\/?$/;

export default handle('account', async (req: Request, context: Context) => {
  const isExport = EXPORT_PATH.test(new URL(req.url).pathname);
  allowMethods(req, isExport ? ['GET'] : ['GET', 'DELETE']);
  await limiter.check(context);
  const claims = await requireUser(req);
  if (isExport) return exportAccount(claims);
  return req.method === 'DELETE' ? deleteAccount(claims) : account(claims);
});

export const config: Config = {
  path: ['/api/account', '/api/account/export'],
  // The page asks once per visit; export and delete are one click each. 30 a minute is plenty.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('account', config.rateLimit);
