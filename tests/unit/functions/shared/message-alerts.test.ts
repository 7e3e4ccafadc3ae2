/**
 * The site team's alert for an e-mail that could not be sent names the request with the right
 * article ("an information request", "a call request").
 */
import { describe, expect, it } from 'vitest';
import { alertOf } from '../../../../netlify/functions/_shared/message-outbox.ts';

function alert(failedKind: string, type: 'info' | 'call') {
  return alertOf({
    failed_kind: failedKind,
    recipient: 'family@example.org',
    about: '00000000-0000-4000-8000-000000000001',
    attempts: 5,
    last_error: 'connection refused',
    queued_at: '2026-03-01T10:00:00Z',
    message: { type, programName: 'Pine Hollow', status: 'contacted', to: 'family@example.org' },
    provider: null,
  });
}

describe('alertOf: what the failed e-mail was', () => {
  it.each([
    ['inquiry_confirmation', 'info', 'confirmation of an information request to Pine Hollow'],
    ['inquiry_confirmation', 'call', 'confirmation of a call request to Pine Hollow'],
    ['inquiry_status', 'info', 'status update (contacted) of an information request to Pine Hollow'],
    ['inquiry_status', 'call', 'status update (contacted) of a call request to Pine Hollow'],
  ] as const)('%s of a %s request: "%s"', (kind, type, what) => {
    expect(alert(kind, type).what).toBe(what);
  });
});
