/**
 * Submit for Review applies the publishing rule (src/lib/listing/publish-rule.ts): a listing an
 * administrator could not approve is refused in the builder, with what approval needs next to
 * each field, as the API refuses it.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type ListingDraft } from '../../../../src/features/provider-dashboard/draft.ts';
import { submitProblems } from '../../../../src/features/provider-dashboard/listing-builder/field-errors.ts';
import { APPROVAL_NEEDS } from '../../../../src/lib/listing/publish-rule.ts';
import { PUBLISHING_MESSAGES } from '../../../../src/lib/published-listing.ts';

const COMPLETE: ListingDraft = {
  ...EMPTY_DRAFT,
  centerName: 'Harbor House',
  description: 'Residential ERP for adults.',
  phone: '(617) 555-0100',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zipCode: '02478',
  ageGroups: ['Adults'],
  genderSpecific: 'Co-ed',
  setting: 'Residential',
  avgLength: '45 days',
  modalities: ['ERP'],
  insurance: ['Private Pay'],
};

describe('submitProblems', () => {
  it('lets a listing publishing can show be submitted', () => {
    expect(submitProblems(COMPLETE)).toEqual({ errors: {}, missing: undefined });
  });

  it('refuses name, description and phone alone, naming what approval needs by field', () => {
    const { errors, missing } = submitProblems({
      ...EMPTY_DRAFT,
      centerName: 'Harbor House',
      description: 'Residential ERP.',
      phone: '(617) 555-0100',
    });
    expect(errors).toEqual({
      address: PUBLISHING_MESSAGES.address,
      city: PUBLISHING_MESSAGES.city,
      state: PUBLISHING_MESSAGES.state,
      zipCode: PUBLISHING_MESSAGES.zip_code,
      ageGroups: PUBLISHING_MESSAGES.age_groups,
      genderSpecific: PUBLISHING_MESSAGES.gender_specific,
      setting: PUBLISHING_MESSAGES.setting,
      avgLength: PUBLISHING_MESSAGES.avg_length,
      modalities: PUBLISHING_MESSAGES.modalities,
      insurance: PUBLISHING_MESSAGES.insurance,
    });
    expect(missing?.title).toBe(APPROVAL_NEEDS.title);
    expect(missing?.description).toBe(`${APPROVAL_NEEDS.summary}${Object.values(errors).join(' ')}`);
  });

  it('keeps "Missing Required Information" and the required messages first', () => {
    const { errors, missing } = submitProblems({ ...COMPLETE, description: ' ', city: '' });
    expect(missing?.title).toBe('Missing Required Information');
    expect(Object.entries(errors)).toEqual([
      ['description', 'Description is required.'],
      ['city', PUBLISHING_MESSAGES.city],
    ]);
  });

  it('names a state publishing cannot place', () => {
    expect(submitProblems({ ...COMPLETE, state: 'Atlantis' }).errors).toEqual({
      state: PUBLISHING_MESSAGES.state,
    });
  });
});
