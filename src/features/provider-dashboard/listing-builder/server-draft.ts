/**
 * Save Draft on the server: `POST /api/provider/listings` (a new listing) or `PUT …/<id>` with
 * `draft: true` stores the fields as a draft of the provider's account, so it opens on any device.
 * Nothing is submitted; a published listing's version stays live (the database keeps it apart).
 */
import { apiFetch, failureText, readFailure } from '../../../api/client.ts';
import type { Listing, ListingResponse } from '../../../api/contracts/listings.ts';
import type { ListingDraftBody } from '../../../lib/provider-schemas.ts';
import { LISTINGS_ENDPOINT, type Result } from '../api.ts';

export const DRAFT_SAVE_TITLE = 'Draft Not Saved';
const FALLBACK = 'Your draft could not be saved on our server. Please try again.';

/**
 * Stores the draft on the server. A failure with `status` null (no answer: offline) or 5xx means
 * the server could not take it now: the builder then keeps a browser copy.
 */
export async function saveListingDraft(
  listingId: string | null,
  body: ListingDraftBody,
): Promise<Result<{ listing: Listing }>> {
  const init: RequestInit = {
    method: listingId === null ? 'POST' : 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const path =
    listingId === null ? LISTINGS_ENDPOINT : `${LISTINGS_ENDPOINT}/${encodeURIComponent(listingId)}`;
  let res: Response | null;
  try {
    res = await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    res = null;
  }
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (!res?.ok) {
    const read = await readFailure(res);
    const message = { title: DRAFT_SAVE_TITLE, description: failureText(read, FALLBACK) };
    return read.fields
      ? { ok: false, kind: 'error', status: read.status, message, fields: read.fields }
      : { ok: false, kind: 'error', status: read.status, message };
  }
  try {
    return { ok: true, listing: ((await res.json()) as ListingResponse).listing };
  } catch {
    return {
      ok: false,
      kind: 'error',
      status: res.status,
      message: { title: DRAFT_SAVE_TITLE, description: FALLBACK },
    };
  }
}

/** True when the server could not take the draft now (no answer, or a server error): keep a browser copy. */
export function serverUnreachable(status: number | null): boolean {
  return status === null || status >= 500;
}
