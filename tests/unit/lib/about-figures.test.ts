import { describe, expect, it } from 'vitest';
import { aboutFigures } from '../../../src/lib/about-figures.ts';

const p = (state: string, verified = false) => ({ state, verified });

describe('aboutFigures', () => {
  it.each([
    [[], ['0 Programs listed', '0 States covered', '0 Programs from Verified providers']],
    [[p('Texas', true)], ['1 Program listed', '1 State covered', '1 Program from a Verified provider']],
    [
      [p('Texas'), p(' texas '), p('New  York', true), p('Ohio', true)],
      ['4 Programs listed', '3 States covered', '2 Programs from Verified providers'],
    ],
  ])('%j → %j', (programs, expected) => {
    expect(aboutFigures(programs).map((f) => `${f.value} ${f.label}`)).toEqual(expected);
  });

  it('counts thousands with a separator', () => {
    const many = Array.from({ length: 1200 }, (_, i) => p(`State ${String(i % 50)}`));
    expect(aboutFigures(many)[0]).toEqual({ value: '1,200', label: 'Programs listed' });
  });
});
