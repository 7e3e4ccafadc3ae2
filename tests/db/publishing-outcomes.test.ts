/**
 * Publishing that cannot silently fail (migration 20261125000300_publishing_outcomes.sql):
 *
 * - an approved listing is always publishable: a Studio-style UPDATE approving (or editing) a row
 *   the build's schema would refuse is refused by the database, with the reason; the lists it
 *   checks are those of src/lib/vocabulary.ts and src/lib/geo/states.ts, and what it accepts
 *   listingToProgram() accepts too (generated rows);
 * - the rebuild bookkeeping: one build at a time, at most one per interval, a success publishes
 *   (clears), a failure keeps the request and schedules a retry with a growing delay, a build that
 *   never reports is asked for again after 30 minutes;
 * - changes to what the directory shows record their request in their own transaction;
 * - nobody but the server moves the bookkeeping; administrators alone read the state.
 */
import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findState, US_STATES } from '../../src/lib/geo/states.ts';
import {
  listingToProgram,
  PUBLISHING_MESSAGES,
  type ListingForPublishing,
} from '../../src/lib/published-listing.ts';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../src/lib/vocabulary.ts';
import {
  ACTORS,
  type Actor,
  SEED,
  type Sql,
  type Tx,
  asRole,
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

/** The array literal to paste into the migration when a list changes. */
const literal = (list: readonly string[]) =>
  `array[${list.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** `stateCode()`'s normalisation: what it compares names with. */
const normalised = (name: string) =>
  name
    .toLowerCase()
    .replace(/\./g, ' ')
    .replace(/[\s,]+/g, ' ')
    .trim();

async function vocabulary(list: string): Promise<string[]> {
  const [row] = await sql<{ list: string[] }[]>`select private.publishing_vocabulary(${list}) as list`;
  return row?.list ?? [];
}

describe("the migration's lists are the vocabulary's", () => {
  it.each([
    ['age_groups', AGE_GROUPS],
    ['gender_options', GENDER_OPTIONS],
    ['settings', SETTINGS],
    ['modalities', MODALITIES],
    ['insurance', INSURANCE],
    ['accreditations', ACCREDITATIONS],
    ['state_codes', US_STATES.map(([code]) => code)],
  ] as const)('%s', async (list, expected) => {
    const actual = await vocabulary(list);
    expect(actual, `paste into private.publishing_vocabulary('${list}'): ${literal(expected)}`).toEqual([
      ...expected,
    ]);
  });

  it('state names: every name of US_STATES, and nothing findState() would not find', async () => {
    const names = await vocabulary('state_names');
    const expected = US_STATES.map(([, name]) => normalised(name));
    expect(
      expected.filter((n) => !names.includes(n)),
      `add to private.publishing_vocabulary('state_names'): ${literal(expected)}`,
    ).toEqual([]);
    expect(names.filter((n) => findState(n) === undefined)).toEqual([]);
  });

  it('the messages are PUBLISHING_MESSAGES word for word', async () => {
    for (const [field, message] of Object.entries(PUBLISHING_MESSAGES)) {
      const [row] = await sql<{ message: string }[]>`select private.publishing_message(${field}) as message`;
      expect(row?.message, field).toBe(message);
    }
  });

  it.each([
    'MA',
    'ma',
    'Massachusetts',
    '  new   york ',
    'New,York',
    'D.C.',
    'District of Columbia',
    'u.s. virgin islands',
    'New\u00a0York',
    'Atlantis',
    '',
    'XX',
    'Mass.',
    'İllinois',
    'Kansas\u212a',
  ])('state %j: the database and findState() agree (or the database is stricter)', async (state) => {
    const [row] = await sql<{ ok: boolean }[]>`select private.is_us_state(${state}) as ok`;
    if (row?.ok) expect(findState(state)).toBeDefined();
    if (['MA', 'ma', 'Massachusetts', 'D.C.', 'New\u00a0York'].includes(state)) expect(row?.ok).toBe(true);
    if (['Atlantis', '', 'XX', 'Mass.'].includes(state)) expect(row?.ok).toBe(false);
  });
});

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
      status: 'pending',
      ...fields,
    })} returning id`;
  return row?.id ?? '';
}

