/**
 * POST /api/provider/uploads and GET /api/provider/uploads/:id against the local backend and the
 * local Netlify Blobs server: type, content and size checks with their exact statuses and
 * messages, nothing stored on refusal (in Postgres or in the blob store), and who may read a file
 * (owner and admins; nobody else). Also the local server's answer to a 6 MB body: a JSON 413.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import uploads, { config } from '../../netlify/functions/provider-uploads.mts';
import providers from '../../netlify/functions/providers.mts';
import { uploadsStore } from '../../netlify/functions/_shared/blobs.ts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../src/lib/provider-schemas.ts';
import {
  BodyError,
  callFunction,
  refusal,
  route,
  sendResponse,
  type LoadedFunction,
} from '../../scripts/lib/functions.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  signIn,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import type { UploadResponse, ProviderResponse } from '../../src/api/contracts/providers.ts';

process.env['NETLIFY_BLOBS_CONTEXT'] ??= inject('blobsContext');

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

// ---- files ----
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [...Buffer.from('RIFF'), 0x10, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
const PDF = [...Buffer.from('%PDF-1.7\n')];
const ELF = [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00];
const MZ = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00];

/** `head` followed by filler up to `size` bytes. */
function bytes(head: readonly number[], size = 256): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  for (let i = head.length; i < out.length; i += 1) out[i] = i % 251;
  return out;
}

type Part = { kind?: string; file?: { data: Uint8Array<ArrayBuffer>; type: string; name: string } };

function form(parts: Part, extra: [string, string][] = []): FormData {
  const data = new FormData();
  if (parts.kind !== undefined) data.append('kind', parts.kind);
  if (parts.file)
    data.append('file', new File([parts.file.data], parts.file.name, { type: parts.file.type }));
  for (const [k, v] of extra) data.append(k, v);
  return data;
}

const PATTERNS = ([] as string[]).concat(config.path ?? []).map((pathname) => new URLPattern({ pathname }));
function params(url: string): Record<string, string> {
  const match = PATTERNS.map((p) => p.exec(url)).find((m) => m !== null);
  if (!match) throw new Error(`not routed: ${url}`);
  return Object.fromEntries(
    Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

function post(token: string | undefined, data: FormData | string, ip = uniqueIp()): Promise<Response> {
  const url = 'http://localhost/api/provider/uploads';
  return uploads(
    new Request(url, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: data,
    }),
    { ...ctx(ip), params: params(url) },
  );
}

function get(token: string | undefined, id: string): Promise<Response> {
  const url = `http://localhost/api/provider/uploads/${id}`;
  return uploads(new Request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }), {
    ...ctx(uniqueIp()),
    params: params(url),
  });
}

