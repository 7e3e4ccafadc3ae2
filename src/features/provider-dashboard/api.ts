/**
 * The provider dashboard's calls (no React here). Each answers `{ ok: true, … }` or a `Failure`
 * the page can act on: sign in again, or a message (the server's own when it sent one, which
 * the API writes for people, else a fixed fallback).
 */
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import type {
  AvailabilityBody,
  AvailabilityResponse,
  Listing,
  ListingAvailability,
  ListingBody,
  ListingResponse,
  WithdrawBody,
} from '../../api/contracts/listings.ts';
import type {
  DashboardResponse,
  InquiryStatusBody,
  Provider,
  ProviderInquiry,
  ProviderInquiryResponse,
  ProviderProfileResponse,
  Upload,
  UploadResponse,
  VerificationRequest,
  VerificationRequestResponse,
} from '../../api/contracts/providers.ts';

export type Message = { title: string; description: string };

export type Failure =
  | { ok: false; kind: 'unauthorized' }
  | { ok: false; kind: 'no-profile'; message: Message }
  | { ok: false; kind: 'error'; status: number | null; message: Message; fields?: Record<string, string> };

export type Result<T> = ({ ok: true } & T) | Failure;

export const DASHBOARD_ENDPOINT = '/api/provider/dashboard';
export const LISTINGS_ENDPOINT = '/api/provider/listings';
export const UPLOADS_ENDPOINT = '/api/provider/uploads';
export const PROFILE_ENDPOINT = '/api/provider/profile';
export const VERIFICATION_ENDPOINT = '/api/provider/verification-requests';

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

function jsonInit(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The failure a non-2xx answer (or none) means, with the server's message when it has one. */
async function failure(res: Response | null, title: string, fallback: string): Promise<Failure> {
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  const read = await readFailure(res);
  const message = { title, description: failureText(read, fallback) };
  return read.fields
    ? { ok: false, kind: 'error', status: read.status, message, fields: read.fields }
    : { ok: false, kind: 'error', status: read.status, message };
}

async function parse(res: Response, title: string, fallback: string): Promise<Result<{ value: unknown }>> {
  try {
    return { ok: true, value: await res.json() };
  } catch {
    return { ok: false, kind: 'error', status: res.status, message: { title, description: fallback } };
  }
}

/** `GET /api/provider/dashboard`: everything the dashboard shows, in one round trip. */
export async function loadDashboard(): Promise<Result<{ data: DashboardResponse }>> {
  const title = 'Error Loading Data';
  const fallback = 'Your dashboard could not be loaded. Please try again.';
  const res = await call(DASHBOARD_ENDPOINT);
  if (res?.status === 404) {
    return {
      ok: false,
      kind: 'no-profile',
      message: { title: 'Complete Your Profile', description: 'Your provider profile is not set up yet.' },
    };
  }
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, data: parsed.value as DashboardResponse } : parsed;
}

/** `PATCH /api/provider/inquiries/<id>`: new → contacted → closed (or back). */
export async function setInquiryStatus(
  id: string,
  status: InquiryStatusBody['status'],
): Promise<Result<{ inquiry: ProviderInquiry }>> {
  const title = 'Update Failed';
  const fallback = 'The status could not be changed. Please try again.';
  const res = await call(`/api/provider/inquiries/${encodeURIComponent(id)}`, jsonInit('PATCH', { status }));
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, inquiry: (parsed.value as ProviderInquiryResponse).inquiry } : parsed;
}

/** `POST /api/provider/verification-requests` with the listed documents. */
export async function requestVerification(
  documents: string[],
): Promise<Result<{ request: VerificationRequest }>> {
  const title = 'Error';
  const fallback = 'Failed to submit verification request';
  const res = await call(VERIFICATION_ENDPOINT, jsonInit('POST', { documents }));
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, request: (parsed.value as VerificationRequestResponse).request } : parsed;
}

/** Submit for Review: `POST /api/provider/listings`, or `PUT …/<id>` for a listing being edited. */
export async function submitListing(
  listingId: string | null,
  body: ListingBody,
): Promise<Result<{ listing: Listing }>> {
  const title = 'Submission Error';
  const fallback = 'There was an error submitting your listing. Please try again.';
  const res =
    listingId === null
      ? await call(LISTINGS_ENDPOINT, jsonInit('POST', body))
      : await call(`${LISTINGS_ENDPOINT}/${encodeURIComponent(listingId)}`, jsonInit('PUT', body));
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, listing: (parsed.value as ListingResponse).listing } : parsed;
}

/**
 * `PUT /api/provider/listings/<id>/availability`: states or changes a listing's availability; the
 * same status again is "Still accurate". The database dates it; the listing is not reviewed again.
 */
export async function saveAvailability(
  listingId: string,
  body: AvailabilityBody,
): Promise<Result<{ availability: ListingAvailability }>> {
  const title = 'Availability Not Saved';
  const fallback = 'Your availability could not be saved. Please try again.';
  const res = await call(
    `${LISTINGS_ENDPOINT}/${encodeURIComponent(listingId)}/availability`,
    jsonInit('PUT', body),
  );
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, availability: (parsed.value as AvailabilityResponse).availability } : parsed;
}

/**
 * `POST /api/provider/listings/<id>/publication` `{ action: 'withdraw', reason? }`: takes the
 * listing's published version off the directory (at the next update). Answers the listing as it
 * now stands, its publication `withdrawn`.
 */
export async function withdrawListing(
  listingId: string,
  reason: string,
): Promise<Result<{ listing: Listing }>> {
  const title = 'Not Withdrawn';
  const fallback = 'Your listing could not be withdrawn. Please try again.';
  const trimmed = reason.trim();
  const body: WithdrawBody =
    trimmed === '' ? { action: 'withdraw' } : { action: 'withdraw', reason: trimmed };
  const res = await call(
    `${LISTINGS_ENDPOINT}/${encodeURIComponent(listingId)}/publication`,
    jsonInit('POST', body),
  );
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, listing: (parsed.value as ListingResponse).listing } : parsed;
}

/** `POST /api/provider/uploads` (multipart): a logo or a license, stored for real. */
export async function uploadFile(kind: Upload['kind'], file: File): Promise<Result<{ upload: Upload }>> {
  const title = 'Upload Failed';
  const fallback = 'The file could not be uploaded. Please try again.';
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file, file.name);
  const res = await call(UPLOADS_ENDPOINT, { method: 'POST', body: form });
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, upload: (parsed.value as UploadResponse).upload } : parsed;
}

export type ContactSettings = { inquiry_email: string | null };

/** `PATCH /api/provider/profile`: where families' requests are sent. */
export async function saveContactSettings(
  settings: ContactSettings,
): Promise<Result<{ provider: Provider }>> {
  const title = 'Save Failed';
  const fallback = 'Your contact settings could not be saved. Please try again.';
  const res = await call(PROFILE_ENDPOINT, jsonInit('PATCH', settings));
  if (!res?.ok) return failure(res, title, fallback);
  const parsed = await parse(res, title, fallback);
  return parsed.ok ? { ok: true, provider: (parsed.value as ProviderProfileResponse).provider } : parsed;
}

/** An uploaded file as an object URL (the API needs the session token, so an <img src> cannot). */
export async function uploadObjectUrl(url: string): Promise<string | null> {
  if (!/^\/api\/provider\/uploads\/[0-9a-f-]{36}$/i.test(url)) return null;
  const res = await call(url);
  if (!res?.ok) return null;
  try {
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}
