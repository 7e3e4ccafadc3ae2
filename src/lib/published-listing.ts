/**
 * An approved provider listing as a directory program: the mapping from the listing builder's
 * columns (`provider_listings`) to the program schema that markdown programs follow, and the list
 * of what keeps a listing from being published. Used by the approval endpoint (an admin cannot
 * approve a listing that could not be published) and by the content loader at build time.
 *
 * Everything the provider wrote stays text: the profile renders it as text, never as HTML; the
 * website is kept only when it is an http(s) address; the logo is served by the site itself.
 */
import type { ProviderListingRow } from '../api/contracts/rows.ts';
import { programSchema, type ProgramData, type ProgramInput } from './program-schema.ts';
import { isWebAddress } from './text-rules.ts';
import { findState } from './geo/states.ts';
import {
  NEEDED_MESSAGES,
  publishingProblemMessage,
  publishingProblems,
  PUBLISHING_SUMMARY,
} from './listing/publish-rule.ts';
import { formatUsPhone } from './listing/us-phone.ts';
import { fieldHighlights, type ShownField } from './listing/fields.ts';

export { formatUsPhone, publishingProblemMessage };

/** Treatment fidelity and youth-safety facts: a listing may state none of them. */
type FactColumn =
  | 'erp_hours_per_week'
  | 'individual_sessions_per_week'
  | 'specialised_clinicians_percent'
  | 'outcome_measure'
  | 'score_direction'
  | 'score_points'
  | 'score_change_year'
  | 'score_change_sample'
  | 'family_sessions_per_week'
  | 'family_accommodation_work'
  | 'license_number'
  | 'license_agency'
  | 'restraint_policy'
  | 'parent_contact_policy'
  | 'schooling'
  | 'transport_escort'
  | 'clinical_approach'
  | 'program_highlights'
  | 'team_composition';

/** The listing columns every directory program is made from (src/lib/listing/fields.ts). */
type ProgramColumn = Exclude<ShownField, FactColumn>;

/** Postgres numeric columns: the driver reads them as text. */
type NumericColumn =
  'erp_hours_per_week' | 'individual_sessions_per_week' | 'score_points' | 'family_sessions_per_week';

/** Every listing column publishing reads (the column list of netlify/functions/_shared/publishing.ts names each). */
export type PublishedListingColumns = Pick<
  ProviderListingRow,
  'published_program_id' | ProgramColumn | FactColumn
>;

/** An approved listing as publishing reads it: its columns, its availability and its trust dates (src/lib/trust.ts). */
export type ListingForPublishing = Pick<ProviderListingRow, ProgramColumn> & {
  published_program_id: string;
  /** The provider's `verification_status` is `verified`. */
  provider_verified: boolean;
  /** `providers.verified_at`: the day it shows is the "Verified provider" date (src/lib/trust.ts). */
  provider_verified_at?: Date | string | null;
  /** When the version now published was approved: the "Listing reviewed" date. */
  listing_reviewed_at?: Date | string | null;
  /** `listing_availability`, when the provider stated it. */
  availability_status?: string | null;
  availability_wait_weeks?: number | null;
  /** When the provider last confirmed it (a timestamp; the program shows its UTC day). */
  availability_confirmed_at?: Date | string | null;
  /** Median hours to a first answer (src/lib/reply-time.ts), when known. */
  reply_hours?: number | null;
} & { [K in FactColumn]?: K extends NumericColumn ? number | string | null : ProviderListingRow[K] };

export type PublishingResult =
  { ok: true; id: string; data: ProgramData } | { ok: false; id: string; problems: Record<string, string> };

/** What an admin reads when a listing cannot be published yet, by listing field (src/lib/listing/fields.ts). */
export const PUBLISHING_MESSAGES = { ...NEEDED_MESSAGES, summary: PUBLISHING_SUMMARY } as const;

/** A listing's uploaded logo (`/api/provider/uploads/<uuid>`), served publicly once published. */
const UPLOAD_URL = /^\/api\/provider\/uploads\/[0-9a-f-]{36}$/i;

/** The public address of a published program's logo (netlify/functions/program-logos.mts). */
export function programLogoPath(programId: string): string {
  return `/api/program-logos/${programId}`;
}

const text = (value: string | null | undefined): string => (value ?? '').trim();

/**
 * The card's one or two sentences: the first paragraph, cut at a word before `max` characters.
 *
 * @example summary('A long first paragraph…\n\nMore.', 20) // 'A long first…'
 */
