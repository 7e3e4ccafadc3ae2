import { describe, expect, it } from 'vitest';
import {
  CODE_MESSAGES,
  otpTypesFor,
  readCode,
  updatePasswordPath,
} from '../../../../src/features/auth/code.ts';

describe('readCode', () => {
  it.each<[string, string, { code: string } | { problem: { title: string } }]>([
    ['six digits', '210045', { code: '210045' }],
    ['with spaces around and inside', ' 210 045 ', { code: '210045' }],
    ['with a dash', '210-045', { code: '210045' }],
    ['a longer code (otp_length up to 10)', '1234567890', { code: '1234567890' }],
    ['empty', '   ', { problem: CODE_MESSAGES.missing }],
    ['five digits', '21004', { problem: CODE_MESSAGES.invalid }],
    ['eleven digits', '12345678901', { problem: CODE_MESSAGES.invalid }],
    ['letters', '21OO45', { problem: CODE_MESSAGES.invalid }],
    ['Arabic-Indic digits', '٢١٠٠٤٥', { problem: CODE_MESSAGES.invalid }],
  ])('%s: %j', (_label, raw, expected) => {
    expect(readCode(raw)).toEqual(expected);
  });
});

describe('otpTypesFor', () => {
  it.each([
    ['email', ['email']],
    ['recovery', ['recovery']],
    ['any', ['email', 'recovery']],
  ] as const)('%s → %j', (kind, types) => {
    expect(otpTypesFor(kind)).toEqual(types);
  });
});

describe('updatePasswordPath', () => {
  const origin = 'https://directory.example.org';
  it.each([
    [null, '/auth?mode=update-password'],
    ['/favorites', '/auth?mode=update-password&next=%2Ffavorites'],
    ['/auth?mode=update-password&next=%2Fx', '/auth?mode=update-password&next=%2Fx'],
    ['/provider-login?mode=reset', '/provider-login?mode=reset'],
    ['/provider-login', '/auth?mode=update-password&next=%2Fprovider-login'],
  ])('next %j → %s', (next, expected) => {
    expect(updatePasswordPath(next, origin)).toBe(expected);
  });
});
