/** Studio's review view (migration 20261126000200): what changed since the published version, and nobody but the owner reads it. */
import { afterAll, describe, expect, it } from 'vitest';
import { ACTORS, asRole, connect, rolledBack, SEED, sqlState, type Actor } from './helpers.ts';

const sql = connect();

afterAll(async () => {
  await sql.end();
});

describe('review.listings', () => {
  it('shows a published listing with no changes, then the edited fields side by side', async () => {
    const out = await rolledBack(sql, async (tx) => {
      const before = await tx<{ changes: unknown[]; state: string; status: string }[]>`
        select changes_since_published as changes, publication_state as state, working_copy_status as status
        from review.listings where listing_id = ${SEED.approvedListing}`;
      await tx`update public.provider_listings set status = 'pending', city = 'Salem', capacity = 12
               where id = ${SEED.approvedListing}`;
      const after = await tx<
        { changes: { field: string; published: unknown; proposed: unknown }[]; status: string }[]
      >`
        select changes_since_published as changes, working_copy_status as status
        from review.listings where listing_id = ${SEED.approvedListing}`;
      const published = await tx<{ city: string }[]>`
        select snapshot ->> 'city' as city from public.listing_publications where listing_id = ${SEED.approvedListing}`;
      return { before: before[0], after: after[0], published: published[0]?.city };
    });
    expect(out.before).toEqual({ changes: [], state: 'live', status: 'approved' });
    expect(out.after?.status).toBe('pending');
    expect(out.after?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['city']));
    // The edit gave the listing a new revision: that names the version, it is no changed field.
    expect(out.after?.changes.map((c) => c.field)).not.toContain('revision');
    expect(out.after?.changes.find((c) => c.field === 'city')).toEqual({
      field: 'city',
      published: out.published,
      proposed: 'Salem',
    });
  });

  it.each(['anon', 'family', 'provider', 'admin'] as Actor[])(
    '%s cannot read it through the API roles',
    async (actor) => {
      expect(await sqlState(asRole(sql, ACTORS[actor], (tx) => tx`select * from review.listings`))).toBe(
        '42501',
      );
    },
  );
});
