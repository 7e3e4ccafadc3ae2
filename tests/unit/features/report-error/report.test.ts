/** The report dialog's rules (src/features/report-error/report.ts): the checks before sending, the body, and how each answer reads. */
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M } from '../../../../src/api/contracts/reports.ts';
import {
  readReportResult,
  reportBody,
  reportErrors,
  type ReportErrors,
  type SendResult,
} from '../../../../src/features/report-error/report.ts';

const OK = 'The phone number on this page is wrong.';

describe('reportErrors', () => {
  it.each<[string, string, string, ReportErrors]>([
    ['a valid report without e-mail', OK, '', {}],
    ['a valid report with e-mail', OK, ' dana@example.com ', {}],
    ['nothing written', '', '', { what: M.whatMissing }],
    ['only spaces and line breaks', ' \n\t ', '', { what: M.whatMissing }],
    ['only invisible characters', '\u200b'.repeat(12), '', { what: M.whatMissing }],
    ['9 characters', '  Wrong nb  ', '', { what: M.whatTooShort }],
    ['10 characters', '0123456789', '', {}],
    ['10 four-byte characters', '😀'.repeat(10), '', {}],
    ['2000 characters', 'x'.repeat(2000), '', {}],
    ['2001 characters', 'x'.repeat(2001), '', { what: M.whatTooLong }],
    ['a control character', 'Wrong phone\u0007 number', '', { what: M.whatControl }],
    ['line breaks and tabs', 'Wrong phone\r\n\tnumber', '', {}],
    ['a direction override', 'Wrong phone \u202enumber', '', { what: M.whatBidi }],
    ['a lone surrogate', 'Wrong phone \ud800 number', '', { what: M.whatUnicode }],
    ['an invalid e-mail', OK, 'dana@', { email: M.emailInvalid }],
    ['two addresses', OK, 'a@b.co,c@d.co', { email: M.emailInvalid }],
    ['both wrong', 'short', 'x', { what: M.whatTooShort, email: M.emailInvalid }],
  ])('%s', (_, what, email, expected) => {
    expect(reportErrors({ what, email })).toEqual(expected);
  });
});

describe('reportBody', () => {
  it('trims the text and leaves a blank e-mail out', () => {
    expect(reportBody('mclean', { what: `  ${OK}\n`, email: '  ' })).toEqual({
      program_id: 'mclean',
      what: OK,
    });
    expect(reportBody('mclean', { what: OK, email: ' dana@example.com ' })).toEqual({
      program_id: 'mclean',
      what: OK,
      email: 'dana@example.com',
    });
  });
});

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const error = (status: number, message: string, fields?: Record<string, string>) =>
  answer(status, { error: { code: 'x', message, ...(fields ? { fields } : {}) } });

describe('readReportResult', () => {
  it.each<[string, Response | null, SendResult]>([
    [
      '201, seen by the program',
      answer(201, { id: 'a', program_sees_it: true }),
      { ok: true, programSeesIt: true, note: null },
    ],
    [
      '201, site team only',
      answer(201, { id: 'a', program_sees_it: false }),
      { ok: true, programSeesIt: false, note: null },
    ],
    [
      '200, already reported by this person: their words instead of the thank-you',
      answer(200, {
        id: null,
        outcome: 'already_reported',
        message: M.alreadyReported,
        program_sees_it: false,
      }),
      { ok: true, programSeesIt: false, note: M.alreadyReported },
    ],
    [
      '200, reported often: counted',
      answer(200, { id: null, outcome: 'counted', message: M.reportedOften, program_sees_it: false }),
      { ok: true, programSeesIt: false, note: M.reportedOften },
    ],
    ['201 that is not the API', answer(201, '<html>'), { ok: false, fields: {}, message: M.sendFailed }],
    [
      '400 with field messages',
      error(400, M.whatTooShort, { what: M.whatTooShort, email: M.emailInvalid }),
      { ok: false, fields: { what: M.whatTooShort, email: M.emailInvalid }, message: null },
    ],
    [
      '400 about the program id (not a field of the dialog)',
      error(400, M.programId, { program_id: M.programId }),
      { ok: false, fields: {}, message: M.programId },
    ],
    [
      '404 unknown program',
      error(404, M.unknownProgram),
      { ok: false, fields: {}, message: M.unknownProgram },
    ],
    [
      '413',
      error(413, 'The body must be at most 16384 bytes.'),
      { ok: false, fields: { what: M.tooLarge }, message: null },
    ],
    ['429', error(429, M.tooMany), { ok: false, fields: {}, message: M.tooMany }],
    [
      '500',
      error(500, 'Something went wrong on our side.'),
      { ok: false, fields: {}, message: M.sendFailed },
    ],
    ['no answer', null, { ok: false, fields: {}, message: M.sendFailed }],
  ])('%s', async (_, res, expected) => {
    expect(await readReportResult(res)).toEqual(expected);
  });
});
