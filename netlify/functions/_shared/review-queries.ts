/**
 * The review endpoints' reads (netlify/functions/reviews.mts, admin-reviews.mts,
 * provider-reviews.mts), each run inside the caller's own RLS transaction (`withClaims`): the
 * policies of migration 20261126000500 decide what a visitor, a family, a provider and an
 * administrator see; the filters here only shape the answer. Also the content of the rejection
 * e-mails the outbox sends (message-outbox.ts).
 */
import type {
  AdminReview,
  AdminReviewFilter,
  OwnReview,
  ProviderReview,
  PublicReview,
  ReviewProgram,
} from '../../../src/api/contracts/reviews.ts';
import { ADMIN_REPORTS_SHOWN, MAX_LISTED_REVIEWS } from '../../../src/api/contracts/reviews.ts';
import {
  publicNameParts,
  RELATIONSHIP_LABELS,
  removalRule,
  REVIEW_POLICY_PATH,
  summaryOfDistribution,
  type ModerationStatus,
  type PolicyRule,
  type RatingSummary,
  type RemovalRuleId,
  type ReviewFlag,
} from '../../../src/lib/reviews.ts';
import type { Tx } from './db.ts';
import type { TemplateData } from './mail-templates.ts';
import { programIndex, programNames } from './programs.ts';
import { distributionOf, toPublicReview, type PublicReviewRow } from './reviews.ts';

const PUBLIC_COLUMNS = `r.id, r.program_id, r.rating, r.title, r.body, r.relationship, r.stay_year, r.public_name,
  r.connected_to_program, r.connection_note, r.sent_request,
  r.sent_request_on::text as sent_request_on, r.sample, r.created_at, r.updated_at`;

/** A published review's rule words, or null. */
function ruleOf(id: RemovalRuleId | null): PolicyRule | null {
  if (id === null) return null;
  const rule = removalRule(id);
  return rule ? { id: rule.id, title: rule.title, text: rule.text } : null;
}

/** The rating of every published review of a program (as the caller: published rows only). */
export async function selectSummary(tx: Tx, programId: string): Promise<RatingSummary> {
  const rows = await tx<{ rating: number; n: number }[]>`
    select rating, count(*)::integer as n from program_reviews
    where program_id = ${programId} and status = 'published'
    group by rating`;
  return summaryOfDistribution(distributionOf(rows));
}

/** A page of a program's published reviews, newest first, with their published responses. */
export async function selectPublicReviews(
  tx: Tx,
  programId: string,
  page: { offset: number; limit: number },
): Promise<PublicReview[]> {
  const rows = await tx<PublicReviewRow[]>`
    select ${tx.unsafe(PUBLIC_COLUMNS)},
           s.body as response_body, s.created_at as response_created_at, s.updated_at as response_updated_at
    from program_reviews r
    left join review_responses s on s.review_id = r.id and s.status = 'published'
    where r.program_id = ${programId} and r.status = 'published'
    order by r.created_at desc, r.id
    limit ${page.limit} offset ${page.offset}`;
  return rows.map(toPublicReview);
}

interface OwnReviewRow extends Omit<
  PublicReviewRow,
  'response_body' | 'response_created_at' | 'response_updated_at'
> {
  status: ModerationStatus;
  rejection_rule: RemovalRuleId | null;
  moderated_at: Date | null;
}

function toOwnReview(r: OwnReviewRow): OwnReview {
  const parts = publicNameParts(r.public_name);
  return {
    id: r.id,
    program_id: r.program_id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    relationship: r.relationship,
    relationship_label: RELATIONSHIP_LABELS[r.relationship],
    stay_year: r.stay_year,
    public_name: r.public_name,
    connected_to_program: r.connected_to_program,
    connection_note: r.connection_note,
    sent_request: r.sent_request,
    sent_request_on: r.sent_request_on,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    status: r.status,
    rejection: ruleOf(r.rejection_rule),
    moderated_at: r.moderated_at?.toISOString() ?? null,
    name_choice: parts.choice,
    first_name: parts.firstName,
    last_initial: parts.lastInitial,
  };
}

/** The caller's own reviews (`filter.id` / `filter.programId`: only that one), newest first. */
export async function selectOwnReviews(
  tx: Tx,
  userId: string,
  filter: { id?: string; programId?: string } = {},
): Promise<OwnReview[]> {
  const id = filter.id ?? null;
  const programId = filter.programId ?? null;
  const rows = await tx<OwnReviewRow[]>`
    select ${tx.unsafe(PUBLIC_COLUMNS)}, r.status, r.rejection_rule, r.moderated_at
    from program_reviews r
    where r.user_id = ${userId}
      and (${id}::uuid is null or r.id = ${id}::uuid)
      and (${programId}::text is null or r.program_id = ${programId}::text)
    order by r.created_at desc, r.id
    limit ${MAX_LISTED_REVIEWS}`;
  return rows.map(toOwnReview);
}

