/**
 * Deleting an account leaves no trace of the person: after `private.delete_account()`, no text
 * column of any table in any schema (found through information_schema, so a table added later is
 * searched too) holds their e-mail address or their name. The person first does everything the
 * site lets them do, signed in and signed out with the same address: saves a program, sends
 * requests, writes a review, reports a review and an error, writes to the site team, and has
 * e-mails waiting in the outbox. Runs in a rolled-back transaction.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sql, type Tx, become, becomeOwner, connect, ensureFixtures, rolledBack } from './helpers.ts';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

interface Column {
  table_schema: string;
  table_name: string;
  column_name: string;
}

/** Every column of every table (all schemas but the catalogs) that can hold text. */
async function textColumns(tx: Tx): Promise<Column[]> {
  return tx<Column[]>`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.table_schema not like 'pg\\_%'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'USER-DEFINED')
           or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
    order by 1, 2, 3`;
}

/** The columns where any of `needles` appears (case-insensitively), as `schema.table.column`. */
async function findEverywhere(tx: Tx, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumns(tx)) {
    const [row] = await tx.unsafe<{ n: number }[]>(
      `select count(*)::int as n from "${c.table_schema}"."${c.table_name}"
       where position($1 in lower("${c.column_name}"::text)) > 0
          or position($2 in lower("${c.column_name}"::text)) > 0`,
      needles.map((n) => n.toLowerCase()),
    );
    if ((row?.n ?? 0) > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

/** A published review by someone else, for the person to report. */
async function publishedReview(tx: Tx): Promise<string> {
  const [existing] = await tx<{ id: string }[]>`
    select id from public.program_reviews where status = 'published' order by created_at limit 1`;
  if (existing) return existing.id;
  const [row] = await tx<{ id: string }[]>`
    insert into public.program_reviews (program_id, user_id, rating, title, body, relationship, public_name, status)
    values ('mclean', ${'dddddddd-dddd-4ddd-8ddd-dddddddddddd'}, 4, 'Kind staff',
            'The staff explained every step of the program.', 'parent_or_guardian', 'A parent', 'published')
    returning id`;
  if (!row) throw new Error('no review');
  return row.id;
}

describe('deleting an account leaves no trace of the person', () => {
  it('no text column of any table holds their e-mail address or name afterwards', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const user = randomUUID();
      const session = randomUUID();
      const name = `Quinlan Zephyrine-${user.slice(0, 6)}`;
      const email = `Quinlan.Trace-${user.slice(0, 8)}@Example.com`;
      await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
               values (${user}, 'authenticated', 'authenticated', ${email}, now(), '{}',
                       ${tx.json({ full_name: name })})`;
      await tx`insert into auth.sessions (id, user_id) values (${session}, ${user})`;
      await tx`insert into public.user_roles (user_id, role) values (${user}, 'user')`;
      const review = await publishedReview(tx);

      // Signed in.
      await become(tx, { sub: user, role: 'authenticated', email });
      await tx`insert into public.user_favorites (program_id, program_name) values ('mclean', 'McLean')`;
      await tx`insert into public.provider_inquiries (program_id, type, name, email, phone, message, program_name)
               values ('mclean', 'info', ${name}, ${email}, '555 0142', ${`Please write to ${email}`}, 'McLean')`;
      await tx`insert into public.program_reviews (program_id, rating, title, body, relationship, public_name)
               values ('silver-creek-ranch', 5, 'Helpful', 'Admissions answered all of our questions.',
                       'contacted_admissions', 'A parent')`;
      // Reports and contact messages are stored as a visitor with the sender the function passes.
      await become(tx, null);
      const contact = randomUUID();
      await tx`insert into public.contact_messages (id, name, email, subject, message, sender_id)
               values (${contact}, ${name}, ${email.toLowerCase()}, 'A question', 'Hello there.', ${user})`;
      await tx`insert into public.listing_reports (program_id, what, email, reporter)
               values ('mclean', 'The phone number is out of date.', ${email}, ${`account:${user}`})`;
      await tx`insert into public.review_reports (review_id, reason, reporter)
               values (${review}, 'This review names a staff member.', ${`account:${user}`})`;
      // Signed out, with the same address (another case).
      await tx`insert into public.contact_messages (id, name, email, subject, message)
               values (${randomUUID()}, ${name}, ${email.toUpperCase()}, 'Again', 'Hello again.')`;
      await tx`insert into public.provider_inquiries (id, program_id, type, name, email, program_name)
               values (${randomUUID()}, 'silver-creek-ranch', 'info', ${name}, ${email}, 'Silver Creek')`;
      await tx`insert into public.listing_reports (program_id, what, email, reporter)
               values ('silver-creek-ranch', 'The address is wrong.', ${email}, 'address:192.0.2.1')`;
      // An e-mail about the contact message still waiting in the outbox.
      await becomeOwner(tx);
      await tx`insert into public.notifications (kind, subject_id, recipient, payload)
               values ('contact', ${contact}, 'site_team', ${tx.json({ name, email, subject: 'A question' })})`;

      const before = await findEverywhere(tx, [email, name]);
      await tx.unsafe('set local role service_role');
      await tx`select * from private.delete_account(${user}, ${session})`;
      await becomeOwner(tx);
      const after = await findEverywhere(tx, [email, name]);
      const searched = (await textColumns(tx)).map(
        (c) => `${c.table_schema}.${c.table_name}.${c.column_name}`,
      );
      return { before, after, searched };
    });

    // The search sees the data while the account exists (so it would see it afterwards)…
    expect(result.before).toEqual(
      expect.arrayContaining([
        'auth.users.email',
        'public.contact_messages.email',
        'public.contact_messages.name',
        'public.listing_reports.email',
        'public.notifications.payload',
        'public.provider_inquiries.email',
        'public.provider_inquiries.name',
      ]),
    );
    // …and covers every table's text columns, in every schema.
    expect(result.searched).toEqual(
      expect.arrayContaining(['auth.users.raw_user_meta_data', 'public.review_reports.reason']),
    );
    expect(result.after).toEqual([]);
  });
});
