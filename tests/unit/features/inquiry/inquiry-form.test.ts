/**
 * The inquiry dialog's rules (src/features/inquiry/inquiry.ts, no zod) agree with the API's
 * schema (inquirySchema) and show the same messages; API answers become the right messages.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEST_TIME_TOO_LONG,
  INVALID_EMAIL,
  MISSING_FIELDS,
  MISSING_PHONE,
  inquiryBody,
  inquiryMailto,
  readSendResult,
  validateInquiry,
  type InquiryInput,
} from '../../../../src/features/inquiry/inquiry.ts';
import { MESSAGES, inquirySchema } from '../../../../src/lib/schemas.ts';

const base: InquiryInput = { type: 'info', name: 'Alex', email: 'alex@example.org', phone: '', message: '' };

describe('validateInquiry', () => {
  it.each<[string, Partial<InquiryInput>, string | null, Record<string, string>]>([
    ['a complete info request', {}, null, {}],
    ['no name', { name: ' ' }, MISSING_FIELDS.title, { name: MISSING_FIELDS.description }],
    ['no e-mail', { email: '' }, MISSING_FIELDS.title, { email: MISSING_FIELDS.description }],
    [
      'neither',
      { name: '', email: '' },
      MISSING_FIELDS.title,
      { name: MISSING_FIELDS.description, email: MISSING_FIELDS.description },
    ],
    ['a bad e-mail', { email: 'alex@example' }, INVALID_EMAIL.title, { email: INVALID_EMAIL.description }],
    ['a call without a phone', { type: 'call' }, MISSING_PHONE.title, { phone: MISSING_PHONE.description }],
    ['a call with a phone', { type: 'call', phone: '(555) 010-0100' }, null, {}],
    [
      'a call with a best time of 200 characters',
      { type: 'call', phone: '(555) 010-0100', bestTime: 'x'.repeat(200) },
      null,
      {},
    ],
    [
      'a call with a best time of 201 characters',
      { type: 'call', phone: '(555) 010-0100', bestTime: 'x'.repeat(201) },
      BEST_TIME_TOO_LONG.title,
      { best_time_to_call: BEST_TIME_TOO_LONG.description },
    ],
    // An info request has no best time field: whatever was left from a call is not sent.
    ['an info request with a leftover best time', { bestTime: 'x'.repeat(300) }, null, {}],
  ])('%s', (_label, overrides, title, fields) => {
    const problem = validateInquiry({ ...base, ...overrides });
    expect(problem?.title ?? null).toBe(title);
    expect(problem?.fields ?? {}).toEqual(fields);
  });

  it('agrees with the API schema on 500 generated forms', () => {
    const text = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        '\u200b',
        'Alex',
        'alex@example.org',
        'a@b',
        '555 0100',
        '(555) 010-0100',
        'x@y.z',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('info' as const, 'call' as const),
        text,
        text,
        text,
        (type, name, email, phone) => {
          const input: InquiryInput = { type, name, email, phone, message: '' };
          const server = inquirySchema.safeParse({ ...inquiryBody('x', input) });
          // Control characters are refused only by the server (the browser cannot type most of them).
          fc.pre(!/\p{Cc}/u.test(name + email + phone));
          expect(validateInquiry(input) === null, JSON.stringify(input)).toBe(server.success);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('readSendResult', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('201 → the id and where it went', async () => {
    expect(await readSendResult(answer(201, { id: 'abc', routed: 'site_team' }))).toEqual({
      ok: true,
      id: 'abc',
      routed: 'site_team',
    });
  });

  it('400 → the message split into title and text, per field', async () => {
    const result = await readSendResult(
      answer(400, {
        error: {
          code: 'invalid_input',
          message: MESSAGES.invalidEmail,
          fields: { email: MESSAGES.invalidEmail },
        },
      }),
    );
    expect(result).toEqual({
      ok: false,
      problem: {
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        fields: { email: 'Please enter a valid email address.' },
      },
    });
  });

  it('429 → Too Many Attempts with the server text; anything else → Submission Error', async () => {
    const limited = await readSendResult(answer(429, { error: { code: 'rate_limited', message: 'Wait.' } }));
    expect(limited).toMatchObject({
      ok: false,
      problem: { title: 'Too Many Attempts', description: 'Wait.' },
    });
    const broken = await readSendResult(new Response('<html>', { status: 502 }));
    expect(broken).toMatchObject({ ok: false, problem: { title: 'Submission Error' } });
  });
});

describe('inquiryBody', () => {
  it('leaves out blank optional fields and sends the honeypot only when filled', () => {
    expect(inquiryBody('p', { ...base, name: ' Alex ' })).toEqual({
      program_id: 'p',
      type: 'info',
      name: 'Alex',
      email: 'alex@example.org',
    });
    expect(inquiryBody('p', base, 'bot')).toMatchObject({ fax: 'bot' });
  });
});

describe('the best time to call', () => {
  const call: InquiryInput = { ...base, type: 'call', phone: '555 010 0100' };

  it.each<[string, InquiryInput, string | undefined]>([
    ['a call with a best time: sent trimmed', { ...call, bestTime: '  Mornings  ' }, 'Mornings'],
    ['a call with a blank best time: left out', { ...call, bestTime: '  ' }, undefined],
    ['an info request: never sent', { ...base, bestTime: 'Mornings' }, undefined],
  ])('%s', (_label, input, expected) => {
    const body = inquiryBody('p', input);
    expect(body['best_time_to_call']).toBe(expected);
    expect(inquirySchema.safeParse(body).success).toBe(true);
  });

  it("the server's field message reaches the field", async () => {
    const result = await readSendResult(
      new Response(
        JSON.stringify({
          error: {
            code: 'invalid_input',
            message: MESSAGES.bestTimeCallOnly,
            fields: { best_time_to_call: MESSAGES.bestTimeCallOnly },
          },
        }),
        { status: 400 },
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      problem: { fields: { best_time_to_call: MESSAGES.bestTimeCallOnly } },
    });
  });

  it('the mailto draft of a call carries it', () => {
    const href = inquiryMailto(
      { id: 'p', name: 'Pine', email: 'a@example.org' },
      { ...call, bestTime: 'Evenings' },
    );
    expect(decodeURIComponent(href)).toContain('Best time to call: Evenings');
  });
});
