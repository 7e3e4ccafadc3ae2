/**
 * Inquiry rules and delivery, free of React (and of zod: this ships in the profile's island) so
 * they can be tested and reused. The server applies the same rules with `inquirySchema`
 * (src/lib/schemas.ts); both use the text rules of src/lib/text-rules.ts.
 *
 * Delivery is `sendInquiry()`: `POST /api/inquiries`, with the signed-in family's token when
 * there is one (through `apiFetch`), so the request is linked to their account. A `mailto:`
 * link (`inquiryMailto`) stays available in the dialog as a second choice.
 */
import { readFailure } from '../../api/client.ts';
import type { InquiryProgram } from '../../api/contracts/inquiries.ts';
import type { InquiryType } from '../../lib/vocabulary.ts';
import { hasVisibleText, isEmail } from '../../lib/text-rules.ts';

export type { InquiryProgram };

export type InquiryInput = {
  type: InquiryType;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** Call requests only: when the family would like to be called (optional). */
  bestTime?: string | undefined;
};

export type InquiryField = 'name' | 'email' | 'phone' | 'message' | 'best_time_to_call';

export type InquiryError = { title: string; description: string };

/** A refused form: the message for a toast and the summary, and one message per field. */
export type InquiryProblem = InquiryError & { fields: Partial<Record<InquiryField, string>> };

export const MISSING_FIELDS: InquiryError = {
  title: 'Missing Required Fields',
  description: 'Please fill in your name and email address.',
};
export const INVALID_EMAIL: InquiryError = {
  title: 'Invalid Email',
  description: 'Please enter a valid email address.',
};
export const MISSING_PHONE: InquiryError = {
  title: 'Missing Phone Number',
  description: 'Please add a phone number so the program can call you.',
};
export const INVALID_PHONE: InquiryError = {
  title: 'Invalid Phone Number',
  description: 'Please enter a phone number with at least 7 digits.',
};
export const SUBMISSION_ERROR: InquiryError = {
  title: 'Submission Error',
  description: 'There was an error submitting your request. Please try again.',
};
export const TOO_MANY: InquiryError = {
  title: 'Too Many Attempts',
  description: 'Please wait a moment before trying again.',
};
export const EMAIL_NOT_AVAILABLE: InquiryError = {
  title: 'Email Not Available',
  description: 'Contact information for this program is not currently available',
};

/** Same as PHONE_MIN_DIGITS in src/lib/schemas.ts (not imported: that module brings zod). */
const PHONE_MIN_DIGITS = 7;
/** Same as BEST_TIME_TO_CALL_MAX in src/lib/schemas.ts. */
export const BEST_TIME_MAX = 200;

export const BEST_TIME_TOO_LONG: InquiryError = {
  title: 'Best Time Too Long',
  description: `Please keep the best time to call to ${String(BEST_TIME_MAX)} characters.`,
};

/** The one e-mail rule the API and the database apply (src/lib/text-rules.ts). */
export function isValidEmail(email: string): boolean {
  return isEmail(email.trim());
}

/** Used when the person leaves the message empty (it is optional), in the mailto draft. */
export function defaultGreeting(programName: string): string {
  return `Hello ${programName} admissions team,\n\nI would like to learn more about your program, including availability, admissions and insurance. Please contact me at your earliest convenience.\n\nThank you.`;
}

/**
 * Checks a form the way the API does (docs/product-rules.md#requests): name and e-mail required,
 * e-mail valid; a call request also needs a phone number. Every field's problem is listed; the summary is the first.
 *
 * @example validateInquiry({ type: 'info', name: '', email: '', phone: '', message: '' })?.title // 'Missing Required Fields'
 */
export function validateInquiry(input: InquiryInput): InquiryProblem | null {
  const found: [InquiryField, InquiryError][] = [];
  if (!hasVisibleText(input.name)) found.push(['name', MISSING_FIELDS]);
  const email = input.email.trim();
  if (!hasVisibleText(email)) found.push(['email', MISSING_FIELDS]);
  else if (!isValidEmail(email)) found.push(['email', INVALID_EMAIL]);
  const phone = input.phone.trim();
  if (hasVisibleText(phone)) {
    if ((phone.match(/\d/g) ?? []).length < PHONE_MIN_DIGITS) found.push(['phone', INVALID_PHONE]);
  } else if (input.type === 'call') found.push(['phone', MISSING_PHONE]);
  if (input.type === 'call' && Array.from(input.bestTime?.trim() ?? '').length > BEST_TIME_MAX)
    found.push(['best_time_to_call', BEST_TIME_TOO_LONG]);
  const [first] = found;
  if (first === undefined) return null;
  return {
    ...first[1],
    fields: Object.fromEntries(found.map(([field, error]) => [field, error.description])),
  };
}

