/**
 * The listing field registry (src/lib/listing/fields.ts) against everything that reads a field:
 * for every registry field, the builder (its draft, its tab, the server-error mapping), the body
 * schema, the admin's diff, the snapshot → program conversion and the publishing rule agree.
 */
import { describe, expect, it } from 'vitest';
import { PUBLISHED_PROGRAM_COLUMNS } from '../../../../netlify/functions/_shared/publishing.ts';
import { PROVIDER_LISTING_COLUMNS } from '../../../../src/api/contracts/rows.ts';
import { LISTING_FIELDS as DIFF_FIELDS, listingDiff } from '../../../../src/features/admin/listing-diff.ts';
import { EMPTY_DRAFT } from '../../../../src/features/provider-dashboard/draft.ts';
import {
  BUILDER_TABS,
  tabOf,
} from '../../../../src/features/provider-dashboard/listing-builder/builder-tabs.ts';
import { serverFieldErrors } from '../../../../src/features/provider-dashboard/listing-builder/field-errors.ts';
import {
  LISTING_FIELD_NAMES,
  LISTING_FIELDS,
  SHOWN_FIELDS,
  type ListingField,
} from '../../../../src/lib/listing/fields.ts';
import { publishingProblems } from '../../../../src/lib/listing/publish-rule.ts';
import { listingDraftSchema, listingSchema } from '../../../../src/lib/provider-schemas.ts';
import { listingToProgram, type ListingForPublishing } from '../../../../src/lib/published-listing.ts';

/** A listing that states every field, as the body schema accepts it and publishing publishes it. */
const COMPLETE: Record<ListingField, unknown> = {
  center_name: 'Harbor House',
  description: 'Residential ERP for adults.\n\nSecond paragraph.',
  phone: '617-555-0100',
  email: 'admissions@harbor.example.org',
  website: 'https://harbor.example.org',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zip_code: '02478',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 24,
  avg_length: '45-60 days',
  modalities: ['ERP'],
  staff_ratio: '1:3',
  medical_support: '24/7 nursing',
  insurance: ['Private Pay'],
  financial_aid: 'Sliding scale.',
  clinical_approach: 'Daily ERP.',
  program_highlights: ['Family weeks'],
  team_composition: 'Two psychiatrists.',
  erp_hours_per_week: 12.5,
  individual_sessions_per_week: 2,
  specialised_clinicians_percent: 80,
  outcome_measure: 'Y-BOCS',
  score_direction: 'fell',
  score_points: 9,
  score_change_year: 2024,
  score_change_sample: 40,
  family_sessions_per_week: 1,
  family_accommodation_work: true,
  license_number: 'MA-123',
  license_agency: 'Department of Mental Health',
  restraint_policy: 'None used.',
  parent_contact_policy: 'Daily calls.',
  schooling: 'On-site school.',
  transport_escort: 'None.',
  logo_url: '/api/provider/uploads/0b7c8a53-64f4-4fd4-9c55-0c1b4f0b5d21',
  images: ['https://harbor.example.org/a.jpg'],
  accreditations: ['CARF'],
  license_url: '/api/provider/uploads/1b7c8a53-64f4-4fd4-9c55-0c1b4f0b5d21',
};

/** Another value of the same field, still accepted and published. */
const OTHER: Record<ListingField, unknown> = {
  ...(Object.fromEntries(
    Object.entries(COMPLETE).map(([k, v]) => [k, typeof v === 'string' ? `${v} More` : v]),
  ) as Record<ListingField, unknown>),
  phone: '617-555-0199',
  email: 'intake@harbor.example.org',
  website: 'https://harbor.example.org/other',
  state: 'NY',
  zip_code: '10001',
  age_groups: ['Adolescents'],
  gender_specific: 'Women-only',
  setting: 'Partial Hospitalization',
  capacity: 30,
  modalities: ['CBT'],
  insurance: ['Medicaid'],
  program_highlights: ['Alumni group'],
  erp_hours_per_week: 20,
  individual_sessions_per_week: 3,
  specialised_clinicians_percent: 60,
  outcome_measure: 'CY-BOCS',
  score_direction: 'rose',
  score_points: 3,
  score_change_year: 2023,
  score_change_sample: 20,
  family_sessions_per_week: 2,
  family_accommodation_work: false,
  // The program shows the logo from its own address: what changes it is having one.
  logo_url: null,
  images: ['https://harbor.example.org/b.jpg'],
  accreditations: ['State Licensed'],
  license_url: '/api/provider/uploads/3b7c8a53-64f4-4fd4-9c55-0c1b4f0b5d21',
};

