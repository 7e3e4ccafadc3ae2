/**
 * The listing body's schema (src/lib/provider-schemas.ts) against the one table of ranges
 * (src/lib/listing-ranges.ts): every bound accepted, every bound ± its step refused with a message
 * naming the range and unit; the outcome asked so that a sign cannot invert it (all four answers or
 * none); the new fields; and Save Draft's relaxed schema, where nothing is required but every
 * given value is checked the same way.
 */
import { describe, expect, it } from 'vitest';
import { LISTING_RANGES, rangeOf, type RangedField } from '../../../src/lib/listing-ranges.ts';
import {
  listingBodySchema,
  listingDraftSchema,
  listingRangeMessage,
  listingSchema,
  MAX_HIGHLIGHT_LENGTH,
  MAX_HIGHLIGHTS,
  OUTCOME_MESSAGES,
  PROVIDER_MESSAGES,
} from '../../../src/lib/provider-schemas.ts';
import { rangedNumber } from '../../../src/features/provider-dashboard/draft.ts';
import { rangeHint } from '../../../src/features/provider-dashboard/listing-builder/fields.tsx';

const REQUIRED = { center_name: 'Harbor House', description: 'ERP for adults.', phone: '(555) 010-0100' };
/** A complete outcome, so that each of its numbers can be tried alone. */
const OUTCOME = {
  outcome_measure: 'Y-BOCS',
  score_direction: 'fell',
  score_points: 11,
  score_change_year: 2024,
  score_change_sample: 64,
} as const;

/** The listing columns with a range (the wait list's weeks belong to the availability body). */
const COLUMNS = (Object.keys(LISTING_RANGES) as RangedField[]).filter((c) => c !== 'wait_weeks');
const OUTCOME_COLUMNS: readonly string[] = ['score_points', 'score_change_year', 'score_change_sample'];

/** A body carrying `value` in `column` (with the rest of the outcome when it is part of one). */
const withValue = (column: RangedField, value: number) => ({
  ...REQUIRED,
  ...(OUTCOME_COLUMNS.includes(column) ? OUTCOME : {}),
  [column]: value,
});

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]);

describe('LISTING_RANGES: the schema, the builder and the table agree', () => {
  const now = new Date();
  const cases = COLUMNS.flatMap((column) => {
    const r = rangeOf(column, now);
    // score_points 0 is "did not change": tried with that direction.
    return [
      [column, 'min', r.min, true],
      [column, 'max', r.max, true],
      [column, 'min − step', r.min - r.step, false],
      [column, 'max + step', r.max + r.step, false],
      ...(r.step < 1 ? [[column, 'off the step', r.min + r.step / 2, false] as const] : []),
      ...(r.step === 1 ? [[column, 'not whole', r.min + 0.5, false] as const] : []),
    ] as const;
  });

  it.each(cases)('%s at %s (%d) → accepted %s', (column, _label, value, accepted) => {
    const body =
      column === 'score_points' && value === 0
        ? { ...withValue(column, value), score_direction: 'unchanged' }
        : withValue(column, value);
    for (const schema of [listingSchema, listingDraftSchema]) {
      const result = schema.safeParse(schema === listingDraftSchema ? { ...body, draft: true } : body);
      if (accepted) {
        expect(issues(result)).toEqual([]);
        expect((result.data as Record<string, unknown> | undefined)?.[column]).toBe(value);
      } else {
        expect(issues(result)).toContainEqual([column, listingRangeMessage(column, now)]);
      }
    }
    // The builder reads what is typed by the same table.
    expect(rangedNumber(column, String(value), now)).toBe(accepted ? value : undefined);
  });

  it.each(COLUMNS)('%s: the message names the range and the unit', (column) => {
    const r = rangeOf(column, now);
    const message = listingRangeMessage(column, now);
    expect(message).toContain(`from ${String(r.min)} to ${String(r.max)}`);
    if (r.unit !== '') expect(message).toContain(r.unit === '%' ? 'percent' : r.unit);
    expect(rangeHint(column, now)).toContain(`${String(r.min)} to ${String(r.max)}`);
  });

  it('says the messages in plain words', () => {
    expect(listingRangeMessage('capacity')).toBe('Enter a whole number from 1 to 500 beds.');
    expect(listingRangeMessage('erp_hours_per_week')).toBe(
      'Enter a number from 0 to 80 hours per week, in steps of 0.5 (e.g. 12.5).',
    );
    expect(listingRangeMessage('specialised_clinicians_percent')).toBe(
      'Enter a whole number from 0 to 100 percent.',
    );
    expect(listingRangeMessage('score_change_year', new Date('2026-03-01T00:00:00Z'))).toBe(
      'Enter a year from 1990 to 2026.',
    );
  });

  it('the outcome year ends at this year', () => {
    const year = new Date().getUTCFullYear();
    expect(listingSchema.safeParse(withValue('score_change_year', year)).success).toBe(true);
    expect(issues(listingSchema.safeParse(withValue('score_change_year', year + 1)))).toContainEqual([
      'score_change_year',
      listingRangeMessage('score_change_year'),
    ]);
  });

  it.each([
    ['a string', '12'],
    ['Infinity as text', 'Infinity'],
    ['a boolean', true],
    ['an object', { value: 12 }],
    ['an array', [12]],
  ])('%s is refused with the range message', (_label, value) => {
    expect(issues(listingSchema.safeParse({ ...REQUIRED, erp_hours_per_week: value }))).toContainEqual([
      'erp_hours_per_week',
      listingRangeMessage('erp_hours_per_week'),
    ]);
  });
});

