/**
 * Files a provider uploads for its listing: the logo (an image) and the license (a PDF or an
 * image; docs/product-rules.md#listings-and-review).
 *
 * - `POST /api/provider/uploads` (multipart/form-data, fields `kind` = `logo` | `license` and
 *   `file`) → 201 `{ upload: { id, kind, content_type, size_bytes, original_name, url } }`,
 *   `url` = `/api/provider/uploads/<id>`, the value a listing's `logo_url` / `license_url` takes.
 * - `GET /api/provider/uploads/:id` → 200, the file's bytes with its content type,
 *   `Content-Disposition` (attachment for a PDF, inline for an image), `X-Content-Type-Options:
 *   nosniff`, `Cache-Control: private, no-store`. Only the owner and administrators get it (RLS
 *   on `provider_uploads` decides); anyone else, and any unknown id, 404.
 *
 * A file is accepted only when its declared type is one its kind allows (logo: PNG, JPEG, WebP;
 * license: PDF, PNG, JPEG), its first bytes are that type's signature (a renamed executable is
 * refused) and it holds 1 byte to 5 MB. Each refusal has its own message (`UPLOAD_MESSAGES`):
 * 400 for a wrong kind, field, type or content, 413 over 5 MB, 415 for a body that is not
 * multipart; nothing is stored then. The row is inserted through `withClaims` (policy "Providers
 * upload their own files") in the same transaction that writes the bytes to the Blobs store
 * (`_shared/blobs.ts`), so a failed write leaves no row. 404 when the user has no provider
 * profile; 401 without a valid token; 405 for other methods; 429 over the limits (per IP, and 30
 * uploads an hour per user).
 */
