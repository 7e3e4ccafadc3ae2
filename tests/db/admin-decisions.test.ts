/**
 * Administrator decisions in the database (migration 20261122001300_admin_decisions.sql): a
 * decision made by a plain UPDATE as postgres (what a person does in Supabase Studio) and one made
 * as an administrator through RLS (what /api/admin does) leave the provider in the same state and
 * write exactly one notification each; non-admins cannot decide, cannot read the outbox or other
 * providers' license files; two drains claiming at the same time never get the same notification.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  asRole,
  become,
  becomeOwner,
  connect,
  ensureFixtures,
  rolledBack,
  sqlState,
} from './helpers.ts';

let sql: Sql;
let sql2: Sql;
beforeAll(async () => {
  sql = connect();
  sql2 = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
  await sql2.end();
});

interface Fresh {
  user: string;
  provider: string;
  request: string;
  listing: string;
}

/** A new provider with a pending verification request and a pending listing (as postgres). */
async function freshProvider(tx: Tx): Promise<Fresh> {
  const f = { user: randomUUID(), provider: randomUUID(), request: randomUUID(), listing: randomUUID() };
  await tx`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
    values (${f.user}, 'authenticated', 'authenticated', ${`p-${f.user}@example.org`}, now(), '{}', '{}')`;
  await tx`
    insert into public.providers (id, user_id, organization_name, email)
    values (${f.provider}, ${f.user}, 'Fresh Provider', ${`p-${f.user}@example.org`})`;
  await tx`
    insert into public.provider_verification_requests (id, provider_id, documents_submitted)
    values (${f.request}, ${f.provider}, ${['State license']})`;
  // Complete, with its program id: an approved listing must be publishable (migration 20261125000300).
  await tx`
    insert into public.provider_listings (id, provider_id, center_name, description, phone, status, address,
      city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance,
      published_program_id)
    values (${f.listing}, ${f.provider}, 'Fresh Center', 'A program.', '617-555-0100', 'pending', '1 Main St',
      'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']},
      ${`fresh-${f.listing}`})`;
  return f;
}

interface ProviderState {
  verification_status: string;
  verified: boolean;
  verified_by: string | null;
}

async function providerState(tx: Tx, id: string): Promise<ProviderState> {
  const [row] = await tx<ProviderState[]>`
    select verification_status, verified_at is not null as verified, verified_by
    from public.providers where id = ${id}`;
  if (!row) throw new Error('no provider');
  return row;
}

async function notificationsOf(tx: Tx, subject: string) {
  return tx<{ kind: string; provider_id: string; notes: string | null; sent_at: Date | null }[]>`
    select kind, provider_id, notes, sent_at from public.notifications where subject_id = ${subject}`;
}

/** Decides `request` as postgres (Studio) or as the demo admin (the API's way); returns the outcome. */
async function decideRequest(
  who: 'studio' | 'admin',
  status: 'approved' | 'rejected',
  notes: string,
): Promise<{
  state: ProviderState;
  notifications: Awaited<ReturnType<typeof notificationsOf>>;
  reviewer: unknown;
}> {
  return rolledBack(sql, async (tx) => {
    const f = await freshProvider(tx);
    if (who === 'admin') await become(tx, ACTORS.admin);
    const updated = await tx`
      update public.provider_verification_requests set status = ${status}, reviewer_notes = ${notes}
      where id = ${f.request}`;
    expect(updated.count).toBe(1);
    await becomeOwner(tx);
    const [req] = await tx<{ reviewer_id: string | null; reviewed: boolean }[]>`
      select reviewer_id, reviewed_at is not null as reviewed from public.provider_verification_requests
      where id = ${f.request}`;
    expect(req?.reviewed).toBe(true);
    return {
      state: await providerState(tx, f.provider),
      notifications: await notificationsOf(tx, f.request),
      reviewer: req?.reviewer_id ?? null,
    };
  });
}

