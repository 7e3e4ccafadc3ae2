/**
 * The Reports and Reviews tabs' list calls (src/features/admin/ReportsTab.tsx, ReviewsTab.tsx, with
 * `apiFetch` replaced): each asks for ONE page (the tab shows it at once and "Show more" asks for
 * the next), by filter and offset, and answers it with `next_offset` (null on the last page);
 * 401/403 → the page's sign-in or "Administrators only", an answer that is not the API's → the
 * tab's message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '../../../../src/api/contracts/reports.ts';
import { REVIEW_MESSAGES } from '../../../../src/api/contracts/reviews.ts';

const apiFetch = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
vi.mock('../../../../src/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/api/client.ts')>()),
  apiFetch: (path: string, init?: RequestInit) => apiFetch(path, init),
}));
const { loadReports } = await import('../../../../src/features/admin/ReportsTab.tsx');
const { loadAdminReviews } = await import('../../../../src/features/admin/ReviewsTab.tsx');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A full page of 50 items (`r0`…`r49` from `from`), as the API pages them. */
const page = (from: number) => Array.from({ length: 50 }, (_, i) => ({ id: `r${String(from + i)}` }));

afterEach(() => {
  apiFetch.mockReset();
});

describe('loadReports', () => {
  it('asks for one page only, even when another follows, and says where it starts', async () => {
    // Every call answers a fresh full page: a loader that kept asking would call again.
    apiFetch.mockImplementation(() => Promise.resolve(json(200, { reports: page(0), next_offset: 50 })));
    expect(await loadReports('open')).toEqual({ ok: true, value: { reports: page(0), next_offset: 50 } });
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/reports?status=open&offset=0', undefined);
  });

  it('asks for the page at an offset (no status for "All"); the last says next_offset null', async () => {
    apiFetch.mockResolvedValueOnce(json(200, { reports: [{ id: 'r50' }], next_offset: null }));
    expect(await loadReports('', 50)).toEqual({
      ok: true,
      value: { reports: [{ id: 'r50' }], next_offset: null },
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/reports?offset=50', undefined);
  });

  it('hands 401 to the page and shows its message for another refusal or an odd answer', async () => {
    apiFetch.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'Sign in' } }));
    expect(await loadReports('open', 50)).toEqual({ ok: false, kind: 'unauthorized' });
    apiFetch.mockResolvedValueOnce(json(200, { unexpected: true }));
    expect(await loadReports('open', 50)).toMatchObject({
      ok: false,
      kind: 'error',
      message: { description: REPORT_MESSAGES.adminLoadFailed },
    });
  });
});

describe('loadAdminReviews', () => {
  it('asks for one page only, even when another follows, and says where it starts', async () => {
    apiFetch.mockImplementation(() => Promise.resolve(json(200, { reviews: page(0), next_offset: 50 })));
    expect(await loadAdminReviews('waiting')).toEqual({
      ok: true,
      value: { reviews: page(0), next_offset: 50 },
    });
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/reviews?status=waiting&offset=0', undefined);
  });

  it('asks for the page at an offset; the last says next_offset null', async () => {
    apiFetch.mockResolvedValueOnce(json(200, { reviews: page(50), next_offset: null }));
    expect(await loadAdminReviews('all', 50)).toEqual({
      ok: true,
      value: { reviews: page(50), next_offset: null },
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/api/admin/reviews?status=all&offset=50', undefined);
  });

  it("hands 403 to the page and shows its message for a refusal without the API's words", async () => {
    apiFetch.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: 'no' } }));
    expect(await loadAdminReviews('waiting', 50)).toEqual({ ok: false, kind: 'forbidden' });
    apiFetch.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    expect(await loadAdminReviews('waiting', 50)).toMatchObject({
      ok: false,
      kind: 'error',
      message: { description: REVIEW_MESSAGES.adminLoadFailed },
    });
  });
});
