/** The testing suite's pure rules: tabs in the address, the engagement list's "first 10, and N more". */
import { describe, expect, it } from 'vitest';
import { isTestProviderEmail, testProviderEmail } from '../../../../netlify/functions/_shared/test-tools.ts';
import { TEST_MESSAGES } from '../../../../src/features/testing-suite/api.ts';
import {
  countOf,
  DEFAULT_TAB,
  ENGAGEMENT_SHOWN,
  searchWithTab,
  shownEvents,
  tabFromSearch,
  TABS,
} from '../../../../src/features/testing-suite/tabs.ts';

describe('tabs', () => {
  it('has its four tabs, overview first', () => {
    expect(TABS.map((t) => t.label)).toEqual([
      'Overview',
      'Provider Testing',
      'User Flow Testing',
      'Data Management',
    ]);
    expect(DEFAULT_TAB).toBe('overview');
  });

  it.each([
    ['', 'overview'],
    ['?tab=providers', 'providers'],
    ['?tab=user-flow&x=1', 'user-flow'],
    ['?tab=data', 'data'],
    ['?tab=nope', 'overview'],
  ])('tabFromSearch(%j) → %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
  });

  it('keeps other parameters and leaves none for the overview', () => {
    expect(searchWithTab('?x=1', 'data')).toBe('?x=1&tab=data');
    expect(searchWithTab('?tab=data', 'overview')).toBe('');
  });
});

describe('shownEvents', () => {
  const events = Array.from({ length: 12 }, (_, i) => i);
  it.each([
    [0, 0, 0, 0],
    [3, 3, 3, 0],
    [10, 10, 10, 0],
    [11, 11, 10, 1],
    [12, 57, 10, 47],
  ])('%i loaded of %i → %i shown, %i more', (loaded, total, shown, more) => {
    const result = shownEvents(events.slice(0, loaded), total);
    expect(result.shown).toHaveLength(shown);
    expect(result.more).toBe(more);
  });
  it('shows 10', () => {
    expect(ENGAGEMENT_SHOWN).toBe(10);
  });
});

describe('test providers and messages', () => {
  it('makes timestamped addresses the SQL function accepts', () => {
    const email = testProviderEmail(1763840000000);
    expect(email).toMatch(/^test-provider-1763840000000-[0-9a-f]{4}@test-provider\.invalid$/);
    expect(isTestProviderEmail(email)).toBe(true);
    expect(isTestProviderEmail('provider@example.org')).toBe(false);
  });

  it('uses the testing suite texts', () => {
    expect(TEST_MESSAGES.noTestProvider).toEqual({
      title: 'No Test Provider Found',
      description: 'Please create a test provider first before submitting test inquiries.',
    });
    expect(TEST_MESSAGES.cleanedUp.description).toBe(
      'Test inquiries and engagement data have been cleaned up from the database.',
    );
    expect(TEST_MESSAGES.loadError).toEqual({
      title: 'Error Loading Test Data',
      description: 'Failed to load test data from database.',
    });
  });
});

describe('countOf (the cleanup confirmation)', () => {
  it.each([
    [0, 'no test inquiries'],
    [1, '1 test inquiry'],
    [2, '2 test inquiries'],
    [120, '120 test inquiries'],
  ])('%i → %s', (count, text) => {
    expect(countOf(count, 'test inquiry', 'test inquiries')).toBe(text);
  });
});
