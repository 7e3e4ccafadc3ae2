/**
 * The testing suite's calls to /api/test-tools/* (no React here). Each answers `{ ok: true, … }`
 * or a `Failure`: sign in again, not allowed (403), or a toast message (the server's own text
 * when it sent one, else the fallback of `TEST_MESSAGES`).
 */
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import {
  TEST_TOOLS_MESSAGES,
  type TestCleanupResult,
  type TestEngagementEvent,
  type TestInquiry,
  type TestProvider,
  type TestToolsOverview,
} from '../../api/contracts/test-tools.ts';
import { withArticle } from '../../lib/articles.ts';
import type { EngagementEventType } from '../../lib/vocabulary.ts';

export type Message = { title: string; description: string };

export type Failure =
  | { ok: false; kind: 'unauthorized' }
  | { ok: false; kind: 'forbidden' }
  | { ok: false; kind: 'error'; status: number | null; message: Message };

export type Result<T> = ({ ok: true } & T) | Failure;

export type TestInquiryInput = { name: string; email: string; phone: string; message: string };

export const ENDPOINTS = {
  overview: '/api/test-tools/overview',
  providers: '/api/test-tools/providers',
  inquiries: '/api/test-tools/inquiries',
  engagement: '/api/test-tools/engagement',
  cleanup: '/api/test-tools/cleanup',
} as const;

/** The testing suite's toasts: successes, and the fallbacks when the server sent no text. */
export const TEST_MESSAGES = {
  loadError: { title: 'Error Loading Test Data', description: 'Failed to load test data from database.' },
  providerError: { title: 'Test Provider Creation Error', description: 'Failed to create test provider.' },
  inquiryError: { title: 'Test Inquiry Error', description: 'Failed to submit test inquiry.' },
  engagementError: { title: 'Engagement Tracking Error', description: 'Failed to track test engagement.' },
  cleanupError: { title: 'Cleanup Error', description: 'Failed to clean up test data.' },
  noTestProvider: {
    title: 'No Test Provider Found',
    description: TEST_TOOLS_MESSAGES.noTestProvider,
  },
  providerCreated: (email: string) => ({
    title: 'Test Provider Created Successfully',
    description: `Test provider account created: ${email}`,
  }),
  inquirySubmitted: {
    title: 'Test Inquiry Submitted',
    description: 'The test inquiry was stored for the newest test provider.',
  },
  engagementTracked: (type: EngagementEventType) => ({
    title: 'Test Engagement Tracked',
    description: `Recorded ${withArticle(type)} event for the test program.`,
  }),
  cleanedUp: {
    title: 'Test Data Cleanup',
    description: 'Test inquiries and engagement data have been cleaned up from the database.',
  },
} as const;

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

function post(body?: unknown): RequestInit {
  return body === undefined
    ? { method: 'POST' }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The failure a non-2xx answer (or none) means, with the server's message when it has one. */
async function failure(res: Response | null, fallback: Message, useServerText = true): Promise<Failure> {
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (res?.status === 403) return { ok: false, kind: 'forbidden' };
  const read = await readFailure(res);
  const description = failureText(useServerText ? read : { ...read, message: null }, fallback.description);
  return { ok: false, kind: 'error', status: read.status, message: { title: fallback.title, description } };
}

async function parsed(res: Response, fallback: Message): Promise<Result<{ value: unknown }>> {
  try {
    return { ok: true, value: await res.json() };
  } catch {
    return { ok: false, kind: 'error', status: res.status, message: fallback };
  }
}

/** `GET /api/test-tools/overview`: counts and lists, in one round trip. */
export async function loadOverview(): Promise<Result<{ data: TestToolsOverview }>> {
  const res = await call(ENDPOINTS.overview);
  if (!res?.ok) return failure(res, TEST_MESSAGES.loadError, false);
  const result = await parsed(res, TEST_MESSAGES.loadError);
  return result.ok ? { ok: true, data: result.value as TestToolsOverview } : result;
}

/** `POST /api/test-tools/providers`: a real test provider account. */
export async function createTestProvider(): Promise<Result<{ provider: TestProvider }>> {
  const res = await call(ENDPOINTS.providers, post());
  if (!res?.ok) return failure(res, TEST_MESSAGES.providerError);
  const result = await parsed(res, TEST_MESSAGES.providerError);
  return result.ok ? { ok: true, provider: (result.value as { provider: TestProvider }).provider } : result;
}

/** `POST /api/test-tools/inquiries`; 409 means no test provider exists yet. */
export async function submitTestInquiry(input: TestInquiryInput): Promise<Result<{ inquiry: TestInquiry }>> {
  const res = await call(ENDPOINTS.inquiries, post({ ...input, type: 'info' }));
  if (res?.status === 409)
    return { ok: false, kind: 'error', status: 409, message: TEST_MESSAGES.noTestProvider };
  if (!res?.ok) return failure(res, TEST_MESSAGES.inquiryError);
  const result = await parsed(res, TEST_MESSAGES.inquiryError);
  return result.ok ? { ok: true, inquiry: (result.value as { inquiry: TestInquiry }).inquiry } : result;
}

/** `POST /api/test-tools/engagement`: one event for the test program. */
export async function trackTestEngagement(
  eventType: EngagementEventType,
): Promise<Result<{ event: TestEngagementEvent }>> {
  const res = await call(ENDPOINTS.engagement, post({ event_type: eventType }));
  if (!res?.ok) return failure(res, TEST_MESSAGES.engagementError, false);
  const result = await parsed(res, TEST_MESSAGES.engagementError);
  return result.ok ? { ok: true, event: (result.value as { event: TestEngagementEvent }).event } : result;
}

/** `POST /api/test-tools/cleanup`: test inquiries and engagement go; providers stay. */
export async function cleanupTestData(): Promise<Result<{ removed: TestCleanupResult }>> {
  const res = await call(ENDPOINTS.cleanup, post());
  if (!res?.ok) return failure(res, TEST_MESSAGES.cleanupError);
  const result = await parsed(res, TEST_MESSAGES.cleanupError);
  return result.ok ? { ok: true, removed: result.value as TestCleanupResult } : result;
}
