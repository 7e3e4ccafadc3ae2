/**
 * "Changed since you opened it": a decision names the version the administrator read; when the
 * API answers that the item has a newer one (409 with `fields.revision`), /admin reloads it and
 * shows, field by field, what differs between the version read and the new one. Pure.
 */
import type { AdminVerificationRequest } from '../../api/contracts/admin.ts';
import type { AdminReview } from '../../api/contracts/reviews.ts';
import type { Failure } from './api.ts';
import { listingDiff, NOT_GIVEN, type DiffOptions } from './listing-diff.ts';

/** One field that differs: its label, the value when the item was opened, and now. */
export interface OpenedChange {
  field: string;
  label: string;
  opened: string;
  now: string;
}

/** Whether a refused decision means "the item changed since you opened it" (not another conflict). */
export function isChangedSinceOpened(failure: Failure): boolean {
  return failure.kind === 'error' && failure.status === 409 && failure.fields?.['revision'] !== undefined;
}

/** A listing's fields that differ between the version opened and the current one (the listing diff's labels and values). */
export function listingChangesSinceOpened(
  opened: object,
  current: object,
  options: DiffOptions = {},
): OpenedChange[] {
  return listingDiff(opened as Record<string, unknown>, current, options).map((c) => ({
    field: c.field,
    label: c.label,
    opened: c.published,
    now: c.current,
  }));
}

function text(value: string | number | null | undefined): string {
  const t = value === null || value === undefined ? '' : String(value).trim();
  return t === '' ? NOT_GIVEN : t;
}

function compare<T>(
  opened: T,
  current: T,
  fields: readonly { field: string; label: string; value: (item: T) => string | number | null | undefined }[],
): OpenedChange[] {
  const changes: OpenedChange[] = [];
  for (const { field, label, value } of fields) {
    const before = text(value(opened));
    const after = text(value(current));
    if (before !== after) changes.push({ field, label, opened: before, now: after });
  }
  return changes;
}

/** What a review's author can change, and the response's text. */
const REVIEW_FIELDS: readonly {
  field: string;
  label: string;
  value: (r: AdminReview) => string | number | null | undefined;
}[] = [
  { field: 'rating', label: 'Stars', value: (r) => r.rating },
  { field: 'title', label: 'Title', value: (r) => r.title },
  { field: 'body', label: 'Review', value: (r) => r.body },
  { field: 'relationship', label: 'Relationship', value: (r) => r.relationship_label },
  { field: 'stay_year', label: 'Year of the stay', value: (r) => r.stay_year },
  { field: 'public_name', label: 'Shown as', value: (r) => r.public_name },
  {
    field: 'connection_note',
    label: 'Connection to the program',
    value: (r) => (r.connected_to_program ? (r.connection_note ?? 'Connected') : null),
  },
];

/** A review's fields that differ between the version opened and the current one. */
export function reviewChangesSinceOpened(opened: AdminReview, current: AdminReview): OpenedChange[] {
  return compare(opened, current, REVIEW_FIELDS);
}

/** A response's text, when it differs between the version opened and the current one. */
export function responseChangesSinceOpened(opened: AdminReview, current: AdminReview): OpenedChange[] {
  return compare(opened, current, [
    { field: 'response', label: 'Response', value: (r) => r.response?.body ?? null },
  ]);
}

/** A verification request's documents, when they differ between the version opened and the current one. */
export function requestChangesSinceOpened(
  opened: AdminVerificationRequest,
  current: AdminVerificationRequest,
): OpenedChange[] {
  return compare(opened, current, [
    {
      field: 'documents_submitted',
      label: 'Documents listed',
      value: (r) => r.documents_submitted.join('\n'),
    },
  ]);
}