/** The error of a statement (message, detail, constraint), or 'ok'. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (!(error instanceof postgres.PostgresError)) throw error;
    return {
      code: error.code,
      message: error.message,
      detail: error.detail,
      constraint: error.constraint_name,
      hint: error.hint,
    };
  }
}

describe('an approved listing is always publishable', () => {
  it("a Studio-style approval with state 'Atlantis' is refused, with the reason; the row stays pending", async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx, { state: 'Atlantis' });
      const error = await refusal(
        tx.savepoint(
          (sp) => sp`update public.provider_listings
                     set status = 'approved', published_program_id = 'atlas-house' where id = ${id}`,
        ),
      );
      const [row] = await tx<
        { status: string }[]
      >`select status from public.provider_listings where id = ${id}`;
      const notified = await tx`select 1 from public.notifications where subject_id = ${id}`;
      return { error, status: row?.status, notified: notified.length };
    });
    expect(out.error).toEqual({
      code: '23514',
      message: PUBLISHING_MESSAGES.summary + PUBLISHING_MESSAGES.state,
      detail: JSON.stringify({ state: PUBLISHING_MESSAGES.state }),
      constraint: 'provider_listings_publishable',
      hint: expect.stringContaining('leave it pending') as unknown,
    });
    expect(out).toMatchObject({ status: 'pending', notified: 0 });
  });

  it('an approved row edited in Studio into one the build cannot publish is refused too', async () => {
    const error = await rolledBack(sql, (tx) =>
      refusal(
        tx`update public.provider_listings set state = 'Atlantis', zip_code = '' where id = ${SEED.approvedListing}`,
      ),
    );
    expect(error).toMatchObject({
      code: '23514',
      message: `${PUBLISHING_MESSAGES.summary}${PUBLISHING_MESSAGES.state} ${PUBLISHING_MESSAGES.zip_code}`,
    });
  });

  it('an approval through RLS (an administrator, as /api/admin) is refused the same way', async () => {
    const error = await asRole(
      sql,
      ACTORS.admin,
      (tx) =>
        refusal(tx`update public.provider_listings set status = 'approved', published_program_id = 'atlas-2'
                   where center_name = 'Atlas Admin'`),
      (tx) => pendingListing(tx, { center_name: 'Atlas Admin', phone: '555-0100', city: '  ' }),
    );
    expect(error).toMatchObject({
      code: '23514',
      detail: JSON.stringify({ city: PUBLISHING_MESSAGES.city, phone: PUBLISHING_MESSAGES.phone }),
    });
  });

  it.each([
    ['no program id', { published_program_id: null }, 'published_program_id'],
    ['no setting', { setting: null }, 'setting'],
    ['no age group', { age_groups: [] }, 'age_groups'],
    ['a blank street (JavaScript white space)', { address: '\u00a0\u2003' }, 'address'],
    ['an e-mail the schema refuses', { email: 'admissions@example.c' }, 'email'],
    ['a direction override in the name', { center_name: 'Atlas \u202eesuoH' }, 'center_name'],
    ['an eleven-digit phone number not starting with 1', { phone: '2-617-555-0100' }, 'phone'],
  ])('inserted approved with %s: refused', async (_, fields, field) => {
    const error = await rolledBack(sql, (tx) =>
      refusal(pendingListing(tx, { status: 'approved', published_program_id: 'atlas-new', ...fields })),
    );
    expect(error).toMatchObject({ code: '23514', constraint: 'provider_listings_publishable' });
    expect(Object.keys(JSON.parse((error as { detail: string }).detail) as object)).toEqual([field]);
  });

  it('a complete listing is approved; review notes of an approved row can still change', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx, { state: 'Massachusetts', phone: '+1 (617) 555-0100' });
      const approve = await sqlState(
        tx`update public.provider_listings set status = 'approved', published_program_id = 'atlas-ok' where id = ${id}`,
      );
      const notes = await sqlState(
        tx`update public.provider_listings set reviewer_notes = 'Checked again' where id = ${id}`,
      );
      return { approve, notes };
    });
    expect(out).toEqual({ approve: 'ok', notes: 'ok' });
  });

  it('what the database accepts, the build publishes (generated listings)', async () => {
    // Each field mostly as it should be, sometimes an edge case: so that many rows are accepted.
    const mostly = <T>(valid: fc.Arbitrary<T>, edge: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: edge, weight: 1 });
    const text = (valid: string) =>
      mostly(
        fc.constantFrom(valid, ` ${valid} `, `${valid}\u200e`),
        fc.oneof(
          fc.constantFrom('', ' ', '\u00a0', '\t\n', 'A\u202eB', '\ufeff', '\u0085', '\u180e'),
          fc.string({ maxLength: 4 }),
        ),
      );
    const listing = fc.record({
      address: text('1 Main Street'),
      city: text('Belmont'),
      state: mostly(
        fc.constantFrom(
          'MA',
          'ma',
          ' Oregon ',
          'D.C.',
          'd c',
          'New\u00a0York',
          'new york,',
          'U.S. Virgin Islands',
        ),
        fc.oneof(
          fc.constantFrom('Atlantis', 'XX', 'İllinois', 'Kansas\u212a', '', 'M.A.'),
          fc.string({ maxLength: 4 }),
        ),
      ),
      zip_code: mostly(fc.constantFrom('02478', '02478-1234'), fc.constant('')),
      phone: mostly(
        fc.constantFrom('617-555-0100', '1 617 555 0100', '(617) 555-0100 x'),
        fc.constantFrom('2 617 555 0100', '555-0100', '', '٦١٧٥٥٥٠١٠٠'),
      ),
      email: mostly(
        fc.constantFrom('', 'a@example.org', 'a.b@example.org', 'x@ex-ample.org', "o'neil@example.org"),
        fc.oneof(
          fc.constantFrom(' ', 'a@b.c', '.a@example.org', 'a..b@example.org', 'a@-x.org', 'é@example.org'),
          fc.string({ maxLength: 6 }),
        ),
      ),
      avg_length: text('45-60 days'),
      center_name: text('Atlas House'),
      description: text('Residential ERP.'),
      staff_ratio: mostly(fc.constantFrom(null, '1:3'), fc.constantFrom('x\u2066y', ' ')),
      license_number: mostly(fc.constant(null), fc.constantFrom('L-1', ' ', 'L\u202a1')),
      age_groups: mostly(fc.subarray([...AGE_GROUPS], { minLength: 1 }), fc.constant<string[]>([])),
      modalities: mostly(
        fc.subarray([...MODALITIES], { minLength: 1, maxLength: 2 }),
        fc.constant<string[]>([]),
      ),
      insurance: mostly(
        fc.subarray([...INSURANCE], { minLength: 1, maxLength: 2 }),
        fc.constant<string[]>([]),
      ),
      gender_specific: mostly(fc.constantFrom(...GENDER_OPTIONS), fc.constant(null)),
      setting: mostly(fc.constantFrom(...SETTINGS), fc.constant(null)),
    });
    const samples = fc.sample(listing, { numRuns: 400, seed: 20261125 });
    const verdicts = await rolledBack(sql, async (tx) => {
      const out: { row: (typeof samples)[number]; problems: string[] }[] = [];
      for (const row of samples) {
        // Over the seed's approved listing, so every other column is a real one.
        const rows = await tx<{ field: string }[]>`
          select p.field from public.provider_listings l,
            private.listing_publishing_problems(jsonb_populate_record(l, ${tx.json({ ...row, published_program_id: 'gen-id' })}::jsonb)) p
          where l.id = ${SEED.approvedListing}`;
        out.push({ row, problems: rows.map((r) => r.field) });
      }
      return out;
    });
    let accepted = 0;
    for (const { row, problems } of verdicts) {
      const built = listingToProgram({
        ...(row as unknown as ListingForPublishing),
        published_program_id: 'gen-id',
        website: null,
        capacity: null,
        medical_support: null,
        financial_aid: null,
        logo_url: null,
        accreditations: [],
        provider_verified: false,
      });
      if (problems.length === 0) {
        accepted += 1;
        expect(built, JSON.stringify(row)).toMatchObject({ ok: true });
      }
    }
    expect(accepted).toBeGreaterThan(20);
  });
});

// ---- the rebuild bookkeeping ---------------------------------------------------------------------

interface State {
  generation: string;
  published_generation: string;
  building_generation: string | null;
  failures: number;
  retry_in: number | null;
  build_error: string | null;
}

/** The state, with `retry_at` as seconds from now (now() is fixed in a transaction). */
async function state(tx: Tx): Promise<State | undefined> {
  const [row] = await tx<State[]>`
    select generation::text, published_generation::text, building_generation::text, failures,
           extract(epoch from retry_at - now())::int as retry_in, build_error
    from public.pending_rebuild`;
  return row;
}

