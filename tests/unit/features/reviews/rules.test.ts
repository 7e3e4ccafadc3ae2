/**
 * The reviews section's rules (src/features/reviews/rules.ts): the form's values and the body
 * they become (hidden answers are never sent), where messages go, the report's check (the API's
 * words and order), and the words a review is shown with.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M, type OwnReview } from '../../../../src/api/contracts/reviews.ts';
import { reportReviewSchema } from '../../../../src/api/contracts/reviews-schemas.ts';
import {
  distributionText,
  EMPTY_FORM,
  firstInvalid,
  formFromReview,
  namePreview,
  parseStayYear,
  reportButtonName,
  reportReasonError,
  reviewDraftBody,
  showsStayYear,
  signInToReviewHref,
  splitFieldMessages,
  stayText,
  writtenText,
  type ReviewFormValues,
} from '../../../../src/features/reviews/rules.ts';

const FILLED: ReviewFormValues = {
  rating: 4,
  title: 'Hard work, real progress',
  body: 'The team explained every exposure and called us every week.',
  relationship: 'parent_or_guardian',
  stayYear: '2024',
  nameChoice: 'first_name_initial',
  firstName: 'Maria',
  lastInitial: 'G',
  connected: 'yes',
  connectionNote: 'I volunteered there in 2022.',
};

describe('reviewDraftBody', () => {
  it('sends every answer of a filled form', () => {
    expect(reviewDraftBody(FILLED)).toEqual({
      rating: 4,
      title: FILLED.title,
      body: FILLED.body,
      relationship: 'parent_or_guardian',
      stay_year: 2024,
      name_choice: 'first_name_initial',
      first_name: 'Maria',
      last_initial: 'G',
      connected_to_program: true,
      connection_note: 'I volunteered there in 2022.',
    });
  });

  it.each<[string, Partial<ReviewFormValues>, Record<string, unknown>]>([
    [
      'no year without a stay (typed before the choice changed)',
      { relationship: 'contacted_admissions' },
      { stay_year: null },
    ],
    ['no year when none is typed', { stayYear: '  ' }, { stay_year: null }],
    ['no name parts for "A parent"', { nameChoice: 'a_parent' }, { first_name: null, last_initial: null }],
    [
      'no note without a connection',
      { connected: 'no' },
      { connected_to_program: false, connection_note: null },
    ],
  ])('%s', (_, change, expected) => {
    expect(reviewDraftBody({ ...FILLED, ...change })).toEqual(expect.objectContaining(expected));
  });

  it('leaves what is missing for the check to name', () => {
    const body = reviewDraftBody(EMPTY_FORM);
    expect(body.rating).toBe(0);
    expect(body.relationship).toBe('');
    expect(body.name_choice).toBe('');
    expect('connected_to_program' in body).toBe(false);
  });
});

describe('parseStayYear and showsStayYear', () => {
  it.each<[string, number | null]>([
    ['', null],
    ['  ', null],
    ['2024', 2024],
    [' 1990 ', 1990],
  ])('%j → %s', (text, year) => {
    expect(parseStayYear(text)).toBe(year);
  });

  it.each(['twenty', '2024.5', '-2024', '20245', '２０２４'])(
    '%j is not a year (NaN: the check says so)',
    (text) => {
      expect(parseStayYear(text)).toBeNaN();
    },
  );

  it('asks for the year only after a relationship with a stay', () => {
    expect(showsStayYear('')).toBe(false);
    expect(showsStayYear('contacted_admissions')).toBe(false);
    expect(showsStayYear('former_resident')).toBe(true);
    expect(showsStayYear('parent_or_guardian')).toBe(true);
    expect(showsStayYear('other_family_member')).toBe(true);
  });
});

describe('formFromReview', () => {
  it('fills the form with the review for an edit, and the body it sends is the review', () => {
    const own = {
      id: 'r1',
      program_id: 'harbor',
      rating: 2,
      title: 'Not for us',
      body: 'Communication with parents was slow and unclear.',
      relationship: 'former_resident',
      relationship_label: 'Former resident',
      stay_year: null,
      public_name: 'A parent',
      connected_to_program: false,
      connection_note: null,
      sent_request: false,
      sent_request_on: null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
      status: 'rejected',
      rejection: null,
      moderated_at: null,
      name_choice: 'a_parent',
      first_name: '',
      last_initial: '',
    } satisfies OwnReview;
    const values = formFromReview(own);
    expect(values).toEqual({
      rating: 2,
      title: 'Not for us',
      body: own.body,
      relationship: 'former_resident',
      stayYear: '',
      nameChoice: 'a_parent',
      firstName: '',
      lastInitial: '',
      connected: 'no',
      connectionNote: '',
    });
    expect(reviewDraftBody(values)).toEqual({
      rating: 2,
      title: 'Not for us',
      body: own.body,
      relationship: 'former_resident',
      stay_year: null,
      name_choice: 'a_parent',
      first_name: null,
      last_initial: null,
      connected_to_program: false,
      connection_note: null,
    });
  });
});

describe('namePreview', () => {
  it.each<[Partial<ReviewFormValues>, string | null]>([
    [{ nameChoice: '' }, null],
    [{ nameChoice: 'a_parent' }, 'A parent'],
    [{ nameChoice: 'first_name_initial', firstName: 'maria', lastInitial: 'g' }, 'Maria G.'],
    [{ nameChoice: 'first_name_initial', firstName: 'Maria', lastInitial: '' }, null],
    [{ nameChoice: 'first_name_initial', firstName: 'maria@example.org', lastInitial: 'G' }, null],
  ])('%j → %s', (change, expected) => {
    expect(namePreview({ ...FILLED, ...change })).toBe(expected);
  });
});

describe('messages per field', () => {
  it('focuses the first field in the form order', () => {
    expect(firstInvalid({})).toBeUndefined();
    expect(firstInvalid({ connection_note: 'x', body: 'y', last_initial: 'z' })).toBe('body');
    expect(firstInvalid({ stay_year: 'x', name_choice: 'y' })).toBe('stay_year');
  });

  it("splits the API's messages into the form's fields and the rest", () => {
    expect(
      splitFieldMessages({ rating: M.ratingMissing, program_id: M.programId, connection_note: 'n' }),
    ).toEqual({ fields: { rating: M.ratingMissing, connection_note: 'n' }, rest: [M.programId] });
    expect(splitFieldMessages(undefined)).toEqual({ fields: {}, rest: [] });
  });
});

describe('reportReasonError', () => {
  it.each<[string, string, string | null]>([
    ['nothing', '', M.reportReasonMissing],
    ['spaces and line breaks', ' \n\t ', M.reportReasonMissing],
    ['invisible characters only', '\u200b'.repeat(12), M.reportReasonMissing],
    ['9 characters', '  Spam spa  ', M.reportReasonTooShort],
    ['10 characters', 'Names staff', null],
    ['10 four-byte characters', '😀'.repeat(10), null],
    ['1000 characters', 'x'.repeat(1000), null],
    ['1001 characters', 'x'.repeat(1001), M.reportReasonTooLong],
    ['line breaks and tabs', 'It names\r\n\ta nurse.', null],
    ['a control character', 'It names\u0007 a nurse.', M.reportReasonInvalid],
    ['a direction override', 'It names \u202ea nurse.', M.reportReasonInvalid],
    ['a lone surrogate', 'It names \ud800 a nurse.', M.reportReasonInvalid],
  ])('%s', (_, reason, expected) => {
    expect(reportReasonError(reason)).toBe(expected);
    // The same verdict and words as the API's schema.
    const parsed = reportReviewSchema.safeParse({ reason });
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(expected);
  });
});

describe('how a review is shown', () => {
  it('says when it was written, and the stay', () => {
    expect(writtenText('2026-03-31T23:30:00Z')).toBe('Written in March 2026');
    expect(writtenText('not a date')).toBe('');
    expect(stayText(2024)).toBe('Stay in 2024');
    expect(stayText(null)).toBeNull();
  });

  it('gives every bar of the distribution its numbers in words', () => {
    expect(distributionText({ stars: 5, count: 8, percent: 67 })).toBe('5 stars: 8 reviews (67%)');
    expect(distributionText({ stars: 1, count: 1, percent: 8 })).toBe('1 star: 1 review (8%)');
    expect(distributionText({ stars: 3, count: 0, percent: 0 })).toBe('3 stars: 0 reviews (0%)');
  });

  it('names each Report button after its review', () => {
    expect(reportButtonName({ title: 'Slow replies', public_name: 'A parent' })).toBe(
      'Report this review: “Slow replies” by A parent',
    );
  });

  it('sends a signed-out visitor to sign in and back to the review form', () => {
    expect(signInToReviewHref('/program/harbor-house')).toBe(
      `/auth?next=${encodeURIComponent('/program/harbor-house#write-a-review')}`,
    );
    expect(signInToReviewHref('/mclean')).toBe(`/auth?next=${encodeURIComponent('/mclean#write-a-review')}`);
  });
});
