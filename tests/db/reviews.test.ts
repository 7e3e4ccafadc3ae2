/**
 * Reviews, responses and reports (supabase/migrations/20261126000500_reviews.sql): a family writes,
 * edits and deletes its own review and reads published ones; nobody edits another's review; an
 * administrator decides (a rejection needs a rule of the content policy); a provider responds only
 * on the programs it publishes; insiders cannot review; an author's edit goes back to pending; the
 * database derives "Sent a request through this site", resolves reports, tells the reviewer of a
 * rejection and asks for a rebuild.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONSHIPS, REMOVAL_RULE_IDS, REVIEW_FLAGS } from '../../src/lib/reviews.ts';
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

/** Published from the demo provider's live listing (the seed). */
const LISTING_PROGRAM = 'test-program-001';
/** A program file: no provider account publishes it. */
const FILE_PROGRAM = 'mclean';

/** A review by the demo family, and its response by the demo provider (arranged per test). */
const REVIEW = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const RESPONSE = 'b2b2b2b2-b2b2-4b2b-8b2b-b2b2b2b2b2b2';
const REPORT = 'c3c3c3c3-c3c3-4c3c-8c3c-c3c3c3c3c3c3';

const BODY = 'The exposure work was hard, and the staff explained every step to us.';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

interface ReviewValues {
  id?: string;
  program_id?: string;
  rating?: number;
  title?: string;
  body?: string;
  relationship?: string;
  stay_year?: number | null;
  public_name?: string;
  connected_to_program?: boolean;
  connection_note?: string | null;
}

/** Inserts a review the way POST /api/reviews does (as the caller; user_id is the column default). */
function write(tx: Tx, values: ReviewValues = {}) {
  return tx`
    insert into public.program_reviews
      (id, program_id, rating, title, body, relationship, stay_year, public_name, connected_to_program, connection_note)
    values (${values.id ?? randomUUID()}, ${values.program_id ?? FILE_PROGRAM}, ${values.rating ?? 4},
            ${values.title ?? 'Hard work that helped'}, ${values.body ?? BODY},
            ${values.relationship ?? 'parent_or_guardian'}, ${values.stay_year === undefined ? 2024 : values.stay_year},
            ${values.public_name ?? 'Maria G.'}, ${values.connected_to_program ?? false}, ${values.connection_note ?? null})`;
}

/** As postgres: the family's review of the listing's program, with its status; optionally a response and a report. */
async function arrangeReview(
  tx: Tx,
  options: {
    status?: 'pending' | 'published' | 'rejected';
    response?: 'pending' | 'published';
    report?: boolean;
  } = {},
): Promise<void> {
  const status = options.status ?? 'published';
  await tx`
    insert into public.program_reviews
      (id, program_id, user_id, rating, title, body, relationship, stay_year, public_name, status, rejection_rule)
    values (${REVIEW}, ${LISTING_PROGRAM}, ${SEED.familyUser}, 2, 'Slow to answer', ${BODY}, 'parent_or_guardian',
            2024, 'Maria G.', ${status}, ${status === 'rejected' ? 'spam' : null})`;
  if (options.response) {
    await tx`
      insert into public.review_responses (id, review_id, provider_id, body, status)
      values (${RESPONSE}, ${REVIEW}, ${SEED.provider}, 'Thank you; we have changed how we answer calls.', ${options.response})`;
  }
  if (options.report) {
    await tx`insert into public.review_reports (id, review_id, reason) values (${REPORT}, ${REVIEW}, 'It names a member of staff.')`;
  }
}

type Outcome = 'rows' | 'none' | 'refused';
async function outcome(
  actor: Actor,
  run: (tx: Tx) => Promise<number>,
  setup: (tx: Tx) => Promise<unknown>,
): Promise<string> {
  try {
    const n = await asRole(sql, ACTORS[actor], run, setup);
    return n > 0 ? 'rows' : 'none';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === '42501' ? 'refused' : `error ${code ?? ''}: ${(error as Error).message}`;
  }
}

const ACTOR_NAMES = Object.keys(ACTORS) as Actor[];
const all = (o: Outcome): Record<Actor, Outcome> => ({
  anon: o,
  family: o,
  provider: o,
  otherProvider: o,
  admin: o,
});

