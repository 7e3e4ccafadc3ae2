/** The builder's messages next to fields: from its own checks before submitting, and from the server's answer. */
import { listingSubmitErrors, type RuleMessage } from '../../../lib/provider-rules.ts';
import { draftFieldErrors, listingBody, type ListingDraft } from '../draft.ts';
import {
  APPROVAL_NEEDS,
  approvalNeedsMessage,
  publishingProblems,
} from '../../../lib/listing/publish-rule.ts';
import { LISTING_FIELDS } from '../../../lib/listing/fields.ts';

/** A message per draft field, shown next to it. */
export type Errors = Partial<Record<keyof ListingDraft, string>>;

/** The server's field names (snake_case) as the builder's (the registry's). */
const SERVER_FIELDS = new Map(
  LISTING_FIELDS.map((f) => [f.field as string, f.draftKey as keyof ListingDraft]),
);

/**
 * The messages that stop a submission, and the toast's message: "Missing Required Information"
 * when a required field is empty, else what approval needs (src/lib/listing/publish-rule.ts)
 * when the listing could not be approved as it is.
 */
export function submitProblems(draft: ListingDraft): { errors: Errors; missing: RuleMessage | undefined } {
  const required = listingSubmitErrors(draft);
  const errors: Errors = {};
  if (required[0]) {
    if (draft.centerName.trim() === '') errors.centerName = 'Center name is required.';
    if (draft.description.trim() === '') errors.description = 'Description is required.';
    if (draft.phone.trim() === '') errors.phone = 'Phone is required.';
  }
  for (const problem of draftFieldErrors(draft)) errors[problem.field] = problem.message;
  const needed = publishingProblems(listingBody(draft));
  for (const [field, message] of Object.entries(needed)) {
    const key = SERVER_FIELDS.get(field) ?? (field as keyof ListingDraft);
    errors[key] ??= message;
  }
  const approval =
    Object.keys(needed).length > 0
      ? { title: APPROVAL_NEEDS.title, description: approvalNeedsMessage(needed) }
      : undefined;
  return { errors, missing: required[0] ?? approval };
}

/**
 * The server's messages per field (its snake_case names; a list entry's is `images.3`) as the
 * builder's; the first message of a field wins.
 */
export function serverFieldErrors(fields: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('.')[0] ?? key;
    const field = SERVER_FIELDS.get(name) ?? (name as keyof ListingDraft);
    errors[field] ??= message;
  }
  return errors;
}
