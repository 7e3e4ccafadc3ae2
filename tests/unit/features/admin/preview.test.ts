/**
 * The admin's preview (src/features/admin/preview.ts) and its publication decisions
 * (src/features/admin/rules.ts, api.ts with `apiFetch` replaced): a listing previewed through the
 * build's own mapping shows its outcome and youth-safety facts, dated trust badges, or the
 * approval's own refusal sentences; unpublish needs a reason; the POST body and the API's field
 * messages.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, MAX_REASON_LENGTH, type AdminListing } from '../../../../src/api/contracts/admin.ts';
import { ProgramProfileView } from '../../../../src/components/program/profile/ProgramProfileView.tsx';
import {
  previewInput,
  previewProgram,
  previewProgramId,
  previewsPublished,
} from '../../../../src/features/admin/preview.ts';
import {
  LISTING_FILTERS,
  publicationBody,
  publicationErrors,
  publicationLabel,
} from '../../../../src/features/admin/rules.ts';
import { PUBLISHING_MESSAGES } from '../../../../src/lib/published-listing.ts';

const apiFetch = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
vi.mock('../../../../src/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/api/client.ts')>()),
  apiFetch: (path: string, init?: RequestInit) => apiFetch(path, init),
}));
const api = await import('../../../../src/features/admin/api.ts');

const NOW = new Date('2026-11-26T10:00:00Z');

function listing(extra: Partial<AdminListing> = {}): AdminListing {
  return {
    id: '3f0c7c62-8d5a-4a4b-9a0e-1d2c3b4a5f60',
    provider_id: 'p1',
    center_name: 'Harbor House',
    revision: 1,
    description: 'Residential ERP for teens.',
    phone: '617 555 0142',
    email: null,
    website: 'https://harbor.example.org',
    address: '12 Harbor Road',
    city: 'Gloucester',
    state: 'MA',
    zip_code: '01930',
    age_groups: ['Adolescents'],
    gender_specific: 'Girls-only',
    setting: 'Residential',
    capacity: 16,
    avg_length: '60-90 days',
    modalities: ['ERP'],
    staff_ratio: null,
    medical_support: null,
    insurance: ['Private Pay'],
    financial_aid: null,
    logo_url: null,
    images: [],
    accreditations: [],
    license_url: null,
    status: 'pending',
    submitted_at: '2026-11-25T09:00:00Z',
    reviewed_at: null,
    reviewed_by: null,
    reviewer_notes: null,
    published_program_id: null,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    erp_hours_per_week: 15,
    individual_sessions_per_week: null,
    specialised_clinicians_percent: null,
    outcome_measure: 'CY-BOCS',
    score_direction: 'fell',
    score_points: 11.5,
    score_change_year: 2025,
    score_change_sample: 48,
    family_sessions_per_week: null,
    family_accommodation_work: true,
    license_number: 'RTF-1234',
    license_agency: 'Massachusetts EEC',
    restraint_policy: null,
    parent_contact_policy: 'Daily calls after the first week.',
    schooling: null,
    transport_escort: null,
    clinical_approach: 'Exposure first.',
    program_highlights: ['Family weekends'],
    team_composition: 'Two psychologists and a psychiatrist.',
    provider: {
      id: 'p1',
      organization_name: 'Harbor Org',
      email: 'org@example.org',
      verification_status: 'verified',
      verified_at: '2026-03-03T12:00:00Z',
    },
    publication: null,
    uploads: [],
    ...extra,
  };
}

const PUBLICATION = {
  program_id: 'harbor-house',
  state: 'live' as const,
  state_reason: null,
  state_changed_at: '2026-10-01T12:00:00Z',
  reviewed_at: '2026-10-01T12:00:00Z',
  first_published_at: '2026-09-01T12:00:00Z',
  snapshot: {},
  revision: 3,
};

function html(l: AdminListing): string {
  const result = previewProgram(l, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return renderToStaticMarkup(createElement(ProgramProfileView, { data: result.data, today: '2026-11-26' }));
}

describe('previewProgram', () => {
  it('shows the outcome, youth-safety and new builder facts as families will read them', () => {
    const out = html(listing());
    expect(out).toContain('Treatment at a glance');
    expect(out).toContain('CY-BOCS');
    expect(out).toMatch(/fell|lower/);
    expect(out).toContain('11.5');
    expect(out).toContain('For parents of children and teens');
    expect(out).toContain('No. RTF-1234, Massachusetts EEC');
    expect(out).toContain('Daily calls after the first week.');
    expect(out).toContain('Exposure first.');
    expect(out).toContain('Family weekends');
    expect(out).toContain('Two psychologists and a psychiatrist.');
    expect(out).toContain('Girls-only');
  });

  it.each<[string, Partial<AdminListing>, string[]]>([
    [
      'a verified provider, a pending listing: reviewed on the day it would be approved',
      {},
      ['Verified provider, checked on March 3, 2026', 'Listing reviewed on November 26, 2026'],
    ],
    [
      'the published version of an approved listing: its own review day',
      { status: 'approved', publication: PUBLICATION, published_program_id: 'harbor-house' },
      ['Verified provider, checked on March 3, 2026', 'Listing reviewed on October 1, 2026'],
    ],
    [
      'a provider not verified',
      {
        provider: {
          id: 'p1',
          organization_name: 'Harbor Org',
          email: 'org@example.org',
          verification_status: 'pending',
          verified_at: null,
        },
      },
      ['Listing reviewed on November 26, 2026'],
    ],
  ])('trust badges: %s', (_, extra, labels) => {
    const out = html(listing(extra));
    const found = [...out.matchAll(/data-trust="[a-z]+"[^>]*|aria-label="([^"]+)"[^>]*data-trust/g)]
      .map((m) => m[1])
      .filter(Boolean);
    expect([...new Set(found)]).toEqual(labels);
  });

  it('refuses an incomplete listing with the approval’s own sentences', () => {
    const result = previewProgram(listing({ address: null, zip_code: 'x', modalities: [] }), NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.values(result.problems)).toEqual(
      expect.arrayContaining([
        PUBLISHING_MESSAGES.address,
        PUBLISHING_MESSAGES.zip_code,
        PUBLISHING_MESSAGES.modalities,
      ]),
    );
  });

  it.each<[string, Partial<AdminListing>, string]>([
    ['its program id', { published_program_id: 'harbor-2' }, 'harbor-2'],
    [
      'else the slug of its name',
      { published_program_id: null, center_name: 'Cedar Hollow Center' },
      'cedar-hollow-center',
    ],
    ['else the approval’s fallback', { published_program_id: null, center_name: '!!!' }, 'program'],
  ])('previews under %s', (_, extra, id) => {
    expect(previewProgramId(listing(extra))).toBe(id);
  });

  it.each<[string, Partial<AdminListing>, boolean]>([
    ['approved with a publication', { status: 'approved', publication: PUBLICATION }, true],
    ['an edit waiting for review', { status: 'pending', publication: PUBLICATION }, false],
    ['never published', { status: 'approved', publication: null }, false],
  ])('previewsPublished: %s', (_, extra, expected) => {
    expect(previewsPublished(listing(extra))).toBe(expected);
  });

  it('passes availability on when the answer carries it', () => {
    const withAvailability = {
      ...listing(),
      availability: { status: 'waitlist', wait_weeks: 3, confirmed_at: '2026-11-20T08:00:00Z' },
    } as AdminListing;
    expect(previewInput(withAvailability, NOW)).toMatchObject({
      availability_status: 'waitlist',
      availability_wait_weeks: 3,
      availability_confirmed_at: '2026-11-20T08:00:00Z',
    });
    expect(previewInput(listing(), NOW)).not.toHaveProperty('availability_status');
  });
});

describe('publication decisions', () => {
  it.each<[string, Parameters<typeof publicationErrors>[0], { reason?: string }]>([
    [
      'unpublish without a reason',
      { action: 'unpublish', revision: 3, reason: '' },
      { reason: ADMIN_MESSAGES.reasonRequired },
    ],
    [
      'unpublish with blanks only',
      { action: 'unpublish', revision: 3, reason: ' \n ' },
      { reason: ADMIN_MESSAGES.reasonRequired },
    ],
    ['unpublish with a reason', { action: 'unpublish', revision: 3, reason: 'License lapsed.' }, {}],
    [
      'a reason too long',
      { action: 'unpublish', revision: 3, reason: 'x'.repeat(MAX_REASON_LENGTH + 1) },
      { reason: ADMIN_MESSAGES.reasonTooLong },
    ],
    [
      'a reason at the limit',
      { action: 'unpublish', revision: 3, reason: 'x'.repeat(MAX_REASON_LENGTH) },
      {},
    ],
    ['republish needs nothing', { action: 'republish', revision: 3, reason: '' }, {}],
  ])('%s', (_, input, errors) => {
    expect(publicationErrors(input)).toEqual(errors);
  });

  it.each([
    [
      { action: 'unpublish', revision: 3, reason: '  License lapsed. ' },
      { action: 'unpublish', reason: 'License lapsed.', revision: 3 },
    ],
    [
      { action: 'republish', revision: 3, reason: 'ignored' },
      { action: 'republish', revision: 3 },
    ],
  ] as const)('body %#', (input, body) => {
    expect(publicationBody(input)).toEqual(body);
  });

  it.each([
    ['live', 'On the directory', 'green'],
    ['unpublished', 'Unpublished', 'red'],
    ['withdrawn', 'Withdrawn by the provider', 'slate'],
    ['', 'Unknown', 'slate'],
  ])('label of %s', (state, label, tone) => {
    expect(publicationLabel(state)).toEqual({ label, tone });
  });

  it('filters by the published version as the API names it', () => {
    expect(LISTING_FILTERS.map((f) => f.value)).toEqual(
      expect.arrayContaining(['published', 'unpublished', 'pending']),
    );
  });
});

describe('decidePublication', () => {
  afterEach(() => {
    apiFetch.mockReset();
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('posts the decision and answers the listing, or the API’s field message', async () => {
    apiFetch.mockResolvedValueOnce(
      json(200, { listing: { id: 'l1', publication: { state: 'unpublished' } } }),
    );
    expect(
      await api.decidePublication('l1', { action: 'unpublish', revision: 3, reason: ' Closed. ' }),
    ).toEqual({
      ok: true,
      value: { id: 'l1', publication: { state: 'unpublished' } },
    });
    const [path, init] = apiFetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/listings/l1/publication');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ action: 'unpublish', revision: 3, reason: 'Closed.' });

    apiFetch.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'bad_request',
          message: ADMIN_MESSAGES.reasonRequired,
          fields: { reason: ADMIN_MESSAGES.reasonRequired },
        },
      }),
    );
    expect(
      await api.decidePublication('l1', { action: 'unpublish', revision: 3, reason: 'x' }),
    ).toMatchObject({
      ok: false,
      kind: 'error',
      status: 400,
      fields: { reason: ADMIN_MESSAGES.reasonRequired },
    });

    apiFetch.mockResolvedValueOnce(
      json(409, { error: { code: 'conflict', message: ADMIN_MESSAGES.alreadyLive } }),
    );
    expect(await api.decidePublication('l1', { action: 'republish', revision: 3, reason: '' })).toMatchObject(
      {
        kind: 'error',
        status: 409,
        message: { description: ADMIN_MESSAGES.alreadyLive },
      },
    );
    apiFetch.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: 'no' } }));
    expect(await api.decidePublication('l1', { action: 'republish', revision: 3, reason: '' })).toEqual({
      ok: false,
      kind: 'forbidden',
    });
  });
});
