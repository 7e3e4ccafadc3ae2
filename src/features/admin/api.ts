/**
 * The /admin page's calls (no React here). Each answers `{ ok: true, … }` or a `Failure`:
 * sign in again (401), not an administrator (403), or a message — the server's own when it sent
 * one (the API writes them for people), with its per-field messages.
 */
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import type {
  AdminListing,
  AdminListingResponse,
  AdminListingsResponse,
  AdminOverview,
  AdminVerificationRequest,
  AdminVerificationRequestResponse,
  AdminVerificationRequestsResponse,
} from '../../api/contracts/admin.ts';
import {
  decisionBody,
  opensInline,
  publicationBody,
  statusQuery,
  uploadPath,
  type DecisionInput,
  type PublicationInput,
} from './rules.ts';

export type Message = { title: string; description: string };

export type Failure =
  | { ok: false; kind: 'unauthorized' }
  | { ok: false; kind: 'forbidden' }
  | { ok: false; kind: 'error'; status: number | null; message: Message; fields?: Record<string, string> };

export type Result<T> = ({ ok: true } & T) | Failure;

export const OVERVIEW_ENDPOINT = '/api/admin/overview';
export const VERIFICATION_ENDPOINT = '/api/admin/verification-requests';
export const LISTINGS_ENDPOINT = '/api/admin/listings';

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

/** The failure a non-2xx answer (or none) means, with the server's message when it has one. */
async function failure(res: Response | null, title: string, fallback: string): Promise<Failure> {
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (res?.status === 403) return { ok: false, kind: 'forbidden' };
  const read = await readFailure(res);
  const message = { title, description: failureText(read, fallback) };
  return read.fields
    ? { ok: false, kind: 'error', status: read.status, message, fields: read.fields }
    : { ok: false, kind: 'error', status: read.status, message };
}

async function read<T>(
  res: Response | null,
  title: string,
  fallback: string,
  pick: (body: unknown) => T | undefined,
): Promise<Result<{ value: T }>> {
  if (!res?.ok) return failure(res, title, fallback);
  try {
    const value = pick(await res.json());
    if (value !== undefined) return { ok: true, value };
  } catch {
    // Fall through: an answer that is not what the API sends.
  }
  return { ok: false, kind: 'error', status: res.status, message: { title, description: fallback } };
}

function patch(body: unknown): RequestInit {
  return { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** `GET /api/admin/overview`: providers, inquiry counts and 30 days of engagement. */
export function loadOverview(): Promise<Result<{ value: AdminOverview }>> {
  return call(OVERVIEW_ENDPOINT).then((res) =>
    read(res, 'Error Loading Data', 'The overview could not be loaded. Please try again.', (b) =>
      b && typeof b === 'object' && 'providers' in b ? (b as AdminOverview) : undefined,
    ),
  );
}

/** `GET /api/admin/verification-requests[?status=]`. */
export async function loadVerificationRequests(
  filter: string,
): Promise<Result<{ value: AdminVerificationRequest[] }>> {
  const res = await call(`${VERIFICATION_ENDPOINT}${statusQuery(filter)}`);
  return read(
    res,
    'Error Loading Data',
    'The verification requests could not be loaded. Please try again.',
    (b) =>
      Array.isArray((b as { requests?: unknown }).requests)
        ? (b as AdminVerificationRequestsResponse).requests
        : undefined,
  );
}

/** `GET /api/admin/verification-requests/<id>`: one request as it is now (after a decision found a newer version). */
export async function loadVerificationRequest(
  id: string,
): Promise<Result<{ value: AdminVerificationRequest }>> {
  const res = await call(`${VERIFICATION_ENDPOINT}/${encodeURIComponent(id)}`);
  return read(
    res,
    'Error Loading Data',
    'The verification request could not be loaded. Please try again.',
    (b) => (b as Partial<AdminVerificationRequestResponse>).request,
  );
}

/** `PATCH /api/admin/verification-requests/<id>`: approve or reject the version `input.revision`. */
export async function decideVerification(
  id: string,
  input: DecisionInput,
): Promise<Result<{ value: AdminVerificationRequest }>> {
  const res = await call(`${VERIFICATION_ENDPOINT}/${encodeURIComponent(id)}`, patch(decisionBody(input)));
  return read(
    res,
    'Decision Not Saved',
    'The decision could not be saved. Please try again.',
    (b) => (b as Partial<AdminVerificationRequestResponse>).request,
  );
}

/** `GET /api/admin/listings[?status=]`. */
export async function loadListings(filter: string): Promise<Result<{ value: AdminListing[] }>> {
  const res = await call(`${LISTINGS_ENDPOINT}${statusQuery(filter)}`);
  return read(res, 'Error Loading Data', 'The listings could not be loaded. Please try again.', (b) =>
    Array.isArray((b as { listings?: unknown }).listings) ? (b as AdminListingsResponse).listings : undefined,
  );
}

/** `GET /api/admin/listings/<id>`: one listing as it is now (after a decision found a newer version). */
export async function loadListing(id: string): Promise<Result<{ value: AdminListing }>> {
  const res = await call(`${LISTINGS_ENDPOINT}/${encodeURIComponent(id)}`);
  return read(
    res,
    'Error Loading Data',
    'The listing could not be loaded. Please try again.',
    (b) => (b as Partial<AdminListingResponse>).listing,
  );
}

/** `PATCH /api/admin/listings/<id>`: approve (with an optional program id) or reject the version `input.revision`. */
export async function decideListing(
  id: string,
  input: DecisionInput,
): Promise<Result<{ value: AdminListing }>> {
  const res = await call(`${LISTINGS_ENDPOINT}/${encodeURIComponent(id)}`, patch(decisionBody(input)));
  return read(
    res,
    'Decision Not Saved',
    'The decision could not be saved. Please try again.',
    (b) => (b as Partial<AdminListingResponse>).listing,
  );
}

/**
 * `POST /api/admin/listings/<id>/publication`: unpublish a live listing (with the reason the
 * provider reads) or republish an unpublished or withdrawn one.
 */
export async function decidePublication(
  id: string,
  input: PublicationInput,
): Promise<Result<{ value: AdminListing }>> {
  const res = await call(`${LISTINGS_ENDPOINT}/${encodeURIComponent(id)}/publication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(publicationBody(input)),
  });
  return read(
    res,
    'Decision Not Saved',
    'The decision could not be saved. Please try again.',
    (b) => (b as Partial<AdminListingResponse>).listing,
  );
}

/**
 * An uploaded file (`/api/provider/uploads/<id>`, served to admins with the session token) as an
 * object URL, and whether it may open in a tab (PDF and images) or must be downloaded.
 */
export async function fetchUpload(
  path: string,
): Promise<Result<{ value: { objectUrl: string; inline: boolean } }>> {
  const title = 'File Not Opened';
  const fallback = 'The file could not be opened. Please try again.';
  const safe = uploadPath(path);
  if (safe === null)
    return { ok: false, kind: 'error', status: null, message: { title, description: fallback } };
  const res = await call(safe);
  if (!res?.ok) return failure(res, title, fallback);
  try {
    const blob = await res.blob();
    const inline = opensInline(blob.type || res.headers.get('content-type') || '');
    // A type the browser should not render here is handed over as plain bytes to download.
    const file = inline ? blob : new Blob([blob], { type: 'application/octet-stream' });
    return { ok: true, value: { objectUrl: URL.createObjectURL(file), inline } };
  } catch {
    return { ok: false, kind: 'error', status: res.status, message: { title, description: fallback } };
  }
}
