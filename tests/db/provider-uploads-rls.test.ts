/**
 * Row-level security of migration 20261122001200 (provider contact settings and uploads), in the
 * style of the RLS matrix: `provider_uploads` × {anon, family, provider, other provider, admin} ×
 * {select, insert, update, delete}; the new `providers.inquiry_email` / `inquiry_phone` columns
 * (who reads and writes them, and their checks); and `private.inquiry_contact()`, which only the
 * server may call. Every statement runs in a rolled-back transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  asRole,
  connect,
  ensureFixtures,
  rolledBack,
  sqlState,
} from './helpers.ts';

type Outcome = 'rows' | 'none' | 'refused';
type Op = 'select' | 'insert' | 'update' | 'delete';

/** Uploads added here: one of the demo provider (the target rows), one of the other provider. */
const UPLOADS = {
  demo: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  other: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
} as const;
const SHA = 'a'.repeat(64);

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
  await sql`
    insert into public.provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
    values (${UPLOADS.demo}, ${SEED.provider}, 'license', 'application/pdf', 1234, ${SHA}, 'license.pdf',
            ${`${SEED.provider}/${UPLOADS.demo}`}),
           (${UPLOADS.other}, ${OTHER.provider}, 'logo', 'image/png', 99, ${SHA}, 'logo.png',
            ${`${OTHER.provider}/${UPLOADS.other}`})
    on conflict (id) do nothing`;
});
afterAll(async () => {
  await sql.end();
});

const count = async (q: Promise<{ count: number }>): Promise<number> => (await q).count;
const seen = async (q: Promise<readonly unknown[]>): Promise<number> => (await q).length;

async function observe(actor: Actor, fn: (tx: Tx) => Promise<number>): Promise<string> {
  try {
    const n = await asRole(sql, ACTORS[actor], fn);
    return n > 0 ? 'rows' : 'none';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === '42501' ? 'refused' : `error ${code ?? ''}: ${(error as Error).message}`;
  }
}

const r = (
  anon: Outcome,
  family: Outcome,
  provider: Outcome,
  otherProvider: Outcome,
  admin: Outcome,
): Record<Actor, Outcome> => ({ anon, family, provider, otherProvider, admin });

const UPLOAD_RUN: Record<Op, (tx: Tx) => Promise<number>> = {
  select: (tx) => seen(tx`select id from public.provider_uploads where id = ${UPLOADS.demo}`),
  // A new upload for the demo provider.
  insert: (tx) =>
    count(tx`insert into public.provider_uploads (provider_id, kind, content_type, size_bytes, sha256, blob_key)
             values (${SEED.provider}, 'logo', 'image/webp', 10, ${SHA},
                     ${`${SEED.provider}/00000000-0000-4000-8000-000000000001`})`),
  update: (tx) =>
    count(tx`update public.provider_uploads set original_name = 'renamed.pdf' where id = ${UPLOADS.demo}`),
  delete: (tx) => count(tx`delete from public.provider_uploads where id = ${UPLOADS.demo}`),
};

const UPLOAD_EXPECT: Record<Op, Record<Actor, Outcome>> = {
  select: r('refused', 'none', 'rows', 'none', 'rows'),
  insert: r('refused', 'refused', 'rows', 'refused', 'refused'),
  update: r('refused', 'refused', 'refused', 'refused', 'refused'),
  // Nobody deletes an upload through the API (data_api_lockdown).
  delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
};

const CELLS = (Object.keys(UPLOAD_EXPECT) as Op[]).flatMap((op) =>
  (Object.keys(ACTORS) as Actor[]).map((actor) => ({ op, actor, outcome: UPLOAD_EXPECT[op][actor] })),
);

describe('provider_uploads RLS', () => {
  it('has row-level security on, and no grant to anon', async () => {
    const [row] = await sql<{ rls: boolean; anon: boolean }[]>`
      select c.relrowsecurity as rls,
             has_table_privilege('anon', 'public.provider_uploads', 'select') as anon
      from pg_class c where c.oid = 'public.provider_uploads'::regclass`;
    expect(row).toEqual({ rls: true, anon: false });
  });

  it.each(CELLS)('$actor $op → $outcome', async ({ op, actor, outcome }) => {
    expect(await observe(actor, UPLOAD_RUN[op])).toBe(outcome);
  });

  it('a provider cannot file an upload under another provider, even with its own blob key', async () => {
    expect(
      await observe('otherProvider', (tx) =>
        count(tx`insert into public.provider_uploads (provider_id, kind, content_type, size_bytes, sha256, blob_key)
                 values (${SEED.provider}, 'logo', 'image/png', 10, ${SHA},
                         ${`${OTHER.provider}/00000000-0000-4000-8000-000000000002`})`),
      ),
    ).toBe('refused');
  });

  it('the other provider sees its own upload and not the demo one', async () => {
    const ids = await asRole(
      sql,
      ACTORS.otherProvider,
      (tx) => tx<{ id: string }[]>`select id from public.provider_uploads order by id`,
    );
    expect(ids.map((r) => r.id)).toEqual([UPLOADS.other]);
  });

  it.each([
    ['a logo that is a PDF', 'logo', 'application/pdf', 10],
    ['a license that is WebP', 'license', 'image/webp', 10],
    ['an unknown kind', 'avatar', 'image/png', 10],
    ['an empty file', 'logo', 'image/png', 0],
    ['a file over 5 MB', 'license', 'application/pdf', 5 * 1024 * 1024 + 1],
  ])('the checks refuse %s', async (_label, kind, type, size) => {
    const state = await sqlState(
      asRole(sql, ACTORS.provider, (tx) =>
        count(tx`insert into public.provider_uploads (provider_id, kind, content_type, size_bytes, sha256, blob_key)
                 values (${SEED.provider}, ${kind}, ${type}, ${size}, ${SHA},
                         ${`${SEED.provider}/00000000-0000-4000-8000-000000000003`})`),
      ),
    );
    expect(state).toBe('23514');
  });

  it('a file of exactly 5 MB is accepted', async () => {
    expect(
      await observe('provider', (tx) =>
        count(tx`insert into public.provider_uploads (provider_id, kind, content_type, size_bytes, sha256, blob_key)
                 values (${SEED.provider}, 'license', 'application/pdf', ${5 * 1024 * 1024}, ${SHA},
                         ${`${SEED.provider}/00000000-0000-4000-8000-000000000004`})`),
      ),
    ).toBe('rows');
  });
});