// ---- state ----
async function register(user: TestUser, label: string): Promise<string> {
  const res = await providers(
    jsonRequest(
      '/api/providers',
      { organization_name: `${label} House`, contact_name: label, email: user.email },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

async function blobKeys(): Promise<string[]> {
  const { blobs } = await uploadsStore().list();
  return blobs.map((b) => b.key).sort();
}
async function stored(): Promise<{ rows: number; blobs: string[] }> {
  const [row] = await sql<{ n: string }[]>`select count(*) as n from provider_uploads`;
  return { rows: Number(row?.n), blobs: await blobKeys() };
}

let owner: TestUser;
let other: TestUser;
let nobody: TestUser;
let adminToken = '';
let ownerProvider = '';

beforeAll(async () => {
  [owner, other, nobody] = await Promise.all([
    confirmedUser('uploads-owner', 'uploads-pass-1'),
    confirmedUser('uploads-other', 'uploads-pass-1'),
    confirmedUser('uploads-nobody', 'uploads-pass-1'),
  ]);
  ownerProvider = await register(owner, 'Owner');
  await register(other, 'Other');
  adminToken = await signIn(SEED.admin.email, SEED.admin.password);
});

describe('POST /api/provider/uploads: refusals store nothing', () => {
  const cases: [string, () => FormData | string, string | undefined, number, string][] = [
    [
      'a logo that is a PDF',
      () => form({ kind: 'logo', file: { data: bytes(PDF), type: 'application/pdf', name: 'a.pdf' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.logoType,
    ],
    [
      'a license that is WebP',
      () => form({ kind: 'license', file: { data: bytes(WEBP), type: 'image/webp', name: 'a.webp' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.licenseType,
    ],
    [
      'a GIF logo',
      () =>
        form({
          kind: 'logo',
          file: { data: bytes([...Buffer.from('GIF89a')]), type: 'image/gif', name: 'a.gif' },
        }),
      'owner',
      400,
      UPLOAD_MESSAGES.logoType,
    ],
    [
      'a file with no type',
      () => form({ kind: 'logo', file: { data: bytes(PNG), type: '', name: 'a.png' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.logoType,
    ],
    [
      'an ELF executable renamed logo.png',
      () => form({ kind: 'logo', file: { data: bytes(ELF), type: 'image/png', name: 'logo.png' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.contentMismatch,
    ],
    [
      'a Windows executable renamed license.pdf',
      () =>
        form({ kind: 'license', file: { data: bytes(MZ), type: 'application/pdf', name: 'license.pdf' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.contentMismatch,
    ],
    [
      'a file name with a right-to-left override (reads "…gnp.exe" as "…exe.png")',
      () => form({ kind: 'logo', file: { data: bytes(PNG), type: 'image/png', name: 'logo\u202egnp.exe' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.bidiName,
    ],
    [
      'a file name with a first-strong isolate',
      () =>
        form({ kind: 'license', file: { data: bytes(PDF), type: 'application/pdf', name: 'a\u2068b.pdf' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.bidiName,
    ],
    [
      'a PNG declared as JPEG',
      () => form({ kind: 'logo', file: { data: bytes(PNG), type: 'image/jpeg', name: 'a.jpg' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.contentMismatch,
    ],
    [
      'an HTML page declared as PNG',
      () =>
        form({
          kind: 'logo',
          file: {
            data: new Uint8Array(Buffer.from('<html><script>alert(1)</script>')),
            type: 'image/png',
            name: 'x.png',
          },
        }),
      'owner',
      400,
      UPLOAD_MESSAGES.contentMismatch,
    ],
    [
      'an empty file',
      () => form({ kind: 'logo', file: { data: new Uint8Array(0), type: 'image/png', name: 'a.png' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.empty,
    ],
    [
      'a file of 5 MB + 1 byte',
      () =>
        form({
          kind: 'license',
          file: { data: bytes(PDF, MAX_UPLOAD_BYTES + 1), type: 'application/pdf', name: 'big.pdf' },
        }),
      'owner',
      413,
      UPLOAD_MESSAGES.tooLarge,
    ],
    [
      'a file of 6 MB',
      () =>
        form({
          kind: 'license',
          file: { data: bytes(PDF, 6 * 1024 * 1024), type: 'application/pdf', name: 'huge.pdf' },
        }),
      'owner',
      413,
      UPLOAD_MESSAGES.tooLarge,
    ],
    [
      'no kind',
      () => form({ file: { data: bytes(PNG), type: 'image/png', name: 'a.png' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.kind,
    ],
    [
      'an unknown kind',
      () => form({ kind: 'avatar', file: { data: bytes(PNG), type: 'image/png', name: 'a.png' } }),
      'owner',
      400,
      UPLOAD_MESSAGES.kind,
    ],
    ['no file', () => form({ kind: 'logo' }), 'owner', 400, UPLOAD_MESSAGES.fileMissing],
    [
      'the file as a text field',
      () => form({ kind: 'logo' }, [['file', 'not a file']]),
      'owner',
      400,
      UPLOAD_MESSAGES.fileMissing,
    ],
    [
      'an extra field',
      () =>
        form({ kind: 'logo', file: { data: bytes(PNG), type: 'image/png', name: 'a.png' } }, [
          ['provider_id', randomUUID()],
        ]),
      'owner',
      400,
      UPLOAD_MESSAGES.extraField,
    ],
    [
      'a valid logo without a token',
      () => form({ kind: 'logo', file: { data: bytes(PNG), type: 'image/png', name: 'a.png' } }),
      undefined,
      401,
      'Please sign in.',
    ],
    [
      'a valid logo from a user with no provider profile',
      () => form({ kind: 'logo', file: { data: bytes(PNG), type: 'image/png', name: 'a.png' } }),
      'nobody',
      404,
      '',
    ],
  ];

  it.each(cases)('%s', async (_label, make, who, status, message) => {
    const before = await stored();
    const token = who === 'owner' ? owner.token : who === 'nobody' ? nobody.token : undefined;
    const res = await post(token, make());
    expect(res.status).toBe(status);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe(
      { 400: 'invalid_input', 401: 'unauthorized', 404: 'not_found', 413: 'payload_too_large' }[status],
    );
    if (message) expect(error.message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('415 for a JSON body; 405 for PUT', async () => {
    const res = await uploads(
      jsonRequest(
        '/api/provider/uploads',
        { kind: 'logo' },
        { headers: { authorization: `Bearer ${owner.token}` } },
      ),
      { ...ctx(uniqueIp()), params: {} },
    );
    expect(res.status).toBe(415);
    const put = await uploads(
      new Request('http://localhost/api/provider/uploads', {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      { ...ctx(uniqueIp()), params: {} },
    );
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
  });

  it('400 for a multipart body that cannot be parsed', async () => {
    const res = await uploads(
      new Request('http://localhost/api/provider/uploads', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        body: '--xyz\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlogo\r\n--xy',
      }),
      { ...ctx(uniqueIp()), params: {} },
    );
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.message).toBe(UPLOAD_MESSAGES.unreadable);
  });
});

describe('POST /api/provider/uploads: accepted files', () => {
  it.each([
    ['logo', PNG, 'image/png', 'logo.png'],
    ['logo', JPEG, 'image/jpeg', 'Logo Ünïcode.jpg'],
    ['logo', WEBP, 'image/webp', 'logo.webp'],
    ['license', PDF, 'application/pdf', 'C:\\scans\\license.pdf'],
    ['license', JPEG, 'image/jpeg', 'license-photo.jpeg'],
    ['license', PNG, 'image/png', 'license.png'],
  ] as const)('201: a %s of type %s', async (kind, head, type, name) => {
    const data = bytes(head, 4096);
    const before = await stored();
    const res = await post(owner.token, form({ kind, file: { data, type, name } }));
    expect(res.status).toBe(201);
    const { upload } = await body<UploadResponse>(res);
    expect(upload).toEqual({
      id: upload.id,
      kind,
      content_type: type,
      size_bytes: 4096,
      original_name: name.split('\\').pop(),
      url: `/api/provider/uploads/${upload.id}`,
    });
    const [row] =
      await sql`select provider_id, sha256, blob_key from provider_uploads where id = ${upload.id}`;
    expect(row).toEqual({
      provider_id: ownerProvider,
      sha256: createHash('sha256').update(data).digest('hex'),
      blob_key: `${ownerProvider}/${upload.id}`,
    });
    const after = await stored();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.blobs).toEqual([...before.blobs, `${ownerProvider}/${upload.id}`].sort());
    const blob = await uploadsStore().get(`${ownerProvider}/${upload.id}`, { type: 'arrayBuffer' });
    expect(new Uint8Array(blob)).toEqual(data);
  });

  it('201: exactly 5 MB', async () => {
    const res = await post(
      owner.token,
      form({
        kind: 'license',
        file: { data: bytes(PDF, MAX_UPLOAD_BYTES), type: 'application/pdf', name: 'max.pdf' },
      }),
    );
    expect(res.status).toBe(201);
    expect((await body<UploadResponse>(res)).upload.size_bytes).toBe(MAX_UPLOAD_BYTES);
  });
});

describe('GET /api/provider/uploads/:id', () => {
  let license = '';
  let logo = '';
  const pdf = bytes(PDF, 2048);
  const png = bytes(PNG, 1024);

  beforeAll(async () => {
    const a = await post(
      owner.token,
      form({ kind: 'license', file: { data: pdf, type: 'application/pdf', name: 'State "license".pdf' } }),
    );
    license = (await body<UploadResponse>(a)).upload.id;
    const b = await post(
      owner.token,
      form({ kind: 'logo', file: { data: png, type: 'image/png', name: 'logo.png' } }),
    );
    logo = (await body<UploadResponse>(b)).upload.id;
  });

  it('the owner reads its license: the bytes, as an attachment, never cached or sniffed', async () => {
    const res = await get(owner.token, license);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="State _license_.pdf"; filename\*=UTF-8''/,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('an image is served inline with its type', async () => {
    const res = await get(owner.token, logo);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('an administrator reads it too', async () => {
    const res = await get(adminToken, license);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('another provider and a user with no profile get 404; no token 401', async () => {
    for (const token of [other.token, nobody.token]) {
      const res = await get(token, license);
      expect(res.status).toBe(404);
      expect((await body<ApiError>(res)).error).toEqual({
        code: 'not_found',
        message: UPLOAD_MESSAGES.notFound,
      });
    }
    const anon = await get(undefined, license);
    expect(anon.status).toBe(401);
    expect(await anon.text()).not.toContain('%PDF');
  });

  it('404 for an unknown or malformed id; 405 for DELETE', async () => {
    for (const id of [randomUUID(), 'not-an-id', license.toUpperCase().replace(/-/g, '')]) {
      expect((await get(owner.token, id)).status, id).toBe(404);
    }
    const url = `http://localhost/api/provider/uploads/${license}`;
    const del = await uploads(
      new Request(url, { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } }),
      {
        ...ctx(uniqueIp()),
        params: params(url),
      },
    );
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET');
  });

  it('404 when the row exists but its bytes are gone', async () => {
    const id = randomUUID();
    await sql`
      insert into provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, blob_key)
      values (${id}, ${ownerProvider}, 'logo', 'image/png', 10, ${'c'.repeat(64)}, ${`${ownerProvider}/${id}`})`;
    expect((await get(owner.token, id)).status).toBe(404);
  });
});

describe('limits', () => {
  it(`more than ${config.rateLimit?.windowLimit ?? 0} requests a minute from one address → 429`, async () => {
    const ip = uniqueIp();
    const limit = config.rateLimit?.windowLimit ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) statuses.push((await post(undefined, 'x', ip)).status);
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

describe('through the local server (scripts/lib/functions.ts)', () => {
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    const fn: LoadedFunction = {
      name: 'provider-uploads',
      handler: uploads,
      patterns: PATTERNS,
      excluded: [],
      methods: null,
    };
    server = http.createServer((req, res) => {
      void (async () => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const match = route([fn], path, req.method ?? 'GET');
        let response: Response;
        try {
          response = match ? await callFunction(req, match, origin) : new Response('no', { status: 404 });
        } catch (error) {
          if (!(error instanceof BodyError)) throw error;
          response = refusal(path, error.status, error.message, { connection: 'close' });
        }
        await sendResponse(req, res, response);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('a 6 MB upload answers 413 with the JSON error (no hang, no reset), nothing stored', async () => {
    const before = await stored();
    const data = form({
      kind: 'license',
      file: { data: bytes(PDF, 6 * 1024 * 1024), type: 'application/pdf', name: 'six.pdf' },
    });
    const res = await fetch(`${origin}/api/provider/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: data,
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
    expect(await stored()).toEqual(before);
  });

  it('a logo goes through and reads back', async () => {
    const png = bytes(PNG, 3000);
    const res = await fetch(`${origin}/api/provider/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form({ kind: 'logo', file: { data: png, type: 'image/png', name: 'l.png' } }),
    });
    expect(res.status).toBe(201);
    const { upload } = (await res.json()) as UploadResponse;
    const back = await fetch(`${origin}${upload.url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(back.status).toBe(200);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(png);
  });
});