describe('the outcome: fell / rose / did not change, by N points, with its year and patients', () => {
  it.each([
    ['fell', { ...REQUIRED, ...OUTCOME }, { score_direction: 'fell', score_points: 11 }],
    [
      'rose',
      { ...REQUIRED, ...OUTCOME, score_direction: 'rose', score_points: 2.5 },
      { score_direction: 'rose' },
    ],
    [
      'did not change, no points given',
      { ...REQUIRED, ...OUTCOME, score_direction: 'unchanged', score_points: null },
      { score_direction: 'unchanged', score_points: 0 },
    ],
    [
      'did not change, 0 points',
      { ...REQUIRED, ...OUTCOME, score_direction: 'unchanged', score_points: 0 },
      { score_points: 0 },
    ],
    [
      'none at all',
      { ...REQUIRED, outcome_measure: 'none' },
      { score_direction: null, score_points: null, score_change_year: null, score_change_sample: null },
    ],
    ['blank direction is none', { ...REQUIRED, score_direction: '' }, { score_direction: null }],
  ])('%s → accepted', (_label, body, expected) => {
    const result = listingSchema.safeParse(body);
    expect(issues(result)).toEqual([]);
    expect(result.data).toMatchObject(expected);
  });

  it.each([
    ['a signed change (the old field)', { ...OUTCOME, score_change: -11 }, '', undefined],
    ['a negative number of points', { ...OUTCOME, score_points: -11 }, 'score_points', undefined],
    [
      'an unknown direction',
      { ...OUTCOME, score_direction: 'down' },
      'score_direction',
      OUTCOME_MESSAGES.scoreDirection,
    ],
    [
      'a fall of 0 points',
      { ...OUTCOME, score_points: 0 },
      'score_points',
      OUTCOME_MESSAGES.scorePointsNotZero,
    ],
    [
      'a rise of 0 points',
      { ...OUTCOME, score_direction: 'rose', score_points: 0 },
      'score_points',
      OUTCOME_MESSAGES.scorePointsNotZero,
    ],
    [
      'no change of 3 points',
      { ...OUTCOME, score_direction: 'unchanged', score_points: 3 },
      'score_points',
      OUTCOME_MESSAGES.scorePointsUnchanged,
    ],
    [
      'no direction',
      { ...OUTCOME, score_direction: null },
      'score_direction',
      OUTCOME_MESSAGES.outcomeIncomplete,
    ],
    ['no points', { ...OUTCOME, score_points: null }, 'score_points', OUTCOME_MESSAGES.outcomeIncomplete],
    [
      'no year',
      { ...OUTCOME, score_change_year: null },
      'score_change_year',
      OUTCOME_MESSAGES.outcomeIncomplete,
    ],
    [
      'no patients',
      { ...OUTCOME, score_change_sample: undefined },
      'score_change_sample',
      OUTCOME_MESSAGES.outcomeIncomplete,
    ],
    [
      'figures without a standard measure',
      { ...OUTCOME, outcome_measure: 'none' },
      'outcome_measure',
      OUTCOME_MESSAGES.outcomeMeasureForChange,
    ],
    [
      'figures without any measure',
      { ...OUTCOME, outcome_measure: null },
      'outcome_measure',
      OUTCOME_MESSAGES.outcomeMeasureForChange,
    ],
  ] as const)('%s → refused', (_label, outcome, path, message) => {
    for (const [schema, extra] of [
      [listingSchema, {}],
      [listingDraftSchema, { draft: true }],
    ] as const) {
      const result = schema.safeParse({ ...REQUIRED, ...outcome, ...extra });
      expect(result.success).toBe(false);
      const paths = issues(result).map(([p]) => p);
      expect(paths).toContain(path);
      if (message) expect(issues(result)).toContainEqual([path, message]);
    }
  });
});