import type { Config, Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { NO_PROFILE, type Upload, type UploadResponse } from '../../src/api/contracts/providers.ts';
import {
  MAX_UPLOAD_BYTES,
  sniffContentType,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  UUID_PATTERN,
  type UploadKind,
} from '../../src/lib/provider-schemas.ts';
import { hasBidiControl } from '../../src/lib/schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { uploadBlobKey, uploadsStore } from './_shared/blobs.ts';
import { withClaims } from './_shared/db.ts';
import {
  allowMethods,
  badRequest,
  handle,
  HttpError,
  json,
  notFound,
  pathParam,
  SECURITY_HEADERS,
  unsupportedMediaType,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

/** Room for the multipart framing (boundaries, part headers, the kind field) around a 5 MB file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** Uploads per provider per hour, whatever the IP. */
export const PER_PROVIDER = { windowLimit: 30, windowSize: 3600 } as const;

const ITEM_PATH = /^\/api\/provider\/uploads\/([^/]+)$/;

const tooLarge = () => new HttpError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);

/** The body, read as a stream and abandoned past `MAX_UPLOAD_BODY_BYTES` (413). */
async function readBody(req: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_UPLOAD_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_UPLOAD_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The file name as the person chose it, cleaned for storage and display: no path, no controls. */
function cleanName(name: string): string {
  const base = name.toWellFormed().split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim();
  return Array.from(clean).slice(0, 255).join('');
}

/** `Content-Disposition` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
function disposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name || 'file')}`;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

async function upload(req: Request): Promise<Response> {
  const claims = await requireUser(req);
  const type = (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'multipart/form-data') throw unsupportedMediaType(['multipart/form-data']);
  const bytes = await readBody(req);
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw badRequest(UPLOAD_MESSAGES.unreadable);
  }
  const names = [...new Set([...form.keys()])];
  const extra = names.find((n) => n !== 'kind' && n !== 'file');
  if (extra !== undefined)
    throw badRequest(UPLOAD_MESSAGES.extraField, { [extra]: UPLOAD_MESSAGES.extraField });
  const kinds = form.getAll('kind');
  const kind = kinds.length === 1 && typeof kinds[0] === 'string' ? kinds[0] : null;
  if (!(UPLOAD_KINDS as readonly (string | null)[]).includes(kind))
    throw badRequest(UPLOAD_MESSAGES.kind, { kind: UPLOAD_MESSAGES.kind });
  const uploadKind = kind as UploadKind;
  const files = form.getAll('file');
  const file = files.length === 1 && typeof files[0] !== 'string' ? files[0] : null;
  if (!file) throw badRequest(UPLOAD_MESSAGES.fileMissing, { file: UPLOAD_MESSAGES.fileMissing });
  if (hasBidiControl(file.name))
    throw badRequest(UPLOAD_MESSAGES.bidiName, { file: UPLOAD_MESSAGES.bidiName });

  if (file.size === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const allowed: readonly string[] = UPLOAD_TYPES[uploadKind];
  const typeMessage = uploadKind === 'logo' ? UPLOAD_MESSAGES.logoType : UPLOAD_MESSAGES.licenseType;
  const declared = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!allowed.includes(declared)) throw badRequest(typeMessage, { file: typeMessage });
  const content = new Uint8Array(await file.arrayBuffer());
  if (sniffContentType(content) !== declared)
    throw badRequest(UPLOAD_MESSAGES.contentMismatch, { file: UPLOAD_MESSAGES.contentMismatch });

  await limiter.checkKey('user', claims.sub, PER_PROVIDER);

  const id = randomUUID();
  const sha256 = createHash('sha256').update(content).digest('hex');
  const originalName = cleanName(file.name);
  const state: { written: string | null } = { written: null };
  try {
    const row = await withClaims(claims, async (tx) => {
      const [me] = await tx<{ id: string }[]>`select id from providers where user_id = ${claims.sub}`;
      if (!me) throw notFound(NO_PROFILE);
      const key = uploadBlobKey(me.id, id);
      const [inserted] = await tx<Omit<Upload, 'url'>[]>`
        insert into provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
        values (${id}, ${me.id}, ${uploadKind}, ${declared}, ${content.byteLength}, ${sha256}, ${originalName}, ${key})
        returning id, kind, content_type, size_bytes, original_name`;
      if (!inserted) throw new Error('upload row not inserted');
      // Last step of the transaction: if the store refuses, the row is rolled back with it.
      await uploadsStore().set(key, content.buffer, { metadata: { content_type: declared, sha256 } });
      state.written = key;
      return inserted;
    });
    return json({ upload: { ...row, url: `/api/provider/uploads/${row.id}` } } satisfies UploadResponse, 201);
  } catch (error) {
    // The bytes were written but the transaction did not commit: remove them again.
    if (state.written !== null)
      await uploadsStore()
        .delete(state.written)
        .catch(() => undefined);
    throw error;
  }
}

async function download(req: Request, id: string): Promise<Response> {
  const claims = await requireUser(req);
  if (!UUID_PATTERN.test(id)) throw notFound(UPLOAD_MESSAGES.notFound);
  const [row] = await withClaims(
    claims,
    (tx) => tx<{ kind: string; content_type: string; original_name: string; blob_key: string }[]>`
      select kind, content_type, original_name, blob_key from provider_uploads where id = ${id}`,
  );
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  // Typed as always found, but a missing blob is null at run time.
  const data = (await uploadsStore().get(row.blob_key, {
    type: 'arrayBuffer',
    consistency: 'strong',
  })) as ArrayBuffer | null;
  if (data === null) throw notFound(UPLOAD_MESSAGES.notFound);
  const name = row.original_name || `${row.kind}.${EXTENSIONS[row.content_type] ?? 'bin'}`;
  return new Response(data, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'content-type': row.content_type,
      'content-length': String(data.byteLength),
      'content-disposition': disposition(
        row.content_type === 'application/pdf' ? 'attachment' : 'inline',
        name,
      ),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}

export default handle('provider-uploads', async (req: Request, context: Context) => {
  const id = pathParam(req, context, 'id', ITEM_PATH);
  allowMethods(req, id === null ? ['POST'] : ['GET']);
  await limiter.check(context);
  return id === null ? upload(req) : download(req, id);
});

export const config: Config = {
  path: ['/api/provider/uploads', '/api/provider/uploads/:id'],
  // Stricter than the other provider endpoints: each upload is up to 5 MB of work and storage.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-uploads', config.rateLimit);
