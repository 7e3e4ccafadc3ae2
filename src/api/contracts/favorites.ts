/** A signed-in user's saved programs: `/api/favorites[/:programId]`. */
import type { UserFavoriteRow } from './rows.ts';

/** One saved program; `created_at` is ISO 8601 UTC. */
export type Favorite = Pick<UserFavoriteRow, 'program_id' | 'program_name' | 'created_at'>;

/** `GET /api/favorites` → 200, newest first. */
export interface FavoritesResponse {
  favorites: Favorite[];
}

export const FAVORITES_MESSAGES = {
  programId: 'Program id must be 1–100 lower-case letters, digits and hyphens.',
} as const;
