/**
 * A write racing the deletion of its account answers 401, never 500. The deletion's transaction
 * is held open here (private.delete_account() run, not yet committed) while the write is sent, so
 * the race is the same every run; then the two are also sent at the same moment, many times.
 */
import { afterAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import favorites from '../../netlify/functions/favorites.mts';
import reviews from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { adminSql, confirmedUser, ctx, jsonRequest, type TestUser } from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const files = await programIndex();
const program = files.entries.find((p) => !p.test);
if (!program) throw new Error('no listed program in the index');

function sessionOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    session_id: string;
  };
  return claims.session_id;
}

function saveFavorite(user: TestUser): Promise<Response> {
  const context = ctx();
  Object.assign(context, { params: { programId: program?.id } });
  return favorites(
    new Request(`http://localhost/api/favorites/${program?.id ?? ''}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}` },
    }),
    context,
  );
}

function writeReview(user: TestUser): Promise<Response> {
  return reviews(
    jsonRequest(
      '/api/reviews',
      {
        program_id: program?.id,
        rating: 4,
        title: 'Clear answers',
        body: 'Admissions answered every question we had about the program.',
        relationship: 'contacted_admissions',
        stay_year: null,
        name_choice: 'a_parent',
        connected_to_program: false,
      },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
    ctx(),
  );
}

function deleteAccount(user: TestUser): Promise<Response> {
  return account(
    new Request('http://localhost/api/account', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    }),
    ctx(),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a write whose user is deleted mid-request', () => {
  it.each<[string, (user: TestUser) => Promise<Response>]>([
    ['PUT /api/favorites/:id', saveFavorite],
    ['POST /api/reviews', writeReview],
  ])('%s while the deletion is under way: 401 once it commits, nothing stored', async (_, write) => {
    const user = await confirmedUser('race', 'race-pass-1');
    let pending: Promise<Response> | undefined;
    await sql.begin(async (tx) => {
      await tx`select * from private.delete_account(${user.id}, ${sessionOf(user.token)})`;
      pending = write(user);
      // The write reaches the database and waits for the deletion's lock on the user.
      await sleep(400);
    });
    const res = await (pending as Promise<Response>);
    expect(res.status).toBe(401);
    const [left] = await sql<{ n: number }[]>`
      select (select count(*) from user_favorites where user_id = ${user.id})
           + (select count(*) from program_reviews where user_id = ${user.id}) as n`;
    expect(Number(left?.n)).toBe(0);
  });

  it('a write that got there first is stored, then deleted with the account', async () => {
    const user = await confirmedUser('race-first', 'race-pass-1');
    const res = await saveFavorite(user);
    expect(res.status).toBe(204);
    expect((await deleteAccount(user)).status).toBe(204);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from user_favorites where user_id = ${user.id}`;
    expect(row?.n).toBe(0);
  });

  it('sent together, again and again: 204 or 401, never 500', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => confirmedUser('race-many', 'race-pass-1')),
    );
    const statuses = await Promise.all(
      users.map(async (user) => {
        const [write, deletion] = await Promise.all([saveFavorite(user), deleteAccount(user)]);
        return [write.status, deletion.status];
      }),
    );
    for (const [write, deletion] of statuses) {
      expect([204, 401]).toContain(write);
      expect(deletion).toBe(204);
    }
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from user_favorites where user_id = any(${users.map((u) => u.id)}::uuid[])`;
    expect(row?.n).toBe(0);
  });
});
