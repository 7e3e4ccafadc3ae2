/**
 * The Netlify Blobs store of provider uploads (logo and license files). Metadata and access rules
 * live in Postgres (`provider_uploads`, RLS); this store holds only the bytes, under the row's
 * `blob_key`, and is read only after the row was read through `withClaims`.
 *
 * In production, Netlify gives every function its Blobs context (`globalThis.netlifyBlobsContext`
 * / `NETLIFY_BLOBS_CONTEXT`). Locally, `npm start` and the API tests start `@netlify/blobs`'s
 * file-backed `BlobsServer` and set `NETLIFY_BLOBS_CONTEXT` to it (`startLocalBlobs` in
 * scripts/lib/functions.ts), so the very same `getStore` call reads and writes real files there.
 */
import { getStore, type Store } from '@netlify/blobs';

/** The store's name (one site-wide store, keys `<provider_id>/<upload_id>`). */
export const UPLOADS_STORE = 'provider-uploads';

/**
 * The uploads store. Strong consistency: a file is readable right after its upload answered 201
 * (the dashboard shows the logo it just uploaded).
 */
export function uploadsStore(): Store {
  return getStore({ name: UPLOADS_STORE, consistency: 'strong' });
}

/** The blob key of an upload: the provider's id and the upload's id. */
export function uploadBlobKey(providerId: string, uploadId: string): string {
  return `${providerId}/${uploadId}`;
}
