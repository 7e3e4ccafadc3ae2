/**
 * Requests and favourites follow the published version of a listing (migration
 * 20261126000150): while its provider edits it (working copy pending), a request to the live
 * program still reaches the provider; once it is unpublished, nothing is routed to it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ACTORS, become, becomeOwner, connect, rolledBack, SEED, type Tx } from './helpers.ts';

const sql = connect();

afterAll(async () => {
  await sql.end();
});

async function programId(tx: Tx): Promise<string> {
  const [row] = await tx<{ program_id: string }[]>`
    select program_id from public.listing_publications where listing_id = ${SEED.approvedListing}`;
  if (!row) throw new Error('the seed has no published listing');
  return row.program_id;
}

async function sendAsVisitor(
  tx: Tx,
  program: string,
): Promise<{ provider_id: string | null; program_name: string | null }> {
  await become(tx, ACTORS.anon);
  await tx`insert into public.provider_inquiries (program_id, type, name, email)
           values (${program}, 'info', 'Alex', 'alex@example.com')`;
  await becomeOwner(tx);
  const [row] = await tx<{ provider_id: string | null; program_name: string | null }[]>`
    select provider_id, program_name from public.provider_inquiries
    where program_id = ${program} order by created_at desc limit 1`;
  if (!row) throw new Error('no request');
  return row;
}

describe('a request to a published listing', () => {
  it('reaches its provider while an edit of it waits for review, with the published name', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const program = await programId(tx);
      const [published] = await tx<{ name: string }[]>`
        select snapshot ->> 'center_name' as name from public.listing_publications where program_id = ${program}`;
      await tx`update public.provider_listings set status = 'pending', center_name = 'Renamed While Pending'
               where id = ${SEED.approvedListing}`;
      const request = await sendAsVisitor(tx, program);
      const contact = await tx`select * from private.inquiry_contact(${program})`;
      return { request, contacts: contact.length, published: published?.name };
    });
    expect(out.request.provider_id).toBe(SEED.provider);
    expect(out.request.program_name).toBe(out.published);
    expect(out.contacts).toBe(1);
  });

  it('is routed to nobody once the listing is unpublished', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const program = await programId(tx);
      await tx`update public.listing_publications set state = 'unpublished', state_reason = 'Closed'
               where listing_id = ${SEED.approvedListing}`;
      const request = await sendAsVisitor(tx, program);
      const contact = await tx`select * from private.inquiry_contact(${program})`;
      return { provider: request.provider_id, contacts: contact.length };
    });
    expect(out).toEqual({ provider: null, contacts: 0 });
  });
});