describe('verification decisions', () => {
  it.each(['approved', 'rejected'] as const)(
    '%s by a plain update (Studio) and by an admin: same provider state, one notification each',
    async (status) => {
      const studio = await decideRequest('studio', status, 'Notes from Studio');
      const api = await decideRequest('admin', status, 'Notes from the API');
      const expected = status === 'approved' ? 'verified' : 'rejected';
      expect(studio.state).toEqual({
        verification_status: expected,
        verified: status === 'approved',
        verified_by: null,
      });
      expect(api.state).toEqual({
        verification_status: expected,
        verified: status === 'approved',
        verified_by: status === 'approved' ? SEED.adminUser : null,
      });
      expect(studio.reviewer).toBeNull();
      expect(api.reviewer).toBe(SEED.adminUser);
      expect(studio.notifications).toEqual([
        expect.objectContaining({
          kind: `verification_${status}`,
          notes: 'Notes from Studio',
          sent_at: null,
        }),
      ]);
      expect(api.notifications).toEqual([
        expect.objectContaining({
          kind: `verification_${status}`,
          notes: 'Notes from the API',
          sent_at: null,
        }),
      ]);
    },
  );

  it('a second decision is refused and adds no notification; a notes-only edit adds none', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const f = await freshProvider(tx);
      await tx`update public.provider_verification_requests set reviewer_notes = 'draft note' where id = ${f.request}`;
      const before = (await notificationsOf(tx, f.request)).length;
      await tx`update public.provider_verification_requests set status = 'rejected', reviewer_notes = 'Unreadable' where id = ${f.request}`;
      await tx`savepoint again`;
      const second = await sqlState(
        tx`update public.provider_verification_requests set status = 'approved' where id = ${f.request}`,
      );
      await tx`rollback to savepoint again`;
      return { before, second, after: await notificationsOf(tx, f.request) };
    });
    expect(result.before).toBe(0);
    expect(result.second).toBe('23514');
    expect(result.after.map((n) => n.kind)).toEqual(['verification_rejected']);
  });
});

describe('listing decisions', () => {
  it.each(['approved', 'rejected'] as const)(
    '%s by Studio and by an admin: reviewed, one notification each',
    async (status) => {
      for (const who of ['studio', 'admin'] as const) {
        const out = await rolledBack(sql, async (tx) => {
          const f = await freshProvider(tx);
          if (who === 'admin') await become(tx, ACTORS.admin);
          await tx`update public.provider_listings set status = ${status}, reviewer_notes = 'See notes' where id = ${f.listing}`;
          await becomeOwner(tx);
          const [l] = await tx<{ reviewed: boolean; reviewed_by: string | null }[]>`
            select reviewed_at is not null as reviewed, reviewed_by from public.provider_listings where id = ${f.listing}`;
          return { listing: l, notifications: await notificationsOf(tx, f.listing) };
        });
        expect(out.listing).toEqual({ reviewed: true, reviewed_by: who === 'admin' ? SEED.adminUser : null });
        expect(out.notifications).toEqual([
          expect.objectContaining({ kind: `listing_${status}`, notes: 'See notes' }),
        ]);
      }
    },
  );

  it('an edited listing decided again is a new decision (a second notification)', async () => {
    const kinds = await rolledBack(sql, async (tx) => {
      const f = await freshProvider(tx);
      await tx`update public.provider_listings set status = 'rejected', reviewer_notes = 'Add a phone' where id = ${f.listing}`;
      await tx`update public.provider_listings set status = 'pending' where id = ${f.listing}`;
      await tx`update public.provider_listings set status = 'approved' where id = ${f.listing}`;
      return (await notificationsOf(tx, f.listing)).map((n) => n.kind).sort();
    });
    expect(kinds).toEqual(['listing_approved', 'listing_rejected']);
  });
});

