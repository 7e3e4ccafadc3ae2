/** The builder's messages next to fields: from its own checks before submitting, and from the server's answer. */
import { listingSubmitErrors, type RuleMessage } from '../../../lib/provider-rules.ts';
import { draftFieldErrors, type ListingDraft } from '../draft.ts';

/** A message per draft field, shown next to it. */
export type Errors = Partial<Record<keyof ListingDraft, string>>;

/** The messages that stop a submission, and the toast's message when a required field is empty. */
export function submitProblems(draft: ListingDraft): { errors: Errors; missing: RuleMessage | undefined } {
  const required = listingSubmitErrors(draft);
  const errors: Errors = {};
  if (required[0]) {
    if (draft.centerName.trim() === '') errors.centerName = 'Center name is required.';
    if (draft.description.trim() === '') errors.description = 'Description is required.';
    if (draft.phone.trim() === '') errors.phone = 'Phone is required.';
  }
  for (const problem of draftFieldErrors(draft)) errors[problem.field] = problem.message;
  return { errors, missing: required[0] };
}

/** The server's field names (snake_case) as the builder's. */
const SERVER_FIELDS: Record<string, keyof ListingDraft> = {
  center_name: 'centerName',
  zip_code: 'zipCode',
  age_groups: 'ageGroups',
  gender_specific: 'genderSpecific',
  avg_length: 'avgLength',
  staff_ratio: 'staffRatio',
  medical_support: 'medicalSupport',
  financial_aid: 'financialAid',
  clinical_approach: 'clinicalApproach',
  program_highlights: 'programHighlights',
  team_composition: 'teamComposition',
  logo_url: 'logo',
  license_url: 'license',
  erp_hours_per_week: 'erpHoursPerWeek',
  individual_sessions_per_week: 'individualSessionsPerWeek',
  specialised_clinicians_percent: 'specialisedCliniciansPercent',
  outcome_measure: 'outcomeMeasure',
  score_direction: 'scoreDirection',
  score_points: 'scorePoints',
  score_change_year: 'scoreChangeYear',
  score_change_sample: 'scoreChangeSample',
  family_sessions_per_week: 'familySessionsPerWeek',
  family_accommodation_work: 'familyAccommodationWork',
  license_number: 'licenseNumber',
  license_agency: 'licenseAgency',
  restraint_policy: 'restraintPolicy',
  parent_contact_policy: 'parentContactPolicy',
  transport_escort: 'transportEscort',
};

/**
 * The server's messages per field (its snake_case names; a list entry's is `images.3`) as the
 * builder's; the first message of a field wins.
 */
export function serverFieldErrors(fields: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('.')[0] ?? key;
    const field = SERVER_FIELDS[name] ?? (name as keyof ListingDraft);
    errors[field] ??= message;
  }
  return errors;
}
