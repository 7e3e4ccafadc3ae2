/**
 * /admin's Reviews tab rules (src/features/admin/rules.ts): a rejection names one rule of the
 * review policy (chosen from its list) before it is sent, publishing needs nothing, and which
 * decisions a review offers by where it stands (never by its rating: nothing here reads stars).
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../../../src/api/contracts/reviews.ts';
import {
  ADMIN_TABS,
  adminTabFromSearch,
  REVIEW_FILTERS,
  reviewDecisionBody,
  reviewDecisionErrors,
  reviewDecisions,
  type ReviewDecisionInput,
} from '../../../../src/features/admin/rules.ts';
import { ADMIN_REVIEW_FILTERS } from '../../../../src/api/contracts/reviews.ts';
import { REMOVAL_RULE_IDS } from '../../../../src/lib/reviews.ts';
import { decideReviewSchema } from '../../../../src/api/contracts/reviews-schemas.ts';

describe('the Reviews tab', () => {
  it('is a tab of /admin, kept in the address', () => {
    expect(ADMIN_TABS.map((t) => t.id)).toContain('reviews');
    expect(adminTabFromSearch('?tab=reviews')).toBe('reviews');
  });

  it("offers every filter of the API, waiting first (the API's default)", () => {
    expect(REVIEW_FILTERS.map((f) => f.value)).toEqual([...ADMIN_REVIEW_FILTERS]);
    expect(REVIEW_FILTERS[0]?.value).toBe('waiting');
  });
});

describe('reviewDecisionErrors and reviewDecisionBody', () => {
  it.each<[string, ReviewDecisionInput, { rule?: string }, unknown]>([
    ['publish', { revision: 7, decision: 'publish', rule: '' }, {}, { decision: 'publish', revision: 7 }],
    [
      'publish ignores a chosen rule',
      { revision: 7, decision: 'publish', rule: 'spam' },
      {},
      { decision: 'publish', revision: 7 },
    ],
    [
      'reject without a rule',
      { revision: 7, decision: 'reject', rule: '' },
      { rule: M.ruleMissing },
      { decision: 'publish', revision: 7 },
    ],
    [
      'reject under an unknown rule',
      { revision: 7, decision: 'reject', rule: 'negative' },
      { rule: M.ruleMissing },
      { decision: 'publish', revision: 7 },
    ],
    ...REMOVAL_RULE_IDS.map((rule): [string, ReviewDecisionInput, { rule?: string }, unknown] => [
      `reject under ${rule}`,
      { revision: 7, decision: 'reject', rule },
      {},
      { decision: 'reject', rule, revision: 7 },
    ]),
  ])('%s', (_, input, errors, body) => {
    expect(reviewDecisionErrors(input)).toEqual(errors);
    // Only a decision without errors is sent; what is sent is what the API accepts.
    if (Object.keys(errors).length === 0) {
      expect(reviewDecisionBody(input)).toEqual(body);
      expect(decideReviewSchema.safeParse(reviewDecisionBody(input)).success).toBe(true);
    }
  });
});

describe('reviewDecisions', () => {
  it.each<[Parameters<typeof reviewDecisions>[0], number, ReturnType<typeof reviewDecisions>]>([
    ['pending', 0, { publish: M.publish, reject: true }],
    ['published', 2, { publish: M.keepPublished, reject: true }],
    ['published', 0, { publish: null, reject: true }],
    ['rejected', 0, { publish: M.publish, reject: true }],
  ])('%s with %i open reports', (status, reports, expected) => {
    expect(reviewDecisions(status, reports)).toEqual(expected);
  });
});