/** As the functions' drain runs it (withService): a fresh state, then service_role. */
async function asServer(tx: Tx): Promise<void> {
  await tx`delete from public.pending_rebuild`;
  await tx.unsafe('set local role service_role');
}

const claim = async (tx: Tx, interval: number) =>
  (await tx<{ generation: string }[]>`select generation::text from private.claim_rebuild(${interval})`)[0]
    ?.generation ?? null;
const request = async (tx: Tx, reason = 'listing approved') =>
  (await tx<{ g: string }[]>`select private.request_rebuild(${reason})::text as g`)[0]?.g ?? '';

describe('rebuilds: one at a time, at most one per interval, published only by a successful build', () => {
  it('a success clears: nothing is pending once the build containing it succeeded', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      const g = await request(tx);
      const claimed = await claim(tx, 180);
      await tx`select private.rebuild_started(${claimed})`;
      const building = await state(tx);
      const pendingWhileBuilding = (await tx`select * from private.pending_rebuild()`).length;
      const [more] = await tx<{ more: boolean }[]>`select private.rebuild_succeeded(${g}) as more`;
      return {
        g,
        claimed,
        building,
        pendingWhileBuilding,
        more: more?.more,
        after: await state(tx),
        pending: (await tx`select * from private.pending_rebuild()`).length,
      };
    });
    expect(out.claimed).toBe(out.g);
    expect(out.building).toMatchObject({ building_generation: out.g, published_generation: '0' });
    // The hook accepting is not publishing.
    expect(out.pendingWhileBuilding).toBe(1);
    expect(out.more).toBe(false);
    expect(out.after).toMatchObject({ published_generation: out.g, building_generation: null, failures: 0 });
    expect(out.pending).toBe(0);
  });

  it('twelve requests during a build: no second build until it ends and the interval has passed, then one', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      const first = await request(tx, 'availability changed');
      await tx`select private.rebuild_started(${await claim(tx, 180)})`;
      const claims: (string | null)[] = [];
      let last = first;
      for (let i = 0; i < 12; i += 1) {
        last = await request(tx, 'availability changed');
        claims.push(await claim(tx, 180));
      }
      const [more] = await tx<{ more: boolean }[]>`select private.rebuild_succeeded(${first}) as more`;
      // The build started now (now() is fixed in this transaction): within the interval.
      const withinInterval = await claim(tx, 180);
      await tx`update public.pending_rebuild set build_started_at = now() - interval '179 seconds'`;
      const justBefore = await claim(tx, 180);
      await tx`update public.pending_rebuild set build_started_at = now() - interval '180 seconds'`;
      const after = await claim(tx, 180);
      const again = await claim(tx, 180);
      return { claims, more: more?.more, withinInterval, justBefore, after, again, last };
    });
    expect(out.claims).toEqual(Array(12).fill(null));
    expect(out.more).toBe(true);
    expect(out.withinInterval).toBeNull();
    expect(out.justBefore).toBeNull();
    // One build for the twelve, claimed once (a second drain gets nothing while the first calls).
    expect(out.after).toBe(out.last);
    expect(out.again).toBeNull();
  });

  it('a failure keeps the request and schedules a retry: 1, 2, 4 … minutes, at most an hour', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      const g = await request(tx);
      await tx`select private.rebuild_started(${await claim(tx, 0)})`;
      await tx`select private.rebuild_failed(${g}, 'astro build exited 1: Invalid frontmatter')`;
      const first = await state(tx);
      const pending = (await tx`select * from private.pending_rebuild()`).length;
      const tooEarly = await claim(tx, 0);
      await tx`update public.pending_rebuild set retry_at = now()`;
      const retried = await claim(tx, 0);
      await tx`select private.rebuild_started(${retried})`;
      await tx`select private.rebuild_failed(${g}, 'again')`;
      const second = await state(tx);
      for (let i = 0; i < 10; i += 1) await tx`select private.rebuild_failed(${g}, 'again')`;
      const capped = await state(tx);
      // A later success of a build containing it clears the failure.
      await tx`select private.rebuild_succeeded(${g})`;
      return { g, first, pending, tooEarly, retried, second, capped, cleared: await state(tx) };
    });
    expect(out.first).toMatchObject({
      published_generation: '0',
      building_generation: null,
      failures: 1,
      retry_in: 60,
      build_error: 'astro build exited 1: Invalid frontmatter',
    });
    expect(out.pending).toBe(1);
    expect(out.tooEarly).toBeNull();
    expect(out.retried).toBe(out.g);
    expect(out.second).toMatchObject({ failures: 2, retry_in: 120 });
    expect(out.capped).toMatchObject({ failures: 12, retry_in: 3600 });
    expect(out.cleared).toMatchObject({
      published_generation: out.g,
      failures: 0,
      retry_in: null,
      build_error: null,
    });
  });

  it('a build that never reports is asked for again after 30 minutes; a failed hook call after a minute', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      await request(tx);
      const g = await claim(tx, 0);
      await tx`select private.rebuild_hook_failed(${g}, 'Build hook answered HTTP 503')`;
      const [hook] = await tx<{ attempts: number; last_error: string; retry_in: number }[]>`
        select attempts, last_error, extract(epoch from retry_at - now())::int as retry_in from public.pending_rebuild`;
      await tx`update public.pending_rebuild set retry_at = null`;
      await tx`select private.rebuild_started(${await claim(tx, 0)})`;
      await tx`update public.pending_rebuild set build_started_at = now() - interval '29 minutes'`;
      const stillBuilding = await claim(tx, 0);
      await tx`update public.pending_rebuild set build_started_at = now() - interval '31 minutes'`;
      const lost = await claim(tx, 0);
      return { hook, stillBuilding, lost, g };
    });
    expect(out.hook).toEqual({ attempts: 1, last_error: 'Build hook answered HTTP 503', retry_in: 60 });
    expect(out.stillBuilding).toBeNull();
    expect(out.lost).toBe(out.g);
  });

  it('a request made during the build is not published by it', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      const first = await request(tx);
      await tx`select private.rebuild_started(${await claim(tx, 0)})`;
      const second = await request(tx, 'taken down');
      const [more] = await tx<{ more: boolean }[]>`select private.rebuild_succeeded(${first}) as more`;
      const pending = await tx`select reason, generation::text from private.pending_rebuild()`;
      return { more: more?.more, pending: [...pending], second };
    });
    expect(out.more).toBe(true);
    expect(out.pending).toEqual([{ reason: 'taken down', generation: out.second }]);
  });

  it('a deploy without a generation publishes the requests made before it was created', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await asServer(tx);
      const g = await request(tx);
      const [before] = await tx<{ g: string | null }[]>`
        select private.rebuild_succeeded_at(now() - interval '1 minute')::text as g`;
      const [after] = await tx<{ g: string | null }[]>`select private.rebuild_succeeded_at(now())::text as g`;
      return { g, before: before?.g, after: after?.g, state: await state(tx) };
    });
    expect(out.before).toBeNull();
    expect(out.after).toBe(out.g);
    expect(out.state).toMatchObject({ published_generation: out.g });
  });
});

