/**
 * Sending the contact form: pure enough to test without a browser (pass `fetch`).
 * Server answers (netlify/functions/contact.mts): 201 `{ ok: true }`; 400
 * `{ error: { code, message, fields } }`; 429 when someone sends too often.
 */
import { apiFetch, readFailure } from '../../api/client.ts';

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

/** The contact form's own fields among the answer's per-field messages. */
function contactFields(all: Record<string, string> | undefined): Partial<Record<ContactField, string>> {
  const fields: Partial<Record<ContactField, string>> = {};
  for (const [key, value] of Object.entries(all ?? {})) if (isContactField(key)) fields[key] = value;
  return fields;
}

/**
 * POSTs the message as JSON and turns every outcome into something a person can read.
 *
 * @example await sendContactMessage(values) // { ok: true } or { ok: false, message: 'Please fill in a subject.', fields: { subject: '…' } }
 */
export async function sendContactMessage(
  values: ContactValues,
  // apiFetch adds the token when someone is signed in: the message is then part of their
  // account's export and deletion.
  fetchFn: (path: string, init: RequestInit) => Promise<Response> = apiFetch,
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
  const failure = await readFailure(response);
  if (response.status === 429) return { ok: false, message: RATE_LIMITED, fields: {} };
  if (response.status === 400) {
    return { ok: false, message: failure.message ?? SERVER_ERROR, fields: contactFields(failure.fields) };
  }
  return { ok: false, message: SERVER_ERROR, fields: {} };
}
