/**
 * A signed-in user's saved programs, the hearts on cards and profiles
 * (docs/product-rules.md#favorites).
 *
 * - `GET /api/favorites` → 200 `{ favorites: [{ program_id, program_name, created_at }] }`,
 *   newest first.
 * - `PUT /api/favorites/:programId` → 204; saving a saved program again changes nothing.
 * - `DELETE /api/favorites/:programId` → 204, also when it was not saved.
 *
 * 401 without a valid token; 400 for an id that cannot be a program id; 404 for an id that is
 * not a listed program (the test program is never listed, so it cannot be saved either). The
 * program's name is taken from the server-side program index, never from the client. Every
 * statement runs through `withClaims`, so the RLS policies of `user_favorites` decide; the
 * explicit `user_id` filters keep an admin (who may read everyone's rows) to their own list.
 */
import type { Config, Context } from '@netlify/functions';
import {
  FAVORITES_MESSAGES,
  type Favorite,
  type FavoritesResponse,
} from '../../src/api/contracts/favorites.ts';
import { PROGRAM_ID_PATTERN } from '../../src/lib/program-id.ts';
import { MESSAGES } from '../../src/lib/schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { allowMethods, badRequest, handle, json, notFound, pathParam } from './_shared/http.ts';
import { findListedProgram, isFormerProgram } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

/** `user_favorites_program_name_check`. */
const MAX_NAME_LENGTH = 200;
const ITEM_PATH = /^\/api\/favorites\/([^/]+)$/;

export default handle('favorites', async (req: Request, context: Context) => {
  const programId = pathParam(req, context, 'programId', ITEM_PATH);
  allowMethods(req, programId === null ? ['GET'] : ['PUT', 'DELETE']);
  await limiter.check(context);
  const claims = await requireUser(req);

  if (programId === null) {
    const favorites = await withClaims(
      claims,
      (tx) => tx<Favorite[]>`
        select program_id, program_name,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
        from user_favorites
        where user_id = ${claims.sub}
        order by user_favorites.created_at desc, program_id`,
    );
    return json({ favorites: [...favorites] } satisfies FavoritesResponse);
  }

  if (!PROGRAM_ID_PATTERN.test(programId)) {
    throw badRequest(FAVORITES_MESSAGES.programId, { program_id: FAVORITES_MESSAGES.programId });
  }
  const program = await findListedProgram(programId);
  if (program === undefined && (await isFormerProgram(programId))) {
    // Unpublished or withdrawn: it can no longer be saved; removing it still works.
    if (req.method === 'DELETE') {
      await withClaims(
        claims,
        (tx) => tx`delete from user_favorites where user_id = ${claims.sub} and program_id = ${programId}`,
      );
      return json(null, 204);
    }
    throw notFound(MESSAGES.programNoLongerListed);
  }
  if (program === undefined || program.test) throw notFound(MESSAGES.unknownProgram);

  if (req.method === 'PUT') {
    const name = program.name.slice(0, MAX_NAME_LENGTH);
    // user_id is left to its default, auth.uid(): the database, not this code, says whose row it is.
    await withClaims(
      claims,
      (tx) => tx`
        insert into user_favorites (program_id, program_name) values (${program.id}, ${name})
        on conflict (user_id, program_id) do nothing`,
    );
  } else {
    await withClaims(
      claims,
      (tx) => tx`delete from user_favorites where user_id = ${claims.sub} and program_id = ${program.id}`,
    );
  }
  return json(null, 204);
});

export const config: Config = {
  path: ['/api/favorites', '/api/favorites/:programId'],
  // A page load asks once; hearts are clicked one at a time. 120 a minute leaves room for both.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('favorites', config.rateLimit);