describe('requests are recorded with the change', () => {
  const generation = async (tx: Tx) =>
    Number(
      (
        await tx<{ g: string }[]>`select coalesce(max(generation), 0)::text as g from public.pending_rebuild`
      )[0]?.g,
    );

  it('approving, correcting a published listing, its availability, its provider’s badge, taking it down — not a pending edit', async () => {
    const out = await rolledBack(sql, async (tx) => {
      await tx`delete from public.pending_rebuild`;
      const id = await pendingListing(tx);
      const steps: Record<string, number> = { pending: await generation(tx) };
      await tx`update public.provider_listings set status = 'approved', published_program_id = 'atlas-req' where id = ${id}`;
      steps['approved'] = await generation(tx);
      await tx`update public.provider_listings set reviewer_notes = 'ok' where id = ${id}`;
      steps['notes'] = await generation(tx);
      await tx`update public.provider_listings set city = 'Cambridge' where id = ${id}`;
      steps['edited'] = await generation(tx);
      await tx`insert into public.listing_availability (listing_id, status) values (${id}, 'open')`;
      steps['availability'] = await generation(tx);
      await tx`update public.listing_availability set status = 'open' where listing_id = ${id}`;
      steps['same day, same state'] = await generation(tx);
      await tx`update public.listing_availability set status = 'waitlist', wait_weeks = 2 where listing_id = ${id}`;
      steps['changed state'] = await generation(tx);
      await tx`update public.providers set verification_status = 'rejected' where id = ${SEED.provider}`;
      steps['badge'] = await generation(tx);
      // The provider edits the working copy: pending, then the edit is rejected. Nothing published changes.
      await tx`update public.provider_listings set status = 'pending', city = 'Boston' where id = ${id}`;
      steps['edit pending'] = await generation(tx);
      await tx`update public.provider_listings set status = 'rejected', reviewer_notes = 'No' where id = ${id}`;
      steps['edit rejected'] = await generation(tx);
      await tx`update public.listing_publications set state = 'unpublished', state_reason = 'Closed' where listing_id = ${id}`;
      steps['taken down'] = await generation(tx);
      return steps;
    });
    expect(out).toEqual({
      pending: 0,
      approved: 1,
      notes: 1,
      edited: 2,
      availability: 3,
      'same day, same state': 3,
      'changed state': 4,
      badge: 5,
      'edit pending': 5,
      'edit rejected': 5,
      'taken down': 6,
    });
  });
});

