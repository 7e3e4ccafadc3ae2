/**
 * Pure rules of the /admin page (no React, no fetch): its tabs and their address, the status
 * filters, what a decision needs before it is sent, how provider-written values are shown
 * (links only for http(s), upload references as files), and the labels of statuses and trials.
 */
import {
  ADMIN_MESSAGES,
  MAX_NOTES_LENGTH,
  MAX_REASON_LENGTH,
  type PublishingState,
} from '../../api/contracts/admin.ts';
import type { ListingDecisionBody, PublicationDecisionBody } from '../../api/contracts/admin-schemas.ts';
import { REVIEW_MESSAGES, type AdminReviewFilter } from '../../api/contracts/reviews.ts';
import type { DecideReviewBody } from '../../api/contracts/reviews-schemas.ts';
import { isRemovalRule } from '../../lib/reviews.ts';
import { PROGRAM_ID_PATTERN } from '../../lib/program-id.ts';
import { codePointLength, hasVisibleText } from '../../lib/text-rules.ts';
import { tabAddress } from '../../lib/tabs.ts';
import { TRUST } from '../../lib/trust.ts';
import { AGE_GROUP_LABELS, type AgeGroup } from '../../lib/vocabulary.ts';

export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'verification', label: 'Verification' },
  { id: 'listings', label: 'Listings' },
  { id: 'reports', label: 'Reports' },
  { id: 'reviews', label: 'Reviews' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** The first tab, shown when the address names none. */
export const DEFAULT_ADMIN_TAB: AdminTabId = ADMIN_TABS[0].id;

/** The active tab in the address: `?tab=<id>`, none for the overview (lib/tabs.ts). */
export const { tabFromSearch: adminTabFromSearch, searchWithTab: adminSearchWithTab } =
  tabAddress(ADMIN_TABS);

/** The filters of the verification queue; '' asks for every request. */
export const VERIFICATION_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'All' },
] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number]['value'];

/**
 * The filters of the listing queue; '' asks for every listing but drafts (the API's default).
 * `published` / `unpublished` filter by the published version: on the directory, or taken down
 * (unpublished by an administrator or withdrawn by its provider).
 */
export const LISTING_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'published', label: 'On the directory' },
  { value: 'unpublished', label: 'Unpublished or withdrawn' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'draft', label: 'Drafts' },
  { value: '', label: 'All but drafts' },
] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number]['value'];

/** `?status=…` for a list call, or '' for none. */
export function statusQuery(filter: string): string {
  return filter === '' ? '' : `?status=${encodeURIComponent(filter)}`;
}

export type Decision = 'approved' | 'rejected';

/** A decision as typed; `revision` is the version of the item shown (the one decided on). */
export type DecisionInput = { decision: Decision; notes: string; programId?: string; revision: number };

export type DecisionErrors = { reviewer_notes?: string; published_program_id?: string };

/**
 * What keeps a decision from being sent, per field (the API checks again and has the last word):
 * notes are required to reject and at most 5000 characters; a program id, when typed, must be a
 * valid one.
 */
export function decisionErrors(input: DecisionInput): DecisionErrors {
  const errors: DecisionErrors = {};
  const notes = input.notes.trim();
  if (input.decision === 'rejected' && !hasVisibleText(notes))
    errors.reviewer_notes = ADMIN_MESSAGES.notesRequired;
  else if (codePointLength(notes) > MAX_NOTES_LENGTH) errors.reviewer_notes = ADMIN_MESSAGES.notesTooLong;
  const programId = input.programId?.trim() ?? '';
  if (input.decision === 'approved' && programId !== '' && !PROGRAM_ID_PATTERN.test(programId))
    errors.published_program_id = ADMIN_MESSAGES.programId;
  return errors;
}

/** The PATCH body of a decision: notes trimmed (null when empty), the program id only when given. */
export function decisionBody(input: DecisionInput): ListingDecisionBody {
  const notes = input.notes.trim();
  const programId = input.programId?.trim() ?? '';
  return {
    status: input.decision,
    reviewer_notes: notes === '' ? null : notes,
    ...(input.decision === 'approved' && programId !== '' ? { published_program_id: programId } : {}),
    revision: input.revision,
  };
}

export type PublicationAction = PublicationDecisionBody['action'];