describe('who may do what (RLS, grants and triggers)', () => {
  const published = (tx: Tx) => arrangeReview(tx, { status: 'published' });
  const pending = (tx: Tx) => arrangeReview(tx, { status: 'pending' });
  const withPendingResponse = (tx: Tx) => arrangeReview(tx, { status: 'published', response: 'pending' });
  const withReport = (tx: Tx) => arrangeReview(tx, { status: 'published', report: true });

  const MATRIX: Record<
    string,
    { run: (tx: Tx) => Promise<number>; setup: (tx: Tx) => Promise<unknown>; expect: Record<Actor, Outcome> }
  > = {
    'read a published review': {
      setup: published,
      run: async (tx) =>
        (await tx`select id, rating, title from public.program_reviews where id = ${REVIEW}`).length,
      expect: all('rows'),
    },
    'read a pending review (the family’s own)': {
      setup: pending,
      run: async (tx) => (await tx`select id, title from public.program_reviews where id = ${REVIEW}`).length,
      expect: { anon: 'none', family: 'rows', provider: 'none', otherProvider: 'none', admin: 'rows' },
    },
    'read a review’s author and flags': {
      setup: published,
      run: async (tx) =>
        (await tx`select user_id, flags from public.program_reviews where id = ${REVIEW}`).length,
      // Column privilege: never visitors; signed-in callers only within their rows (RLS).
      expect: { anon: 'refused', family: 'rows', provider: 'rows', otherProvider: 'rows', admin: 'rows' },
    },
    'write a review of a program file': {
      setup: () => Promise.resolve(),
      run: async (tx) => (await write(tx, { program_id: FILE_PROGRAM })).count,
      // Administrators moderate and never review.
      expect: { anon: 'refused', family: 'rows', provider: 'rows', otherProvider: 'rows', admin: 'refused' },
    },
    'write a review of the demo provider’s program': {
      setup: () => Promise.resolve(),
      run: async (tx) => (await write(tx, { program_id: LISTING_PROGRAM })).count,
      // The insider rule: the organization that publishes it cannot review it.
      expect: {
        anon: 'refused',
        family: 'rows',
        provider: 'refused',
        otherProvider: 'rows',
        admin: 'refused',
      },
    },
    'edit the family’s review': {
      setup: published,
      run: async (tx) =>
        (await tx`update public.program_reviews set title = 'Changed title' where id = ${REVIEW}`).count,
      // Nobody edits another's review: providers see no row to edit, an administrator is refused.
      expect: { anon: 'refused', family: 'rows', provider: 'none', otherProvider: 'none', admin: 'refused' },
    },
    'publish the family’s pending review': {
      setup: pending,
      run: async (tx) =>
        (await tx`update public.program_reviews set status = 'published' where id = ${REVIEW}`).count,
      expect: { anon: 'refused', family: 'refused', provider: 'none', otherProvider: 'none', admin: 'rows' },
    },
    'reject the family’s review under a rule': {
      setup: published,
      run: async (tx) =>
        (
          await tx`update public.program_reviews set status = 'rejected', rejection_rule = 'spam' where id = ${REVIEW}`
        ).count,
      expect: { anon: 'refused', family: 'refused', provider: 'none', otherProvider: 'none', admin: 'rows' },
    },
    'move the family’s review to another program': {
      setup: published,
      run: async (tx) =>
        (await tx`update public.program_reviews set program_id = ${FILE_PROGRAM} where id = ${REVIEW}`).count,
      expect: all('refused'),
    },
    'mark a review as sample data': {
      setup: published,
      run: async (tx) =>
        (await tx`update public.program_reviews set sample = true where id = ${REVIEW}`).count,
      expect: all('refused'),
    },
    'set "sent a request" on the family’s review': {
      setup: published,
      run: async (tx) =>
        (await tx`update public.program_reviews set sent_request = true where id = ${REVIEW}`).count,
      expect: all('refused'),
    },
    'delete the family’s review': {
      setup: published,
      run: async (tx) => (await tx`delete from public.program_reviews where id = ${REVIEW}`).count,
      expect: { anon: 'refused', family: 'rows', provider: 'none', otherProvider: 'none', admin: 'none' },
    },
    'respond to the family’s published review': {
      setup: published,
      run: async (tx) =>
        (
          await tx`insert into public.review_responses (id, review_id, body) values (${RESPONSE}, ${REVIEW}, 'Thank you for writing.')`
        ).count,
      // Only the provider of the program's live listing.
      expect: {
        anon: 'refused',
        family: 'refused',
        provider: 'rows',
        otherProvider: 'refused',
        admin: 'refused',
      },
    },
    'read a pending response': {
      setup: withPendingResponse,
      run: async (tx) =>
        (await tx`select id, body from public.review_responses where id = ${RESPONSE}`).length,
      expect: { anon: 'none', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'rows' },
    },
    'edit the provider’s response': {
      setup: withPendingResponse,
      run: async (tx) =>
        (await tx`update public.review_responses set body = 'A new answer.' where id = ${RESPONSE}`).count,
      expect: { anon: 'refused', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'refused' },
    },
    'publish the provider’s response': {
      setup: withPendingResponse,
      run: async (tx) =>
        (await tx`update public.review_responses set status = 'published' where id = ${RESPONSE}`).count,
      expect: { anon: 'refused', family: 'none', provider: 'refused', otherProvider: 'none', admin: 'rows' },
    },
    'delete the provider’s response': {
      setup: withPendingResponse,
      run: async (tx) => (await tx`delete from public.review_responses where id = ${RESPONSE}`).count,
      expect: { anon: 'refused', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'none' },
    },
    'report a published review': {
      setup: published,
      run: async (tx) =>
        (
          await tx`insert into public.review_reports (id, review_id, reason) values (${randomUUID()}, ${REVIEW}, 'It names a member of staff.')`
        ).count,
      expect: all('rows'),
    },
    'read the reports': {
      setup: withReport,
      run: async (tx) => (await tx`select id, reason from public.review_reports where id = ${REPORT}`).length,
      expect: { anon: 'refused', family: 'none', provider: 'none', otherProvider: 'none', admin: 'rows' },
    },
    'resolve a report directly': {
      setup: withReport,
      run: async (tx) =>
        (await tx`update public.review_reports set status = 'resolved' where id = ${REPORT}`).count,
      // Only a decision on the review resolves its reports.
      expect: all('refused'),
    },
  };
  const cells = Object.entries(MATRIX).flatMap(([what, m]) =>
    ACTOR_NAMES.map((actor) => ({ what, actor, expected: m.expect[actor], run: m.run, setup: m.setup })),
  );

  it.each(cells)('$actor: $what → $expected', async ({ actor, expected, run, setup }) => {
    expect(await outcome(actor, run, setup)).toBe(expected);
  });

  it('the caller cannot choose the author, status, rule, sample mark, "sent a request" or dates (no insert privilege)', async () => {
    for (const [column, value] of [
      ['user_id', OTHER.plainUser],
      ['status', 'published'],
      ['rejection_rule', 'spam'],
      ['sample', true],
      ['sent_request', true],
      ['moderated_at', new Date().toISOString()],
      ['created_at', new Date().toISOString()],
    ] as const) {
      const state = await asRole(sql, ACTORS.family, (tx) =>
        sqlState(
          tx.unsafe(
            `insert into public.program_reviews (program_id, rating, title, body, relationship, public_name, ${column})
             values ($1, 4, 'Title', $2, 'former_resident', 'Maria G.', $3)`,
            [FILE_PROGRAM, BODY, value],
          ),
        ),
      );
      expect({ column, state }).toEqual({ column, state: '42501' });
    }
  });

  it('Supabase’s Data API (a session of authenticator) reads and writes nothing', async () => {
    const viaDataApi = (actor: Actor, run: (tx: Tx) => Promise<unknown>) =>
      rolledBack(sql, async (tx) => {
        await arrangeReview(tx, { status: 'published' });
        await tx.unsafe('set local session authorization authenticator');
        await become(tx, ACTORS[actor]);
        return run(tx);
      });
    expect(await viaDataApi('family', (tx) => sqlState(write(tx)))).toBe('42501');
    expect(
      await viaDataApi('anon', (tx) =>
        sqlState(
          tx`insert into public.review_reports (review_id, reason) values (${REVIEW}, 'Spam spam spam spam')`,
        ),
      ),
    ).toBe('42501');
    const seen = await viaDataApi(
      'admin',
      async (tx) => (await tx`select id from public.program_reviews`).length,
    );
    expect(seen).toBe(0);
  });
});

