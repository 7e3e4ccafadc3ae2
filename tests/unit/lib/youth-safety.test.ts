import { describe, expect, it } from 'vitest';
import {
  NOT_TOLD,
  YOUTH_SAFETY_LABELS,
  licenseText,
  youthSafetyRows,
  type YouthSafety,
} from '../../../src/lib/youth-safety.ts';

const value = (facts: YouthSafety | null | undefined, key: string) =>
  youthSafetyRows(facts).find((r) => r.key === key)?.value;

describe('youthSafetyRows', () => {
  it('shows every fact given, in order', () => {
    expect(
      youthSafetyRows({
        license: { number: 'RT-1234', agency: 'Massachusetts Department of Early Education and Care' },
        restraintSeclusionPolicy:
          'No seclusion; restraint only to prevent imminent harm, reviewed within 24 hours.',
        parentContactPolicy: 'Daily phone calls; visits every weekend.',
        schooling: 'Accredited on-site school, 4 hours a day.',
        transportEscort: 'Never used; families bring their child.',
      }),
    ).toEqual([
      {
        key: 'license',
        label: YOUTH_SAFETY_LABELS.license,
        value: 'No. RT-1234, Massachusetts Department of Early Education and Care',
        reported: true,
      },
      {
        key: 'restraintSeclusionPolicy',
        label: YOUTH_SAFETY_LABELS.restraintSeclusionPolicy,
        value: 'No seclusion; restraint only to prevent imminent harm, reviewed within 24 hours.',
        reported: true,
      },
      {
        key: 'parentContactPolicy',
        label: YOUTH_SAFETY_LABELS.parentContactPolicy,
        value: 'Daily phone calls; visits every weekend.',
        reported: true,
      },
      {
        key: 'schooling',
        label: YOUTH_SAFETY_LABELS.schooling,
        value: 'Accredited on-site school, 4 hours a day.',
        reported: true,
      },
      {
        key: 'transportEscort',
        label: YOUTH_SAFETY_LABELS.transportEscort,
        value: 'Never used; families bring their child.',
        reported: true,
      },
    ]);
  });

  it.each([null, undefined, {}, { license: null }, { license: {} }])(
    '%j → five rows "The program has not told us"',
    (facts) => {
      const rows = youthSafetyRows(facts);
      expect(rows.map((r) => r.key)).toEqual([
        'license',
        'restraintSeclusionPolicy',
        'parentContactPolicy',
        'schooling',
        'transportEscort',
      ]);
      for (const r of rows) expect(r).toMatchObject({ value: NOT_TOLD, reported: false });
    },
  );

  it.each([
    ['schooling', { schooling: '   ' }, NOT_TOLD],
    ['schooling', { schooling: '' }, NOT_TOLD],
    ['schooling', { schooling: null }, NOT_TOLD],
    ['schooling', { schooling: '  Tutoring\n with the home school  ' }, 'Tutoring with the home school'],
    ['parentContactPolicy', { parentContactPolicy: 'Calls twice a week' }, 'Calls twice a week'],
    ['transportEscort', { transportEscort: '' }, NOT_TOLD],
    ['restraintSeclusionPolicy', { restraintSeclusionPolicy: 'Never' }, 'Never'],
  ] as [string, YouthSafety, string][])('%s of %j → %j', (key, facts, expected) => {
    expect(value(facts, key)).toBe(expected);
  });
});

describe('licenseText', () => {
  it.each([
    [{ number: '123', agency: 'Oregon Health Authority' }, 'No. 123, Oregon Health Authority'],
    [{ number: '123' }, 'No. 123 (issuing agency not given)'],
    [{ number: '123', agency: ' ' }, 'No. 123 (issuing agency not given)'],
    [{ agency: 'Oregon Health Authority' }, 'Oregon Health Authority (license number not given)'],
    [{ number: '', agency: '' }, null],
    [{}, null],
    [null, null],
  ])('%j → %j', (license, expected) => {
    expect(licenseText(license)).toBe(expected);
  });
});
