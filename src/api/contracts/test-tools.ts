/** The internal testing suite: `/api/test-tools/*`, administrators only. */
import type { ProgramEngagementRow, ProviderInquiryRow, ProviderRow } from './rows.ts';

export type TestProvider = Pick<
  ProviderRow,
  | 'id'
  | 'user_id'
  | 'organization_name'
  | 'contact_name'
  | 'email'
  | 'phone'
  | 'subscription_plan'
  | 'subscription_status'
  | 'trial_ends_at'
  | 'verification_status'
  | 'created_at'
>;

export type TestInquiry = Pick<
  ProviderInquiryRow,
  | 'id'
  | 'provider_id'
  | 'program_id'
  | 'type'
  | 'name'
  | 'email'
  | 'phone'
  | 'message'
  | 'program_name'
  | 'urgency'
  | 'status'
  | 'created_at'
>;

export type TestEngagementEvent = Pick<
  ProgramEngagementRow,
  'id' | 'program_id' | 'event_type' | 'created_at'
>;

/** `GET /api/test-tools/overview` → 200. */
export interface TestToolsOverview {
  status: 'Ready';
  counts: { providers: number; inquiries: number; engagement: number };
  providers: TestProvider[];
  inquiries: TestInquiry[];
  engagement: TestEngagementEvent[];
}

/** `POST /api/test-tools/cleanup` → 200. */
export interface TestCleanupResult {
  inquiries_removed: number;
  engagement_removed: number;
}

/** What the testing suite's API answers in words. */
export const TEST_TOOLS_MESSAGES = {
  notAdmin: 'Only administrators can use the testing suite.',
  noTestProvider: 'Please create a test provider first before submitting test inquiries.',
  noUser: 'No user created',
  authError: (message: string) => `Auth error: ${message}`,
  providerError: (message: string) => `Provider creation error: ${message}`,
} as const;
