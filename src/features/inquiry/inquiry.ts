/**
 * Inquiry rules and delivery, free of React so they can be tested and reused.
 *
 * Delivery is in ONE place, `deliverInquiry`: today it opens the person's e-mail app with a
 * prefilled message (spec §7); when `POST /api/inquiries` lands it replaces the body of that
 * function, and the dialogs stay as they are.
 */
import type { InquiryType } from '../../lib/vocabulary.ts';
import { isEmail } from '../../lib/text-rules.ts';

/** What the dialogs need to know about a program. */
export type InquiryProgram = {
  id: string;
  name: string;
  /** Admissions e-mail; without it the dialogs explain that contact is not available. */
  email?: string | undefined;
  phone?: string | undefined;
  website?: string | undefined;
};

export type InquiryInput = {
  type: InquiryType;
  name: string;
  email: string;
  phone: string;
  message: string;
};

export type InquiryError = { title: string; description: string };

export const MISSING_FIELDS: InquiryError = {
  title: 'Missing Required Fields',
  description: 'Please fill in your name and email address.',
};
export const INVALID_EMAIL: InquiryError = {
  title: 'Invalid Email',
  description: 'Please enter a valid email address.',
};
export const EMAIL_NOT_AVAILABLE: InquiryError = {
  title: 'Email Not Available',
  description: 'Contact information for this program is not currently available',
};
export const OPENING_EMAIL = {
  title: 'Opening Email Client',
  description: 'Your email client will open with a pre-filled message to send to the provider.',
} as const;

/** The one e-mail rule the API and the database apply (src/lib/text-rules.ts). */
export function isValidEmail(email: string): boolean {
  return isEmail(email.trim());
}

/** Used when the person leaves the message empty (spec §5). */
export function defaultGreeting(programName: string): string {
  return `Hello ${programName} admissions team,\n\nI would like to learn more about your program, including availability, admissions and insurance. Please contact me at your earliest convenience.\n\nThank you.`;
}

/**
 * Checks a form. Call requests need a name and a valid e-mail; info requests need neither,
 * but an e-mail that is given must be valid.
 *
 * @example validateInquiry({ type: 'call', name: '', email: '', phone: '', message: '' }) // → MISSING_FIELDS
 */
export function validateInquiry(input: InquiryInput): InquiryError | null {
  const name = input.name.trim();
  const email = input.email.trim();
  if (input.type === 'call' && (name === '' || email === '')) return MISSING_FIELDS;
  if (email !== '' && !isValidEmail(email)) return INVALID_EMAIL;
  return null;
}

/**
 * The `mailto:` link for an inquiry: subject "Information Request - {program}" (or "Call
 * Request - {program}") and a body with the message and the person's details.
 */
export function inquiryMailto(program: InquiryProgram & { email: string }, input: InquiryInput): string {
  const subject =
    input.type === 'call' ? `Call Request - ${program.name}` : `Information Request - ${program.name}`;
  const message = input.message.trim() === '' ? defaultGreeting(program.name) : input.message.trim();
  const details = [
    ['Name', input.name.trim()],
    ['Email', input.email.trim()],
    ['Phone', input.phone.trim()],
  ]
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label ?? ''}: ${value ?? ''}`);
  const intro = input.type === 'call' ? 'I would like to request a call back.\n\n' : '';
  const body = `${intro}${message}${details.length > 0 ? `\n\n${details.join('\n')}` : ''}`;
  return `mailto:${encodeURIComponent(program.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * Sends an inquiry. Today: opens the e-mail app through a real link click, so the browser
 * treats it as a user-initiated navigation (and tests can intercept it).
 */
export function deliverInquiry(program: InquiryProgram & { email: string }, input: InquiryInput): void {
  const link = document.createElement('a');
  link.href = inquiryMailto(program, input);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
