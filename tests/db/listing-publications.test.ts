/**
 * Published snapshots (migration 20261126000100_listing_publications.sql,
 * docs/product-rules.md#published-listings):
 *
 * - an approval writes the listing's facts (no review workflow columns) into
 *   `listing_publications`, live; a pending edit, a draft save and a rejected edit of the working
 *   copy never touch it; approving the edit replaces it (new facts, new review date);
 * - a take-down is one row change: an administrator unpublishes (with a reason), the provider
 *   withdraws its own, an administrator republishes; the trigger stamps who and when, writes the
 *   provider's notification and asks for a rebuild; an approval puts a taken-down listing live;
 * - RLS and grants: who reads, who may change the state, and that nobody writes a snapshot, a
 *   program id, a row or a deletion through the API roles (the Data API refusal is the generic
 *   check of tests/db/data-api-lockdown.test.ts, which covers every table of `public`);
 * - a provider cannot delete a listing while it is live (policy);
 * - the database's ranges are those of src/lib/listing-ranges.ts, and the outcome rules.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_RANGES, rangeOf, type RangedField } from '../../src/lib/listing-ranges.ts';
import {
  ACTORS,
  type Actor,
  EXTRA,
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
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

/** The columns a snapshot must not keep: the working copy's review workflow. */
const WORKFLOW = [
  'status',
  'submitted_at',
  'reviewed_at',
  'reviewed_by',
  'reviewer_notes',
  'created_at',
  'updated_at',
] as const;

interface Publication {
  listing_id: string;
  provider_id: string;
  program_id: string;
  snapshot: Record<string, unknown>;
  reviewed_at: Date;
  reviewed_by: string | null;
  first_published_at: Date;
  state: 'live' | 'unpublished' | 'withdrawn';
  state_reason: string | null;
  state_changed_at: Date;
  state_changed_by: string | null;
}

