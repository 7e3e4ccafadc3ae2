/** A listing as its provider reads it, built in SQL: the dashboard and the listings endpoint answer the same shape. */
import type { Tx } from './db.ts';

/**
 * A listing as JSON in SQL (the contract's `Listing`): every column but `reviewed_by`, plus its
 * `availability` and its published version (`publication`; each null when there is none). `alias`
 * is the table's name or alias in the query.
 */
export function listingJson(tx: Tx, alias: 'l' | 'provider_listings') {
  const t = tx(alias);
  return tx`(to_jsonb(${t}) - 'reviewed_by') || jsonb_build_object('availability', (
    select jsonb_build_object('status', a.status, 'wait_weeks', a.wait_weeks, 'confirmed_at', a.confirmed_at)
    from listing_availability a where a.listing_id = ${t}.id), 'publication', (
    select jsonb_build_object(
      'program_id', s.program_id, 'state', s.state, 'state_reason', s.state_reason,
      'state_changed_at', s.state_changed_at, 'reviewed_at', s.reviewed_at,
      'first_published_at', s.first_published_at, 'snapshot', s.snapshot)
    from listing_publications s where s.listing_id = ${t}.id))`;
}