describe('non-admins', () => {
  const nonAdmins: Actor[] = ['anon', 'family', 'provider', 'otherProvider'];

  it.each(nonAdmins)('%s cannot decide a verification request or a listing', async (actor) => {
    const out = await rolledBack(sql, async (tx) => {
      const f = await freshProvider(tx);
      // The fresh provider itself, too: its own rows are the ones it might try to approve.
      const claims =
        actor === 'provider'
          ? { sub: f.user, role: 'authenticated' as const, email: `p-${f.user}@example.org` }
          : ACTORS[actor];
      await become(tx, claims);
      await tx`savepoint a`;
      const request = await sqlState(
        tx`update public.provider_verification_requests set status = 'approved' where id = ${f.request}`.then(
          (r) => {
            if (r.count > 0) throw new Error('a non-admin decided a verification request');
          },
        ),
      );
      await tx`rollback to savepoint a`;
      const listing = await sqlState(
        tx`update public.provider_listings set status = 'approved' where id = ${f.listing}`.then((r) => {
          if (r.count > 0) throw new Error('a non-admin approved a listing');
        }),
      );
      await tx`rollback to savepoint a`;
      await becomeOwner(tx);
      return {
        request,
        listing,
        state: await providerState(tx, f.provider),
        notifications:
          (await notificationsOf(tx, f.request)).length + (await notificationsOf(tx, f.listing)).length,
      };
    });
    // Refused (no privilege / guard trigger) or no row visible to update: either way nothing changed.
    expect(['ok', '42501']).toContain(out.request);
    expect(['ok', '42501']).toContain(out.listing);
    if (actor === 'provider') expect(out.listing).toBe('42501');
    expect(out.state.verification_status).toBe('pending');
    expect(out.notifications).toBe(0);
  });

  it.each(['anon', 'family', 'provider', 'otherProvider', 'admin'] as Actor[])(
    '%s cannot read or write the notifications outbox',
    async (actor) => {
      const select = await sqlState(
        asRole(sql, ACTORS[actor], (tx) => tx`select id from public.notifications`),
      );
      const insert = await sqlState(
        asRole(
          sql,
          ACTORS[actor],
          (tx) =>
            tx`insert into public.notifications (kind, provider_id, subject_id) values ('listing_approved', ${SEED.provider}, ${SEED.approvedListing})`,
        ),
      );
      const claim = await sqlState(
        asRole(sql, ACTORS[actor], (tx) => tx`select * from private.claim_notifications(10)`),
      );
      expect({ select, insert, claim }).toEqual({ select: '42501', insert: '42501', claim: '42501' });
    },
  );

  it.each(['anon', 'family', 'provider', 'otherProvider', 'admin'] as Actor[])(
    '%s cannot read, ask for or clear a pending rebuild',
    async (actor) => {
      const as = (query: (tx: Tx) => Promise<unknown>) => sqlState(asRole(sql, ACTORS[actor], query));
      expect({
        select: await as((tx) => tx`select reason from public.pending_rebuild`),
        insert: await as((tx) => tx`insert into public.pending_rebuild (reason) values ('x')`),
        request: await as((tx) => tx`select private.request_rebuild('x')`),
        pending: await as((tx) => tx`select * from private.pending_rebuild()`),
        // The bookkeeping of builds: tests/db/publishing-outcomes.test.ts.
        done: await as((tx) => tx`select private.rebuild_succeeded(1)`),
        failed: await as((tx) => tx`select private.rebuild_failed(1, 'x')`),
      }).toEqual({
        select: '42501',
        insert: '42501',
        request: '42501',
        pending: '42501',
        done: '42501',
        failed: '42501',
      });
    },
  );

  it("other providers and families cannot read a provider's license files; the owner and admins can", async () => {
    const upload = randomUUID();
    const setup = (tx: Tx) => tx`
      insert into public.provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
      values (${upload}, ${SEED.provider}, 'license', 'application/pdf', 100, ${'a'.repeat(64)}, 'license.pdf',
              ${`${SEED.provider}/${upload}`})`;
    const seen = async (actor: Actor) =>
      asRole(
        sql,
        ACTORS[actor],
        async (tx) => (await tx`select id from public.provider_uploads where id = ${upload}`).length,
        setup,
      ).catch((error: unknown) => (error as { code?: string }).code ?? 'error');
    expect(await seen('anon')).toBe('42501');
    expect(await seen('family')).toBe(0);
    expect(await seen('otherProvider')).toBe(0);
    expect(await seen('provider')).toBe(1);
    expect(await seen('admin')).toBe(1);
  });
});

