/**
 * The check of a provider's response to a review before it is sent, with the API's own schema
 * (responseBodySchema, zod): the same refusals in the same words. Its own module, loaded when a
 * response form opens (ReviewsCard.tsx), so the overview does not carry zod.
 */
import { REVIEW_MESSAGES as M } from '../../api/contracts/reviews.ts';
import { responseBodySchema } from '../../api/contracts/reviews-schemas.ts';

/** The message beside the field, or null when the API would take the response. */
export function responseError(body: string): string | null {
  const parsed = responseBodySchema.safeParse({ body });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? M.responseMissing);
}
