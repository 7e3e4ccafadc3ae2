/** The builder's messages next to fields: from its own checks before submitting, and from the server's answer. */
import { listingSubmitErrors, type RuleMessage } from '../../../lib/provider-rules.ts';
import { draftFieldErrors, type ListingDraft } from '../draft.ts';
import { LISTING_FIELDS } from '../../../lib/listing/fields.ts';

/** A message per draft field, shown next to it. */
export type Errors = Partial<Record<keyof ListingDraft, string>>;

/** The messages that stop a submission, and the toast's message when a required field is empty. */
export function submitProblems(draft: ListingDraft): { errors: Errors; missing: RuleMessage | undefined } {
  const required = listingSubmitErrors(draft);
  const errors: Errors = {};
  if (required[0]) {
    if (draft.centerName.trim() === '') errors.centerName = 'Center name is required.';
    if (draft.description.trim() === '') errors.description = 'Description is required.';
    if (draft.phone.trim() === '') errors.phone = 'Phone is required.';
  }
  for (const problem of draftFieldErrors(draft)) errors[problem.field] = problem.message;
  return { errors, missing: required[0] };
}

/** The server's field names (snake_case) as the builder's (the registry's). */
const SERVER_FIELDS = new Map(
  LISTING_FIELDS.map((f) => [f.field as string, f.draftKey as keyof ListingDraft]),
);

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
