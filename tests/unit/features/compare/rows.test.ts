/**
 * The compare table's rows (docs/product-rules.md#compare): every program gets a cell in every row, missing facts say
 * so, stale availability is "Not confirmed since …", reply times show when known, and distance
 * appears only with a location.
 */
import { describe, expect, it } from 'vitest';
import type { CompareData } from '../../../../src/features/compare/data.ts';
import {
  COMPARE_TEXT,
  compareGroups,
  type CompareCell,
  type CompareRow,
} from '../../../../src/features/compare/rows.ts';

const base: CompareData = {
  id: 'pine-hollow-ocd',
  name: 'Pine Hollow OCD Residence',
  path: '/program/pine-hollow-ocd',
  location: 'Bend',
  state: 'Oregon',
  point: { lat: 44.058, lng: -121.315 },
  ageGroups: ['Adults'],
  setting: 'Residential',
  genderSpecific: 'Co-ed',
  lengthOfStay: '45-90 days',
  modalities: ['ERP', 'CBT'],
  insurance: ['Private Pay'],
  insurancePlans: [],
  availability: null,
  fidelity: null,
  youthSafety: null,
  servesMinors: false,
  verified: false,
  verifiedOn: null,
  reviewedOn: null,
  rating: null,
  reviewCount: 0,
  replyHours: null,
  phone: null,
  email: null,
};

const teen: CompareData = {
  ...base,
  id: 'ridge-teen',
  name: 'Ridge Teen',
  ageGroups: ['Adolescents'],
  servesMinors: true,
  point: null,
  availability: { status: 'open', confirmedOn: '2026-11-16' },
  fidelity: { erpHoursPerWeek: 12 },
  youthSafety: { schooling: 'Accredited on-site school' },
  verified: true,
  verifiedOn: '2026-03-03',
  reviewedOn: '2026-11-05',
  rating: 4.75,
  reviewCount: 12,
  replyHours: 2.2,
  insurancePlans: ['Aetna'],
};

function rowsOf(
  programs: CompareData[],
  today = '2026-11-22',
  origin = null as Parameters<typeof compareGroups>[2],
) {
  return new Map<string, CompareRow>(
    compareGroups(programs, today, origin).flatMap((g) => g.rows.map((r) => [r.key, r] as const)),
  );
}

const texts = (row: CompareRow | undefined) => row?.cells.map((c) => c.text);