describe('the builder fields the partner page promises', () => {
  it('clinical approach and team composition: text up to 2,000 characters, blank is null', () => {
    const ok = listingSchema.safeParse({
      ...REQUIRED,
      clinical_approach: '  Daily ERP.\nWeekly family sessions. ',
      team_composition: 'x'.repeat(2000),
    });
    expect(ok.data).toMatchObject({ clinical_approach: 'Daily ERP.\nWeekly family sessions.' });
    expect(listingSchema.safeParse({ ...REQUIRED, clinical_approach: '  ' }).data?.clinical_approach).toBe(
      null,
    );
    expect(
      issues(listingSchema.safeParse({ ...REQUIRED, team_composition: 'x'.repeat(2001) })),
    ).toContainEqual(['team_composition', 'Team composition must be at most 2000 characters.']);
    expect(
      issues(listingSchema.safeParse({ ...REQUIRED, clinical_approach: 'ERP \u202eevil' })).map(([p]) => p),
    ).toContain('clinical_approach');
  });

  it('program highlights: up to 8 lines of at most 160 characters; blank lines dropped', () => {
    const eight = Array.from({ length: MAX_HIGHLIGHTS }, (_, i) => `Highlight ${String(i + 1)}`);
    expect(
      listingSchema.safeParse({ ...REQUIRED, program_highlights: [...eight, ' ', ''] }).data
        ?.program_highlights,
    ).toEqual(eight);
    expect(
      listingSchema.safeParse({ ...REQUIRED, program_highlights: ['x'.repeat(MAX_HIGHLIGHT_LENGTH)] })
        .success,
    ).toBe(true);
    expect(
      issues(listingSchema.safeParse({ ...REQUIRED, program_highlights: [...eight, 'Nine'] })),
    ).toContainEqual(['program_highlights', PROVIDER_MESSAGES.highlightsTooMany]);
    expect(
      issues(
        listingSchema.safeParse({ ...REQUIRED, program_highlights: ['x'.repeat(MAX_HIGHLIGHT_LENGTH + 1)] }),
      ),
    ).toContainEqual(['program_highlights.0', 'A highlight must be at most 160 characters.']);
    expect(
      issues(listingSchema.safeParse({ ...REQUIRED, program_highlights: 'Daily ERP' })).map(([p]) => p),
    ).toContain('program_highlights');
    expect(listingSchema.safeParse({ ...REQUIRED }).data?.program_highlights).toEqual([]);
  });

  it.each(['Co-ed', 'Gender-specific', 'Boys-only', 'Girls-only', 'Men-only', 'Women-only'])(
    'a program can say it is %s',
    (gender) => {
      expect(listingSchema.safeParse({ ...REQUIRED, gender_specific: gender }).data?.gender_specific).toBe(
        gender,
      );
    },
  );
});

describe('Save Draft: nothing required, every given value checked', () => {
  it('an empty draft is a draft with blank required fields', () => {
    const result = listingDraftSchema.safeParse({ draft: true });
    expect(issues(result)).toEqual([]);
    expect(result.data).toMatchObject({ draft: true, center_name: '', description: '', phone: '' });
  });

  it('a half-filled listing saves as a draft but cannot be submitted', () => {
    const half = { center_name: 'Harbor', erp_hours_per_week: 12.5 };
    expect(listingDraftSchema.safeParse({ ...half, draft: true }).success).toBe(true);
    expect(issues(listingSchema.safeParse(half))).toContainEqual([
      'description',
      PROVIDER_MESSAGES.listingMissing,
    ]);
  });

  it.each([
    ['a phone with no digits', { phone: 'call us' }, 'phone'],
    ['a center name with a direction override', { center_name: 'A\u202eB' }, 'center_name'],
    ['a description with a control character', { description: 'A\u0007B' }, 'description'],
    ['a bad e-mail', { email: 'nope' }, 'email'],
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }, 'website'],
    ['a gender option not in the vocabulary', { gender_specific: 'Teens-only' }, 'gender_specific'],
    ['a status', { status: 'approved' }, '_'],
    ['an out-of-range number', { capacity: 501 }, 'capacity'],
  ])('%s is refused in a draft too', (_label, extra, path) => {
    const result = listingDraftSchema.safeParse({ draft: true, ...extra });
    expect(result.success).toBe(false);
    expect(issues(result).map(([p]) => (p === '' ? '_' : p))).toContain(path);
  });

  it('listingBodySchema picks the draft schema only for draft: true', () => {
    expect(listingBodySchema({ draft: true })).toBe(listingDraftSchema);
    for (const body of [{}, { draft: false }, { draft: 'true' }, null, 'x', []]) {
      expect(listingBodySchema(body)).toBe(listingSchema);
    }
    expect(issues(listingSchema.safeParse({ ...REQUIRED, draft: 'yes' }))).toContainEqual([
      'draft',
      PROVIDER_MESSAGES.draftFlag,
    ]);
    expect(listingSchema.safeParse({ ...REQUIRED, draft: false }).success).toBe(true);
  });
});
