/**
 * The provider's response to a review (ReviewsCard.tsx, its check in response-check.ts): checked
 * before sending with the API's own schema, one message in the API's words.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../../../src/api/contracts/reviews.ts';
import { responseError } from '../../../../src/features/provider-dashboard/response-check.ts';

describe('responseError', () => {
  it.each<[string, string, string | null]>([
    ['nothing', '', M.responseMissing],
    ['spaces only', '  \n ', M.responseMissing],
    ['one character', '.', null],
    ['two paragraphs', 'Thank you.\n\nPlease call our director.', null],
    ['2000 characters', 'x'.repeat(2000), null],
    ['2001 characters', 'x'.repeat(2001), M.responseTooLong],
    ['a control character', 'Thank you\u0007', M.responseInvalid],
    ['a direction override', 'Thank you \u202e', M.responseInvalid],
  ])('%s', (_, body, expected) => {
    expect(responseError(body)).toBe(expected);
  });
});
