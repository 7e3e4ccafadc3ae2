/**
 * A listing's state in words on the provider's dashboard (listing-state.ts), for each working-copy
 * status with and without a published version in each of its states.
 */
import { describe, expect, it } from 'vitest';
import type { ListingPublication } from '../../../../src/api/contracts/listings.ts';
import {
  listingState,
  type ListingStateKind,
  type StateListing,
} from '../../../../src/features/provider-dashboard/listing-state.ts';

const SUBMITTED = '2026-11-03T10:00:00.000Z';
const REVIEWED = '2026-11-04T10:00:00.000Z';
const UPDATED = '2026-11-02T10:00:00.000Z';
const LIVE_SINCE = '2026-11-05T10:00:00.000Z';

function publication(state: ListingPublication['state'], reason: string | null = null): ListingPublication {
  return {
    program_id: 'harbor-house',
    state,
    state_reason: reason,
    state_changed_at: LIVE_SINCE,
    reviewed_at: REVIEWED,
    first_published_at: REVIEWED,
    snapshot: {},
  };
}

function listing(
  status: StateListing['status'],
  pub: ListingPublication | null,
  notes: string | null = null,
): StateListing {
  return {
    status,
    submitted_at: status === 'draft' ? null : SUBMITTED,
    reviewed_at: status === 'approved' || status === 'rejected' ? REVIEWED : null,
    reviewer_notes: notes,
    updated_at: UPDATED,
    publication: pub,
  };
}

describe('listingState', () => {
  it.each<[string, StateListing, ListingStateKind, string, boolean]>([
    ['a server draft', listing('draft', null), 'draft', 'Draft', false],
    ['submitted, never published', listing('pending', null), 'in-review', 'Waiting for review', false],
    ['not approved', listing('rejected', null, 'More detail.'), 'not-approved', 'Not approved', false],
    ['approved, publication not yet written', listing('approved', null), 'approved', 'Approved', false],
    ['published', listing('approved', publication('live')), 'published', 'Published', true],
    [
      'published, changes saved as a draft',
      listing('draft', publication('live')),
      'published-changes-draft',
      'Published, with changes saved as a draft',
      true,
    ],
    [
      'published, changes waiting for review',
      listing('pending', publication('live')),
      'published-changes-in-review',
      'Published, with changes waiting for review',
      true,
    ],
    [
      'published, changes not approved',
      listing('rejected', publication('live'), 'Say how many ERP hours.'),
      'published-changes-not-approved',
      'Changes not approved',
      true,
    ],
    [
      'unpublished by the site team',
      listing('approved', publication('unpublished', 'Wrong phone.')),
      'unpublished',
      'Unpublished by the site team',
      false,
    ],
    [
      'unpublished, submitted again',
      listing('pending', publication('unpublished', 'Wrong phone.')),
      'unpublished',
      'Unpublished by the site team',
      false,
    ],
    ['withdrawn', listing('approved', publication('withdrawn')), 'withdrawn', 'Withdrawn by you', false],
    [
      'withdrawn, submitted again',
      listing('pending', publication('withdrawn')),
      'withdrawn',
      'Withdrawn by you',
      false,
    ],
  ])('%s → %s “%s”', (_name, l, kind, label, canWithdraw) => {
    const view = listingState(l);
    expect(view.kind).toBe(kind);
    expect(view.label).toBe(label);
    expect(view.canWithdraw).toBe(canWithdraw);
    expect(view.programPath).toBe(canWithdraw ? '/program/harbor-house' : null);
    expect(view.lines.length).toBeGreaterThan(0);
  });

  it('a draft says it is saved on the server, dated', () => {
    const view = listingState(listing('draft', null));
    expect(view.lines[0]).toContain('Saved on the server');
    expect(view.dates).toEqual([{ label: 'Saved', at: UPDATED }]);
  });

  it('published: live since and the "Listing reviewed" date', () => {
    expect(listingState(listing('approved', publication('live'))).dates).toEqual([
      { label: 'Live since', at: LIVE_SINCE },
      { label: 'Listing reviewed', at: REVIEWED },
    ]);
  });

  it('changes waiting for review: the published version stays live', () => {
    const view = listingState(listing('pending', publication('live')));
    expect(view.lines).toEqual([
      'The published version stays live until the site team approves your changes.',
    ]);
    expect(view.dates.at(-1)).toEqual({ label: 'Changes submitted', at: SUBMITTED });
  });

  it('changes not approved: the reviewer’s notes, and the published version stays live', () => {
    const view = listingState(listing('rejected', publication('live'), '  Say how many ERP hours.  '));
    expect(view.notes).toEqual([{ title: 'Reviewer’s notes', text: 'Say how many ERP hours.' }]);
    expect(view.lines[0]).toContain('The published version stays live');
  });

  it('not approved: the reviewer’s notes (none when blank)', () => {
    expect(listingState(listing('rejected', null, 'More detail.')).notes).toEqual([
      { title: 'Reviewer’s notes', text: 'More detail.' },
    ]);
    expect(listingState(listing('rejected', null, '   ')).notes).toEqual([]);
  });

  it('unpublished: the site team’s reason, dated; submitted again says so', () => {
    const view = listingState(listing('approved', publication('unpublished', 'Wrong phone.')));
    expect(view.notes).toEqual([{ title: 'The site team’s reason', text: 'Wrong phone.' }]);
    expect(view.dates).toEqual([{ label: 'Unpublished', at: LIVE_SINCE }]);
    expect(listingState(listing('pending', publication('unpublished', 'Wrong phone.'))).lines).toContain(
      'You submitted it again: once the site team approves it, it is published again.',
    );
  });

  it('withdrawn: the provider’s own reason when it gave one, and how to publish again', () => {
    const view = listingState(listing('approved', publication('withdrawn', 'Closed for renovation.')));
    expect(view.notes).toEqual([{ title: 'Your reason', text: 'Closed for renovation.' }]);
    expect(view.lines[0]).toContain('submit it for review');
    expect(listingState(listing('approved', publication('withdrawn'))).notes).toEqual([]);
  });

  it('withdrawn, resubmitted and not approved: the reviewer’s notes too', () => {
    const view = listingState(
      listing('rejected', publication('withdrawn', 'Moving.'), 'Add the new address.'),
    );
    expect(view.notes).toEqual([
      { title: 'Your reason', text: 'Moving.' },
      { title: 'Reviewer’s notes', text: 'Add the new address.' },
    ]);
  });
});