describe('one review per account and program', () => {
  it('a second review of the same program is refused (unique), another program is fine', async () => {
    const result = await asRole(sql, ACTORS.family, async (tx) => {
      await write(tx, { program_id: FILE_PROGRAM });
      const second = await sqlState(tx.savepoint((sp) => write(sp, { program_id: FILE_PROGRAM })));
      const other = await sqlState(write(tx, { program_id: LISTING_PROGRAM }));
      return { second, other };
    });
    expect(result).toEqual({ second: '23505', other: 'ok' });
  });
});

describe('moderation by the policy, never by the stars', () => {
  it('a 1-star review is published exactly like a 5-star one', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const ids = { one: randomUUID(), five: randomUUID() };
      await become(tx, ACTORS.family);
      await write(tx, { id: ids.one, program_id: FILE_PROGRAM, rating: 1, title: 'Not for us' });
      await write(tx, {
        id: ids.five,
        program_id: LISTING_PROGRAM,
        rating: 5,
        title: 'It changed our lives',
      });
      await become(tx, ACTORS.admin);
      const before =
        await tx`select rating, status from public.program_reviews where id in ${tx([ids.one, ids.five])} order by rating`;
      const decided = await tx`
        update public.program_reviews set status = 'published' where id in ${tx([ids.one, ids.five])}`;
      await becomeOwner(tx);
      const after = await tx`
        select rating, status, moderated_by, moderated_at is not null as stamped
        from public.program_reviews where id in ${tx([ids.one, ids.five])} order by rating`;
      return { before: [...before], decided: decided.count, after: [...after] };
    });
    expect(result.before).toEqual([
      { rating: 1, status: 'pending' },
      { rating: 5, status: 'pending' },
    ]);
    expect(result.decided).toBe(2);
    expect(result.after).toEqual([
      { rating: 1, status: 'published', moderated_by: SEED.adminUser, stamped: true },
      { rating: 5, status: 'published', moderated_by: SEED.adminUser, stamped: true },
    ]);
  });

  it.each<[string, Actor | null]>([
    ['an administrator', 'admin'],
    ['Studio (postgres)', null],
  ])('%s cannot reject without a rule of the policy, nor with another rule', async (_, actor) => {
    const states = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'pending' });
      if (actor !== null) await become(tx, ACTORS[actor]);
      const none = await sqlState(
        tx.savepoint((sp) => sp`update public.program_reviews set status = 'rejected' where id = ${REVIEW}`),
      );
      const other = await sqlState(
        tx.savepoint(
          (sp) =>
            sp`update public.program_reviews set status = 'rejected', rejection_rule = 'negative' where id = ${REVIEW}`,
        ),
      );
      const lowRating = await sqlState(
        tx.savepoint(
          (sp) =>
            sp`update public.program_reviews set status = 'rejected', rejection_rule = 'low-rating' where id = ${REVIEW}`,
        ),
      );
      const withRule = await sqlState(
        tx`update public.program_reviews set status = 'rejected', rejection_rule = 'identifying-people' where id = ${REVIEW}`,
      );
      return { none, other, lowRating, withRule };
    });
    expect(states).toEqual({ none: '23514', other: '23514', lowRating: '23514', withRule: 'ok' });
  });

  it('the database’s lists are those of src/lib/reviews.ts', async () => {
    const defs = await sql<{ name: string; def: string }[]>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conname in ('program_reviews_rejection_rule_check', 'review_responses_rejection_rule_check',
                        'program_reviews_relationship_check', 'program_reviews_flags_check')`;
    const quoted = (def: string) => [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const byName = new Map(defs.map((d) => [d.name, quoted(d.def)]));
    expect(byName.get('program_reviews_rejection_rule_check')).toEqual([...REMOVAL_RULE_IDS]);
    expect(byName.get('review_responses_rejection_rule_check')).toEqual([...REMOVAL_RULE_IDS]);
    expect(byName.get('program_reviews_relationship_check')).toEqual([...RELATIONSHIPS]);
    expect(byName.get('program_reviews_flags_check')).toEqual([...REVIEW_FLAGS]);
  });

  it('a decision other than a rejection clears the rule; publishing stamps the date and the administrator', async () => {
    const row = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'rejected' });
      await become(tx, ACTORS.admin);
      await tx`update public.program_reviews set status = 'published' where id = ${REVIEW}`;
      await becomeOwner(tx);
      const [r] =
        await tx`select status, rejection_rule, moderated_by from public.program_reviews where id = ${REVIEW}`;
      return r;
    });
    expect(row).toEqual({ status: 'published', rejection_rule: null, moderated_by: SEED.adminUser });
  });

  it('an API decision publishes or rejects: it does not set a review back to pending', async () => {
    const state = await asRole(
      sql,
      ACTORS.admin,
      (tx) => sqlState(tx`update public.program_reviews set status = 'pending' where id = ${REVIEW}`),
      (tx) => arrangeReview(tx, { status: 'published' }),
    );
    expect(state).toBe('23514');
  });
});

describe('an edit by its author is moderated again', () => {
  it('a published review edited by its author goes back to pending, without the old decision', async () => {
    const row = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'published' });
      await tx`update public.program_reviews set moderated_at = now() - interval '1 day', moderated_by = ${SEED.adminUser}, updated_at = now() - interval '2 days' where id = ${REVIEW}`;
      await become(tx, ACTORS.family);
      await tx`update public.program_reviews set rating = 3, body = ${`${BODY} Later: better.`} where id = ${REVIEW}`;
      await becomeOwner(tx);
      const [r] = await tx`
        select status, rating, moderated_at, moderated_by, updated_at > now() - interval '1 minute' as edited_now
        from public.program_reviews where id = ${REVIEW}`;
      return r;
    });
    expect(row).toEqual({
      status: 'pending',
      rating: 3,
      moderated_at: null,
      moderated_by: null,
      edited_now: true,
    });
  });

  it('a rejected review edited by its author is pending again, its rule gone', async () => {
    const row = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'rejected' });
      await become(tx, ACTORS.family);
      await tx`update public.program_reviews set title = 'Without the staff name' where id = ${REVIEW}`;
      await becomeOwner(tx);
      const [r] = await tx`select status, rejection_rule from public.program_reviews where id = ${REVIEW}`;
      return r;
    });
    expect(row).toEqual({ status: 'pending', rejection_rule: null });
  });

  it('the author cannot publish the edit in the same statement', async () => {
    const state = await asRole(
      sql,
      ACTORS.family,
      (tx) =>
        sqlState(
          tx`update public.program_reviews set title = 'New', status = 'published' where id = ${REVIEW}`,
        ),
      (tx) => arrangeReview(tx, { status: 'pending' }),
    );
    expect(state).toBe('42501');
  });

  it('a response edited by its provider goes back to pending', async () => {
    const row = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'published', response: 'published' });
      await become(tx, ACTORS.provider);
      await tx`update public.review_responses set body = 'We have answered you by phone as well.' where id = ${RESPONSE}`;
      await becomeOwner(tx);
      const [r] = await tx`select status from public.review_responses where id = ${RESPONSE}`;
      return r;
    });
    expect(row).toEqual({ status: 'pending' });
  });
});

describe('insiders cannot review', () => {
  it.each<[string, string, string]>([
    ['an administrator, in Studio too', SEED.adminUser, FILE_PROGRAM],
    ['the provider publishing the program, in Studio too', SEED.providerUser, LISTING_PROGRAM],
  ])('%s', async (_, userId, programId) => {
    const state = await rolledBack(sql, (tx) =>
      sqlState(tx`
        insert into public.program_reviews (program_id, user_id, rating, title, body, relationship, public_name)
        values (${programId}, ${userId}, 5, 'Great', ${BODY}, 'former_resident', 'A parent')`),
    );
    expect(state).toBe('42501');
  });

  it('the refusal names its rule for the API (constraint program_reviews_insider_check)', async () => {
    const error = await asRole(sql, ACTORS.provider, async (tx) => {
      try {
        await write(tx, { program_id: LISTING_PROGRAM });
        return null;
      } catch (e) {
        return e as { constraint_name?: string; message: string };
      }
    });
    expect(error?.constraint_name).toBe('program_reviews_insider_check');
    expect(error?.message).toBe('A provider cannot review a program its organization publishes.');
  });

  it('private.program_provider_ids names the organizations that publish a program', async () => {
    const ids = await asRole(sql, ACTORS.family, async (tx) => {
      const [a] = await tx<
        { ids: string[] }[]
      >`select private.program_provider_ids(${LISTING_PROGRAM}) as ids`;
      const [b] = await tx<{ ids: string[] }[]>`select private.program_provider_ids(${FILE_PROGRAM}) as ids`;
      return { listing: a?.ids, file: b?.ids };
    });
    expect(ids).toEqual({ listing: [SEED.provider], file: [] });
  });
});

describe('what the database derives', () => {
  it('"Sent a request through this site": only when the account sent a request to that program', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      // Sent while signed in: the database sets sender_id (20261122000900_inquiry_senders.sql).
      await become(tx, ACTORS.family);
      await tx`
        insert into public.provider_inquiries (program_id, type, name, email, program_name)
        values (${FILE_PROGRAM}, 'info', 'Demo Family', 'family@example.org', 'McLean')`;
      await write(tx, { program_id: FILE_PROGRAM });
      await write(tx, { program_id: LISTING_PROGRAM });
      await becomeOwner(tx);
      return tx`select program_id, sent_request from public.program_reviews where user_id = ${SEED.familyUser} order by program_id`;
    });
    expect([...rows]).toEqual([
      { program_id: FILE_PROGRAM, sent_request: true },
      { program_id: LISTING_PROGRAM, sent_request: false },
    ]);
  });

  it('a new review is pending and not a sample, whatever the defaults', async () => {
    const [row] = await asRole(sql, ACTORS.family, async (tx) => {
      const id = randomUUID();
      await write(tx, { id });
      return tx`select status, sample, user_id, flags from public.program_reviews where id = ${id}`;
    });
    expect(row).toEqual({ status: 'pending', sample: false, user_id: SEED.familyUser, flags: [] });
  });

  it.each<[string, ReviewValues & { flags?: string[] }, string]>([
    ['a year of stay in the future', { stay_year: new Date().getUTCFullYear() + 1 }, '23514'],
    ['a year of stay before 1990', { stay_year: 1989 }, '23514'],
    ['a year of stay without a stay', { relationship: 'contacted_admissions', stay_year: 2024 }, '23514'],
    [
      'no year for "contacted admissions only"',
      { relationship: 'contacted_admissions', stay_year: null },
      'ok',
    ],
    ['an e-mail address as the public name', { public_name: 'maria@example.org' }, '23514'],
    ['a full last name', { public_name: 'Maria Garcia' }, '23514'],
    ['"A parent"', { public_name: 'A parent' }, 'ok'],
    ['a text of 19 characters', { body: 'x'.repeat(19) }, '23514'],
    ['a text of 4001 characters', { body: 'x'.repeat(4001) }, '23514'],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, '23514'],
    ['a title on two lines', { title: 'One\nTwo' }, '23514'],
    ['a direction override in the text', { body: `${BODY}\u202e` }, '23514'],
    ['0 stars', { rating: 0 }, '23514'],
    ['6 stars', { rating: 6 }, '23514'],
    ['an unknown relationship', { relationship: 'neighbor' }, '23514'],
    ['connected without saying how', { connected_to_program: true, connection_note: null }, '23514'],
    [
      'connected, saying how',
      { connected_to_program: true, connection_note: 'I worked there until 2023.' },
      'ok',
    ],
  ])('%s → %s', async (_, values, expected) => {
    const state = await asRole(sql, ACTORS.family, (tx) => sqlState(write(tx, values)));
    expect(state).toBe(expected);
  });

  it('flags hold only phone, email and url', async () => {
    const states = await asRole(sql, ACTORS.family, async (tx) => {
      const ok = await sqlState(
        tx.savepoint(
          (sp) =>
            sp`insert into public.program_reviews (program_id, rating, title, body, relationship, public_name, flags)
             values (${FILE_PROGRAM}, 4, 'Title', ${BODY}, 'former_resident', 'A parent', ${['phone', 'url']})`,
        ),
      );
      const bad = await sqlState(
        tx`insert into public.program_reviews (program_id, rating, title, body, relationship, public_name, flags)
           values (${LISTING_PROGRAM}, 4, 'Title', ${BODY}, 'former_resident', 'A parent', ${['negative']})`,
      );
      return { ok, bad };
    });
    expect(states).toEqual({ ok: 'ok', bad: '23514' });
  });

  it('a report is only of a published review', async () => {
    const state = await asRole(
      sql,
      ACTORS.anon,
      (tx) =>
        sqlState(
          tx`insert into public.review_reports (review_id, reason) values (${REVIEW}, 'It names a member of staff.')`,
        ),
      (tx) => arrangeReview(tx, { status: 'pending' }),
    );
    expect(state).toBe('23514');
  });

  it('a response is only to a published review', async () => {
    const state = await asRole(
      sql,
      ACTORS.provider,
      (tx) =>
        sqlState(tx`insert into public.review_responses (review_id, body) values (${REVIEW}, 'Thank you.')`),
      (tx) => arrangeReview(tx, { status: 'pending' }),
    );
    expect(state).toBe('23514');
  });

  it('a response to a review of a program file is refused (no provider publishes it)', async () => {
    const state = await rolledBack(sql, async (tx) => {
      const id = randomUUID();
      await tx`
        insert into public.program_reviews (id, program_id, user_id, rating, title, body, relationship, public_name, status)
        values (${id}, ${FILE_PROGRAM}, ${SEED.familyUser}, 4, 'Good', ${BODY}, 'former_resident', 'A parent', 'published')`;
      await become(tx, ACTORS.provider);
      return sqlState(tx`insert into public.review_responses (review_id, body) values (${id}, 'Thank you.')`);
    });
    expect(state).toBe('42501');
  });

  it('one response per review', async () => {
    const state = await asRole(
      sql,
      ACTORS.provider,
      (tx) =>
        sqlState(
          tx`insert into public.review_responses (review_id, body) values (${REVIEW}, 'A second one.')`,
        ),
      (tx) => arrangeReview(tx, { status: 'published', response: 'published' }),
    );
    expect(state).toBe('23505');
  });
});

describe('after a decision', () => {
  it('a rejection queues the reviewer’s e-mail with the rule; a second rejection under the same rule does not', async () => {
    const result = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'pending' });
      await become(tx, ACTORS.admin);
      await tx`update public.program_reviews set status = 'rejected', rejection_rule = 'health-information' where id = ${REVIEW}`;
      await tx`update public.program_reviews set status = 'rejected', rejection_rule = 'health-information' where id = ${REVIEW}`;
      await becomeOwner(tx);
      const rows = await tx`
        select kind, recipient, payload from public.notifications where subject_id = ${REVIEW}`;
      const claimed =
        await tx`select kind from private.claim_messages(100, null) where kind = 'review_rejected'`;
      return { rows: [...rows], claimed: claimed.length };
    });
    expect(result.rows).toEqual([
      {
        kind: 'review_rejected',
        recipient: 'family',
        payload: {
          to: 'family@example.org',
          programId: LISTING_PROGRAM,
          title: 'Slow to answer',
          rule: 'health-information',
        },
      },
    ]);
    expect(result.claimed).toBeGreaterThanOrEqual(1);
  });

  it('publishing queues no e-mail', async () => {
    const n = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'pending' });
      await become(tx, ACTORS.admin);
      await tx`update public.program_reviews set status = 'published' where id = ${REVIEW}`;
      await becomeOwner(tx);
      return (await tx`select id from public.notifications where subject_id = ${REVIEW}`).length;
    });
    expect(n).toBe(0);
  });

  it('a rejected response tells its provider the rule', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'published', response: 'pending' });
      await become(tx, ACTORS.admin);
      await tx`update public.review_responses set status = 'rejected', rejection_rule = 'threats' where id = ${RESPONSE}`;
      await becomeOwner(tx);
      return tx`select kind, provider_id, recipient, payload from public.notifications where subject_id = ${RESPONSE}`;
    });
    expect([...rows]).toEqual([
      {
        kind: 'review_response_rejected',
        provider_id: SEED.provider,
        recipient: 'provider',
        payload: { to: 'provider@example.org', programId: LISTING_PROGRAM, rule: 'threats' },
      },
    ]);
  });

  it.each<[string, string]>([
    ['keeping the review published', `status = 'published'`],
    ['rejecting it', `status = 'rejected', rejection_rule = 'identifying-people'`],
  ])('%s resolves its open reports', async (_, set) => {
    const report = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'published', report: true });
      await become(tx, ACTORS.admin);
      await tx.unsafe(`update public.program_reviews set ${set} where id = $1`, [REVIEW]);
      await becomeOwner(tx);
      const [r] =
        await tx`select status, resolved_by, resolved_at is not null as dated from public.review_reports where id = ${REPORT}`;
      return r;
    });
    expect(report).toEqual({ status: 'resolved', resolved_by: SEED.adminUser, dated: true });
  });
});

describe('rebuilds', () => {
  const generation = async (tx: Tx): Promise<number> =>
    Number(
      (
        await tx<{ g: string }[]>`select coalesce(max(generation), 0)::text as g from public.pending_rebuild`
      )[0]?.g ?? 0,
    );

  it.each<[string, 'pending' | 'published', (tx: Tx) => Promise<unknown>, Actor, number]>([
    [
      'publishing a review',
      'pending',
      (tx) => tx`update public.program_reviews set status = 'published' where id = ${REVIEW}`,
      'admin',
      1,
    ],
    [
      'rejecting a published review',
      'published',
      (tx) =>
        tx`update public.program_reviews set status = 'rejected', rejection_rule = 'spam' where id = ${REVIEW}`,
      'admin',
      1,
    ],
    [
      'keeping a published review (after a report)',
      'published',
      (tx) => tx`update public.program_reviews set status = 'published' where id = ${REVIEW}`,
      'admin',
      0,
    ],
    [
      'an author’s edit of a published review (it goes back to pending)',
      'published',
      (tx) => tx`update public.program_reviews set title = 'Edited' where id = ${REVIEW}`,
      'family',
      1,
    ],
    [
      'an author’s edit of a pending review',
      'pending',
      (tx) => tx`update public.program_reviews set title = 'Edited' where id = ${REVIEW}`,
      'family',
      0,
    ],
    [
      'deleting a published review',
      'published',
      (tx) => tx`delete from public.program_reviews where id = ${REVIEW}`,
      'family',
      1,
    ],
    [
      'rejecting a pending review',
      'pending',
      (tx) =>
        tx`update public.program_reviews set status = 'rejected', rejection_rule = 'spam' where id = ${REVIEW}`,
      'admin',
      0,
    ],
  ])('%s → %d rebuild(s) asked', async (_, status, change, actor, expected) => {
    const asked = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status });
      const g = await generation(tx);
      await become(tx, ACTORS[actor]);
      await change(tx);
      await becomeOwner(tx);
      return (await generation(tx)) - g;
    });
    expect(asked).toBe(expected);
  });

  it('publishing a response to a published review asks for one', async () => {
    const asked = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'published', response: 'pending' });
      const g = await generation(tx);
      await become(tx, ACTORS.admin);
      await tx`update public.review_responses set status = 'published' where id = ${RESPONSE}`;
      await becomeOwner(tx);
      return (await generation(tx)) - g;
    });
    expect(asked).toBe(1);
  });
});

describe('account deletion', () => {
  it('private.delete_account deletes the family’s reviews and the unsent e-mails about them', async () => {
    const result = await rolledBack(sql, async (tx) => {
      await arrangeReview(tx, { status: 'rejected', report: false });
      await tx`insert into public.notifications (kind, subject_id, recipient, payload)
               values ('review_rejected', ${REVIEW}, 'family', '{"to": "family@example.org"}')`;
      const session = randomUUID();
      await tx`insert into auth.sessions (id, user_id) values (${session}, ${SEED.familyUser})`;
      await tx`select * from private.delete_account(${SEED.familyUser}, ${session})`;
      const reviews = await tx`select id from public.program_reviews where id = ${REVIEW}`;
      const [mail] =
        await tx`select payload, failed_at is not null as dropped from public.notifications where subject_id = ${REVIEW}`;
      return { reviews: reviews.length, mail };
    });
    expect(result).toEqual({ reviews: 0, mail: { payload: null, dropped: true } });
  });
});
