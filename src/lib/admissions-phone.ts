/**
 * One admissions phone per program (docs/product-rules.md#one-admissions-phone). A family sees
 * one number for a program wherever it appears: the profile, the cards, compare, the request
 * dialog's "Call Now" and the confirmation e-mail of their request. It is the program's own
 * `phone`: the program file's, or the published version of its listing's, formatted as the build
 * shows it. A provider's account phone or contact settings are never shown as a program's number.
 */
import { formatUsPhone } from './published-listing.ts';

/**
 * The admissions phone of a program published from a listing, from the `phone` of its published
 * version, exactly as the profile built from that version shows it (`listingToProgram`).
 *
 * @example listingAdmissionsPhone('555-010-0111') // '(555) 010-0111'
 */
export function listingAdmissionsPhone(publishedPhone: string | null | undefined): string | null {
  return typeof publishedPhone === 'string' ? (formatUsPhone(publishedPhone) ?? null) : null;
}

/**
 * The number the family's confirmation e-mail offers ("you can call … at …"): the program's
 * admissions phone, or none when the program lists none.
 */
export function confirmationPhone(program: { phone: string | null | undefined }): string | null {
  const phone = program.phone?.trim();
  return phone ? phone : null;
}