/**
 * The programs of `ids` as lists show them: the name and page of a listed program (files and
 * live listings); a program no longer listed has neither.
 */
export async function reviewPrograms(ids: readonly string[]): Promise<Map<string, ReviewProgram>> {
  const names = await programNames(ids);
  const files = await programIndex();
  return new Map(
    [...new Set(ids)].map((id) => {
      const name = names.get(id);
      const file = files.find(id);
      return [
        id,
        {
          id,
          name: name ?? null,
          path: name === undefined ? null : (file?.profilePath ?? `/program/${id}`),
        },
      ];
    }),
  );
}

interface AdminReviewRow extends OwnReviewRow {
  flags: ReviewFlag[];
  author_is_provider: boolean;
  report_count: number;
  open_reports: number;
  reports_not_stored: number;
  reports: {
    id: string;
    reason: string;
    status: 'open' | 'resolved';
    created_at: string;
    resolved_at: string | null;
  }[];
  response_id: string | null;
  response_body: string | null;
  response_status: ModerationStatus | null;
  response_rejection_rule: RemovalRuleId | null;
  response_created_at: Date | null;
  response_updated_at: Date | null;
  response_moderated_at: Date | null;
  response_revision: number | null;
  organization_name: string | null;
  revision: number;
}

/** What each filter of the moderator's list selects. */
const FILTERS: Readonly<Record<AdminReviewFilter, string>> = {
  waiting: `r.status = 'pending' or s.status = 'pending'
            or exists (select 1 from review_reports o where o.review_id = r.id and o.status = 'open')`,
  pending: `r.status = 'pending'`,
  reported: `exists (select 1 from review_reports o where o.review_id = r.id and o.status = 'open')`,
  published: `r.status = 'published'`,
  rejected: `r.status = 'rejected'`,
  all: 'true',
};

/**
 * The moderator's list (`filter.id`: that review): the text, the flags, the verified-contact
 * marker, whether the author is a provider, the newest ADMIN_REPORTS_SHOWN reports with the count
 * of all of them (and of those counted beyond the cap, not stored), and the response. Oldest first for what
 * waits (first come, first checked), newest first otherwise. Run where `assertAdmin` passed.
 */
export async function selectAdminReviews(
  tx: Tx,
  filter: { id?: string; status?: AdminReviewFilter; offset?: number; limit?: number },
): Promise<AdminReview[]> {
  const status = filter.status ?? 'waiting';
  const id = filter.id ?? null;
  const where = id === null ? tx.unsafe(FILTERS[status]) : tx.unsafe('true');
  const order =
    id === null && (status === 'waiting' || status === 'pending' || status === 'reported')
      ? tx.unsafe('asc')
      : tx.unsafe('desc');
  const rows = await tx<AdminReviewRow[]>`
    select ${tx.unsafe(PUBLIC_COLUMNS)}, r.status, r.rejection_rule, r.moderated_at, r.flags, r.revision,
           exists (select 1 from providers pr where pr.user_id = r.user_id) as author_is_provider,
           coalesce((
             select json_agg(json_build_object(
                      'id', o.id, 'reason', o.reason, 'status', o.status,
                      'created_at', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'resolved_at', to_char(o.resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                    order by o.created_at desc)
             from (
               select o0.id, o0.reason, o0.status, o0.created_at, o0.resolved_at
               from review_reports o0 where o0.review_id = r.id
               order by o0.created_at desc, o0.id limit ${ADMIN_REPORTS_SHOWN}
             ) o
           ), '[]') as reports,
           (select count(*)::integer from review_reports o where o.review_id = r.id) as report_count,
           (select count(*)::integer from review_reports o where o.review_id = r.id and o.status = 'open') as open_reports,
           coalesce((select f.reports from report_overflow f where f.kind = 'review' and f.item = r.id::text), 0)
             as reports_not_stored,
           s.id as response_id, s.body as response_body, s.status as response_status,
           s.rejection_rule as response_rejection_rule, s.created_at as response_created_at,
           s.updated_at as response_updated_at, s.moderated_at as response_moderated_at,
           s.revision as response_revision, p.organization_name
    from program_reviews r
    left join review_responses s on s.review_id = r.id
    left join providers p on p.id = s.provider_id
    where (${id}::uuid is null or r.id = ${id}::uuid) and (${where})
    order by r.created_at ${order}, r.id
    limit ${filter.limit ?? MAX_LISTED_REVIEWS} offset ${filter.offset ?? 0}`;
  const programs = await reviewPrograms(rows.map((r) => r.program_id));
  return rows.map((r) => {
    const {
      response: _,
      program_id: programId,
      ...review
    } = toPublicReview({ ...r, response_body: null, response_created_at: null, response_updated_at: null });
    return {
      ...review,
      program: programs.get(programId) ?? { id: programId, name: null, path: null },
      status: r.status,
      rejection_rule: r.rejection_rule,
      moderated_at: r.moderated_at?.toISOString() ?? null,
      flags: r.flags,
      author_is_provider: r.author_is_provider,
      reports: r.reports,
      report_count: r.report_count,
      open_reports: r.open_reports,
      reports_not_stored: r.reports_not_stored,
      revision: r.revision,
      response:
        r.response_id === null ||
        r.response_body === null ||
        r.response_status === null ||
        r.response_created_at === null ||
        r.response_revision === null
          ? null
          : {
              id: r.response_id,
              body: r.response_body,
              status: r.response_status,
              rejection_rule: r.response_rejection_rule,
              organization_name: r.organization_name ?? '',
              created_at: r.response_created_at.toISOString(),
              updated_at: (r.response_updated_at ?? r.response_created_at).toISOString(),
              moderated_at: r.response_moderated_at?.toISOString() ?? null,
              revision: r.response_revision,
            },
    };
  });
}

