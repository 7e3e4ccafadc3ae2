/**
 * The logo of a program published from an approved provider listing
 * (docs/product-rules.md#publishing).
 *
 * - `GET /api/program-logos/:programId` → 200, the logo's bytes with their content type, for
 *   anyone: a published program's logo is public, like the rest of its profile. Only a `logo`
 *   upload of the listing's own provider, referenced by the `logo_url` of the listing's published
 *   version, and only while that version is live (a logo changed in an edit waiting for review is
 *   not shown yet; an unpublished or withdrawn listing has none); otherwise 404. Images only (PNG, JPEG, WebP, checked by magic bytes
 *   at upload). Cached for LOGO_MAX_AGE seconds only, then revalidated by its ETag (the upload's
 *   SHA-256; 304 when unchanged): a taken-down listing's logo is gone within minutes, not hours.
 *
 * Read with the service role: visitors may not read listings or uploads (RLS); the query itself
 * is the access rule. 405 for other methods; 429 over the limit.
 */
import type { Config, Context } from '@netlify/functions';
import { PROGRAM_ID_PATTERN } from '../../src/lib/program-id.ts';
import { uploadsStore } from './_shared/blobs.ts';
import { withService } from './_shared/db.ts';
import { SECURITY_HEADERS, allowMethods, handle, notFound, pathParam } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const ITEM_PATH = /^\/api\/program-logos\/([^/]+)$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const NOT_FOUND = 'This program has no logo.';
/** Seconds a browser or the CDN may show a logo without asking again. */
export const LOGO_MAX_AGE = 300;

export default handle('program-logos', async (req: Request, context: Context) => {
  allowMethods(req, ['GET', 'HEAD']);
  await limiter.check(context);
  const programId = pathParam(req, context, 'programId', ITEM_PATH);
  if (programId === null || !PROGRAM_ID_PATTERN.test(programId)) throw notFound(NOT_FOUND);
  const [row] = await withService(
    (tx) => tx<{ content_type: string; blob_key: string; sha256: string }[]>`
      select u.content_type, u.blob_key, u.sha256
      from listing_publications s
      join provider_uploads u
        on u.provider_id = s.provider_id and u.kind = 'logo'
       and s.snapshot ->> 'logo_url' = '/api/provider/uploads/' || u.id::text
      where s.program_id = ${programId} and s.state = 'live'`,
  );
  if (!row || !IMAGE_TYPES.includes(row.content_type)) throw notFound(NOT_FOUND);
  const etag = `"${row.sha256}"`;
  const caching = {
    'cache-control': `public, max-age=${String(LOGO_MAX_AGE)}, must-revalidate`,
    etag,
  };
  const known = req.headers
    .get('if-none-match')
    ?.split(',')
    .map((t) => t.trim().replace(/^W\//, ''));
  if (known?.includes(etag))
    return new Response(null, { status: 304, headers: { ...SECURITY_HEADERS, ...caching } });
  const data = (await uploadsStore().get(row.blob_key, { type: 'arrayBuffer' })) as ArrayBuffer | null;
  if (data === null) throw notFound(NOT_FOUND);
  return new Response(req.method === 'HEAD' ? null : data, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'content-type': row.content_type,
      'content-length': String(data.byteLength),
      ...caching,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    },
  });
});

export const config: Config = {
  path: ['/api/program-logos/:programId'],
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('program-logos', config.rateLimit);