const forPublishing = (listing: Record<string, unknown>) =>
  ({ ...listing, published_program_id: 'harbor-house', provider_verified: false }) as ListingForPublishing;

describe('the listing field registry', () => {
  it('is the body schema: a submission and a draft have exactly its fields', () => {
    const submitted = listingSchema.parse(COMPLETE);
    expect(Object.keys(submitted).sort()).toEqual([...LISTING_FIELD_NAMES].sort());
    const draft = listingDraftSchema.parse({ draft: true });
    expect(Object.keys(draft).sort()).toEqual([...LISTING_FIELD_NAMES, 'draft'].sort());
    expect(listingSchema.parse(OTHER)).toBeTruthy();
  });

  it('is the publishing columns: the program reads the shown fields and nothing else', () => {
    expect([...PUBLISHED_PROGRAM_COLUMNS].sort()).toEqual(['published_program_id', ...SHOWN_FIELDS].sort());
    expect(listingToProgram(forPublishing(COMPLETE)).ok).toBe(true);
    expect(listingToProgram(forPublishing(OTHER)).ok).toBe(true);
  });

  describe.each(LISTING_FIELDS.map((f) => [f.field, f] as const))('%s', (field, spec) => {
    it('has a builder name, a builder tab and the server-error mapping to it', () => {
      expect(Object.keys(EMPTY_DRAFT)).toContain(spec.draftKey);
      expect(BUILDER_TABS.map((t) => t.id)).toContain(spec.tab);
      expect(tabOf(spec.draftKey as keyof typeof EMPTY_DRAFT)).toBe(spec.tab);
      expect(serverFieldErrors({ [field]: 'Wrong.' })).toEqual({ [spec.draftKey]: 'Wrong.' });
    });

    it('has a diff label, and a change of it is listed under that label', () => {
      expect(DIFF_FIELDS.find((f) => f.field === field)).toMatchObject({
        label: spec.label,
        kind: spec.kind,
      });
      expect(listingDiff(COMPLETE, { ...COMPLETE, [field]: OTHER[field] }).map((c) => c.label)).toEqual([
        spec.label,
      ]);
    });

    it('round-trips through the body schema', () => {
      const parsed = listingSchema.parse({ ...COMPLETE, [field]: OTHER[field] }) as Record<string, unknown>;
      expect(parsed[field]).toEqual(OTHER[field]);
    });

    it(spec.shown ? 'shows on the program page once published' : 'stays off the program page', () => {
      const before = listingToProgram(forPublishing(COMPLETE));
      const after = listingToProgram(forPublishing({ ...COMPLETE, [field]: OTHER[field] }));
      expect(before.ok && after.ok).toBe(true);
      if (!before.ok || !after.ok) return;
      if (spec.shown) expect(after.data).not.toEqual(before.data);
      else expect(after.data).toEqual(before.data);
    });

    it(spec.publish ? 'is needed to publish, with its sentence' : 'may be left out', () => {
      const value = COMPLETE[field];
      const blank = typeof value === 'string' ? '  ' : Array.isArray(value) ? [] : null;
      const problems = publishingProblems({ ...COMPLETE, [field]: blank });
      expect(problems).toEqual(spec.publish ? { [field]: spec.publish.message } : {});
      const result = listingToProgram(forPublishing({ ...COMPLETE, [field]: blank }));
      if (spec.publish)
        expect(result).toMatchObject({ ok: false, problems: { [field]: spec.publish.message } });
    });
  });

  it('is a column of the row type for each field (tests/db/rows.test.ts checks the row type)', () => {
    for (const field of LISTING_FIELD_NAMES) expect(PROVIDER_LISTING_COLUMNS).toContain(field);
  });

  it('gives each field one builder name', () => {
    const keys = LISTING_FIELDS.map((f) => f.draftKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