/** A complete pending listing of the demo provider (as postgres). */
async function pendingListing(tx: Tx, fields: Record<string, unknown> = {}): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.provider_listings ${tx({
      provider_id: SEED.provider,
      center_name: 'Atlas House',
      description: 'Residential ERP for adults.',
      phone: '617-555-0100',
      address: '1 Main Street',
      city: 'Belmont',
      state: 'MA',
      zip_code: '02478',
      age_groups: ['Adults'],
      gender_specific: 'Co-ed',
      setting: 'Residential',
      avg_length: '45-60 days',
      modalities: ['ERP'],
      insurance: ['Private Pay'],
      capacity: 12,
      erp_hours_per_week: 15.5,
      status: 'pending',
      ...fields,
    })} returning id`;
  return row?.id ?? '';
}

/** Runs `fn` as `actor` inside a savepoint and comes back to postgres: 'ok' or the SQLSTATE. */
async function attempt(tx: Tx, actor: Actor, fn: (tx: Tx) => Promise<unknown>): Promise<string> {
  return sqlState(
    tx.savepoint(async (sp) => {
      await become(sp, ACTORS[actor]);
      await fn(sp);
      await becomeOwner(sp);
    }),
  );
}

/** Runs `fn` as `actor` and returns its result, back as postgres afterwards (errors propagate). */
async function as<T>(tx: Tx, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  await become(tx, ACTORS[actor]);
  const result = await fn(tx);
  await becomeOwner(tx);
  return result;
}

/** The publication of `id`, read as postgres (undefined when there is none). */
async function publicationOf(tx: Tx, id: string): Promise<Publication | undefined> {
  const [row] = await tx<Publication[]>`select * from public.listing_publications where listing_id = ${id}`;
  return row;
}

/** The administrator approves (as /api/admin does): status and program id in one update. */
const approve = (tx: Tx, id: string, programId = 'atlas-house-pub') =>
  as(
    tx,
    'admin',
    (t) => t`update public.provider_listings set status = 'approved', published_program_id = ${programId}
             where id = ${id}`,
  );

/** The provider submits an edit of its working copy (as PUT /api/provider/listings/:id does). */
const edit = (tx: Tx, id: string, fields: Record<string, unknown>, status: 'pending' | 'draft' = 'pending') =>
  as(
    tx,
    'provider',
    (t) => t`update public.provider_listings set ${t({ ...fields, status })} where id = ${id}`,
  );

/**
 * Moves the listing's review and its publication a day back (now() is fixed inside one
 * transaction), so that a later decision's dates can be told apart from the first one's.
 */
async function dayLater(tx: Tx, id: string): Promise<void> {
  await tx`update public.provider_listings set reviewed_at = reviewed_at - interval '1 day' where id = ${id}`;
  await tx`update public.listing_publications
           set reviewed_at = reviewed_at - interval '1 day', first_published_at = first_published_at - interval '1 day',
               state_changed_at = state_changed_at - interval '1 day'
           where listing_id = ${id}`;
}

const generation = async (tx: Tx): Promise<number> =>
  Number(
    (await tx<{ g: string }[]>`select coalesce(max(generation), 0)::text as g from public.pending_rebuild`)[0]
      ?.g,
  );

const notificationsOf = (tx: Tx, id: string) =>
  tx<{ kind: string; provider_id: string; notes: string | null }[]>`
    select kind, provider_id, notes from public.notifications where subject_id = ${id} order by created_at, kind`;

describe('the snapshot follows approvals, and only approvals', () => {
  it("the seed's approved listing is published as test-program-001", async () => {
    const pub = await rolledBack(sql, (tx) => publicationOf(tx, SEED.approvedListing));
    expect(pub).toMatchObject({ program_id: 'test-program-001', provider_id: SEED.provider, state: 'live' });
    expect(pub?.snapshot['center_name']).toBe('Harbor Demo Treatment Center');
  });

  it('is written on approval: live, with the program id, the review date and the facts, without the workflow', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx, {
        clinical_approach: 'Daily ERP with a coach.',
        program_highlights: ['On-site school', 'Family week'],
        team_composition: 'Two psychologists, one psychiatrist.',
      });
      const before = await publicationOf(tx, id);
      await approve(tx, id);
      const [listing] = await tx<{ reviewed_at: Date }[]>`
        select reviewed_at from public.provider_listings where id = ${id}`;
      return { id, before, after: await publicationOf(tx, id), reviewedAt: listing?.reviewed_at };
    });
    expect(out.before).toBeUndefined();
    expect(out.after).toMatchObject({
      listing_id: out.id,
      provider_id: SEED.provider,
      program_id: 'atlas-house-pub',
      state: 'live',
      state_reason: null,
      reviewed_by: SEED.adminUser,
    });
    expect(out.after?.reviewed_at).toEqual(out.reviewedAt);
    expect(out.after?.first_published_at).toEqual(out.reviewedAt);
    expect(out.after?.snapshot).toMatchObject({
      id: out.id,
      provider_id: SEED.provider,
      published_program_id: 'atlas-house-pub',
      center_name: 'Atlas House',
      city: 'Belmont',
      capacity: 12,
      erp_hours_per_week: 15.5,
      age_groups: ['Adults'],
      clinical_approach: 'Daily ERP with a coach.',
      program_highlights: ['On-site school', 'Family week'],
      team_composition: 'Two psychologists, one psychiatrist.',
    });
    for (const column of WORKFLOW) expect(out.after?.snapshot, column).not.toHaveProperty(column);
  });

  it.each([
    ['a pending edit', 'pending'],
    ['a draft save', 'draft'],
  ] as const)('is untouched by %s of the working copy (and no rebuild is asked for)', async (_, status) => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      await approve(tx, id);
      const approved = await publicationOf(tx, id);
      const g = await generation(tx);
      await edit(tx, id, { center_name: 'Atlas House Renamed', city: 'Cambridge' }, status);
      const [working] = await tx<{ status: string; center_name: string }[]>`
        select status, center_name from public.provider_listings where id = ${id}`;
      return { approved, after: await publicationOf(tx, id), working, rebuilds: (await generation(tx)) - g };
    });
    expect(out.working).toEqual({ status, center_name: 'Atlas House Renamed' });
    expect(out.after).toEqual(out.approved);
    expect(out.after?.snapshot['center_name']).toBe('Atlas House');
    expect(out.rebuilds).toBe(0);
  });

  it('is untouched by a rejection of the edit: still live, same snapshot, no notification of its own', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      await approve(tx, id);
      const approved = await publicationOf(tx, id);
      await edit(tx, id, { center_name: 'Atlas Rejected' });
      await as(
        tx,
        'admin',
        (t) => t`update public.provider_listings set status = 'rejected', reviewer_notes = 'Not this name'
                 where id = ${id}`,
      );
      return {
        approved,
        after: await publicationOf(tx, id),
        kinds: (await notificationsOf(tx, id)).map((n) => n.kind),
      };
    });
    expect(out.after).toEqual(out.approved);
    expect(out.after?.state).toBe('live');
    expect(out.kinds).toEqual(['listing_approved', 'listing_rejected']);
  });

  it('is replaced when the edit is approved: the new facts, the new review date, still live, first publication kept', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      await approve(tx, id);
      await dayLater(tx, id);
      const approved = await publicationOf(tx, id);
      await edit(tx, id, { center_name: 'Atlas House Two', description: 'Now with family weeks.' });
      await approve(tx, id);
      const [listing] = await tx<{ reviewed_at: Date; now: Date }[]>`
        select reviewed_at, now() as now from public.provider_listings where id = ${id}`;
      return {
        approved,
        after: await publicationOf(tx, id),
        reviewedAt: listing?.reviewed_at,
        now: listing?.now,
      };
    });
    expect(out.after).toMatchObject({ state: 'live', program_id: 'atlas-house-pub' });
    // The "Listing reviewed" date is the edit's approval, on the working copy and the publication.
    expect(out.reviewedAt).toEqual(out.now);
    expect(out.after?.snapshot).toMatchObject({
      center_name: 'Atlas House Two',
      description: 'Now with family weeks.',
    });
    expect(out.after?.reviewed_at).toEqual(out.reviewedAt);
    expect(out.after?.reviewed_at.getTime()).toBeGreaterThan(out.approved?.reviewed_at.getTime() ?? Infinity);
    expect(out.after?.first_published_at).toEqual(out.approved?.first_published_at);
  });
});

describe('taking a listing down and putting it back: one row change', () => {
  it('an administrator unpublishes only with a reason (23514 without), stamped, notified, rebuilt', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await tx`delete from public.pending_rebuild`;
      const id = await pendingListing(tx);
      await approve(tx, id);
      await dayLater(tx, id);
      const g = await generation(tx);
      const refused = {
        none: await attempt(
          tx,
          'admin',
          (t) => t`update public.listing_publications set state = 'unpublished' where listing_id = ${id}`,
        ),
        blank: await attempt(
          tx,
          'admin',
          (t) => t`update public.listing_publications set state = 'unpublished', state_reason = '   '
                   where listing_id = ${id}`,
        ),
        tooLong: await attempt(
          tx,
          'admin',
          (
            t,
          ) => t`update public.listing_publications set state = 'unpublished', state_reason = ${'x'.repeat(2001)}
                   where listing_id = ${id}`,
        ),
      };
      const afterRefusals = await publicationOf(tx, id);
      const rows = await as(
        tx,
        'admin',
        (
          t,
        ) => t`update public.listing_publications set state = 'unpublished', state_reason = 'License expired'
                 where listing_id = ${id}`,
      );
      const [now] = await tx<{ now: Date }[]>`select now() as now`;
      return {
        refused,
        afterRefusals,
        affected: rows.count,
        pub: await publicationOf(tx, id),
        now: now?.now,
        notifications: await notificationsOf(tx, id),
        rebuilds: (await generation(tx)) - g,
      };
    });
    expect(out.refused).toEqual({ none: '23514', blank: '23514', tooLong: '23514' });
    expect(out.afterRefusals?.state).toBe('live');
    expect(out.affected).toBe(1);
    expect(out.pub).toMatchObject({
      state: 'unpublished',
      state_reason: 'License expired',
      state_changed_by: SEED.adminUser,
    });
    expect(out.pub?.state_changed_at).toEqual(out.now);
    expect(out.notifications.filter((n) => n.kind === 'listing_unpublished')).toEqual([
      { kind: 'listing_unpublished', provider_id: SEED.provider, notes: 'License expired' },
    ]);
    expect(out.rebuilds).toBe(1);
  });

  it('an administrator republishes: live, the reason cleared, listing_republished, rebuilt', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await tx`delete from public.pending_rebuild`;
      const id = await pendingListing(tx);
      await approve(tx, id);
      await tx`update public.listing_publications set state = 'unpublished', state_reason = 'Checking'
               where listing_id = ${id}`;
      const g = await generation(tx);
      await as(
        tx,
        'admin',
        (t) => t`update public.listing_publications set state = 'live' where listing_id = ${id}`,
      );
      return {
        pub: await publicationOf(tx, id),
        kinds: (await notificationsOf(tx, id)).map((n) => n.kind),
        rebuilds: (await generation(tx)) - g,
      };
    });
    expect(out.pub).toMatchObject({ state: 'live', state_reason: null, state_changed_by: SEED.adminUser });
    expect(out.kinds).toContain('listing_republished');
    expect(out.rebuilds).toBe(1);
  });

  it('the provider withdraws its own live listing (with or without a reason): listing_withdrawn, rebuilt', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await tx`delete from public.pending_rebuild`;
      const id = await pendingListing(tx);
      await approve(tx, id);
      const g = await generation(tx);
      const rows = await as(
        tx,
        'provider',
        (
          t,
        ) => t`update public.listing_publications set state = 'withdrawn', state_reason = 'Closing for renovation'
                 where listing_id = ${id}`,
      );
      return {
        affected: rows.count,
        pub: await publicationOf(tx, id),
        notifications: await notificationsOf(tx, id),
        rebuilds: (await generation(tx)) - g,
      };
    });
    expect(out.affected).toBe(1);
    expect(out.pub).toMatchObject({
      state: 'withdrawn',
      state_reason: 'Closing for renovation',
      state_changed_by: SEED.providerUser,
    });
    expect(out.notifications.filter((n) => n.kind === 'listing_withdrawn')).toEqual([
      { kind: 'listing_withdrawn', provider_id: SEED.provider, notes: 'Closing for renovation' },
    ]);
    expect(out.rebuilds).toBe(1);
  });

  it.each([
    [
      'unpublished',
      (tx: Tx, id: string) =>
        as(
          tx,
          'admin',
          (t) =>
            t`update public.listing_publications set state = 'unpublished', state_reason = 'Wrong phone' where listing_id = ${id}`,
        ),
    ],
    [
      'withdrawn',
      (tx: Tx, id: string) =>
        as(
          tx,
          'provider',
          (t) => t`update public.listing_publications set state = 'withdrawn' where listing_id = ${id}`,
        ),
    ],
  ] as const)(
    'a %s listing whose edit is approved goes live again with the new facts',
    async (_, takeDown) => {
      const out = await rolledBack(sql, async (tx) => {
        const id = await pendingListing(tx);
        await approve(tx, id);
        await takeDown(tx, id);
        await dayLater(tx, id);
        const down = await publicationOf(tx, id);
        await edit(tx, id, { phone: '617-555-0199' });
        const stillDown = await publicationOf(tx, id);
        await approve(tx, id);
        const kinds = await tx<{ kind: string }[]>`
          select kind from public.notifications where subject_id = ${id} order by created_at, id`;
        return { down, stillDown, pub: await publicationOf(tx, id), kinds: kinds.map((k) => k.kind) };
      });
      expect(out.stillDown).toEqual(out.down);
      // One e-mail for the approval that put it back: not also "published again".
      expect(out.kinds).not.toContain('listing_republished');
      expect(out.kinds.filter((k) => k === 'listing_approved')).toHaveLength(2);
      expect(out.pub).toMatchObject({ state: 'live', state_reason: null, state_changed_by: SEED.adminUser });
      expect(out.pub?.snapshot['phone']).toBe('617-555-0199');
      expect(out.pub?.state_changed_at.getTime()).toBeGreaterThan(
        out.down?.state_changed_at.getTime() ?? Infinity,
      );
    },
  );

  it.each([
    ['withdraw an unpublished listing', 'provider', 'unpublished', "state = 'withdrawn'", '23514'],
    [
      'unpublish a withdrawn listing',
      'admin',
      'withdrawn',
      "state = 'unpublished', state_reason = 'x'",
      '23514',
    ],
    ['republish a withdrawn listing as its provider', 'provider', 'withdrawn', "state = 'live'", '42501'],
    [
      "change the provider's reason of a withdrawal",
      'provider',
      'withdrawn',
      "state_reason = 'Other'",
      '42501',
    ],
    // Not a take-down: the same state with another reason is an administrator's correction.
    [
      "(re)word an unpublished listing's reason",
      'admin',
      'unpublished',
      "state = 'unpublished', state_reason = 'Again'",
      'ok',
    ],
    ['withdraw a withdrawn listing again', 'provider', 'withdrawn', "state = 'withdrawn'", 'ok'],
  ] as const)('%s (%s, from %s): %s', async (_, actor, from, set, expected) => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      await approve(tx, id);
      await tx`update public.listing_publications set state = ${from}, state_reason = 'Before'
               where listing_id = ${id}`;
      const before = await publicationOf(tx, id);
      const notified = (await notificationsOf(tx, id)).length;
      const result = await attempt(tx, actor, (t) =>
        t.unsafe(`update public.listing_publications set ${set} where listing_id = $1`, [id]),
      );
      return {
        result,
        before,
        after: await publicationOf(tx, id),
        newNotifications: (await notificationsOf(tx, id)).length - notified,
      };
    });
    expect(out.result).toBe(expected);
    // A refusal changes nothing; an accepted statement that is no take-down changes no state.
    expect(out.after?.state).toBe(from);
    expect(out.after?.state_changed_at).toEqual(out.before?.state_changed_at);
    expect(out.newNotifications).toBe(0);
    if (expected !== 'ok') expect(out.after).toEqual(out.before);
  });
});

describe('listing_publications: row-level security and grants', () => {
  type Outcome = 'rows' | 'none' | 'refused';
  /** The outcome, or the SQLSTATE of any other error (so that a wrong refusal reads as itself). */
  const outcome = async (run: Promise<number>): Promise<string> => {
    try {
      return (await run) > 0 ? 'rows' : 'none';
    } catch (error) {
      if (error instanceof postgres.PostgresError) return error.code === '42501' ? 'refused' : error.code;
      throw error;
    }
  };
  /** As `actor`, on the demo provider's published listing (the seed's): rows seen or affected. */
  const cell = (actor: Actor, run: (tx: Tx) => Promise<number>, setup?: (tx: Tx) => Promise<unknown>) =>
    outcome(asRole(sql, ACTORS[actor], run, setup));
  const count = async (q: Promise<{ count: number }>) => (await q).count;
  const L = SEED.approvedListing;
  const unpublished = (tx: Tx) =>
    tx`update public.listing_publications set state = 'unpublished', state_reason = 'Checking' where listing_id = ${L}`;

  const CASES: [
    string,
    (tx: Tx) => Promise<number>,
    Record<Actor, Outcome>,
    ((tx: Tx) => Promise<unknown>)?,
  ][] = [
    [
      'select',
      async (tx) =>
        (await tx`select listing_id from public.listing_publications where listing_id = ${L}`).length,
      { anon: 'refused', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'rows' },
    ],
    [
      'withdraw the live listing',
      (tx) => count(tx`update public.listing_publications set state = 'withdrawn' where listing_id = ${L}`),
      // An administrator may take a listing down too (the provider's wish, by telephone).
      { anon: 'refused', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'rows' },
    ],
    [
      'unpublish with a reason',
      (tx) =>
        count(tx`update public.listing_publications set state = 'unpublished', state_reason = 'Closed'
                 where listing_id = ${L}`),
      { anon: 'refused', family: 'none', provider: 'refused', otherProvider: 'none', admin: 'rows' },
    ],
    [
      'republish an unpublished listing',
      (tx) => count(tx`update public.listing_publications set state = 'live' where listing_id = ${L}`),
      { anon: 'refused', family: 'none', provider: 'refused', otherProvider: 'none', admin: 'rows' },
      unpublished,
    ],
    [
      "change an unpublished listing's reason",
      (tx) =>
        count(tx`update public.listing_publications set state_reason = 'Other' where listing_id = ${L}`),
      { anon: 'refused', family: 'none', provider: 'refused', otherProvider: 'none', admin: 'rows' },
      unpublished,
    ],
    [
      'change the snapshot',
      (tx) =>
        count(tx`update public.listing_publications set snapshot = snapshot || '{"center_name": "Forged"}'
                 where listing_id = ${L}`),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
    [
      'change the program id',
      (tx) => count(tx`update public.listing_publications set program_id = 'forged' where listing_id = ${L}`),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
    [
      'change the review date',
      (tx) =>
        count(
          tx`update public.listing_publications set reviewed_at = now() + interval '1 year' where listing_id = ${L}`,
        ),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
    [
      'stamp the change',
      (tx) =>
        count(
          tx`update public.listing_publications set state_changed_by = ${SEED.familyUser} where listing_id = ${L}`,
        ),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
    [
      'insert a publication',
      (tx) =>
        count(tx`insert into public.listing_publications (listing_id, provider_id, program_id, snapshot)
                 values (${EXTRA.demoDraftListing}, ${SEED.provider}, 'forged-program', '{"center_name": "Forged"}')`),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
    [
      'delete the publication',
      (tx) => count(tx`delete from public.listing_publications where listing_id = ${L}`),
      { anon: 'refused', family: 'refused', provider: 'refused', otherProvider: 'refused', admin: 'refused' },
    ],
  ];

  const ACTOR_NAMES = Object.keys(ACTORS) as Actor[];
  it.each(
    CASES.flatMap(([op, run, expected, setup]) =>
      ACTOR_NAMES.map((a) => [op, a, run, expected[a], setup] as const),
    ),
  )('%s as %s', async (_, actor, run, expected, setup) => {
    expect(await cell(actor, run, setup)).toBe(expected);
  });

  it("the other provider's own publication is its own to read and withdraw, not the demo provider's", async () => {
    const out = await rolledBack(sql, async (tx) => {
      // The other provider's draft, completed and approved as postgres.
      await tx`update public.provider_listings set ${tx({
        description: 'Theirs.',
        phone: '617-555-0111',
        address: '2 Main Street',
        city: 'Belmont',
        state: 'MA',
        zip_code: '02478',
        age_groups: ['Adults'],
        gender_specific: 'Co-ed',
        setting: 'Residential',
        avg_length: '30 days',
        modalities: ['ERP'],
        insurance: ['Private Pay'],
        status: 'approved',
        published_program_id: 'other-draft-pub',
      })} where id = ${OTHER.draftListing}`;
      const seenByOwner = await as(
        tx,
        'otherProvider',
        (t) => t`select listing_id from public.listing_publications`,
      );
      const seenByDemo = await as(
        tx,
        'provider',
        (t) => t`select listing_id from public.listing_publications where listing_id = ${OTHER.draftListing}`,
      );
      const byDemo = await as(
        tx,
        'provider',
        (t) =>
          t`update public.listing_publications set state = 'withdrawn' where listing_id = ${OTHER.draftListing}`,
      );
      const byOwner = await as(
        tx,
        'otherProvider',
        (t) =>
          t`update public.listing_publications set state = 'withdrawn' where listing_id = ${OTHER.draftListing}`,
      );
      return {
        seenByOwner: seenByOwner.map((r) => r['listing_id'] as string),
        seenByDemo: seenByDemo.length,
        byDemo: byDemo.count,
        byOwner: byOwner.count,
        pub: await publicationOf(tx, OTHER.draftListing),
      };
    });
    expect(out.seenByOwner).toEqual([OTHER.draftListing]);
    expect(out.seenByDemo).toBe(0);
    expect(out.byDemo).toBe(0);
    expect(out.byOwner).toBe(1);
    expect(out.pub).toMatchObject({ state: 'withdrawn', state_changed_by: OTHER.user });
  });

  it("a provider cannot withdraw with someone else's name or date: the trigger stamps them", async () => {
    const pub = await rolledBack(sql, async (tx) => {
      await as(
        tx,
        'provider',
        (t) => t`update public.listing_publications set state = 'withdrawn' where listing_id = ${L}`,
      );
      return publicationOf(tx, L);
    });
    expect(pub).toMatchObject({ state: 'withdrawn', state_changed_by: SEED.providerUser });
  });

  it('the Data API lockdown covers the table (its restrictive policy is in place)', async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_policies
      where schemaname = 'public' and tablename = 'listing_publications'
        and policyname = 'Only the API functions, never the Data API' and permissive = 'RESTRICTIVE'`;
    expect(row?.n).toBe(1);
  });
});