describe('providers.inquiry_email / inquiry_phone', () => {
  const read = (tx: Tx) =>
    seen(tx`select inquiry_email, inquiry_phone from public.providers where id = ${SEED.provider}`);
  const write = (tx: Tx) =>
    count(tx`update public.providers set inquiry_email = 'intake@example.org', inquiry_phone = '(555) 010-0100'
             where id = ${SEED.provider}`);

  it.each([
    ['select', read, r('refused', 'none', 'rows', 'none', 'rows')],
    ['update', write, r('refused', 'none', 'rows', 'none', 'rows')],
  ] as const)('%s: anon refused, the owner and admins only', async (_op, fn, expected) => {
    for (const actor of Object.keys(ACTORS) as Actor[])
      expect(await observe(actor, fn), actor).toBe(expected[actor]);
  });

  it('are set with the profile, not in the registration insert (which takes what /api/providers sends)', async () => {
    expect(
      await observe('family', (tx) =>
        count(tx`insert into public.providers (user_id, organization_name, email, inquiry_email, inquiry_phone)
                 values (${SEED.familyUser}, 'Family Org', 'family@example.org', 'intake@example.org', '5550100')`),
      ),
    ).toBe('refused');
  });

  it.each([
    ['an address that is not one', 'inquiry_email', 'not-an-email'],
    ['an address with an invisible character', 'inquiry_email', 'a\u200b@example.org'],
    ['a blank phone', 'inquiry_phone', '   '],
    ['a phone over 40 characters', 'inquiry_phone', '1'.repeat(41)],
  ])('the checks refuse %s', async (_label, column, value) => {
    const state = await sqlState(
      asRole(sql, ACTORS.provider, (tx) =>
        count(tx`update public.providers set ${tx({ [column]: value })} where id = ${SEED.provider}`),
      ),
    );
    expect(state).toBe('23514');
  });

  it('the owner still cannot change its verification through the same update', async () => {
    const state = await sqlState(
      asRole(sql, ACTORS.otherProvider, (tx) =>
        count(tx`update public.providers set inquiry_email = 'x@example.org', verification_status = 'verified',
                   verified_at = now() where id = ${OTHER.provider}`),
      ),
    );
    expect(state).toBe('42501');
  });
});

describe('private.inquiry_contact()', () => {
  it('no API role may call it', async () => {
    for (const actor of Object.keys(ACTORS) as Actor[]) {
      const state = await sqlState(
        asRole(sql, ACTORS[actor], (tx) => tx`select * from private.inquiry_contact('test-program-001')`),
      );
      expect(state, actor).toBe('42501');
    }
  });

  it('answers the provider of an approved published listing: inquiry address, else the profile one', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      await tx`set local role service_role`;
      const before = await tx`select email, phone from private.inquiry_contact('test-program-001')`;
      await tx`reset role`;
      await tx`update public.providers set inquiry_email = 'intake@example.org', inquiry_phone = '(555) 010-0100'
               where id = ${SEED.provider}`;
      await tx`set local role service_role`;
      const after = await tx`select email, phone from private.inquiry_contact('test-program-001')`;
      const unknown = await tx`select email, phone from private.inquiry_contact('mclean')`;
      return { before: [...before], after: [...after], unknown: [...unknown] };
    });
    expect(rows.before).toEqual([{ email: 'provider@example.org', phone: null }]);
    expect(rows.after).toEqual([{ email: 'intake@example.org', phone: '(555) 010-0100' }]);
    expect(rows.unknown).toEqual([]);
  });

  it('keeps answering while an edit of the live listing waits for review', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      await tx`update public.provider_listings set status = 'pending' where id = ${SEED.approvedListing}`;
      await tx`set local role service_role`;
      return [...(await tx`select email from private.inquiry_contact('test-program-001')`)];
    });
    expect(rows).toHaveLength(1);
  });

  it('answers nothing once the listing is unpublished', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      await tx`update public.listing_publications set state = 'unpublished', state_reason = 'Closed'
               where listing_id = ${SEED.approvedListing}`;
      await tx`set local role service_role`;
      return [...(await tx`select email from private.inquiry_contact('test-program-001')`)];
    });
    expect(rows).toEqual([]);
  });
});