export type PublicationInput = { action: PublicationAction; reason: string; revision: number };

/**
 * What keeps a publication decision from being sent (the API checks again): a reason is required
 * to unpublish, at most 2000 characters.
 */
export function publicationErrors(input: PublicationInput): { reason?: string } {
  if (input.action !== 'unpublish') return {};
  const reason = input.reason.trim();
  if (!hasVisibleText(reason)) return { reason: ADMIN_MESSAGES.reasonRequired };
  if (codePointLength(reason) > MAX_REASON_LENGTH) return { reason: ADMIN_MESSAGES.reasonTooLong };
  return {};
}

/** The POST body of a publication decision (the reason trimmed; none to republish). */
export function publicationBody(input: PublicationInput): PublicationDecisionBody {
  return input.action === 'unpublish'
    ? { action: 'unpublish', reason: input.reason.trim(), revision: input.revision }
    : { action: 'republish', revision: input.revision };
}

const PUBLICATION_LABELS: Record<string, { label: string; tone: Tone }> = {
  live: { label: 'On the directory', tone: 'green' },
  unpublished: { label: 'Unpublished', tone: 'red' },
  withdrawn: { label: 'Withdrawn by the provider', tone: 'slate' },
};

/** A published version's state as a label and tone. */
export function publicationLabel(state: string): { label: string; tone: Tone } {
  return PUBLICATION_LABELS[state] ?? { label: state || 'Unknown', tone: 'slate' };
}

/** The address of an http(s) link a provider wrote, or null (then it is shown as text only). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const UPLOAD_PATH =
  /^\/api\/provider\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The `/api/provider/uploads/<id>` path a stored value refers to, or null (free text). */
export function uploadPath(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return UPLOAD_PATH.test(text) ? text : null;
}

/** File types the browser may show in a tab of this site; anything else is downloaded instead. */
const INLINE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** True when a served file of this type can be opened in a tab (never HTML, SVG or scripts). */
export function opensInline(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return INLINE_TYPES.includes(type);
}

export type Tone = 'green' | 'amber' | 'red' | 'slate' | 'blue';

const VERIFICATION_LABELS: Record<string, { label: string; tone: Tone }> = {
  verified: { label: TRUST.verified.badge, tone: 'green' },
  pending: { label: 'Pending review', tone: 'amber' },
  rejected: { label: 'Needs updates', tone: 'red' },
  unverified: { label: 'Not verified', tone: 'slate' },
};

/** A provider's verification_status as a label and tone. */
export function verificationLabel(status: string): { label: string; tone: Tone } {
  return VERIFICATION_LABELS[status] ?? { label: status || 'Unknown', tone: 'slate' };
}

const DECISION_LABELS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
  draft: { label: 'Draft', tone: 'slate' },
};

