/**
 * Revisions of what moderators decide on (migration 20261206100100_decision_revisions.sql): every
 * change of the content gives the row a new revision, the decision itself and the workflow columns
 * never do, a client cannot choose one, a row written again never gets an old number back, and
 * the published versions record the revision they came from.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  become,
  becomeOwner,
  connect,
  ensureFixtures,
  rolledBack,
} from './helpers.ts';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

async function pendingListing(tx: Tx): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.provider_listings ${tx({
      provider_id: SEED.provider,
      center_name: 'Revision House',
      description: 'A calm description.',
      phone: '(555) 010-0177',
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
    })} returning id`;
  return row?.id ?? '';
}

async function revisionOf(tx: Tx, table: string, where: string, id: string): Promise<number | null> {
  const [row] = await tx.unsafe<{ revision: number }[]>(
    `select revision from public.${table} where ${where} = $1`,
    [id],
  );
  return row?.revision ?? null;
}

describe('provider_listings.revision', () => {
  it('is new on every content change, kept by decisions and workflow columns, never chosen by a client', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const id = await pendingListing(tx);
      const created = await revisionOf(tx, 'provider_listings', 'id', id);
      await tx`update public.provider_listings set status = 'draft', submitted_at = now() where id = ${id}`;
      await tx`update public.provider_listings set status = 'pending' where id = ${id}`;
      const afterWorkflow = await revisionOf(tx, 'provider_listings', 'id', id);
      await become(tx, ACTORS.provider);
      await tx`update public.provider_listings set phone = '(555) 010-0666' where id = ${id}`;
      await becomeOwner(tx);
      const afterEdit = await revisionOf(tx, 'provider_listings', 'id', id);
      await tx`update public.provider_listings set revision = 1 where id = ${id}`;
      const afterForged = await revisionOf(tx, 'provider_listings', 'id', id);
      await become(tx, ACTORS.admin);
      await tx`update public.provider_listings set status = 'approved', published_program_id = 'revision-house',
               reviewer_notes = 'Fine.' where id = ${id}`;
      await becomeOwner(tx);
      const afterApproval = await revisionOf(tx, 'provider_listings', 'id', id);
      const [pub] = await tx<{ snapshot: { revision?: number; phone?: string }; revision: number }[]>`
        select snapshot, revision from public.listing_publications where listing_id = ${id}`;
      await tx`update public.listing_publications set state = 'unpublished', state_reason = 'Checking.' where listing_id = ${id}`;
      const [taken] = await tx<{ revision: number }[]>`
        select revision from public.listing_publications where listing_id = ${id}`;
      return { created, afterWorkflow, afterEdit, afterForged, afterApproval, pub, taken };
    });
    expect(out.created).toBeGreaterThan(0);
    expect(out.afterWorkflow).toBe(out.created);
    expect(out.afterEdit).toBeGreaterThan(out.created ?? 0);
    expect(out.afterForged).toBe(out.afterEdit);
    expect(out.afterApproval).toBe(out.afterEdit);
    // The published snapshot names the revision it was approved as.
    expect(out.pub?.snapshot).toMatchObject({ revision: out.afterEdit, phone: '(555) 010-0666' });
    expect(out.taken?.revision).toBeGreaterThan(out.pub?.revision ?? 0);
  });
});

describe('provider_verification_requests.revision', () => {
  it('is kept by a decision and new when the documents change', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const [req] = await tx<{ id: string; revision: number }[]>`
        insert into public.provider_verification_requests (provider_id, documents_submitted)
        values (${OTHER.provider}, ${['State license']}) returning id, revision`;
      const id = req?.id ?? '';
      await tx`update public.provider_verification_requests set documents_submitted = ${['State license', 'Insurance']} where id = ${id}`;
      const edited = await revisionOf(tx, 'provider_verification_requests', 'id', id);
      await tx`update public.provider_verification_requests set status = 'approved' where id = ${id}`;
      return {
        created: req?.revision,
        edited,
        decided: await revisionOf(tx, 'provider_verification_requests', 'id', id),
      };
    });
    expect(out.edited).toBeGreaterThan(out.created ?? 0);
    expect(out.decided).toBe(out.edited);
  });
});

describe('program_reviews and review_responses', () => {
  it('a decision records the revision it was made on; an edit is a new revision, pending, undecided', async () => {
    const review = randomUUID();
    const out = await rolledBack(sql, async (tx) => {
      await tx`
        insert into public.program_reviews
          (id, program_id, user_id, rating, title, body, relationship, public_name)
        values (${review}, 'test-program-001', ${SEED.familyUser}, 4, 'Helpful',
                'The exposure work was hard, and the staff explained every step to us.', 'parent_or_guardian', 'Maria G.')`;
      const created = await revisionOf(tx, 'program_reviews', 'id', review);
      await become(tx, ACTORS.admin);
      await tx`update public.program_reviews set status = 'published' where id = ${review}`;
      await becomeOwner(tx);
      const [published] = await tx<{ revision: number; decided_revision: number | null }[]>`
        select revision, decided_revision from public.program_reviews where id = ${review}`;
      await become(tx, ACTORS.family);
      await tx`update public.program_reviews set body = 'Guaranteed cure in 7 days. Call our sales line now, really.' where id = ${review}`;
      await becomeOwner(tx);
      const [edited] = await tx<{ revision: number; decided_revision: number | null; status: string }[]>`
        select revision, decided_revision, status from public.program_reviews where id = ${review}`;

      await become(tx, ACTORS.admin);
      await tx`update public.program_reviews set status = 'published' where id = ${review}`;
      await becomeOwner(tx);
      await tx`insert into public.review_responses (review_id, provider_id, body) values (${review}, ${SEED.provider}, 'Thank you.')`;
      const first = await revisionOf(tx, 'review_responses', 'review_id', review);
      await tx`delete from public.review_responses where review_id = ${review}`;
      await tx`insert into public.review_responses (review_id, provider_id, body) values (${review}, ${SEED.provider}, 'Thank you.')`;
      const again = await revisionOf(tx, 'review_responses', 'review_id', review);
      return { created, published, edited, first, again };
    });
    expect(out.published).toEqual({ revision: out.created, decided_revision: out.created });
    expect(out.edited?.status).toBe('pending');
    expect(out.edited?.decided_revision).toBeNull();
    expect(out.edited?.revision).toBeGreaterThan(out.created ?? 0);
    // Deleted and written again with the same text: still a version the moderator has not seen.
    expect(out.again).not.toBe(out.first);
  });
});
