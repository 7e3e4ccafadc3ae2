/**
 * "Report an error" rules and delivery, free of React (and of zod: this ships in the profile's
 * island, loaded on first interaction). The server checks the same rules with `reportBodySchema`
 * (src/api/contracts/reports-schemas.ts) and has the last word; both use the words of
 * src/api/contracts/reports.ts and the text rules of src/lib/text-rules.ts.
 */
import { apiFetch, readFailure } from '../../api/client.ts';
import {
  REPORT_MESSAGES as M,
  REPORT_WHAT_MAX,
  REPORT_WHAT_MIN,
  type ReportResponse,
} from '../../api/contracts/reports.ts';
import type { ReportBody } from '../../api/contracts/reports-schemas.ts';
import { codePointLength, hasVisibleText, isEmail } from '../../lib/text-rules.ts';

export const REPORT_ENDPOINT = '/api/reports';

export type ReportField = 'what' | 'email';
export type ReportInput = Record<ReportField, string>;
/** One message per field that keeps the report from being sent. */
export type ReportErrors = Partial<Record<ReportField, string>>;

// The same characters as hasControlCharacter (multi-line) and hasBidiControl of src/lib/schemas.ts,
// which this cannot import (it brings zod): controls but tab and line breaks; direction
// embeddings, overrides and isolates; half surrogate pairs.
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What keeps a report from being sent, per field, in the order the API checks it.
 *
 * @example reportErrors({ what: 'Wrong', email: '' }) // { what: REPORT_MESSAGES.whatTooShort }
 * @example reportErrors({ what: 'The phone number is wrong.', email: 'dana@' }) // { email: REPORT_MESSAGES.emailInvalid }
 */
export function reportErrors(input: ReportInput): ReportErrors {
  const errors: ReportErrors = {};
  const what = input.what.trim();
  if (CONTROL_EXCEPT_LINE_BREAKS.test(what)) errors.what = M.whatControl;
  else if (LONE_SURROGATE.test(what)) errors.what = M.whatUnicode;
  else if (BIDI_CONTROL.test(what)) errors.what = M.whatBidi;
  else if (!hasVisibleText(what)) errors.what = M.whatMissing;
  else if (codePointLength(what) < REPORT_WHAT_MIN) errors.what = M.whatTooShort;
  else if (codePointLength(what) > REPORT_WHAT_MAX) errors.what = M.whatTooLong;
  const email = input.email.trim();
  if (email !== '' && !isEmail(email)) errors.email = M.emailInvalid;
  return errors;
}

/** The JSON body of `POST /api/reports` (a blank e-mail left out). */
export function reportBody(programId: string, input: ReportInput): ReportBody {
  const email = input.email.trim();
  return email === ''
    ? { program_id: programId, what: input.what.trim() }
    : { program_id: programId, what: input.what.trim(), email };
}

export type SendResult =
  /** `note`: what to say instead of the thank-you when the report was not stored (already reported, or reported often). */
  | { ok: true; programSeesIt: boolean; note: string | null }
  /** `fields`: shown beside their fields; `message`: what is not about a field, shown once above Send. */
  | { ok: false; fields: ReportErrors; message: string | null };

/** Reads the API's answer (null: none came) into what the dialog shows. */
export async function readReportResult(res: Response | null): Promise<SendResult> {
  // 201: stored; 200: not stored, and said why (already reported by this person, or by many).
  if (res?.status === 201 || res?.status === 200) {
    const data: unknown = await res.json().catch(() => null);
    if (data && typeof data === 'object' && 'id' in data) {
      const answer = data as Partial<ReportResponse>;
      return {
        ok: true,
        programSeesIt: answer.program_sees_it === true,
        note: res.status === 200 && typeof answer.message === 'string' ? answer.message : null,
      };
    }
    return { ok: false, fields: {}, message: M.sendFailed };
  }
  if (res?.status === 413) return { ok: false, fields: { what: M.tooLarge }, message: null };
  const failure = await readFailure(res);
  if (res === null) return { ok: false, fields: {}, message: M.sendFailed };
  const fields: ReportErrors = {};
  const rest: string[] = [];
  for (const [key, value] of Object.entries(failure.fields ?? {})) {
    if (key === 'what' || key === 'email') fields[key] = value;
    else rest.push(value);
  }
  if (res.status === 400 && Object.keys(fields).length > 0)
    return { ok: false, fields, message: rest[0] ?? null };
  if (res.status === 400 || res.status === 404 || res.status === 429)
    return { ok: false, fields: {}, message: failure.message ?? rest[0] ?? M.sendFailed };
  return { ok: false, fields: {}, message: M.sendFailed };
}

/**
 * Sends a report; never throws (no answer reads as "could not be sent"). With the token when
 * someone is signed in: the report counts as theirs (one open report per person and program) and
 * is part of their account's export and deletion.
 */
export async function sendReport(programId: string, input: ReportInput): Promise<SendResult> {
  let res: Response | null;
  try {
    res = await apiFetch(REPORT_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reportBody(programId, input)),
    });
  } catch {
    res = null;
  }
  return readReportResult(res);
}
