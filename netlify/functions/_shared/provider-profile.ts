/**
 * The provider profile as every API answer shows it (`GET /api/me`, the provider endpoints): one
 * shape and one column list, so the header, the dashboard and registration never disagree.
 */

/** A provider profile as the API answers it (timestamps ISO 8601). */
export interface Provider {
  id: string;
  user_id: string;
  organization_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string | null;
  location: string | null;
  state: string | null;
  /** Where inquiries about its published programs are e-mailed (null: `email`). */
  inquiry_email: string | null;
  /** The phone families are shown in inquiry confirmations (null: the program's own). */
  inquiry_phone: string | null;
  subscription_plan: string | null;
  subscription_status: string;
  trial_ends_at: string | null;
  verification_status: 'unverified' | 'pending' | 'verified' | 'rejected';
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns of a provider the API shows (not `verified_by`: an administrator's user id). */
export const PROVIDER_COLUMNS = [
  'id',
  'user_id',
  'organization_name',
  'contact_name',
  'email',
  'phone',
  'website',
  'description',
  'location',
  'state',
  'inquiry_email',
  'inquiry_phone',
  'subscription_plan',
  'subscription_status',
  'trial_ends_at',
  'verification_status',
  'verified_at',
  'created_at',
  'updated_at',
] as const;
