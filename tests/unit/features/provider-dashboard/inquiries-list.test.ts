/**
 * The provider's inquiry list (src/features/provider-dashboard/Inquiries.tsx), rendered to HTML:
 * a request says what the family asked for (a call or information), and nothing the family did
 * not say: the stored urgency (high for every call request, by type) is never shown as "urgent".
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Inquiries } from '../../../../src/features/provider-dashboard/Inquiries.tsx';
import type { ProviderInquiry } from '../../../../src/api/contracts/providers.ts';

const CALL: ProviderInquiry = {
  id: '00000000-0000-4000-8000-000000000001',
  program_id: 'harbor',
  listing_id: null,
  type: 'call',
  name: 'Riley Parent',
  email: 'riley@example.org',
  phone: '(555) 010-2299',
  message: 'Could you call after six?',
  program_name: 'Harbor House',
  urgency: 'high',
  location: null,
  status: 'new',
  created_at: '2026-12-01T18:00:00Z',
  updated_at: '2026-12-01T18:00:00Z',
  best_time_to_call: 'After 6 pm',
  delivered_at: '2026-12-01T18:00:05Z',
};

const render = (inquiries: ProviderInquiry[]) =>
  renderToStaticMarkup(
    createElement(Inquiries, { inquiries, onInquiry: () => undefined, onFailure: () => undefined }),
  );

describe('the inquiry list', () => {
  it.each<[string, ProviderInquiry]>([
    ['a call request', CALL],
    ['an info request', { ...CALL, type: 'info', urgency: 'medium', best_time_to_call: null }],
  ])('%s never reads "urgent"', (_label, inquiry) => {
    const html = render([inquiry]);
    expect(html).toContain(inquiry.type === 'call' ? 'Call request' : 'Info request');
    expect(html.toLowerCase()).not.toContain('urgent');
  });
});
