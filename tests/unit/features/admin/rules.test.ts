/**
 * The /admin page's pure rules (src/features/admin/rules.ts) and its calls' answers
 * (src/features/admin/api.ts, with `apiFetch` replaced): tabs in the address, decision checks and
 * bodies, links only for http(s), upload
 * references, labels; 403 → forbidden, the API's field messages kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminSearchWithTab,
  adminTabFromSearch,
  ageGroupLabel,
  decisionBody,
  decisionErrors,
  decisionLabel,
  listText,
  opensInline,
  placeText,
  safeHttpUrl,
  statusQuery,
  trialState,
  uploadPath,
  verificationLabel,
} from '../../../../src/features/admin/rules.ts';
import { ADMIN_MESSAGES } from '../../../../src/api/contracts/admin.ts';

const apiFetch = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
vi.mock('../../../../src/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/api/client.ts')>()),
  apiFetch: (path: string, init?: RequestInit) => apiFetch(path, init),
}));
const api = await import('../../../../src/features/admin/api.ts');

const UPLOAD = '/api/provider/uploads/0b6a3c1e-2f4d-4a5b-9c8d-7e6f5a4b3c2d';

describe('tabs in the address', () => {
  it.each([
    ['', 'overview'],
    ['?tab=verification', 'verification'],
    ['?tab=listings&x=1', 'listings'],
    ['?tab=billing', 'overview'],
    ['?tab=', 'overview'],
  ])('%s → %s', (search, tab) => {
    expect(adminTabFromSearch(search)).toBe(tab);
  });

  it('writes the tab, leaves the overview out and keeps other parameters', () => {
    expect(adminSearchWithTab('', 'listings')).toBe('?tab=listings');
    expect(adminSearchWithTab('?tab=listings&x=1', 'verification')).toBe('?tab=verification&x=1');
    expect(adminSearchWithTab('?tab=listings', 'overview')).toBe('');
    expect(adminSearchWithTab('?x=1&tab=listings', 'overview')).toBe('?x=1');
  });

  it('adds ?status= only for a filter', () => {
    expect(statusQuery('')).toBe('');
    expect(statusQuery('pending')).toBe('?status=pending');
  });
});

describe('decisions', () => {
  it.each([
    [{ revision: 7, decision: 'rejected', notes: '' }, { reviewer_notes: ADMIN_MESSAGES.notesRequired }],
    [{ revision: 7, decision: 'rejected', notes: '  \n ' }, { reviewer_notes: ADMIN_MESSAGES.notesRequired }],
    [
      { revision: 7, decision: 'rejected', notes: '\u200B' },
      { reviewer_notes: ADMIN_MESSAGES.notesRequired },
    ],
    [{ revision: 7, decision: 'rejected', notes: 'Send the license.' }, {}],
    [{ revision: 7, decision: 'approved', notes: '' }, {}],
    [
      { revision: 7, decision: 'approved', notes: 'x'.repeat(5001) },
      { reviewer_notes: ADMIN_MESSAGES.notesTooLong },
    ],
    [{ revision: 7, decision: 'approved', notes: '😀'.repeat(5000) }, {}],
    [
      { revision: 7, decision: 'approved', notes: '', programId: 'Harbor House' },
      { published_program_id: ADMIN_MESSAGES.programId },
    ],
    [
      { revision: 7, decision: 'approved', notes: '', programId: '-harbor' },
      { published_program_id: ADMIN_MESSAGES.programId },
    ],
    [{ revision: 7, decision: 'approved', notes: '', programId: ' harbor-house-2 ' }, {}],
    [{ revision: 7, decision: 'approved', notes: '', programId: '   ' }, {}],
    [{ revision: 7, decision: 'rejected', notes: 'Fix it', programId: 'Not Valid' }, {}],
  ] as const)('%j → %j', (input, errors) => {
    expect(decisionErrors(input)).toEqual(errors);
  });

  it('builds the PATCH body: trimmed notes or null, the program id only when approving with one', () => {
    expect(decisionBody({ revision: 7, decision: 'approved', notes: '  ' })).toEqual({
      status: 'approved',
      revision: 7,
      reviewer_notes: null,
    });
    expect(decisionBody({ revision: 7, decision: 'approved', notes: ' ok ', programId: ' harbor ' })).toEqual(
      {
        status: 'approved',
        revision: 7,
        reviewer_notes: 'ok',
        published_program_id: 'harbor',
      },
    );
    expect(decisionBody({ revision: 7, decision: 'approved', notes: '', programId: '' })).toEqual({
      status: 'approved',
      revision: 7,
      reviewer_notes: null,
    });
    expect(
      decisionBody({ revision: 7, decision: 'rejected', notes: 'Fix\nit', programId: 'harbor' }),
    ).toEqual({
      status: 'rejected',
      revision: 7,
      reviewer_notes: 'Fix\nit',
    });
  });
});

describe('provider-written values', () => {
  it.each([
    ['https://harbor.example/about', 'https://harbor.example/about'],
    ['  http://harbor.example ', 'http://harbor.example/'],
    ['HTTPS://Harbor.example', 'https://harbor.example/'],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['//harbor.example', null],
    ['harbor.example', null],
    ['https://', null],
    ['', null],
    [null, null],
  ])('link for %j → %j', (value, href) => {
    expect(safeHttpUrl(value)).toBe(href);
  });

  it('recognises upload references, nothing else', () => {
    expect(uploadPath(UPLOAD)).toBe(UPLOAD);
    expect(uploadPath(` ${UPLOAD} `)).toBe(UPLOAD);
    expect(uploadPath('State license #12345')).toBeNull();
    expect(uploadPath(`${UPLOAD}/../../admin`)).toBeNull();
    expect(
      uploadPath('https://evil.example/api/provider/uploads/0b6a3c1e-2f4d-4a5b-9c8d-7e6f5a4b3c2d'),
    ).toBeNull();
    expect(uploadPath(null)).toBeNull();
  });

  it.each([
    ['application/pdf', true],
    ['image/png', true],
    ['IMAGE/JPEG; charset=binary', true],
    ['image/webp', true],
    ['image/svg+xml', false],
    ['text/html', false],
    ['application/octet-stream', false],
    ['', false],
  ])('%s opens in a tab: %s', (type, inline) => {
    expect(opensInline(type)).toBe(inline);
  });

  it('writes lists, places and age groups as a profile does', () => {
    expect(listText(['ERP', ' ', 'ACT'])).toBe('ERP, ACT');
    expect(listText([])).toBe('Not given');
    expect(listText(null, 'None')).toBe('None');
    expect(placeText({ address: '1 Main St', city: 'Bend', state: 'Oregon', zip_code: '97701' })).toBe(
      '1 Main St, Bend, Oregon 97701',
    );
    expect(placeText({ address: null, city: 'Bend', state: null, zip_code: '97701' })).toBe('Bend, 97701');
    expect(placeText({ address: '', city: null, state: null, zip_code: null })).toBe('Not given');
    expect(ageGroupLabel('Adolescents')).toBe('Adolescents (12-17)');
    expect(ageGroupLabel('Seniors')).toBe('Seniors');
  });
});

describe('labels', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    ['trial', '2026-11-27T12:00:00Z', 'Trial: 5 days left'],
    ['trial', '2026-11-23T01:00:00Z', 'Trial: 1 day left'],
    ['trial', '2026-11-22T11:00:00Z', 'Trial ended'],
    ['trial', null, 'Trial'],
    ['active', null, 'Active'],
    ['past_due', '2026-11-27T12:00:00Z', 'Past due'],
    ['', null, 'Unknown'],
  ])('%s until %s → %s', (status, end, label) => {
    expect(trialState(status, end, now).label).toBe(label);
  });

  it('names verification and decision states', () => {
    expect(verificationLabel('verified')).toEqual({ label: 'Verified provider', tone: 'green' });
    expect(verificationLabel('rejected').label).toBe('Needs updates');
    expect(verificationLabel('odd').label).toBe('odd');
    expect(decisionLabel('pending')).toEqual({ label: 'Pending', tone: 'amber' });
    expect(decisionLabel('rejected').label).toBe('Rejected');
    expect(decisionLabel('').label).toBe('Unknown');
  });
});

describe('calls', () => {
  afterEach(() => {
    apiFetch.mockReset();
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('401 → sign in again; 403 → not an administrator', async () => {
    apiFetch.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'x' } }));
    expect(await api.loadOverview()).toEqual({ ok: false, kind: 'unauthorized' });
    apiFetch.mockResolvedValueOnce(
      json(403, { error: { code: 'forbidden', message: 'Only administrators can do this.' } }),
    );
    expect(await api.loadListings('pending')).toEqual({ ok: false, kind: 'forbidden' });
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/listings?status=pending', undefined);
  });

  it('keeps the API’s message and field messages; offline gets its own words', async () => {
    apiFetch.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'bad_request',
          message: ADMIN_MESSAGES.notesRequired,
          fields: { reviewer_notes: ADMIN_MESSAGES.notesRequired },
        },
      }),
    );
    const refused = await api.decideListing('id-1', { revision: 7, decision: 'rejected', notes: 'x' });
    expect(refused).toMatchObject({
      ok: false,
      kind: 'error',
      status: 400,
      message: { description: ADMIN_MESSAGES.notesRequired },
      fields: { reviewer_notes: ADMIN_MESSAGES.notesRequired },
    });
    const [path, init] = apiFetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/listings/id-1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({
      status: 'rejected',
      reviewer_notes: 'x',
      revision: 7,
    });

    apiFetch.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await api.decideVerification('r', { revision: 7, decision: 'approved', notes: '' })).toMatchObject(
      {
        kind: 'error',
        status: 502,
        message: { description: 'The decision could not be saved. Please try again.' },
      },
    );
    apiFetch.mockRejectedValueOnce(new TypeError('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await api.loadVerificationRequests('')).toMatchObject({
      kind: 'error',
      status: null,
      message: { description: 'Please check your connection and try again.' },
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/verification-requests', undefined);
  });

  it('answers the lists and decided items', async () => {
    apiFetch.mockResolvedValueOnce(json(200, { requests: [{ id: 'r1' }] }));
    expect(await api.loadVerificationRequests('pending')).toEqual({ ok: true, value: [{ id: 'r1' }] });
    apiFetch.mockResolvedValueOnce(json(200, { listing: { id: 'l1', status: 'approved' } }));
    expect(
      await api.decideListing('l1', { revision: 7, decision: 'approved', notes: '', programId: 'harbor' }),
    ).toEqual({
      ok: true,
      value: { id: 'l1', status: 'approved' },
    });
    apiFetch.mockResolvedValueOnce(json(200, { unexpected: true }));
    expect(await api.loadListings('')).toMatchObject({ ok: false, kind: 'error' });
  });

  it('fetches only upload paths, and hands over unknown types as plain bytes', async () => {
    expect(await api.fetchUpload('https://evil.example/x')).toMatchObject({ ok: false, kind: 'error' });
    expect(apiFetch).not.toHaveBeenCalled();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    apiFetch.mockResolvedValueOnce(new Response(new Blob(['%PDF'], { type: 'application/pdf' })));
    expect(await api.fetchUpload(UPLOAD)).toEqual({
      ok: true,
      value: { objectUrl: 'blob:test', inline: true },
    });
    apiFetch.mockResolvedValueOnce(new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' })));
    expect(await api.fetchUpload(UPLOAD)).toEqual({
      ok: true,
      value: { objectUrl: 'blob:test', inline: false },
    });
    expect(created.map((b) => b.type)).toEqual(['application/pdf', 'application/octet-stream']);
    apiFetch.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: 'no' } }));
    expect(await api.fetchUpload(UPLOAD)).toEqual({ ok: false, kind: 'forbidden' });
  });
});
