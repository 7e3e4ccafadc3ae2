/**
 * A listing's state in words, from its working copy (`status`) and its published version
 * (`publication`, src/api/contracts/listings.ts): what the provider's dashboard says about each
 * listing, and what it offers (Withdraw only while a version is live). No React here.
 */
import type { Listing } from '../../api/contracts/listings.ts';
import type { Tone } from '../../ui/Pill.tsx';

export type ListingStateKind =
  | 'draft'
  | 'in-review'
  | 'not-approved'
  | 'approved'
  | 'published'
  | 'published-changes-draft'
  | 'published-changes-in-review'
  | 'published-changes-not-approved'
  | 'unpublished'
  | 'withdrawn';

export type ListingStateView = {
  kind: ListingStateKind;
  /** The state in a few words (the pill). */
  label: string;
  tone: Tone;
  /** Sentences saying what it means for families and what the provider can do. */
  lines: string[];
  /** Words from the site team or the provider: reviewer's notes, the reason for a take-down. */
  notes: { title: string; text: string }[];
  /** Dates known for this state (ISO), in the order shown. */
  dates: { label: string; at: string }[];
  /** The published version is live: the provider may withdraw it. */
  canWithdraw: boolean;
  /** The directory address of the live version, else null. */
  programPath: string | null;
};

/** The fields of a listing its state reads. */
export type StateListing = Pick<
  Listing,
  'status' | 'submitted_at' | 'reviewed_at' | 'reviewer_notes' | 'updated_at' | 'publication'
>;

const STAYS_LIVE = 'The published version stays live until the site team approves your changes.';

function reviewerNotes(l: StateListing): { title: string; text: string }[] {
  const text = l.reviewer_notes?.trim();
  return text ? [{ title: 'Reviewer’s notes', text }] : [];
}

function submitted(l: StateListing): { label: string; at: string }[] {
  return l.submitted_at ? [{ label: 'Submitted', at: l.submitted_at }] : [];
}

/**
 * The words for a listing's state: Draft · Waiting for review · Not approved · Published (live
 * since …, listing reviewed …) · Published, with changes saved as a draft / waiting for review ·
 * Changes not approved (the published version stays live) · Unpublished by the site team
 * (reason) · Withdrawn by you.
 */
export function listingState(l: StateListing): ListingStateView {
  const pub = l.publication;
  if (!pub) {
    switch (l.status) {
      case 'draft':
        return {
          kind: 'draft',
          label: 'Draft',
          tone: 'slate',
          lines: ['Saved on the server; only you can see it. Submit it for review when it is ready.'],
          notes: [],
          dates: [{ label: 'Saved', at: l.updated_at }],
          canWithdraw: false,
          programPath: null,
        };
      case 'pending':
        return {
          kind: 'in-review',
          label: 'Waiting for review',
          tone: 'amber',
          lines: ['The site team checks its facts before publishing them.'],
          notes: [],
          dates: submitted(l),
          canWithdraw: false,
          programPath: null,
        };
      case 'rejected':
        return {
          kind: 'not-approved',
          label: 'Not approved',
          tone: 'red',
          lines: ['It is not on the directory. Edit it as the notes ask and submit it again.'],
          notes: reviewerNotes(l),
          dates: l.reviewed_at ? [{ label: 'Reviewed', at: l.reviewed_at }] : [],
          canWithdraw: false,
          programPath: null,
        };
      default:
        return {
          kind: 'approved',
          label: 'Approved',
          tone: 'green',
          lines: ['It appears on the directory at the next update.'],
          notes: [],
          dates: l.reviewed_at ? [{ label: 'Listing reviewed', at: l.reviewed_at }] : [],
          canWithdraw: false,
          programPath: null,
        };
    }
  }

  if (pub.state === 'live') {
    const live = [
      { label: 'Live since', at: pub.state_changed_at },
      { label: 'Listing reviewed', at: pub.reviewed_at },
    ];
    const common = { canWithdraw: true, programPath: `/program/${pub.program_id}` };
    switch (l.status) {
      case 'pending':
        return {
          kind: 'published-changes-in-review',
          label: 'Published, with changes waiting for review',
          tone: 'amber',
          lines: [STAYS_LIVE],
          notes: [],
          dates: [...live, ...submitted(l).map((d) => ({ ...d, label: 'Changes submitted' }))],
          ...common,
        };
      case 'rejected':
        return {
          kind: 'published-changes-not-approved',
          label: 'Changes not approved',
          tone: 'red',
          lines: [
            'The published version stays live, unchanged. Edit your changes as the notes ask and submit them again.',
          ],
          notes: reviewerNotes(l),
          dates: live,
          ...common,
        };
      case 'draft':
        return {
          kind: 'published-changes-draft',
          label: 'Published, with changes saved as a draft',
          tone: 'green',
          lines: [`Your changes are not sent for review yet. ${STAYS_LIVE}`],
          notes: [],
          dates: live,
          ...common,
        };
      default:
        return {
          kind: 'published',
          label: 'Published',
          tone: 'green',
          lines: ['Families find it in the directory.'],
          notes: [],
          dates: live,
          ...common,
        };
    }
  }

  const again =
    l.status === 'pending'
      ? ['You submitted it again: once the site team approves it, it is published again.']
      : [];
  const rejectedAgain = l.status === 'rejected' ? reviewerNotes(l) : [];
  const reason = pub.state_reason?.trim();
  if (pub.state === 'unpublished') {
    return {
      kind: 'unpublished',
      label: 'Unpublished by the site team',
      tone: 'red',
      lines: [
        'Its page is off the directory. Correct the listing and submit it again, or write to the site team.',
        ...again,
      ],
      notes: [...(reason ? [{ title: 'The site team’s reason', text: reason }] : []), ...rejectedAgain],
      dates: [{ label: 'Unpublished', at: pub.state_changed_at }],
      canWithdraw: false,
      programPath: null,
    };
  }
  return {
    kind: 'withdrawn',
    label: 'Withdrawn by you',
    tone: 'slate',
    lines: [
      'Its page is off the directory. To publish it again, edit it and submit it for review, or ask the site team to republish it.',
      ...again,
    ],
    notes: [...(reason ? [{ title: 'Your reason', text: reason }] : []), ...rejectedAgain],
    dates: [{ label: 'Withdrawn', at: pub.state_changed_at }],
    canWithdraw: false,
    programPath: null,
  };
}
