/**
 * Sending the contact form: pure enough to test without a browser (pass `fetch`).
 * Server answers (netlify/functions/contact.mts): 201 `{ ok: true }`; 400
 * `{ error: { code, message, fields } }`; 429 when someone sends too often.
 */

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export type SubmitResult =
  { ok: true } | { ok: false; message: string; fields: Partial<Record<ContactField, string>> };

const NETWORK_ERROR = 'We couldn’t reach the server. Check your connection and try again.';
const SERVER_ERROR = 'Something went wrong on our side and your message was not sent. Please try again.';
const RATE_LIMITED = 'Too Many Requests: please wait a minute before sending another message.';

function isContactField(key: string): key is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(key);
}

/** Reads `{ error: { message, fields } }` defensively: a proxy may answer with HTML. */
function readError(body: unknown): { message?: string; fields: Partial<Record<ContactField, string>> } {
  const fields: Partial<Record<ContactField, string>> = {};
  if (typeof body !== 'object' || body === null || !('error' in body)) return { fields };
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return { fields };
  const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
  if ('fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    for (const [key, value] of Object.entries(error.fields)) {
      if (isContactField(key) && typeof value === 'string') fields[key] = value;
    }
  }
  return message === undefined ? { fields } : { message, fields };
}

/**
 * POSTs the message as JSON and turns every outcome into something a person can read.
 *
 * @example await sendContactMessage(values) // { ok: true } or { ok: false, message: 'Please fill in a subject.', fields: { subject: '…' } }
 */
export async function sendContactMessage(
  values: ContactValues,
  fetchFn: typeof fetch = fetch,
): Promise<SubmitResult> {
  const body = { ...values, phone: values.phone.trim() === '' ? undefined : values.phone };
  let response: Response;
  try {
    response = await fetchFn('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR, fields: {} };
  }
  if (response.ok) return { ok: true };
  const parsed: unknown = await response.json().catch(() => null);
  const { message, fields } = readError(parsed);
  if (response.status === 429) return { ok: false, message: RATE_LIMITED, fields: {} };
  if (response.status === 400) return { ok: false, message: message ?? SERVER_ERROR, fields };
  return { ok: false, message: SERVER_ERROR, fields: {} };
}
