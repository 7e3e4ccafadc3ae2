/**
 * Reports of factual problems on program pages (supabase/migrations/20261126000300_listing_reports.sql):
 * anyone sends one; the listing and provider are derived by the database; the provider reads the
 * reports on its own listings (never the reporter's address), administrators read and resolve
 * all; nobody else reads; nobody deletes; the Data API is refused; the text rules hold.
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

/** The seed's approved listing (the demo provider's), published as this program id. */
const LISTING_PROGRAM = 'test-program-001';
/** A program file: no listing, no provider. */
const FILE_PROGRAM = 'mclean';
const WHAT = 'The phone number on this page is out of date.';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

/** Inserts a report the way POST /api/reports does (own id, no RETURNING). */
function report(
  tx: Tx,
  values: { id?: string; program_id?: string; what?: string; email?: string | null } = {},
) {
  return tx`insert into public.listing_reports (id, program_id, what, email)
            values (${values.id ?? randomUUID()}, ${values.program_id ?? LISTING_PROGRAM},
                    ${values.what ?? WHAT}, ${values.email === undefined ? 'family@example.com' : values.email})`;
}

/** A report on the demo listing's program, inserted as postgres inside the rolled-back transaction. */
const TARGET = '5e5e5e5e-5e5e-4e5e-8e5e-5e5e5e5e5e5e';
const arrange = (tx: Tx) => report(tx, { id: TARGET });

type Outcome = 'rows' | 'none' | 'refused';
async function outcome(actor: Actor, run: (tx: Tx) => Promise<number>): Promise<string> {
  try {
    const n = await asRole(sql, ACTORS[actor], run, arrange);
    return n > 0 ? 'rows' : 'none';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === '42501' ? 'refused' : `error ${code ?? ''}: ${(error as Error).message}`;
  }
}

const ACTOR_NAMES = Object.keys(ACTORS) as Actor[];

describe('who may do what (RLS and grants)', () => {
  const MATRIX: Record<string, { run: (tx: Tx) => Promise<number>; expect: Record<Actor, Outcome> }> = {
    'read a report on the demo listing': {
      run: async (tx) =>
        (await tx`select id, what, status from public.listing_reports where id = ${TARGET}`).length,
      // Visitors have no read privilege at all; families and other providers see nothing.
      expect: { anon: 'refused', family: 'none', provider: 'rows', otherProvider: 'none', admin: 'rows' },
    },
    'send a report': {
      run: async (tx) => (await report(tx)).count,
      expect: { anon: 'rows', family: 'rows', provider: 'rows', otherProvider: 'rows', admin: 'rows' },
    },
    'resolve a report': {
      run: async (tx) =>
        (await tx`update public.listing_reports set status = 'resolved' where id = ${TARGET}`).count,
      expect: { anon: 'refused', family: 'none', provider: 'none', otherProvider: 'none', admin: 'rows' },
    },
    'change what a report says': {
      run: async (tx) =>
        (await tx`update public.listing_reports set what = 'Changed text here' where id = ${TARGET}`).count,
      expect: {
        anon: 'refused',
        family: 'refused',
        provider: 'refused',
        otherProvider: 'refused',
        admin: 'refused',
      },
    },
    'delete a report': {
      run: async (tx) => (await tx`delete from public.listing_reports where id = ${TARGET}`).count,
      expect: {
        anon: 'refused',
        family: 'refused',
        provider: 'refused',
        otherProvider: 'refused',
        admin: 'refused',
      },
    },
    'read the reporter’s e-mail column': {
      run: async (tx) => (await tx`select email from public.listing_reports where id = ${TARGET}`).length,
      // Column privilege: nobody through the API (administrators use private.listing_report_email).
      expect: {
        anon: 'refused',
        family: 'refused',
        provider: 'refused',
        otherProvider: 'refused',
        admin: 'refused',
      },
    },
  };
  const cells = Object.entries(MATRIX).flatMap(([what, m]) =>
    ACTOR_NAMES.map((actor) => ({ what, actor, expected: m.expect[actor], run: m.run })),
  );

  it.each(cells)('$actor: $what → $expected', async ({ actor, expected, run }) => {
    expect(await outcome(actor, run)).toBe(expected);
  });

  it('the reporter’s address is read by administrators only (private.listing_report_email)', async () => {
    const read = (actor: Actor) =>
      asRole(
        sql,
        ACTORS[actor],
        async (tx) =>
          (await tx<{ email: string | null }[]>`select private.listing_report_email(${TARGET}) as email`)[0]
            ?.email,
        arrange,
      );
    expect(await read('admin')).toBe('family@example.com');
    expect(await read('provider')).toBeNull();
    expect(await read('family')).toBeNull();
    expect(await sqlState(read('anon'))).toBe('42501');
  });

  it('the caller cannot name the listing, provider, status or dates (no insert privilege)', async () => {
    for (const column of [
      'listing_id',
      'provider_id',
      'status',
      'resolved_at',
      'resolved_by',
      'created_at',
    ]) {
      const value =
        column === 'status'
          ? 'resolved'
          : column.endsWith('_at')
            ? new Date().toISOString()
            : column === 'resolved_by'
              ? SEED.adminUser
              : column === 'provider_id'
                ? OTHER.provider
                : OTHER.draftListing;
      const state = await asRole(sql, ACTORS.family, (tx) =>
        sqlState(
          tx.unsafe(`insert into public.listing_reports (program_id, what, ${column}) values ($1, $2, $3)`, [
            LISTING_PROGRAM,
            WHAT,
            value,
          ]),
        ),
      );
      expect({ column, state }).toEqual({ column, state: '42501' });
    }
  });

  it('Supabase’s Data API (a session of authenticator) can neither send nor read reports', async () => {
    const viaDataApi = (actor: Actor, run: (tx: Tx) => Promise<unknown>) =>
      rolledBack(sql, async (tx) => {
        await arrange(tx);
        await tx.unsafe('set local session authorization authenticator');
        await become(tx, ACTORS[actor]);
        return sqlState(run(tx));
      });
    expect(await viaDataApi('anon', (tx) => report(tx))).toBe('42501');
    // The restrictive policy hides every row: the administrator sees none.
    const seen = await rolledBack(sql, async (tx) => {
      await arrange(tx);
      await tx.unsafe('set local session authorization authenticator');
      await become(tx, ACTORS.admin);
      return (await tx`select id from public.listing_reports where id = ${TARGET}`).length;
    });
    expect(seen).toBe(0);
  });
});