describe('deleting a working copy while it is live', () => {
  // The API roles hold no delete grant on provider_listings (migration 20261125000200: nobody
  // deletes through the API); the policy below is what would decide if one were given, so each
  // case grants it inside its rolled-back transaction to test the policy itself.
  const deleteAs = (tx: Tx, actor: Actor, id: string) =>
    as(tx, actor, async (t) => (await t`delete from public.provider_listings where id = ${id}`).count);

  it('without a grant, nobody deletes through the API roles (42501)', async () => {
    const state = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      return attempt(tx, 'provider', (t) => t`delete from public.provider_listings where id = ${id}`);
    });
    expect(state).toBe('42501');
  });

  it('a pending edit of a live listing is not deleted (the publication would go with it); withdrawn, it is', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await tx`grant delete on table public.provider_listings to authenticated`;
      const id = await pendingListing(tx);
      await approve(tx, id);
      await edit(tx, id, { center_name: 'Atlas Edit' });
      const whileLive = await deleteAs(tx, 'provider', id);
      const pubAfterRefusal = await publicationOf(tx, id);
      await as(
        tx,
        'provider',
        (t) => t`update public.listing_publications set state = 'withdrawn' where listing_id = ${id}`,
      );
      const byOther = await deleteAs(tx, 'otherProvider', id);
      const afterWithdrawal = await deleteAs(tx, 'provider', id);
      return {
        whileLive,
        live: pubAfterRefusal?.state,
        byOther,
        afterWithdrawal,
        pub: await publicationOf(tx, id),
      };
    });
    expect(out).toEqual({ whileLive: 0, live: 'live', byOther: 0, afterWithdrawal: 1, pub: undefined });
  });

  it('a draft that was never published is deleted by its provider', async () => {
    const deleted = await rolledBack(sql, async (tx) => {
      await tx`grant delete on table public.provider_listings to authenticated`;
      return deleteAs(tx, 'provider', EXTRA.demoDraftListing);
    });
    expect(deleted).toBe(1);
  });
});

