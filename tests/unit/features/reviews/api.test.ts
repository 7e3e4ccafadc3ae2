/**
 * How the reviews section reads the API's answers (src/features/reviews/api.ts): a saved review,
 * messages beside their fields, one message that is not about a field, no answer at all; and the
 * report's answers.
 */
import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXT } from '../../../../src/api/client.ts';
import { REPORT_MESSAGES } from '../../../../src/api/contracts/reports.ts';
import { REVIEW_MESSAGES as M } from '../../../../src/api/contracts/reviews.ts';
import {
  programReviewsPath,
  readReportResult,
  readSendResult,
} from '../../../../src/features/reviews/api.ts';

function answer(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const error = (code: string, message: string, fields?: Record<string, string>) => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

describe('programReviewsPath', () => {
  it('asks for a page by offset', () => {
    expect(programReviewsPath('harbor-house')).toBe('/api/programs/harbor-house/reviews');
    expect(programReviewsPath('harbor-house', 20)).toBe('/api/programs/harbor-house/reviews?offset=20');
  });
});

describe('readSendResult', () => {
  it('reads a saved review', async () => {
    const review = { id: 'r1', status: 'pending' };
    expect(await readSendResult(answer(201, { review }))).toEqual({ ok: true, review });
  });

  it('puts field messages beside their fields and the rest once above Send', async () => {
    const res = answer(
      400,
      error('invalid_input', M.titleMissing, { title: M.titleMissing, program_id: M.programId }),
    );
    expect(await readSendResult(res)).toEqual({
      ok: false,
      status: 400,
      fields: { title: M.titleMissing },
      message: M.programId,
    });
  });

  it.each<[string, Response | null, string | null, Record<string, string>]>([
    ['no answer', null, `${M.sendFailed} ${OFFLINE_TEXT}`, {}],
    ['too large', answer(413, null), null, { body: M.tooLarge }],
    ['signed out meanwhile', answer(401, error('unauthorized', 'Sign in')), M.signInToReview, {}],
    ['an insider', answer(403, error('forbidden', M.insider)), M.insider, {}],
    ['a second review', answer(409, error('conflict', M.alreadyReviewed)), M.alreadyReviewed, {}],
    ['too many', answer(429, error('rate_limited', M.tooManyReviews)), M.tooManyReviews, {}],
    ['a server error', answer(500, error('internal', 'db down')), M.sendFailed, {}],
    ['a proxy page', new Response('<html>', { status: 502 }), M.sendFailed, {}],
  ])('%s', async (_, res, message, fields) => {
    expect(await readSendResult(res)).toEqual(expect.objectContaining({ ok: false, fields, message }));
  });

  it('does not take an answer without the review for a saved one', async () => {
    expect(await readSendResult(answer(200, { nothing: true }))).toEqual(
      expect.objectContaining({ ok: false, message: M.sendFailed }),
    );
  });
});

describe('readReportResult', () => {
  it.each<[string, Response | null, unknown]>([
    ['sent', answer(201, { id: 'x', outcome: 'stored', message: null }), { ok: true, note: null }],
    [
      'already reported by this person',
      answer(200, { id: null, outcome: 'already_reported', message: REPORT_MESSAGES.alreadyReported }),
      { ok: true, note: REPORT_MESSAGES.alreadyReported },
    ],
    ['no answer', null, { ok: false, field: null, message: OFFLINE_TEXT }],
    [
      'a reason too short',
      answer(400, error('invalid_input', M.reportReasonTooShort, { reason: M.reportReasonTooShort })),
      { ok: false, field: M.reportReasonTooShort, message: null },
    ],
    ['too large', answer(413, null), { ok: false, field: M.reportReasonTooLong, message: null }],
    [
      'a review no longer published',
      answer(404, error('not_found', M.reviewNotFound)),
      { ok: false, field: null, message: M.reviewNotFound },
    ],
    [
      'too many reports',
      answer(429, error('rate_limited', M.tooManyReports)),
      { ok: false, field: null, message: M.tooManyReports },
    ],
    [
      'a server error',
      answer(500, error('internal', 'boom')),
      { ok: false, field: null, message: 'Your report could not be sent. Please try again in a moment.' },
    ],
  ])('%s', async (_, res, expected) => {
    expect(await readReportResult(res)).toEqual(expected);
  });
});
