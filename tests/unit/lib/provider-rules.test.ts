import { describe, expect, it } from 'vitest';
import {
  listingSubmitErrors,
  PROVIDER_MESSAGES as M,
  registrationStep1Errors,
  registrationStep2Errors,
  trialDaysLeft,
  verificationBadge,
  verificationDocumentsErrors,
  type ListingDraftRequired,
  type RegistrationStep1,
} from '../../../src/lib/provider-rules.ts';

const NOW = new Date('2024-03-10T12:00:00.000Z');
const T = NOW.getTime();
const DAY = 24 * 60 * 60 * 1000;

describe('trialDaysLeft', () => {
  it.each<[string, string | number | Date | null | undefined, number]>([
    ['ending now', NOW, 0],
    ['ending in 1 ms', T + 1, 1],
    ['ending in exactly one day', T + DAY, 1],
    ['ending in one day and 1 ms', T + DAY + 1, 2],
    ['ended 1 ms ago', T - 1, 0],
    ['ended yesterday', T - DAY, 0],
    ['14-day trial just started (ISO string)', '2024-03-24T12:00:00.000Z', 14],
    ['30-day trial with 29.5 days left', new Date(T + 29.5 * DAY), 30],
    ['no date', null, 0],
    ['undefined', undefined, 0],
    ['empty string', '', 0],
    ['unparseable string', 'not a date', 0],
  ])('%s → %i', (_name, endsAt, expected) => {
    expect(trialDaysLeft(endsAt, NOW)).toBe(expected);
  });

  it('accepts now as epoch milliseconds', () => {
    expect(trialDaysLeft(T + DAY / 2, T)).toBe(1);
  });
});

describe('verificationBadge', () => {
  it.each<[string | null | undefined, string]>([
    ['verified', 'Verified'],
    ['pending', 'Pending Review'],
    ['rejected', 'Needs Updates'],
    ['unverified', 'Not Verified'],
    [null, 'Not Verified'],
    [undefined, 'Not Verified'],
    ['', 'Not Verified'],
    ['VERIFIED', 'Not Verified'],
  ])('%s → %s', (status, badge) => {
    expect(verificationBadge(status)).toBe(badge);
  });
});

const STEP1: RegistrationStep1 = {
  organizationName: 'Acme Recovery',
  contactName: 'Ann Lee',
  email: 'ann@acme.example',
  password: 'secret1',
  confirmPassword: 'secret1',
  useMagicLink: false,
};

describe('registrationStep1Errors', () => {
  it.each<[string, Partial<RegistrationStep1>, string[]]>([
    ['a complete form', {}, []],
    ['e-mail with surrounding spaces (trimmed)', { email: '  ann@acme.example ' }, []],
    ['password of exactly 6', { password: 'abcdef', confirmPassword: 'abcdef' }, []],
    ['6 code points of emoji', { password: '😀😀😀😀😀😀', confirmPassword: '😀😀😀😀😀😀' }, []],
    ['spaces in a password count', { password: '      ', confirmPassword: '      ' }, []],
    ['no organization name', { organizationName: '' }, [M.missingInformation.title]],
    ['blank contact name', { contactName: ' \u200b ' }, [M.missingInformation.title]],
    ['no e-mail', { email: '' }, [M.missingInformation.title]],
    ['blank e-mail', { email: '   ' }, [M.missingInformation.title]],
    ['invalid e-mail', { email: 'ann@acme' }, [M.invalidEmail.title]],
    ['e-mail with a space inside', { email: 'ann lee@acme.example' }, [M.invalidEmail.title]],
    ['international e-mail', { email: 'josé@bücher.example' }, []],
    ['no password', { password: '', confirmPassword: '' }, [M.passwordRequired.title]],
    ['password of 5', { password: 'abcde', confirmPassword: 'abcde' }, [M.passwordTooShort.title]],
    [
      '5 code points of emoji',
      { password: '😀😀😀😀😀', confirmPassword: '😀😀😀😀😀' },
      [M.passwordTooShort.title],
    ],
    ['confirmation differs', { confirmPassword: 'secret2' }, [M.passwordsDontMatch.title]],
    ['no confirmation', { confirmPassword: '' }, [M.passwordsDontMatch.title]],
    [
      'short and different',
      { password: 'abc', confirmPassword: 'abd' },
      [M.passwordTooShort.title, M.passwordsDontMatch.title],
    ],
    ['magic link: no password needed', { useMagicLink: true, password: '', confirmPassword: '' }, []],
    ['magic link: mismatch ignored', { useMagicLink: true, password: 'a', confirmPassword: 'b' }, []],
    ['magic link still needs a valid e-mail', { useMagicLink: true, email: 'nope' }, [M.invalidEmail.title]],
    [
      'everything empty',
      { organizationName: '', contactName: '', email: '', password: '', confirmPassword: '' },
      [M.missingInformation.title, M.passwordRequired.title],
    ],
    [
      'everything wrong, in display order',
      { contactName: '', email: 'x', password: 'abc', confirmPassword: 'abcd' },
      [
        M.missingInformation.title,
        M.invalidEmail.title,
        M.passwordTooShort.title,
        M.passwordsDontMatch.title,
      ],
    ],
  ])('%s', (_name, patch, titles) => {
    expect(registrationStep1Errors({ ...STEP1, ...patch }).map((m) => m.title)).toEqual(titles);
  });

  it.each(Object.entries(M))('%s has a title and a description', (_key, message) => {
    expect(message.title).toMatch(/^[A-Z]/);
    expect(message.description).toMatch(/\.$/);
  });

  it('uses the registration and listing texts', () => {
    expect(M.passwordTooShort).toEqual({
      title: 'Password Too Short',
      description: 'Password must be at least 6 characters long.',
    });
    expect(M.invalidEmail).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
    expect(M.passwordsDontMatch.title).toBe("Passwords Don't Match");
  });
});

describe('registrationStep2Errors', () => {
  it.each<[boolean, string[]]>([
    [true, []],
    [false, ['Terms Required']],
  ])('termsAccepted %s → %j', (termsAccepted, titles) => {
    expect(registrationStep2Errors({ termsAccepted }).map((m) => m.title)).toEqual(titles);
  });
});

describe('listingSubmitErrors', () => {
  const full = { centerName: 'Acme', description: 'Residential ERP program.', phone: '555-0100' };
  it.each<[string, ListingDraftRequired, string[]]>([
    ['all three present', full, []],
    ['no center name', { ...full, centerName: '' }, ['Missing Required Information']],
    ['blank description', { ...full, description: '  \n ' }, ['Missing Required Information']],
    ['no phone', { ...full, phone: undefined }, ['Missing Required Information']],
    ['null phone', { ...full, phone: null }, ['Missing Required Information']],
    ['empty draft', {}, ['Missing Required Information']],
  ])('%s', (_name, draft, titles) => {
    expect(listingSubmitErrors(draft).map((m) => m.title)).toEqual(titles);
  });
});

describe('verificationDocumentsErrors', () => {
  it.each<[string, string[], string[]]>([
    ['one document', ['State license'], []],
    ['a blank row and a document', ['', 'State license'], []],
    ['no rows', [], ['Missing Documents']],
    ['one empty row', [''], ['Missing Documents']],
    ['only blank rows', [' ', '\t', '\u200b'], ['Missing Documents']],
  ])('%s', (_name, entries, titles) => {
    expect(verificationDocumentsErrors(entries).map((m) => m.title)).toEqual(titles);
  });
});
