/**
 * The review form's check (src/features/reviews/form-check.ts): the API's own schema, each
 * problem said once beside its field, every problem at once (the rules across fields too, which the
 * schema reaches only when the other fields pass), and nothing said about a form the API accepts.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M, stayYearRangeMessage } from '../../../../src/api/contracts/reviews.ts';
import { reviewFormErrors } from '../../../../src/features/reviews/form-check.ts';
import {
  EMPTY_FORM,
  reviewDraftBody,
  type ReviewErrors,
  type ReviewFormValues,
} from '../../../../src/features/reviews/rules.ts';
import { reviewEditSchema } from '../../../../src/api/contracts/reviews-schemas.ts';

const VALID: ReviewFormValues = {
  rating: 1,
  title: 'They did not call back',
  body: 'We waited three weeks for an answer about the admission date.',
  relationship: 'contacted_admissions',
  stayYear: '',
  nameChoice: 'a_parent',
  firstName: '',
  lastInitial: '',
  connected: 'no',
  connectionNote: '',
};

describe('reviewFormErrors', () => {
  it('says nothing about a form the API accepts', () => {
    expect(reviewFormErrors(VALID)).toEqual({ fields: {}, rest: [] });
    expect(reviewEditSchema.safeParse(reviewDraftBody(VALID)).success).toBe(true);
  });

  it('names every missing answer of an empty form at once', () => {
    expect(reviewFormErrors(EMPTY_FORM)).toEqual({
      fields: {
        rating: M.ratingMissing,
        title: M.titleMissing,
        body: M.bodyMissing,
        relationship: M.relationshipMissing,
        name_choice: M.nameChoiceMissing,
        connected_to_program: M.connectedMissing,
      },
      rest: [],
    });
  });

  it.each<[string, Partial<ReviewFormValues>, ReviewErrors]>([
    ['a short text', { body: 'Too short.' }, { body: M.bodyTooShort }],
    ['a long title', { title: 'x'.repeat(121) }, { title: M.titleTooLong }],
    ['a title on two lines', { title: 'One\nTwo' }, { title: M.titleControl }],
    ['a direction override in the text', { body: `${VALID.body} \u202e` }, { body: M.bodyBidi }],
    [
      'a year that is not a number',
      { relationship: 'former_resident', stayYear: 'last year' },
      { stay_year: M.stayYearType },
    ],
    [
      'a year before 1990',
      { relationship: 'former_resident', stayYear: '1989' },
      { stay_year: stayYearRangeMessage() },
    ],
    [
      'a year after this one',
      { relationship: 'former_resident', stayYear: String(new Date().getUTCFullYear() + 1) },
      { stay_year: stayYearRangeMessage() },
    ],
    [
      'a first name with digits',
      { nameChoice: 'first_name_initial', firstName: 'M4ria', lastInitial: 'G' },
      { first_name: M.firstNameInvalid },
    ],
    [
      'no initial',
      { nameChoice: 'first_name_initial', firstName: 'Maria', lastInitial: '' },
      { last_initial: M.lastInitialInvalid },
    ],
    [
      'a connection without saying which',
      { connected: 'yes', connectionNote: '  ' },
      { connection_note: M.connectionNoteMissing },
    ],
    [
      'a long connection note',
      { connected: 'yes', connectionNote: 'x'.repeat(301) },
      { connection_note: M.connectionNoteTooLong },
    ],
  ])('%s', (_, change, expected) => {
    expect(reviewFormErrors({ ...VALID, ...change })).toEqual({ fields: expected, rest: [] });
  });

  it('says the rules across fields together with the missing answers (one pass, not two)', () => {
    const result = reviewFormErrors({
      ...EMPTY_FORM,
      relationship: 'former_resident',
      stayYear: '1800',
      nameChoice: 'first_name_initial',
      firstName: 'Maria',
      connected: 'yes',
    });
    expect(result.fields).toEqual({
      rating: M.ratingMissing,
      title: M.titleMissing,
      body: M.bodyMissing,
      stay_year: stayYearRangeMessage(),
      last_initial: M.lastInitialInvalid,
      connection_note: M.connectionNoteMissing,
    });
  });

  it('keeps each message once, the first the API would give', () => {
    const result = reviewFormErrors({ ...VALID, title: ' ', body: '\u0007' });
    expect(result.fields).toEqual({ title: M.titleMissing, body: M.bodyControl });
  });

  it('never refuses a year it does not send (only contacted admissions)', () => {
    expect(reviewFormErrors({ ...VALID, relationship: 'contacted_admissions', stayYear: 'abc' })).toEqual({
      fields: {},
      rest: [],
    });
  });
});