/** A request's or listing's status as a label and tone. */
export function decisionLabel(status: string): { label: string; tone: Tone } {
  return DECISION_LABELS[status] ?? { label: status || 'Unknown', tone: 'slate' };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A provider's subscription in words: `Trial: 5 days left`, `Trial ended`, or the status
 * (`Active`, `Past due`, …).
 */
export function trialState(
  subscriptionStatus: string,
  trialEndsAt: string | null,
  now: number,
): { label: string; tone: Tone } {
  if (subscriptionStatus === 'trial') {
    const end = Date.parse(trialEndsAt ?? '');
    if (Number.isNaN(end)) return { label: 'Trial', tone: 'blue' };
    const days = Math.ceil((end - now) / DAY_MS);
    if (days <= 0) return { label: 'Trial ended', tone: 'red' };
    return { label: `Trial: ${String(days)} ${days === 1 ? 'day' : 'days'} left`, tone: 'blue' };
  }
  const words = subscriptionStatus.replace(/_/g, ' ');
  const label = words === '' ? 'Unknown' : words.charAt(0).toUpperCase() + words.slice(1);
  return { label, tone: subscriptionStatus === 'active' ? 'green' : 'slate' };
}

/** The publishing state as /admin words it (`time` formats an ISO time; '' for none). */
export function publishingView(
  p: PublishingState,
  time: (iso: string | null) => string,
): { tone: Tone; label: string; detail: string; error: string | null } {
  const at = (iso: string | null, words: string) => (time(iso) === '' ? '' : `${words} ${time(iso)}`);
  if (p.pending && p.failures > 0) {
    const next = p.retry_at ? ` The next build starts after ${time(p.retry_at)}.` : '';
    const row = p.failures > 1 ? ` ${String(p.failures)} failed builds in a row.` : '';
    return {
      tone: 'red',
      label: `Publishing failed${at(p.failed_at, ' at')} — retrying`,
      detail: `Approved listings and changes since then are not on the live directory yet.${next}${row}`,
      error: p.error,
    };
  }
  if (p.pending && p.hook_failures > 0) {
    return {
      tone: 'red',
      label: 'The build hook did not answer — retrying',
      detail: `Changes waiting${at(p.waiting_since, ' since')} are not on the live directory yet.`,
      error: p.hook_error,
    };
  }
  if (p.building) {
    return {
      tone: 'blue',
      label: 'Publishing: a build is under way',
      detail: `Started${at(p.build_started_at, '')}.`,
      error: null,
    };
  }
  if (p.pending) {
    return {
      tone: 'amber',
      label: 'Waiting for the next build',
      detail: `Changes${at(p.waiting_since, ' since')} are published together by the next build.`,
      error: null,
    };
  }
  return {
    tone: 'green',
    label: 'Up to date',
    detail: p.published_at
      ? `Last build published${at(p.published_at, '')}.`
      : 'Every decision is on the live directory.',
    error: null,
  };
}

/** An age group as the profile writes it (`Adolescents (12-17)`); unknown values as stored. */
export function ageGroupLabel(value: string): string {
  return (AGE_GROUP_LABELS as Record<string, string>)[value as AgeGroup] ?? value;
}

/** `list` joined with commas, or the `empty` words for none. */
export function listText(list: readonly string[] | null | undefined, empty = 'Not given'): string {
  const items = (list ?? []).map((v) => v.trim()).filter((v) => v !== '');
  return items.length === 0 ? empty : items.join(', ');
}

/** A listing's place as one line: `Street, City, State ZIP` with what is there. */
export function placeText(listing: {
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}): string {
  const stateZip = [listing.state, listing.zip_code]
    .map((v) => v?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const parts = [listing.address, listing.city].map((v) => v?.trim() ?? '').filter(Boolean);
  if (stateZip) parts.push(stateZip);
  return parts.length === 0 ? 'Not given' : parts.join(', ');
}

// ---- Reviews ----------------------------------------------------------------------------------------

/** The filters of the Reviews tab, in the API's names (`?status=`); `waiting` is the API's default. */
export const REVIEW_FILTERS: readonly { value: AdminReviewFilter; label: string }[] = [
  { value: 'waiting', label: 'Waiting (new, edited, reported or with a response)' },
  { value: 'pending', label: 'Waiting to be checked' },
  { value: 'reported', label: 'Reported' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Not published' },
  { value: 'all', label: 'All' },
];

export type ReviewDecisionInput = { decision: 'publish' | 'reject'; rule: string; revision: number };

/**
 * What keeps a review decision from being sent (the API checks again): a rejection names one rule
 * of the review policy; publishing needs nothing (the rating is never a reason either way).
 */
export function reviewDecisionErrors(input: ReviewDecisionInput): { rule?: string } {
  if (input.decision === 'reject' && !isRemovalRule(input.rule)) return { rule: REVIEW_MESSAGES.ruleMissing };
  return {};
}

/** The PATCH body of a review (or response) decision: the rule only with a rejection. */
export function reviewDecisionBody(input: ReviewDecisionInput): DecideReviewBody {
  return input.decision === 'reject' && isRemovalRule(input.rule)
    ? { decision: 'reject', rule: input.rule, revision: input.revision }
    : { decision: 'publish', revision: input.revision };
}

/**
 * Which decisions a review (or a response) offers: pending → Publish or Reject; published with open
 * reports → Keep published (resolves the reports) or Reject; published without → Reject only;
 * rejected → Publish, or Reject under another rule.
 */
export function reviewDecisions(
  status: 'pending' | 'published' | 'rejected',
  openReports: number,
): { publish: string | null; reject: boolean } {
  if (status === 'published')
    return { publish: openReports > 0 ? REVIEW_MESSAGES.keepPublished : null, reject: true };
  return { publish: REVIEW_MESSAGES.publish, reject: true };
}