export function summary(description: string, max = 300): string {
  const first =
    description
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? '';
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** A numeric column (numeric comes back from Postgres as a string) as a number, or undefined. */
function num(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Keeps only the keys whose value is defined (the schema's optional fields). */
function defined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** `YYYY-MM-DD` (UTC) of a timestamp. */
function isoDay(value: Date | string): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString().slice(0, 10);
}

/**
 * What families choose by that a listing may carry (treatment fidelity, youth safety,
 * availability, reply time), in the program schema's shape.
 */
function choosingFacts(listing: ListingForPublishing): Partial<ProgramInput> {
  const optionalText = (v: string | null | undefined) => (text(v) === '' ? undefined : text(v));
  const points = num(listing.score_points);
  const direction = listing.score_direction;
  const family = defined({
    sessionsPerWeek: num(listing.family_sessions_per_week),
    accommodationWork: listing.family_accommodation_work ?? undefined,
  });
  const fidelity = defined({
    erpHoursPerWeek: num(listing.erp_hours_per_week),
    individualSessionsPerWeek: num(listing.individual_sessions_per_week),
    specialisedCliniciansPercent: num(listing.specialised_clinicians_percent),
    outcomeMeasure:
      (optionalText(listing.outcome_measure) as 'Y-BOCS' | 'CY-BOCS' | 'none' | undefined) ?? undefined,
    // Fell / rose / did not change, by N points: a direction word, never a sign to misread.
    medianScoreChange:
      direction && points !== undefined && listing.score_change_year && listing.score_change_sample
        ? { direction, points, year: listing.score_change_year, sampleSize: listing.score_change_sample }
        : undefined,
    family: Object.keys(family).length > 0 ? family : undefined,
  });
  const license = defined({
    number: optionalText(listing.license_number),
    agency: optionalText(listing.license_agency),
  });
  const youthSafety = defined({
    license: Object.keys(license).length > 0 ? license : undefined,
    restraintSeclusionPolicy: optionalText(listing.restraint_policy),
    parentContactPolicy: optionalText(listing.parent_contact_policy),
    schooling: optionalText(listing.schooling),
    transportEscort: optionalText(listing.transport_escort),
  });
  const status = optionalText(listing.availability_status) as
    'open' | 'waitlist' | 'not-admitting' | undefined;
  return defined({
    fidelity: Object.keys(fidelity).length > 0 ? fidelity : undefined,
    youthSafety: Object.keys(youthSafety).length > 0 ? youthSafety : undefined,
    availability:
      status && listing.availability_confirmed_at
        ? {
            status,
            ...(status === 'waitlist' && listing.availability_wait_weeks
              ? { waitWeeks: listing.availability_wait_weeks }
              : {}),
            confirmedOn: isoDay(listing.availability_confirmed_at),
          }
        : undefined,
    replyHours: listing.reply_hours ?? undefined,
  });
}

/** The listing as program frontmatter (before the schema's defaults), and what is missing. */
function toInput(listing: ListingForPublishing): { input: ProgramInput; problems: Record<string, string> } {
  const state = findState(text(listing.state));
  const phone = formatUsPhone(listing.phone);
  const zip = /^(\d{5})(-\d{4})?$/.exec(text(listing.zip_code))?.[1];
  const problems = publishingProblems(listing);

  const city = text(listing.city);
  const stateName = state?.name ?? text(listing.state);
  const website = text(listing.website);
  const email = text(listing.email);
  const logo = text(listing.logo_url);
  const highlights = [
    // The provider's own lines first, then the facts the builder asks as fields.
    ...(listing.program_highlights ?? []).map(text).filter((line) => line !== ''),
    ...fieldHighlights(listing),
  ].filter((line) => line !== '');

  const input: ProgramInput = {
    name: text(listing.center_name),
    description: summary(listing.description),
    overview: listing.description.trim(),
    location: city,
    state: stateName,
    address: { street: text(listing.address), city, state: stateName, zip: zip ?? text(listing.zip_code) },
    ageGroups: [...listing.age_groups] as ProgramInput['ageGroups'],
    modalities: [...listing.modalities] as ProgramInput['modalities'],
    insurance: [...listing.insurance] as ProgramInput['insurance'],
    insuranceNotes: text(listing.financial_aid),
    lengthOfStay: text(listing.avg_length),
    genderSpecific: text(listing.gender_specific) as ProgramInput['genderSpecific'],
    setting: text(listing.setting) as ProgramInput['setting'],
    accreditations: [...listing.accreditations] as ProgramInput['accreditations'],
    highlights,
    ...(text(listing.clinical_approach) !== '' ? { clinicalApproach: text(listing.clinical_approach) } : {}),
    ...(text(listing.team_composition) !== '' ? { teamComposition: text(listing.team_composition) } : {}),
    verified: listing.provider_verified,
    ...(listing.provider_verified && listing.provider_verified_at
      ? { verifiedOn: isoDay(listing.provider_verified_at) }
      : {}),
    ...(listing.listing_reviewed_at ? { reviewedOn: isoDay(listing.listing_reviewed_at) } : {}),
    ...(website !== '' && isWebAddress(website) ? { website } : {}),
    ...(email !== '' ? { email } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(UPLOAD_URL.test(logo) ? { logo: programLogoPath(listing.published_program_id) } : {}),
    ...choosingFacts(listing),
  };
  return { input, problems };
}

/**
 * The program an approved listing is published as, validated by the program schema, or what
 * keeps it from being published (`problems` by listing field; `_` for anything else).
 */
export function listingToProgram(listing: ListingForPublishing): PublishingResult {
  const id = listing.published_program_id;
  const { input, problems } = toInput(listing);
  if (Object.keys(problems).length > 0) return { ok: false, id, problems };
  const parsed = programSchema.safeParse(input);
  if (parsed.success) return { ok: true, id, data: parsed.data };
  const fromSchema: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fromSchema[key] ??= issue.message;
  }
  return { ok: false, id, problems: fromSchema };
}