describe('who may touch the bookkeeping', () => {
  it.each(['anon', 'family', 'provider', 'otherProvider', 'admin'] as Actor[])(
    '%s cannot claim, start, succeed or fail a rebuild',
    async (actor) => {
      const as = (query: (tx: Tx) => Promise<unknown>) => sqlState(asRole(sql, ACTORS[actor], query));
      expect({
        claim: await as((tx) => tx`select * from private.claim_rebuild(0)`),
        started: await as((tx) => tx`select private.rebuild_started(1)`),
        hook: await as((tx) => tx`select private.rebuild_hook_failed(1, 'x')`),
        succeeded: await as((tx) => tx`select private.rebuild_succeeded(1)`),
        since: await as((tx) => tx`select private.rebuild_succeeded_at(now())`),
        failed: await as((tx) => tx`select private.rebuild_failed(1, 'x')`),
        table: await as((tx) => tx`update public.pending_rebuild set failures = 0`),
      }).toEqual({
        claim: '42501',
        started: '42501',
        hook: '42501',
        succeeded: '42501',
        since: '42501',
        failed: '42501',
        table: '42501',
      });
    },
  );

  it.each([
    ['anon', '42501'],
    ['family', '42501'],
    ['provider', '42501'],
    ['admin', 'ok'],
  ] as [Actor, string][])('%s reading the publishing state: %s', async (actor, expected) => {
    expect(
      await sqlState(asRole(sql, ACTORS[actor], (tx) => tx`select * from private.publishing_status()`)),
    ).toBe(expected);
  });
});
