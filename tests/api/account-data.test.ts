/**
 * What a person sent besides favorites, requests and reviews is theirs too: contact messages,
 * error reports and review reports sent signed in (the token links them), and requests sent
 * signed out with the account's address. The export carries them; deleting the account deletes
 * the messages and removes the person from the rest. (tests/db/account-deletion-trace.test.ts
 * searches every table for what is left.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import contact from '../../netlify/functions/contact.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import reports from '../../netlify/functions/listing-reports.mts';
import reviews from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { AccountExport } from '../../src/api/contracts/account.ts';
import { uniqueIp } from './fuzz.ts';
import { adminSql, body, confirmedUser, ctx, jsonRequest, type TestUser } from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const auth = (user: TestUser) => ({ headers: { authorization: `Bearer ${user.token}` } });

let person: TestUser;
let reviewId = '';
const NAME = `Rowan Quillfeather ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  person = await confirmedUser('account-data', 'account-data-1');
  const author = await confirmedUser('account-data-author', 'account-data-1');
  const [row] = await sql<{ id: string }[]>`
    insert into program_reviews (program_id, user_id, rating, title, body, relationship, public_name, status)
    values (${`data-${randomUUID().slice(0, 8)}`}, ${author.id}, 4, 'Good', 'The program answered all our questions.',
            'parent_or_guardian', 'A parent', 'published')
    returning id`;
  reviewId = row?.id ?? '';
  // Room below the program's cap of open reports (other tests report on it too).
  await sql`update listing_reports set status = 'resolved' where program_id = 'mclean' and status = 'open'`;

  // Signed in: a contact message, an error report (with another address) and a review report.
  const message = await contact(
    jsonRequest(
      '/api/contact',
      { name: NAME, email: person.email, subject: 'A question', message: 'How do I compare programs?' },
      auth(person),
    ),
    ctx(uniqueIp()),
  );
  expect(message.status).toBe(201);
  const report = await reports(
    jsonRequest(
      '/api/reports',
      { program_id: 'mclean', what: 'The admissions phone number is wrong.', email: 'other-box@example.com' },
      auth(person),
    ),
    ctx(uniqueIp()),
  );
  expect(report.status).toBe(201);
  const reviewReport = await reviews(
    jsonRequest(`/api/reviews/${reviewId}/report`, { reason: 'It names a staff member.' }, auth(person)),
    ctx(uniqueIp()),
  );
  expect(reviewReport.status).toBe(201);
  // Signed out, with the account's address.
  const request = await inquiries(
    jsonRequest('/api/inquiries', { program_id: 'mclean', type: 'info', name: NAME, email: person.email }),
    ctx(uniqueIp()),
  );
  expect(request.status).toBe(201);
});

describe('the export and the deletion of an account', () => {
  it('the export carries the contact messages, reports and signed-out requests', async () => {
    const res = await account(new Request('http://localhost/api/account/export', auth(person)), ctx());
    expect(res.status).toBe(200);
    const data = await body<AccountExport>(res);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ name: NAME, email: person.email, subject: 'A question' }),
    ]);
    expect(data.error_reports).toEqual([
      expect.objectContaining({ program_id: 'mclean', email: 'other-box@example.com', status: 'open' }),
    ]);
    expect(data.review_reports).toEqual([expect.objectContaining({ review_id: reviewId, status: 'open' })]);
    expect(data.requests_sent_signed_out).toEqual([
      expect.objectContaining({ program_id: 'mclean', name: NAME, email: person.email }),
    ]);
  });

  it('after DELETE /api/account nothing of them names the person', async () => {
    const res = await account(
      new Request('http://localhost/api/account', { method: 'DELETE', ...auth(person) }),
      ctx(),
    );
    expect(res.status).toBe(204);
    const left = await sql<{ source: string }[]>`
      select 'contact' as source from contact_messages where email = ${person.email} or name = ${NAME} or sender_id = ${person.id}
      union all
      select 'error report' from listing_reports
        where email = 'other-box@example.com' or sender_id = ${person.id} or reporter = ${`account:${person.id}`}
      union all
      select 'review report' from review_reports where sender_id = ${person.id} or reporter = ${`account:${person.id}`}
      union all
      select 'request' from provider_inquiries where email = ${person.email} or name = ${NAME}`;
    expect(left).toEqual([]);
    // The error report and the review report themselves stay for the site team.
    const [kept] = await sql<
      { n: number }[]
    >`select count(*)::int as n from review_reports where review_id = ${reviewId}`;
    expect(kept?.n).toBe(1);
  });
});