describe('what the database derives', () => {
  it('a report on a published listing’s program is that listing’s and its provider’s', async () => {
    const rows = await asRole(sql, ACTORS.anon, async (tx) => {
      const id = randomUUID();
      await report(tx, { id, email: null });
      await becomeOwner(tx);
      return tx`select program_id, listing_id, provider_id, status, email, resolved_at from public.listing_reports where id = ${id}`;
    });
    expect(rows).toEqual([
      {
        program_id: LISTING_PROGRAM,
        listing_id: SEED.approvedListing,
        provider_id: SEED.provider,
        status: 'open',
        email: null,
        resolved_at: null,
      },
    ]);
  });

  it('a report on a program file has no listing or provider (administrators only)', async () => {
    const rows = await asRole(sql, ACTORS.family, async (tx) => {
      const id = randomUUID();
      await report(tx, { id, program_id: FILE_PROGRAM });
      await becomeOwner(tx);
      return tx`select listing_id, provider_id from public.listing_reports where id = ${id}`;
    });
    expect(rows).toEqual([{ listing_id: null, provider_id: null }]);
  });

  it('even the server’s own insert cannot address a report to another provider or open it resolved', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      const id = randomUUID();
      await tx`insert into public.listing_reports (id, program_id, what, listing_id, provider_id, status, resolved_at)
               values (${id}, ${LISTING_PROGRAM}, ${WHAT}, ${OTHER.draftListing}, ${OTHER.provider}, 'resolved', now())`;
      return tx`select listing_id, provider_id, status, resolved_at from public.listing_reports where id = ${id}`;
    });
    expect(rows).toEqual([
      { listing_id: SEED.approvedListing, provider_id: SEED.provider, status: 'open', resolved_at: null },
    ]);
  });

  it('text is trimmed and a blank address becomes null', async () => {
    const rows = await asRole(sql, ACTORS.anon, async (tx) => {
      const id = randomUUID();
      await report(tx, { id, what: `   ${WHAT}   `, email: '   ' });
      await becomeOwner(tx);
      return tx`select what, email from public.listing_reports where id = ${id}`;
    });
    expect(rows).toEqual([{ what: WHAT, email: null }]);
  });

  it('resolving stamps the date and the administrator once; the note is kept; reopening (Studio) clears them', async () => {
    const result = await asRole(
      sql,
      ACTORS.admin,
      async (tx) => {
        await tx`update public.listing_reports set status = 'resolved', resolution_note = '  Phone corrected.  ' where id = ${TARGET}`;
        await becomeOwner(tx);
        const [first] = await tx<{ resolved_at: Date; resolved_by: string; resolution_note: string }[]>`
          select resolved_at, resolved_by, resolution_note from public.listing_reports where id = ${TARGET}`;
        await tx`update public.listing_reports set resolution_note = 'Second note', resolved_at = now() + interval '1 day' where id = ${TARGET}`;
        const [second] = await tx<{ resolved_at: Date; resolved_by: string }[]>`
          select resolved_at, resolved_by from public.listing_reports where id = ${TARGET}`;
        await tx`update public.listing_reports set status = 'open' where id = ${TARGET}`;
        const [reopened] =
          await tx`select resolved_at, resolved_by from public.listing_reports where id = ${TARGET}`;
        return { first, second, reopened };
      },
      arrange,
    );
    expect(result.first?.resolved_by).toBe(SEED.adminUser);
    expect(result.first?.resolution_note).toBe('Phone corrected.');
    expect(result.first?.resolved_at).toBeInstanceOf(Date);
    expect(result.second?.resolved_at.getTime()).toBe(result.first?.resolved_at.getTime());
    expect(result.second?.resolved_by).toBe(SEED.adminUser);
    expect(result.reopened).toEqual({ resolved_at: null, resolved_by: null });
  });

  it('every change of a report gives it a new revision; a write that changes nothing, and a client’s value, do not', async () => {
    const revisions = await rolledBack(sql, async (tx) => {
      await arrange(tx);
      const read = async () =>
        (
          await tx<{ revision: number }[]>`select revision from public.listing_reports where id = ${TARGET}`
        )[0]?.revision ?? 0;
      const sent = await read();
      await tx`update public.listing_reports set status = 'resolved' where id = ${TARGET}`;
      const resolved = await read();
      await tx`update public.listing_reports set status = 'resolved' where id = ${TARGET}`;
      const unchanged = await read();
      await tx`update public.listing_reports set status = 'open' where id = ${TARGET}`;
      const reopened = await read();
      await tx`update public.listing_reports set revision = 1 where id = ${TARGET}`;
      return { sent, resolved, unchanged, reopened, forced: await read() };
    });
    expect(revisions.sent).toBeGreaterThan(0);
    expect(revisions.resolved).toBeGreaterThan(revisions.sent);
    expect(revisions.unchanged).toBe(revisions.resolved);
    expect(revisions.reopened).toBeGreaterThan(revisions.resolved);
    expect(revisions.forced).toBe(revisions.reopened);
  });

  it('what was reported never changes, even for the server', async () => {
    const state = await rolledBack(sql, async (tx) => {
      await arrange(tx);
      return sqlState(
        tx`update public.listing_reports set what = 'Something else entirely' where id = ${TARGET}`,
      );
    });
    expect(state).toBe('42501');
  });
});

