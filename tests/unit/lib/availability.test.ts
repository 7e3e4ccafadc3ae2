import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_LABELS,
  availabilityView,
  compareAvailability,
  confirmedOpenRecently,
  type Availability,
} from '../../../src/lib/availability.ts';

const TODAY = '2026-11-22';
const open = (confirmedOn: string): Availability => ({ status: 'open', confirmedOn });
const wait = (confirmedOn: string, waitWeeks?: number | null): Availability => ({
  status: 'waitlist',
  confirmedOn,
  waitWeeks,
});
const closed = (confirmedOn: string): Availability => ({ status: 'not-admitting', confirmedOn });

describe('availabilityView: the 30-day rule', () => {
  it.each([
    // confirmedOn, age in days, stale?
    ['2026-11-22', 0, false],
    ['2026-11-21', 1, false],
    ['2026-10-24', 29, false],
    ['2026-10-23', 30, false],
    ['2026-10-22', 31, true],
    ['2026-10-03', 50, true],
    ['2025-11-22', 365, true],
  ])('open, confirmed %s (%i days ago) → stale %s', (confirmedOn, ageDays, stale) => {
    const view = availabilityView(open(confirmedOn), TODAY);
    expect(view.ageDays).toBe(ageDays);
    expect(view.stale).toBe(stale);
    expect(view.isOpen).toBe(!stale);
    expect(confirmedOpenRecently(open(confirmedOn), TODAY)).toBe(!stale);
  });

  it.each([
    [open('2026-10-03'), 'Not confirmed since October 3, 2026'],
    [wait('2026-10-03', 4), 'Not confirmed since October 3, 2026'],
    [closed('2026-10-03'), 'Not confirmed since October 3, 2026'],
    [open('2026-10-22'), 'Not confirmed since October 22, 2026'],
  ])('stale %j reads %j, never open', (availability, label) => {
    expect(availabilityView(availability, TODAY)).toEqual({
      state: 'stale',
      label,
      isOpen: false,
      stale: true,
      confirmedLabel: null,
      ageDays: expect.any(Number) as number,
    });
  });

  it.each([
    [open('2026-11-20'), 'open', 'Beds open now', true],
    [wait('2026-11-20', 3), 'waitlist', 'Wait list about 3 weeks', false],
    [wait('2026-11-20', 1), 'waitlist', 'Wait list about 1 week', false],
    [wait('2026-11-20', 2.4), 'waitlist', 'Wait list about 2 weeks', false],
    [wait('2026-11-20'), 'waitlist', 'Wait list', false],
    [wait('2026-11-20', null), 'waitlist', 'Wait list', false],
    [wait('2026-11-20', -3), 'waitlist', 'Wait list', false],
    [closed('2026-11-20'), 'not-admitting', 'Not admitting', false],
  ])('current %j → %s, %j, open %s', (availability, state, label, isOpen) => {
    expect(availabilityView(availability, TODAY)).toEqual({
      state,
      label,
      isOpen,
      stale: false,
      confirmedLabel: 'Confirmed November 20, 2026',
      ageDays: 2,
    });
  });

  it.each([
    ['tomorrow (within the one-day tolerance)', '2026-11-23', 'open', 0],
    ['in two days', '2026-11-24', 'unknown', null],
    ['next year', '2027-11-22', 'unknown', null],
  ])('a confirmation dated %s → %s', (_, confirmedOn, state, ageDays) => {
    const view = availabilityView(open(confirmedOn), TODAY);
    expect(view.state).toBe(state);
    expect(view.ageDays).toBe(ageDays);
    expect(view.isOpen).toBe(state === 'open');
  });

  it.each([
    ['none', null],
    ['undefined', undefined],
    ['an impossible date', open('2026-02-30')],
    ['a date in another format', open('November 1, 2026')],
  ])('%s → "Availability not confirmed", not open', (_, availability) => {
    expect(availabilityView(availability, TODAY)).toEqual({
      state: 'unknown',
      label: AVAILABILITY_LABELS.unknown,
      isOpen: false,
      stale: false,
      confirmedLabel: null,
      ageDays: null,
    });
  });

  it('reads a Date for today as its UTC day', () => {
    expect(availabilityView(open('2026-10-23'), new Date('2026-11-22T23:59:59Z')).stale).toBe(false);
    expect(availabilityView(open('2026-10-23'), new Date('2026-11-23T00:00:00Z')).stale).toBe(true);
  });

  it('counts days across a month end and a leap day', () => {
    expect(availabilityView(open('2028-02-01'), '2028-03-02').ageDays).toBe(30);
    expect(availabilityView(open('2028-02-01'), '2028-03-03').stale).toBe(true);
    expect(availabilityView(open('2027-02-01'), '2027-03-03').ageDays).toBe(30);
  });
});

describe('compareAvailability (sort "Availability")', () => {
  it('orders openings by recency, then wait lists by weeks, then stale, not admitting, unknown', () => {
    const programs: [string, Availability | null][] = [
      ['unknown', null],
      ['closed', closed('2026-11-21')],
      ['stale-open-old', open('2026-01-01')],
      ['wait-unstated', wait('2026-11-21')],
      ['open-5-days', open('2026-11-17')],
      ['wait-6', wait('2026-11-21', 6)],
      ['stale-open-recent', open('2026-10-20')],
      ['open-today', open('2026-11-22')],
      ['wait-2-older', wait('2026-11-01', 2)],
      ['wait-2-newer', wait('2026-11-20', 2)],
      ['open-30-days', open('2026-10-23')],
    ];
    const sorted = [...programs].sort(([, a], [, b]) => compareAvailability(a, b, TODAY)).map(([id]) => id);
    expect(sorted).toEqual([
      'open-today',
      'open-5-days',
      'open-30-days',
      'wait-2-newer',
      'wait-2-older',
      'wait-6',
      'wait-unstated',
      'stale-open-recent',
      'stale-open-old',
      'closed',
      'unknown',
    ]);
  });

  it.each([
    [open('2026-11-22'), open('2026-11-22'), 0],
    [null, null, 0],
    [open('2026-10-22'), open('2026-11-22'), 1], // day 31 loses to today
    [open('2026-10-23'), wait('2026-11-22', 1), -1], // day 30 is still an opening
    [open('2026-10-22'), wait('2026-11-22', 1), 1], // day 31 is not
  ] as const)('%j vs %j → sign %i', (a, b, sign) => {
    expect(Math.sign(compareAvailability(a, b, TODAY))).toBe(sign);
    expect(Math.sign(compareAvailability(b, a, TODAY))).toBe(-sign || 0);
  });
});

describe('confirmedOpenRecently agrees with availabilityView(…).isOpen', () => {
  const dates = [
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-10-23',
    '2026-10-22',
    '2025-02-30',
    'soon',
    '',
  ];
  const cases: (Availability | null | undefined)[] = [
    null,
    undefined,
    ...dates.flatMap((d) => [open(d), wait(d, 2), closed(d), { status: 'unknown', confirmedOn: d } as never]),
  ];
  it.each(cases.map((c) => [String(JSON.stringify(c) as string | undefined), c]))(
    '%s',
    (_label, availability) => {
      for (const today of [TODAY, new Date('2026-11-22T23:00:00Z'), 'not a date']) {
        expect(confirmedOpenRecently(availability, today)).toBe(availabilityView(availability, today).isOpen);
      }
    },
  );
});