describe('claiming notifications', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Decisions committed by other test files left notifications too: out of the way, so the
    // claims below see only these (oldest first).
    await sql`update public.notifications set sent_at = now() where sent_at is null`;
    // Committed rows (claims must be seen across connections); removed after the tests.
    for (let i = 0; i < 8; i++) {
      const [row] = await sql<{ id: string }[]>`
        insert into public.notifications (kind, provider_id, subject_id, notes)
        values ('listing_rejected', ${OTHER.provider}, ${OTHER.draftListing}, ${`claim test ${i}`}) returning id`;
      if (row) ids.push(row.id);
    }
  });
  afterAll(async () => {
    await sql`delete from public.notifications where id = any(${ids}::uuid[])`;
  });

  type Claimed = { id: string; provider_email: string; center_name: string | null; attempts: number };
  const claim = (db: Sql | Tx, limit: number) =>
    db<Claimed[]>`select * from private.claim_notifications(${limit})`;
  const mine = (rows: Claimed[]) => rows.filter((r) => ids.includes(r.id));

  it('a drain holding its claim open and a second drain get disjoint rows; a fresh claim is not taken again', async () => {
    let first: Claimed[] = [];
    let second: Claimed[] = [];
    await sql.begin(async (tx) => {
      await tx`set local role service_role`;
      first = await claim(tx, 3);
      // While the first drain's transaction still holds its rows locked:
      second = await sql2.begin(async (tx2) => {
        await tx2`set local role service_role`;
        return claim(tx2, 100);
      });
    });
    expect(first).toHaveLength(3);
    expect(first[0]).toMatchObject({
      provider_email: 'other-provider@example.org',
      center_name: 'Other draft',
      attempts: 1,
    });
    const firstIds = new Set(first.map((r) => r.id));
    expect(mine(second).some((r) => firstIds.has(r.id))).toBe(false);
    expect(new Set([...first, ...mine(second)].map((r) => r.id)).size).toBe(ids.length);
    // Everything is claimed now: nothing is handed out again within 5 minutes.
    expect(mine(await claim(sql, 100))).toEqual([]);
  });

  it('many drains at the same time never claim a row twice; a sent row is never claimed again', async () => {
    await sql`update public.notifications set claimed_at = null, attempts = 0 where id = any(${ids}::uuid[])`;
    const drains = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? sql : sql2).begin(async (tx) => {
          await tx`set local role service_role`;
          return claim(tx, 2);
        }),
      ),
    );
    const all = drains.flatMap((rows) => mine(rows).map((r) => r.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(ids.length);

    // Sent rows stay sent even once their claim has expired; a failed one is retried once its
    // backoff is over (20261125000100_message_outbox.sql; tests/db/message-outbox.test.ts).
    const [sent, failed] = ids;
    await sql`select private.mark_notification_sent(${sent ?? ''})`;
    await sql`select private.mark_notification_failed(${failed ?? ''}, 'SMTP down')`;
    await sql`update public.notifications set claimed_at = now() - interval '6 minutes', next_attempt_at = now()
              where id = any(${ids}::uuid[])`;
    const retried = mine(await claim(sql, 100)).map((r) => r.id);
    expect(retried).not.toContain(sent);
    expect(retried).toContain(failed);
    const [row] = await sql<{ last_error: string; attempts: number }[]>`
      select last_error, attempts from public.notifications where id = ${failed ?? ''}`;
    expect(row).toEqual({ last_error: 'SMTP down', attempts: 2 });
  });
});