describe('a report outlives what it names', () => {
  it('deleting its listing, its provider and the administrator who resolved it leaves the report', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      const programId = `report-delete-${randomUUID().slice(0, 8)}`;
      const listing = randomUUID();
      const resolver = randomUUID();
      await tx`insert into public.provider_listings (id, provider_id, center_name, published_program_id)
               values (${listing}, ${OTHER.provider}, 'Deleted later', ${programId})`;
      await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
               values (${resolver}, 'authenticated', 'authenticated', ${`${resolver}@example.org`}, now(), '{}', '{}')`;
      await tx`insert into public.user_roles (user_id, role) values (${resolver}, 'admin')`;
      const id = randomUUID();
      await report(tx, { id, program_id: programId });
      const [derived] = await tx`select listing_id, provider_id from public.listing_reports where id = ${id}`;
      await become(tx, { sub: resolver, role: 'authenticated', email: `${resolver}@example.org` });
      await tx`update public.listing_reports set status = 'resolved' where id = ${id}`;
      await becomeOwner(tx);
      const [resolved] = await tx`select resolved_by from public.listing_reports where id = ${id}`;
      await tx`delete from public.provider_listings where id = ${listing}`;
      await tx`delete from public.providers where id = ${OTHER.provider}`;
      await tx`delete from auth.users where id = ${resolver}`;
      const [after] = await tx`
        select listing_id, provider_id, resolved_by, status, resolved_at is not null as dated, what
        from public.listing_reports where id = ${id}`;
      return { derived, resolved, after };
    });
    expect(rows.derived).toEqual({ listing_id: expect.any(String) as string, provider_id: OTHER.provider });
    expect(rows.resolved?.resolved_by).toEqual(expect.any(String));
    expect(rows.after).toEqual({
      listing_id: null,
      provider_id: null,
      resolved_by: null,
      status: 'resolved',
      dated: true,
      what: WHAT,
    });
  });

  it('its listing and provider can only be cleared, never pointed elsewhere', async () => {
    const state = await rolledBack(sql, async (tx) => {
      await arrange(tx);
      return sqlState(
        tx`update public.listing_reports set provider_id = ${OTHER.provider}, listing_id = ${OTHER.draftListing} where id = ${TARGET}`,
      );
    });
    expect(state).toBe('42501');
  });
});

describe('the text rules (checks)', () => {
  const CASES: [string, { what?: string; email?: string | null }, string][] = [
    ['10 characters', { what: '0123456789' }, 'ok'],
    ['9 characters', { what: '012345678' }, '23514'],
    ['9 characters padded with spaces', { what: '   012345678   ' }, '23514'],
    ['2000 characters', { what: 'x'.repeat(2000) }, 'ok'],
    ['2000 characters of 4 bytes each', { what: '😀'.repeat(2000) }, 'ok'],
    ['2001 characters', { what: 'x'.repeat(2001) }, '23514'],
    ['line breaks and tabs', { what: 'Line one\r\n\tline two' }, 'ok'],
    ['a control character', { what: 'Wrong phone\u0007 number' }, '23514'],
    ['a C1 control character', { what: 'Wrong phone\u0085 number' }, '23514'],
    ['a direction override', { what: 'Wrong phone \u202enumber' }, '23514'],
    ['a direction isolate', { what: 'Wrong phone \u2066number' }, '23514'],
    ['no e-mail', { email: null }, 'ok'],
    ['a valid e-mail', { email: 'dana@example.com' }, 'ok'],
    ['an invalid e-mail', { email: 'dana@example' }, '23514'],
    ['two addresses in one', { email: 'x,victim@example.com' }, '23514'],
  ];

  it.each(CASES)('%s → %s', async (_, values, expected) => {
    const state = await asRole(sql, ACTORS.anon, (tx) => sqlState(report(tx, values)));
    expect(state).toBe(expected);
  });

  it('a report needs its text', async () => {
    const state = await asRole(sql, ACTORS.anon, (tx) =>
      sqlState(tx`insert into public.listing_reports (program_id, email) values (${LISTING_PROGRAM}, null)`),
    );
    expect(state).toBe('23502');
  });

  it('a program id is a program id', async () => {
    const state = await asRole(sql, ACTORS.anon, (tx) => sqlState(report(tx, { program_id: '../etc' })));
    expect(state).toBe('23514');
  });

  it.each([
    ['empty after trimming', '   ', 'ok'],
    ['2000 characters', 'n'.repeat(2000), 'ok'],
    ['2001 characters', 'n'.repeat(2001), '23514'],
    ['a direction override', 'Fixed \u202e', '23514'],
  ])('a resolution note %s → %s', async (_, note, expected) => {
    const state = await asRole(
      sql,
      ACTORS.admin,
      (tx) =>
        sqlState(
          tx`update public.listing_reports set status = 'resolved', resolution_note = ${note} where id = ${TARGET}`,
        ),
      arrange,
    );
    expect(state).toBe(expected);
  });
});