// ---- ranges ---------------------------------------------------------------------------------------

/** A complete outcome the range cases vary one field of. */
const OUTCOME = {
  score_direction: 'fell',
  score_points: 5,
  score_change_year: 2020,
  score_change_sample: 50,
};
const OUTCOME_FIELDS = new Set<string>(Object.keys(OUTCOME));

/** The value of `field` written on the demo provider's draft as the provider (the API's role). */
async function writeRanged(field: RangedField, value: number): Promise<string> {
  return rolledBack(sql, async (tx) => {
    if (field === 'wait_weeks') {
      return attempt(
        tx,
        'provider',
        (t) => t`insert into public.listing_availability (listing_id, status, wait_weeks)
                 values (${EXTRA.demoDraftListing}, 'waitlist', ${value})`,
      );
    }
    const values: Record<string, unknown> = OUTCOME_FIELDS.has(field)
      ? {
          ...OUTCOME,
          [field]: value,
          ...(field === 'score_points' && value === 0 ? { score_direction: 'unchanged' } : {}),
        }
      : { [field]: value };
    return attempt(
      tx,
      'provider',
      (t) => t`update public.provider_listings set ${t(values)} where id = ${EXTRA.demoDraftListing}`,
    );
  });
}

/** Every ranged field × {min, max, min − step, max + step, off the step}. */
const RANGE_CASES = (Object.keys(LISTING_RANGES) as RangedField[]).flatMap((field) => {
  const r = rangeOf(field);
  const cases: [RangedField, string, number, 'ok' | 'refused'][] = [
    [field, 'min', r.min, 'ok'],
    [field, 'max', r.max, 'ok'],
    [field, 'min − step', r.min - r.step, 'refused'],
    [field, 'max + step', r.max + r.step, 'refused'],
    [field, 'off the step', r.min + r.step / 2, 'refused'],
  ];
  return cases;
});

