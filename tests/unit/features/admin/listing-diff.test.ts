/**
 * "What changed since the published version" (src/features/admin/listing-diff.ts): a provider's
 * edit compared with the snapshot an administrator approved, field by field, as the profile
 * would show the values: blanks and nulls alike, numbers by value, option lists as sets.
 */
import { describe, expect, it } from 'vitest';
import { FIDELITY_LABELS } from '../../../../src/lib/fidelity.ts';
import {
  displayValue,
  listingDiff,
  LISTING_FIELDS,
  NOT_GIVEN,
} from '../../../../src/features/admin/listing-diff.ts';

const UPLOAD = '/api/provider/uploads/0b6a3c1e-2f4d-4a5b-9c8d-7e6f5a4b3c2d';

describe('listingDiff: which fields count as changed', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['same text', { center_name: 'Harbor' }, { center_name: 'Harbor' }, []],
    ['text edited', { center_name: 'Harbor' }, { center_name: 'Harbor House' }, ['center_name']],
    ['only outer spaces differ', { description: 'Daily ERP.' }, { description: '  Daily ERP.\n' }, []],
    ['inner text differs', { description: 'Daily ERP.' }, { description: 'Daily  ERP.' }, ['description']],
    ['null and blank are both not given', { email: null }, { email: '  ' }, []],
    ['missing and null are both not given', {}, { website: null }, []],
    ['a value added', { website: null }, { website: 'https://a.example' }, ['website']],
    ['a value removed', { staff_ratio: '1:3' }, { staff_ratio: '' }, ['staff_ratio']],
    ['numbers by value (numeric as text)', { erp_hours_per_week: '15.0' }, { erp_hours_per_week: 15 }, []],
    ['a number changed', { capacity: 16 }, { capacity: 18 }, ['capacity']],
    [
      'zero is a value, not blank',
      { erp_hours_per_week: null },
      { erp_hours_per_week: 0 },
      ['erp_hours_per_week'],
    ],
    ['option lists as sets', { modalities: ['ERP', 'ACT'] }, { modalities: ['ACT', 'ERP'] }, []],
    ['an option added', { modalities: ['ERP'] }, { modalities: ['ERP', 'ACT'] }, ['modalities']],
    ['empty list and null alike', { accreditations: [] }, { accreditations: null }, []],
    [
      'ordered lists in order',
      { program_highlights: ['A', 'B'] },
      { program_highlights: ['B', 'A'] },
      ['program_highlights'],
    ],
    [
      'booleans',
      { family_accommodation_work: true },
      { family_accommodation_work: false },
      ['family_accommodation_work'],
    ],
    [
      'boolean and null',
      { family_accommodation_work: null },
      { family_accommodation_work: false },
      ['family_accommodation_work'],
    ],
    [
      'workflow columns never count',
      { status: 'approved', reviewer_notes: 'ok', updated_at: '2026-01-01' },
      { status: 'pending', reviewer_notes: null, updated_at: '2026-02-01', provider: {}, uploads: [] },
      [],
    ],
    ['an unknown column still shows', { new_fact: 'a' }, { new_fact: 'b' }, ['new_fact']],
    [
      'several, in the builder order',
      { schooling: 'A', center_name: 'X', capacity: 1 },
      { schooling: 'B', center_name: 'Y', capacity: 2 },
      ['center_name', 'capacity', 'schooling'],
    ],
  ])('%s', (_, published, current, fields) => {
    expect(listingDiff(published, current).map((c) => c.field)).toEqual(fields);
  });
});

describe('listingDiff: how values read', () => {
  it.each<
    [
      string,
      Record<string, unknown>,
      Record<string, unknown>,
      { label: string; published: string; current: string },
    ]
  >([
    ['text', { city: 'Bend' }, { city: 'Salem' }, { label: 'City', published: 'Bend', current: 'Salem' }],
    [
      'not given',
      { email: null },
      { email: 'a@b.org' },
      { label: 'Admissions email', published: NOT_GIVEN, current: 'a@b.org' },
    ],
    [
      'numbers with their unit',
      { erp_hours_per_week: '12.5' },
      { erp_hours_per_week: 15 },
      { label: 'ERP hours per week', published: '12.5 hours per week', current: '15 hours per week' },
    ],
    [
      'a percent',
      { specialised_clinicians_percent: 40 },
      { specialised_clinicians_percent: 60 },
      { label: FIDELITY_LABELS.specialisedCliniciansPercent, published: '40%', current: '60%' },
    ],
    [
      'a year without unit',
      { score_change_year: 2024 },
      { score_change_year: 2025 },
      { label: 'Year of the outcome figures', published: '2024', current: '2025' },
    ],
    [
      'the score direction in words',
      { score_direction: 'fell' },
      { score_direction: 'rose' },
      { label: 'Median score from intake to discharge', published: 'Fell', current: 'Rose' },
    ],
    [
      'age groups as the profile names them',
      { age_groups: ['Adolescents'] },
      { age_groups: ['Adolescents', 'Young Adults'] },
      {
        label: 'Age groups',
        published: 'Adolescents (12-17)',
        current: 'Adolescents (12-17), Young Adults (18-28)',
      },
    ],
    [
      'yes and no',
      { family_accommodation_work: null },
      { family_accommodation_work: true },
      { label: 'Family accommodation work', published: NOT_GIVEN, current: 'Yes' },
    ],
  ])('%s', (_, published, current, expected) => {
    const [change] = listingDiff(published, current);
    expect(change).toMatchObject(expected);
  });

  it('names an uploaded file when its name is known', () => {
    const [change] = listingDiff(
      { logo_url: null },
      { logo_url: UPLOAD },
      {
        fileName: (url) => (url === UPLOAD ? 'logo.png' : null),
      },
    );
    expect(change).toMatchObject({ label: 'Logo', published: NOT_GIVEN, current: `logo.png (${UPLOAD})` });
    expect(displayValue('license_url', 'file', UPLOAD)).toBe(UPLOAD);
  });

  it('keeps hostile text as it is (the page writes it as text)', () => {
    const [change] = listingDiff({ description: 'Safe' }, { description: '<script>alert(1)</script>' });
    expect(change?.current).toBe('<script>alert(1)</script>');
  });

  it('labels every field once', () => {
    const fields = LISTING_FIELDS.map((f) => f.field);
    expect(new Set(fields).size).toBe(fields.length);
    for (const f of LISTING_FIELDS) expect(f.label.trim()).not.toBe('');
  });
});