describe('compareGroups', () => {
  it('has one cell per program in every row, none empty', () => {
    const rows = rowsOf([base, teen]);
    for (const row of rows.values()) {
      expect(row.cells).toHaveLength(2);
      for (const cell of row.cells) expect(cell.text.trim()).not.toBe('');
    }
    expect([...rows.keys()]).toEqual(
      expect.arrayContaining([
        'location',
        'ages',
        'setting',
        'lengthOfStay',
        'modalities',
        'insurance',
        'availability',
        'replyTime',
        'fidelity-erpHoursPerWeek',
        'youth-license',
        'verified',
        'reviewed',
        'rating',
      ]),
    );
  });

  it('shows stale availability as not confirmed since its date, never as open', () => {
    const stale = { ...base, availability: { status: 'open' as const, confirmedOn: '2026-07-30' } };
    const cell = rowsOf([stale, teen]).get('availability')?.cells;
    expect(cell?.[0]).toMatchObject({
      text: 'Not confirmed since July 30, 2026',
      missing: true,
      tone: 'warn',
    });
    expect(cell?.[1]).toMatchObject({
      text: 'Beds open now',
      detail: 'Confirmed November 16, 2026',
      tone: 'open',
    });
  });

  it('uses the visitor’s date: the same fact is current on one day and stale a month later', () => {
    expect(texts(rowsOf([teen], '2026-12-16').get('availability'))).toEqual(['Beds open now']);
    expect(texts(rowsOf([teen], '2026-12-17').get('availability'))).toEqual([
      'Not confirmed since November 16, 2026',
    ]);
  });

  it('shows the reply time when known, else says there are not enough requests', () => {
    expect(texts(rowsOf([base, teen]).get('replyTime'))).toEqual([
      COMPARE_TEXT.noReplyTime,
      'Usually replies within 3 hours',
    ]);
  });

  it('marks missing fidelity facts "Not reported" and keeps reported ones', () => {
    expect(texts(rowsOf([base, teen]).get('fidelity-erpHoursPerWeek'))).toEqual(['Not reported', '12 hours']);
  });

  it('youth safety: "not told us" for a program with minors, not applicable for adults only', () => {
    const rows = rowsOf([base, teen]);
    expect(texts(rows.get('youth-schooling'))).toEqual([
      COMPARE_TEXT.adultsOnly,
      'Accredited on-site school',
    ]);
    expect(texts(rows.get('youth-license'))).toEqual([
      COMPARE_TEXT.adultsOnly,
      'The program has not told us',
    ]);
  });

  it('adds the distance row only with a location', () => {
    expect(rowsOf([base]).has('distance')).toBe(false);
    const rows = rowsOf([base, teen], '2026-11-22', {
      point: { lat: 44.058, lng: -121.315 },
      label: 'Bend, OR',
    });
    expect(rows.get('distance')?.label).toBe('Distance from Bend, OR');
    expect(texts(rows.get('distance'))).toEqual(['Under 1 mi away', COMPARE_TEXT.noDistance]);
  });

  it('rating, insurance plans and setting details', () => {
    const rows = rowsOf([base, teen]);
    expect(texts(rows.get('rating'))).toEqual(['No reviews yet', '4.8 · 12 reviews']);
    expect(rows.get('insurance')?.cells[1]?.detail).toBe('Plans: Aetna');
    expect(rows.get('setting')?.cells[0]).toMatchObject({ text: 'Residential', detail: 'Co-ed' });
  });

  describe('the trust rows use the words of src/lib/trust.ts, with their dates', () => {
    const verifiedNoDate: CompareData = { ...base, id: 'no-date', verified: true, verifiedOn: null };
    const badDate: CompareData = { ...base, id: 'bad-date', reviewedOn: '2026-02-30' };
    const cases: [string, CompareData, CompareCell, CompareCell][] = [
      [
        'not verified, never reviewed',
        base,
        { text: 'Provider not verified yet', missing: true },
        { text: 'Listing not reviewed', missing: true },
      ],
      [
        'verified and reviewed, both dated',
        teen,
        { text: 'Yes', detail: 'Checked on March 3, 2026' },
        { text: 'Yes', detail: 'Reviewed on November 5, 2026' },
      ],
      [
        'verified without a known date',
        verifiedNoDate,
        { text: 'Yes', detail: undefined },
        { text: 'Listing not reviewed', missing: true },
      ],
      [
        'an impossible review date reads as not reviewed',
        badDate,
        { text: 'Provider not verified yet', missing: true },
        { text: 'Listing not reviewed', missing: true },
      ],
    ];
    it.each(cases)('%s', (_name, program, verified, reviewed) => {
      const rows = rowsOf([program]);
      expect(rows.get('verified')?.label).toBe('Verified provider');
      expect(rows.get('reviewed')?.label).toBe('Listing reviewed');
      expect(rows.get('verified')?.cells[0]).toEqual(verified);
      expect(rows.get('reviewed')?.cells[0]).toEqual(reviewed);
    });

    it('no row, label or cell says Featured or the old "Verified" alone', () => {
      const all = compareGroups([base, teen, verifiedNoDate], '2026-11-22', null);
      const words = all.flatMap((g) => [
        g.label,
        ...g.rows.flatMap((r) => [r.label, ...r.cells.flatMap((c) => [c.text, c.detail ?? ''])]),
      ]);
      expect(words.filter((w) => /featured/i.test(w))).toEqual([]);
      expect(words.filter((w) => w === 'Verified' || w === 'Not verified')).toEqual([]);
    });
  });
});