describe('the ranges of src/lib/listing-ranges.ts are the database’s', () => {
  it('every ranged field is a column: of provider_listings, wait_weeks of listing_availability', async () => {
    const rows = await sql<{ table_name: string; column_name: string }[]>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name in ('provider_listings', 'listing_availability')
        and column_name = any(${Object.keys(LISTING_RANGES)})`;
    const where = Object.fromEntries(rows.map((r) => [r.column_name, r.table_name]));
    expect(where).toEqual(
      Object.fromEntries(
        Object.keys(LISTING_RANGES).map((f) => [
          f,
          f === 'wait_weeks' ? 'listing_availability' : 'provider_listings',
        ]),
      ),
    );
  });

  it.each(RANGE_CASES)('%s = %s (%d): %s', async (field, _, value, expected) => {
    const state = await writeRanged(field, value);
    // Out of range: the check constraint (23514). Off the step of a whole-number column: the
    // value is not an integer at all (22P02), never rounded into range.
    if (expected === 'ok') expect(state).toBe('ok');
    else expect(['23514', '22P02']).toContain(state);
  });

  it.each([
    ['erp_hours_per_week', 12.25],
    ['erp_hours_per_week', 12.3],
    ['individual_sessions_per_week', 2.2],
    ['family_sessions_per_week', 0.1],
    ['score_points', 5.3],
  ] as const)('%s = %d is refused by the halves check (23514), not rounded', async (field, value) => {
    expect(await writeRanged(field, value)).toBe('23514');
  });

  it.each([
    ['erp_hours_per_week', 12.5],
    ['individual_sessions_per_week', 2.5],
    ['family_sessions_per_week', 0.5],
    ['score_points', 5.5],
  ] as const)('%s = %d (a half) is accepted', async (field, value) => {
    expect(await writeRanged(field, value)).toBe('ok');
  });
});

describe('the outcome: a direction and a size, all four facts or none', () => {
  const year = new Date().getUTCFullYear();
  it.each([
    ['fell by 0', { score_direction: 'fell', score_points: 0 }, '23514'],
    ['rose by 0', { score_direction: 'rose', score_points: 0 }, '23514'],
    ['unchanged, 0', { score_direction: 'unchanged', score_points: 0 }, 'ok'],
    ['unchanged by 2', { score_direction: 'unchanged', score_points: 2 }, '23514'],
    ['fell by 2.5', { score_direction: 'fell', score_points: 2.5 }, 'ok'],
    ['rose by 40', { score_direction: 'rose', score_points: 40 }, 'ok'],
    ['an unknown direction', { score_direction: 'down' }, '23514'],
    ['a direction only', { score_points: null, score_change_year: null, score_change_sample: null }, '23514'],
    ['no direction', { score_direction: null }, '23514'],
    ['no year', { score_change_year: null }, '23514'],
    ['no sample', { score_change_sample: null }, '23514'],
    [
      'nothing at all',
      { score_direction: null, score_points: null, score_change_year: null, score_change_sample: null },
      'ok',
    ],
    ['figures from this year', { score_change_year: year }, 'ok'],
    ['figures from next year', { score_change_year: year + 1 }, '23514'],
  ] as const)('%s: %s', async (_, fields, expected) => {
    const state = await rolledBack(sql, (tx) =>
      attempt(
        tx,
        'provider',
        (t) =>
          t`update public.provider_listings set ${t({ ...OUTCOME, ...fields })} where id = ${EXTRA.demoDraftListing}`,
      ),
    );
    expect(state).toBe(expected);
  });

  it('a year after this one is refused with the year range in the message', async () => {
    const error = await rolledBack(sql, async (tx) => {
      try {
        await tx`update public.provider_listings set ${tx({ ...OUTCOME, score_change_year: year + 1 })}
                 where id = ${EXTRA.demoDraftListing}`;
        return null;
      } catch (e) {
        if (!(e instanceof postgres.PostgresError)) throw e;
        return { code: e.code, message: e.message, constraint: e.constraint_name, column: e.column_name };
      }
    });
    expect(error).toEqual({
      code: '23514',
      message: `Enter a year from 1990 to ${String(year)}.`,
      constraint: 'provider_listings_score_change_year_check',
      column: 'score_change_year',
    });
  });
});
