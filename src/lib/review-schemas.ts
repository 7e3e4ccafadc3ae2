/**
 * The review body schemas live with their contract, src/api/contracts/reviews-schemas.ts. This
 * re-export stays only while src/features/provider-dashboard/response-check.ts (being reworked
 * elsewhere) still imports `responseBodySchema` from here; new code imports the contract.
 */
export { responseBodySchema } from '../api/contracts/reviews-schemas.ts';
