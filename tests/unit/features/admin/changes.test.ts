/**
 * "Changed since you opened it" (src/features/admin/changes.ts): which refusals mean the item has
 * a newer version, and what differs between the version read and the one now shown — a listing
 * through the listing diff's labels, a review by what its author writes, a response by its text,
 * a verification request by its documents.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminVerificationRequest } from '../../../../src/api/contracts/admin.ts';
import type { AdminReview } from '../../../../src/api/contracts/reviews.ts';
import type { Failure } from '../../../../src/features/admin/api.ts';
import {
  isChangedSinceOpened,
  listingChangesSinceOpened,
  requestChangesSinceOpened,
  responseChangesSinceOpened,
  reviewChangesSinceOpened,
} from '../../../../src/features/admin/changes.ts';

const message = { title: 'Decision Not Saved', description: ADMIN_MESSAGES.listingChanged };

describe('isChangedSinceOpened', () => {
  it.each<[string, Failure, boolean]>([
    [
      '409 with fields.revision',
      { ok: false, kind: 'error', status: 409, message, fields: { revision: 'x' } },
      true,
    ],
    ['409 for another reason', { ok: false, kind: 'error', status: 409, message }, false],
    [
      '400 naming the revision',
      { ok: false, kind: 'error', status: 400, message, fields: { revision: 'x' } },
      false,
    ],
    ['signed out', { ok: false, kind: 'unauthorized' }, false],
  ])('%s → %s', (_, failure, changed) => {
    expect(isChangedSinceOpened(failure)).toBe(changed);
  });
});

describe('listingChangesSinceOpened', () => {
  it('names the fields that changed, with the value read and the new one; never the revision itself', () => {
    const opened = {
      revision: 4,
      phone: '(555) 010-0177',
      description: 'A calm description.',
      city: 'Belmont',
    };
    const now = {
      revision: 9,
      phone: '(555) 010-0666',
      description: 'Guaranteed cure in 7 days. Call our sales line now.',
      city: 'Belmont',
    };
    expect(listingChangesSinceOpened(opened, now)).toEqual([
      {
        field: 'description',
        label: 'Description',
        opened: 'A calm description.',
        now: 'Guaranteed cure in 7 days. Call our sales line now.',
      },
      { field: 'phone', label: 'Admissions phone', opened: '(555) 010-0177', now: '(555) 010-0666' },
    ]);
    expect(listingChangesSinceOpened(opened, { ...opened, revision: 10 })).toEqual([]);
  });
});

const review = (change: Partial<AdminReview> = {}): AdminReview =>
  ({
    id: 'r1',
    rating: 4,
    title: 'Hard work that helped',
    body: 'The staff explained every step.',
    relationship: 'parent_or_guardian',
    relationship_label: 'Parent or guardian of a former resident',
    stay_year: 2024,
    public_name: 'Maria G.',
    connected_to_program: false,
    connection_note: null,
    response: null,
    revision: 3,
    ...change,
  }) as AdminReview;

describe('reviewChangesSinceOpened and responseChangesSinceOpened', () => {
  it('compares what the author writes', () => {
    expect(
      reviewChangesSinceOpened(
        review(),
        review({ rating: 1, body: 'Call our sales line now.', revision: 5 }),
      ),
    ).toEqual([
      { field: 'rating', label: 'Stars', opened: '4', now: '1' },
      {
        field: 'body',
        label: 'Review',
        opened: 'The staff explained every step.',
        now: 'Call our sales line now.',
      },
    ]);
    expect(
      reviewChangesSinceOpened(
        review(),
        review({ connected_to_program: true, connection_note: 'I work there.' }),
      ),
    ).toEqual([
      {
        field: 'connection_note',
        label: 'Connection to the program',
        opened: 'Not given',
        now: 'I work there.',
      },
    ]);
    expect(reviewChangesSinceOpened(review(), review({ revision: 8 }))).toEqual([]);
  });

  it('compares the response text, a response that went away included', () => {
    const answered = (body: string) => review({ response: { body } as AdminReview['response'] });
    expect(responseChangesSinceOpened(answered('Thank you.'), answered('We will see you in court.'))).toEqual(
      [{ field: 'response', label: 'Response', opened: 'Thank you.', now: 'We will see you in court.' }],
    );
    expect(responseChangesSinceOpened(answered('Thank you.'), review())).toEqual([
      { field: 'response', label: 'Response', opened: 'Thank you.', now: 'Not given' },
    ]);
  });
});

describe('requestChangesSinceOpened', () => {
  it('compares the documents listed', () => {
    const request = (documents: string[]) =>
      ({ documents_submitted: documents, revision: 1 }) as unknown as AdminVerificationRequest;
    expect(
      requestChangesSinceOpened(request(['State license']), request(['State license', 'Insurance'])),
    ).toEqual([
      {
        field: 'documents_submitted',
        label: 'Documents listed',
        opened: 'State license',
        now: 'State license\nInsurance',
      },
    ]);
    expect(requestChangesSinceOpened(request(['A']), request(['A']))).toEqual([]);
  });
});