/**
 * The `mailto:` link for an inquiry: subject "Information Request - {program}" (or "Call
 * Request - {program}") and a body with the message and the person's details (and, for a call,
 * the best time to call).
 */
export function inquiryMailto(program: InquiryProgram & { email: string }, input: InquiryInput): string {
  const subject =
    input.type === 'call' ? `Call Request - ${program.name}` : `Information Request - ${program.name}`;
  const message = input.message.trim() === '' ? defaultGreeting(program.name) : input.message.trim();
  const details = [
    ['Name', input.name.trim()],
    ['Email', input.email.trim()],
    ['Phone', input.phone.trim()],
    ['Best time to call', input.type === 'call' ? (input.bestTime?.trim() ?? '') : ''],
  ]
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label ?? ''}: ${value ?? ''}`);
  const intro = input.type === 'call' ? 'I would like to request a call back.\n\n' : '';
  const body = `${intro}${message}${details.length > 0 ? `\n\n${details.join('\n')}` : ''}`;
  return `mailto:${encodeURIComponent(program.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The JSON body of `POST /api/inquiries` (blank optional fields left out). */
export function inquiryBody(programId: string, input: InquiryInput, honeypot = ''): Record<string, string> {
  const body: Record<string, string> = {
    program_id: programId,
    type: input.type,
    name: input.name.trim(),
    email: input.email.trim(),
  };
  if (input.phone.trim() !== '') body['phone'] = input.phone.trim();
  if (input.message.trim() !== '') body['message'] = input.message;
  if (input.type === 'call' && (input.bestTime?.trim() ?? '') !== '')
    body['best_time_to_call'] = input.bestTime?.trim() ?? '';
  // A person never sees the honeypot; whatever a script put there goes along and is refused.
  if (honeypot !== '') body['fax'] = honeypot;
  return body;
}

export type SendResult =
  { ok: true; id: string; routed: 'program' | 'site_team' } | { ok: false; problem: InquiryProblem };

/** A field error the server sent (`"Title: description"`), as a title and a description. */
function splitMessage(message: string): InquiryError {
  const at = message.indexOf(': ');
  return at > 0
    ? { title: message.slice(0, at), description: message.slice(at + 2) }
    : { title: SUBMISSION_ERROR.title, description: message };
}

/** Reads an API answer into a result the dialog can show. */
export async function readSendResult(res: Response): Promise<SendResult> {
  if (res.status === 201) {
    // Not JSON (a proxy's page) or no id: the generic message below.
    const data: unknown = await res.json().catch(() => null);
    if (data && typeof data === 'object' && 'id' in data) {
      const { id, routed } = data as { id: unknown; routed?: unknown };
      return { ok: true, id: String(id), routed: routed === 'site_team' ? 'site_team' : 'program' };
    }
    return { ok: false, problem: { ...SUBMISSION_ERROR, fields: {} } };
  }
  const failure = await readFailure(res);
  const message = failure.message ?? '';
  if (res.status === 429) {
    return { ok: false, problem: { ...TOO_MANY, description: message || TOO_MANY.description, fields: {} } };
  }
  if (res.status === 400 && failure.fields) {
    const fields: Partial<Record<InquiryField, string>> = {};
    for (const [key, value] of Object.entries(failure.fields)) {
      if (
        key === 'name' ||
        key === 'email' ||
        key === 'phone' ||
        key === 'message' ||
        key === 'best_time_to_call'
      )
        fields[key] = splitMessage(value).description;
    }
    return { ok: false, problem: { ...splitMessage(message || SUBMISSION_ERROR.description), fields } };
  }
  if (res.status === 413) {
    return {
      ok: false,
      problem: {
        title: 'Message Too Long',
        description: 'Please shorten your message and try again.',
        fields: { message: 'Please shorten your message.' },
      },
    };
  }
  if (res.status === 401) {
    return {
      ok: false,
      problem: {
        title: SUBMISSION_ERROR.title,
        description: message || SUBMISSION_ERROR.description,
        fields: {},
      },
    };
  }
  return { ok: false, problem: { ...SUBMISSION_ERROR, fields: {} } };
}