interface ProviderReviewRow extends PublicReviewRow {
  response_id: string | null;
  response_status: ModerationStatus | null;
  response_rejection_rule: RemovalRuleId | null;
}

/**
 * The published reviews of the programs whose live listings are the provider's (`filter.id`: that
 * review), newest first, with the provider's own response wherever it stands.
 */
export async function selectProviderReviews(
  tx: Tx,
  providerId: string,
  filter: { id?: string } = {},
): Promise<ProviderReview[]> {
  const id = filter.id ?? null;
  const rows = await tx<ProviderReviewRow[]>`
    select ${tx.unsafe(PUBLIC_COLUMNS)},
           s.id as response_id, s.body as response_body, s.status as response_status,
           s.rejection_rule as response_rejection_rule, s.created_at as response_created_at,
           s.updated_at as response_updated_at
    from program_reviews r
    join listing_publications pub on pub.program_id = r.program_id and pub.state = 'live'
      and pub.provider_id = ${providerId}
    left join review_responses s on s.review_id = r.id and s.provider_id = ${providerId}
    where r.status = 'published' and (${id}::uuid is null or r.id = ${id}::uuid)
    order by r.created_at desc, r.id
    limit ${MAX_LISTED_REVIEWS}`;
  const programs = await reviewPrograms(rows.map((r) => r.program_id));
  return rows.map((r) => {
    const {
      response: _,
      program_id: programId,
      ...review
    } = toPublicReview({ ...r, response_body: null, response_created_at: null, response_updated_at: null });
    return {
      ...review,
      program: programs.get(programId) ?? { id: programId, name: null, path: null },
      response:
        r.response_id === null ||
        r.response_body === null ||
        r.response_status === null ||
        r.response_created_at === null
          ? null
          : {
              id: r.response_id,
              body: r.response_body,
              status: r.response_status,
              rejection: ruleOf(r.response_rejection_rule),
              created_at: r.response_created_at.toISOString(),
              updated_at: (r.response_updated_at ?? r.response_created_at).toISOString(),
            },
    };
  });
}

// ---- The rejection e-mails (message-outbox.ts) --------------------------------------------------

/** A `review_rejected` row's payload, as private.after_review_decision writes it. */
interface ReviewRejectedPayload {
  to: string;
  programId: string;
  title: string;
  rule: string;
}

/** A `review_response_rejected` row's payload, as private.after_response_decision writes it. */
interface ResponseRejectedPayload {
  to: string;
  programId: string;
  rule: string;
}

/** The rule's words for an e-mail (an unknown id is said as it is). */
function ruleWords(id: string): { title: string; text: string } {
  const rule = removalRule(id);
  return rule ? { title: rule.title, text: rule.text } : { title: id, text: '' };
}

/** The reviewer's e-mail: which review, which rule, where the policy is, what they can do. */
export async function reviewRejectedMail(
  payload: Record<string, unknown>,
): Promise<TemplateData['reviewRejected']> {
  const p = payload as unknown as ReviewRejectedPayload;
  const program = (await reviewPrograms([p.programId])).get(p.programId);
  return {
    to: p.to,
    programName: program?.name ?? p.programId,
    programPath: program?.path ?? null,
    title: p.title,
    rule: ruleWords(p.rule),
    policyPath: REVIEW_POLICY_PATH,
  };
}

/** The provider's e-mail about its response. */
export async function responseRejectedMail(
  payload: Record<string, unknown>,
): Promise<TemplateData['reviewResponseRejected']> {
  const p = payload as unknown as ResponseRejectedPayload;
  const program = (await reviewPrograms([p.programId])).get(p.programId);
  return {
    to: p.to,
    programName: program?.name ?? p.programId,
    rule: ruleWords(p.rule),
    policyPath: REVIEW_POLICY_PATH,
  };
}
