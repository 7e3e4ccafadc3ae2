/**
 * The review form's check before sending: the API's own schema (reviewEditSchema,
 * src/api/contracts/reviews-schemas.ts), so the form and the API refuse the same things with the same words,
 * one message per field. It brings zod, so the form (ReviewForm.tsx) loads it only when it opens.
 */
import type { z } from 'zod';
import { reviewEditSchema } from '../../api/contracts/reviews-schemas.ts';
import { REVIEW_BODY_MIN } from '../../lib/reviews.ts';
import {
  reviewDraftBody,
  splitFieldMessages,
  type ReviewDraftBody,
  type ReviewErrors,
  type ReviewFormValues,
} from './rules.ts';

/**
 * Valid stand-ins for fields that already have a message, chosen to raise no message of their own
 * ("A parent" needs no name, "not connected" no note, no year is always fine), so that a second
 * pass reaches the rules across fields.
 */
const STAND_INS: Readonly<Record<string, unknown>> = {
  rating: 5,
  title: 'Title',
  body: 'x'.repeat(REVIEW_BODY_MIN),
  relationship: 'former_resident',
  stay_year: null,
  name_choice: 'a_parent',
  first_name: null,
  last_initial: null,
  connected_to_program: false,
  connection_note: null,
};

function messagesOf(body: ReviewDraftBody | Record<string, unknown>): {
  byKey: Record<string, string>;
  rest: string[];
} {
  const parsed = reviewEditSchema.safeParse(body);
  const byKey: Record<string, string> = {};
  const rest: string[] = [];
  if (parsed.success) return { byKey, rest };
  for (const issue of (parsed.error as z.ZodError).issues) {
    const key = issue.path[0];
    if (typeof key === 'string') byKey[key] ??= issue.message;
    else rest.push(issue.message);
  }
  return { byKey, rest };
}

/**
 * The form's messages per field (none when it may be sent), and what is not about a field. The
 * schema checks the rules across fields (the year of the stay, the name, the connection note)
 * only once every field is valid; a second pass with stand-ins for the fields already refused
 * gives those messages too, so the person sees every problem at once.
 *
 * @example reviewFormErrors(EMPTY_FORM).fields.rating // → REVIEW_MESSAGES.ratingMissing
 */
export function reviewFormErrors(values: ReviewFormValues): { fields: ReviewErrors; rest: string[] } {
  const body = reviewDraftBody(values);
  const first = messagesOf(body);
  const refused = Object.keys(first.byKey);
  if (refused.length === 0) return { fields: {}, rest: first.rest };
  const patched: Record<string, unknown> = { ...body };
  for (const key of refused) if (key in STAND_INS) patched[key] = STAND_INS[key];
  const second = messagesOf(patched);
  const merged = { ...second.byKey, ...first.byKey };
  const split = splitFieldMessages(merged);
  return { fields: split.fields, rest: [...first.rest, ...split.rest] };
}
