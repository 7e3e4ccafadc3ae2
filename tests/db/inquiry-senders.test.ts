/**
 * Inquiry senders and status links (supabase/migrations/20261122000900_inquiry_senders.sql):
 * the sender is always the transaction's user, senders read their own requests and nobody
 * else's, and `private.inquiry_status()` finds a request by the hash of its token, answers
 * nothing personal, and only the server may call it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  asRole,
  becomeOwner,
  connect,
  ensureFixtures,
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

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Inserts an inquiry the way the API does (no RETURNING: senders cannot always read it back). */
function send(tx: Tx, name: string, extra: { hash?: string } = {}) {
  return tx`insert into public.provider_inquiries (program_id, type, name, email, program_name, status_token_hash)
            values ('silver-creek-ranch', 'info', ${name}, 'sender@example.com', 'Silver Creek Ranch for Young Men',
                    ${extra.hash ?? null})`;
}

describe('sender_id', () => {
  it('is the signed-in user for a family, null for a visitor', async () => {
    const rows = await asRole(sql, ACTORS.family, async (tx) => {
      await send(tx, 'Family Sender');
      await becomeOwner(tx);
      await tx`select set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      await tx.unsafe('set local role anon');
      await send(tx, 'Visitor Sender');
      await becomeOwner(tx);
      return tx<{ name: string; sender_id: string | null }[]>`
        select name, sender_id from public.provider_inquiries where name in ('Family Sender', 'Visitor Sender') order by name`;
    });
    expect(rows).toEqual([
      { name: 'Family Sender', sender_id: SEED.familyUser },
      { name: 'Visitor Sender', sender_id: null },
    ]);
  });

  it('cannot be chosen by the client', async () => {
    const state = await asRole(sql, ACTORS.family, (tx) =>
      sqlState(tx`insert into public.provider_inquiries (program_id, type, name, email, sender_id)
                  values ('mclean', 'info', 'Forger', 'f@example.com', ${OTHER.plainUser})`),
    );
    expect(state).toBe('42501');
  });

  it('is set from the session even when the owner inserts a value', async () => {
    // A superuser insert (e.g. Studio) keeps the rule: no claims, no sender.
    const rows = await asRole(sql, null, async (tx) => {
      await becomeOwner(tx);
      await tx`insert into public.provider_inquiries (program_id, type, name, email, sender_id)
               values ('mclean', 'info', 'Owner Insert', 'o@example.com', ${SEED.familyUser})`;
      return tx<
        { sender_id: string | null }[]
      >`select sender_id from public.provider_inquiries where name = 'Owner Insert'`;
    });
    expect(rows).toEqual([{ sender_id: null }]);
  });

  it('becomes null when the account is deleted', async () => {
    const rows = await asRole(sql, ACTORS.family, async (tx) => {
      await send(tx, 'Deleted Later');
      await becomeOwner(tx);
      await tx`delete from auth.users where id = ${SEED.familyUser}`;
      return tx<
        { sender_id: string | null }[]
      >`select sender_id from public.provider_inquiries where name = 'Deleted Later'`;
    });
    expect(rows).toEqual([{ sender_id: null }]);
  });
});

describe('"Senders read their own inquiries"', () => {
  it('a family reads what it sent and nothing else', async () => {
    const seen = await asRole(sql, ACTORS.family, async (tx) => {
      await send(tx, 'Own Request');
      return tx<{ name: string }[]>`select name from public.provider_inquiries order by name`;
    });
    expect(seen.map((r) => r.name)).toEqual(['Own Request']);
  });

  it("a visitor reads nothing, another signed-in user does not see the family's request", async () => {
    const setup = async (tx: Tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(ACTORS.family)}, true)`;
      await tx.unsafe('set local role authenticated');
      await send(tx, 'Private Request');
      await becomeOwner(tx);
    };
    const anonRead = await asRole(
      sql,
      null,
      (tx) => sqlState(tx`select name from public.provider_inquiries where name = 'Private Request'`),
      setup,
    );
    expect(anonRead).toBe('42501');
    const other = await asRole(
      sql,
      { sub: OTHER.plainUser, role: 'authenticated', email: 'plain@example.org' },
      (tx) => tx`select name from public.provider_inquiries where name = 'Private Request'`,
      setup,
    );
    expect(other.length).toBe(0);
  });

  it('a sender cannot change the status of what they sent', async () => {
    const changed = await asRole(sql, ACTORS.family, async (tx) => {
      await send(tx, 'No Self Close');
      const result =
        await tx`update public.provider_inquiries set status = 'closed' where name = 'No Self Close'`;
      return result.count;
    });
    expect(changed).toBe(0);
  });
});

describe('private.inquiry_status()', () => {
  it('finds a request by the hash of its token, with no personal data, and follows status changes', async () => {
    const token = newToken();
    const result = await asRole(sql, null, async (tx) => {
      await send(tx, 'Status Person', { hash: hashOf(token) });
      await becomeOwner(tx);
      await tx.unsafe('set local role service_role');
      const before = await tx`select * from private.inquiry_status(${hashOf(token)})`;
      await becomeOwner(tx);
      await tx`update public.provider_inquiries set status = 'contacted' where name = 'Status Person'`;
      await tx.unsafe('set local role service_role');
      const after = await tx`select * from private.inquiry_status(${hashOf(token)})`;
      return { before, after };
    });
    expect(result.before).toHaveLength(1);
    const row = result.before[0] ?? {};
    expect(Object.keys(row).sort()).toEqual([
      'created_at',
      'program_id',
      'program_name',
      'status',
      'type',
      'updated_at',
    ]);
    expect(row).toMatchObject({
      program_name: 'Silver Creek Ranch for Young Men',
      status: 'new',
      type: 'info',
    });
    expect(JSON.stringify(result.before)).not.toContain('sender@example.com');
    expect(result.after[0]).toMatchObject({ status: 'contacted' });
  });

  it('finds nothing for an unknown hash, the token itself, or a malformed value', async () => {
    const token = newToken();
    const rows = await asRole(sql, null, async (tx) => {
      await send(tx, 'Lookup Misses', { hash: hashOf(token) });
      await becomeOwner(tx);
      await tx.unsafe('set local role service_role');
      return Promise.all(
        [hashOf(newToken()), token, '', hashOf(token).toUpperCase(), `${hashOf(token)} `, '%'].map(
          (value) => tx`select * from private.inquiry_status(${value})`,
        ),
      );
    });
    expect(rows.map((r) => r.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it.each(['anon', 'authenticated'] as const)('cannot be called as %s', async (role) => {
    const state = await asRole(sql, role === 'anon' ? null : ACTORS.family, (tx) =>
      sqlState(tx`select * from private.inquiry_status(${hashOf(newToken())})`),
    );
    expect(state).toBe('42501');
  });

  it('the hash column holds only SHA-256 hex and is unique', async () => {
    const hash = hashOf(newToken());
    const states = await asRole(sql, null, async (tx) => [
      await sqlState(send(tx, 'Not A Hash', { hash: 'plain-token-value' })),
    ]);
    expect(states).toEqual(['23514']);
    const duplicate = await asRole(sql, null, async (tx) => {
      await send(tx, 'First', { hash });
      return sqlState(send(tx, 'Second', { hash }));
    });
    expect(duplicate).toBe('23505');
  });
});
