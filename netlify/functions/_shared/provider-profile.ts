/** The columns every answer with a provider profile selects: one list, so the header, the dashboard and registration never disagree. */
import { columnsOf } from '../../../src/api/contracts/rows.ts';
import type { Provider } from '../../../src/api/contracts/providers.ts';

/** The contract's `Provider`: every column but `verified_by` (an administrator's user id). */
export const PROVIDER_COLUMNS = columnsOf<Provider>()([
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
]);
