/**
 * "Nothing but the functions can touch the data" (migration 20261125000200_data_api_lockdown.sql).
 * Production runs with Supabase's Data API off (`npm run check:deploy` proves it); these tests
 * prove the database's own layers, which hold even if it were switched on again:
 *
 *   - a Data API session (PostgREST logs in as `authenticator`, then takes `anon` or
 *     `authenticated`) reads and writes nothing, on every table of `public`;
 *   - whatever the session, the API roles hold only what the functions' SQL needs: a column no
 *     function writes (or reads) as that role is refused;
 *   - the database derives what a caller must not choose: the provider and listing an inquiry
 *     goes to, and the name of a program published from a listing;
 *   - `private.session_is_live()` (any user's session, by id) is not executable by the API roles.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  type Claims,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  asRole,
  become,
  connect,
  ensureFixtures,
  rolledBack,
  sqlState,
} from './helpers.ts';

const POLICY = 'Only the API functions, never the Data API';
/** The seed's approved listing, published as `test-program-001`. */
const LISTING_PROGRAM = { id: 'test-program-001', name: 'Harbor Demo Treatment Center' } as const;

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

/**
 * Runs `fn` the way Supabase's Data API would: a session of `authenticator` that takes the API
 * role for `claims`. `setup` runs first as postgres. Rolled back.
 */
function asDataApi<T>(
  claims: Claims,
  fn: (tx: Tx) => Promise<T>,
  setup?: (tx: Tx) => Promise<unknown>,
): Promise<T> {
  return rolledBack(sql, async (tx) => {
    if (setup) await setup(tx);
    await tx.unsafe('set local session authorization authenticator');
    await become(tx, claims);
    return fn(tx);
  });
}

const inquiryValues = (id: string) =>
  ({ id, program_id: 'mclean', type: 'info', name: 'Robin Example', email: 'robin@example.com' }) as const;

describe('the Data API (a session of authenticator) reaches no table', () => {
  it('every table of public has row-level security and the restrictive Data API policy', async () => {
    const tables = await sql<{ name: string; rls: boolean; policy: boolean }[]>`
      select c.relname as name, c.relrowsecurity as rls,
             exists (
               select 1 from pg_policies p
               where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = ${POLICY}
                 and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL'
                 and p.roles::text[] @> array['anon', 'authenticated']::text[]
             ) as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`;
    expect(tables.length).toBeGreaterThanOrEqual(12);
    expect(tables.filter((t) => !t.rls || !t.policy).map((t) => t.name)).toEqual([]);
  });

  it('no function in public is executable by the API roles (PostgREST would serve it at /rpc)', async () => {
    const fns = await sql<{ name: string }[]>`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))`;
    expect(fns).toEqual([]);
  });

  it('private.via_data_api() tells the two kinds of session apart', async () => {
    const functions = await asRole(sql, ACTORS.anon, (tx) => tx`select private.via_data_api() as v`);
    const dataApi = await asDataApi(ACTORS.anon, (tx) => tx`select private.via_data_api() as v`);
    expect([functions[0]?.v, dataApi[0]?.v]).toEqual([false, true]);
  });

  // The inserts /api/inquiries, /api/contact, /api/engagement and /api/favorites make.
  const WRITES: [string, Actor, (tx: Tx) => Promise<unknown>][] = [
    [
      'an inquiry (visitor)',
      'anon',
      (tx) => tx`insert into public.provider_inquiries ${tx(inquiryValues(randomUUID()))}`,
    ],
    [
      'an inquiry (family)',
      'family',
      (tx) => tx`insert into public.provider_inquiries ${tx(inquiryValues(randomUUID()))}`,
    ],
    [
      'a contact message',
      'anon',
      (tx) => tx`insert into public.contact_messages (name, email, subject, message)
                 values ('Jamie Example', 'jamie@example.com', 'Hello', 'Hello there')`,
    ],
    [
      'an engagement event',
      'anon',
      (tx) => tx`insert into public.program_engagement (program_id, event_type) values ('mclean', 'view')`,
    ],
    [
      'a favourite',
      'family',
      (tx) =>
        tx`insert into public.user_favorites (program_id, program_name) values ('silver-creek-ranch', 'Silver Creek')`,
    ],
  ];

  it.each(WRITES)(
    '%s (%s): accepted from the functions, refused from the Data API',
    async (_, actor, write) => {
      const functions = await asRole(sql, ACTORS[actor], (tx) => sqlState(write(tx)));
      const dataApi = await asDataApi(ACTORS[actor], (tx) => sqlState(write(tx)));
      expect({ functions, dataApi }).toEqual({ functions: 'ok', dataApi: '42501' });
    },
  );

  it('a provider updates its profile from the functions; from the Data API no row is there to update', async () => {
    const update = (tx: Tx) =>
      tx`update public.providers set description = 'Changed' where id = ${SEED.provider}`.then(
        (r) => r.count,
      );
    const functions = await asRole(sql, ACTORS.provider, update);
    const dataApi = await asDataApi(ACTORS.provider, update);
    expect({ functions, dataApi }).toEqual({ functions: 1, dataApi: 0 });
  });

  it.each([
    ['family', 'user_favorites', (tx: Tx) => tx`select program_id from public.user_favorites`],
    ['family', 'user_roles', (tx: Tx) => tx`select role from public.user_roles`],
    ['provider', 'provider_inquiries', (tx: Tx) => tx`select id from public.provider_inquiries`],
    ['provider', 'provider_listings', (tx: Tx) => tx`select id from public.provider_listings`],
    ['admin', 'providers', (tx: Tx) => tx`select id from public.providers`],
  ] as const)('%s reads %s from the functions, nothing from the Data API', async (actor, _, read) => {
    const functions = (await asRole(sql, ACTORS[actor], read)).length;
    const dataApi = (await asDataApi(ACTORS[actor], read)).length;
    expect(functions).toBeGreaterThan(0);
    expect(dataApi).toBe(0);
  });
});

describe('grants: only what the functions need', () => {
  // Each statement touches a column (or an operation) no function uses as that role.
  const REFUSED: [string, Actor, (tx: Tx) => Promise<unknown>][] = [
    [
      'visitor names the provider of an inquiry',
      'anon',
      (tx) =>
        tx`insert into public.provider_inquiries ${tx({ ...inquiryValues(randomUUID()), provider_id: OTHER.provider })}`,
    ],
    [
      'visitor names the listing of an inquiry',
      'anon',
      (tx) =>
        tx`insert into public.provider_inquiries ${tx({ ...inquiryValues(randomUUID()), listing_id: SEED.approvedListing })}`,
    ],
    [
      'family sends a location (no function does)',
      'family',
      (tx) =>
        tx`insert into public.provider_inquiries ${tx({ ...inquiryValues(randomUUID()), location: 'Boston' })}`,
    ],
    [
      'provider moves an inquiry to another provider',
      'provider',
      (tx) =>
        tx`update public.provider_inquiries set provider_id = ${OTHER.provider} where provider_id = ${SEED.provider}`,
    ],
    [
      'provider reads the status-link hashes',
      'provider',
      (tx) => tx`select status_token_hash from public.provider_inquiries`,
    ],
    [
      'family saves a favourite for someone else',
      'family',
      (tx) =>
        tx`insert into public.user_favorites (user_id, program_id) values (${SEED.familyUser}, 'silver-creek-ranch')`,
    ],
    [
      'provider moves its listing to another provider',
      'provider',
      (tx) =>
        tx`update public.provider_listings set provider_id = ${OTHER.provider} where id = ${SEED.approvedListing}`,
    ],
    [
      'provider backdates its submission',
      'provider',
      (tx) =>
        tx`update public.provider_listings set submitted_at = '2020-01-01' where id = ${SEED.approvedListing}`,
    ],
    [
      'provider backdates its availability',
      'provider',
      (tx) =>
        tx`update public.listing_availability set confirmed_at = '2020-01-01' where listing_id = ${SEED.approvedListing}`,
    ],
    [
      'provider deletes its listing',
      'provider',
      (tx) => tx`delete from public.provider_listings where id = ${OTHER.draftListing}`,
    ],
    [
      'provider deletes an upload',
      'provider',
      (tx) => tx`delete from public.provider_uploads where provider_id = ${SEED.provider}`,
    ],
    ['provider reads the upload hashes', 'provider', (tx) => tx`select sha256 from public.provider_uploads`],
    [
      'provider reads who verified it',
      'provider',
      (tx) => tx`select verified_by from public.providers where id = ${SEED.provider}`,
    ],
    [
      'registration sets a website (/api/providers sends five fields)',
      'family',
      (tx) => tx`insert into public.providers (user_id, organization_name, email, website)
                 values (${SEED.familyUser}, 'Family Org', 'family@example.org', 'https://example.org')`,
    ],
    [
      'admin names the reviewer of a request',
      'admin',
      (tx) => tx`update public.provider_verification_requests set reviewer_id = ${SEED.familyUser}
                 where id = ${SEED.approvedRequest}`,
    ],
    [
      'admin deletes a provider',
      'admin',
      (tx) => tx`delete from public.providers where id = ${OTHER.provider}`,
    ],
    [
      'admin grants a role',
      'admin',
      (tx) => tx`insert into public.user_roles (user_id, role) values (${SEED.familyUser}, 'admin')`,
    ],
    ['admin reads contact messages', 'admin', (tx) => tx`select id from public.contact_messages`],
  ];

  it.each(REFUSED)('%s: refused (42501)', async (_, actor, statement) => {
    expect(await asRole(sql, ACTORS[actor], (tx) => sqlState(statement(tx)))).toBe('42501');
  });
});

describe('what the database derives', () => {
  interface Routed {
    provider_id: string | null;
    listing_id: string | null;
    program_name: string | null;
  }
  const routed = (tx: Tx, id: string) =>
    tx<
      Routed[]
    >`select provider_id, listing_id, program_name from public.provider_inquiries where id = ${id}`;

  /** Inserts as `claims` (savepoint), then reads the row back as postgres. */
  async function sendAs(
    claims: Claims,
    values: Record<string, unknown>,
    dataApiWithoutPolicy = false,
  ): Promise<Routed | undefined> {
    return rolledBack(sql, async (tx) => {
      if (dataApiWithoutPolicy) {
        // As if the restrictive policy had been removed: the derivation still holds.
        await tx.unsafe(`drop policy "${POLICY}" on public.provider_inquiries`);
        await tx.unsafe('set local session authorization authenticator');
      }
      await become(tx, claims);
      await tx`insert into public.provider_inquiries ${tx(values)}`;
      await tx.unsafe('reset session authorization');
      await tx.unsafe('reset role');
      const [row] = await routed(tx, String(values['id']));
      return row;
    });
  }

  const toListing = (id: string, extra: Record<string, unknown> = {}) => ({
    ...inquiryValues(id),
    program_id: LISTING_PROGRAM.id,
    program_name: 'A name the caller made up',
    ...extra,
  });

  it.each(['family', 'provider', 'otherProvider'] as const)(
    '%s naming a foreign provider_id: the inquiry goes to the listing’s provider, with its name',
    async (actor) => {
      const row = await sendAs(ACTORS[actor], toListing(randomUUID(), { provider_id: OTHER.provider }));
      expect(row).toEqual({
        provider_id: SEED.provider,
        listing_id: SEED.approvedListing,
        program_name: LISTING_PROGRAM.name,
      });
    },
  );

  it('a visitor (who cannot name one) gets the listing’s provider and name too', async () => {
    const row = await sendAs(ACTORS.anon, toListing(randomUUID()));
    expect(row).toEqual({
      provider_id: SEED.provider,
      listing_id: SEED.approvedListing,
      program_name: LISTING_PROGRAM.name,
    });
  });

  it('a program file has no provider: a foreign provider_id is dropped, the function’s name kept', async () => {
    const row = await sendAs(ACTORS.family, {
      ...inquiryValues(randomUUID()),
      program_name: 'McLean OCD Institute',
      provider_id: OTHER.provider,
    });
    expect(row).toEqual({ provider_id: null, listing_id: null, program_name: 'McLean OCD Institute' });
  });

  it('an administrator still addresses a test inquiry to a test provider (the testing suite)', async () => {
    const row = await sendAs(ACTORS.admin, toListing(randomUUID(), { provider_id: OTHER.provider }));
    expect(row?.provider_id).toBe(OTHER.provider);
  });

  it('even with the Data API policy gone, a Data API insert chooses neither provider nor name', async () => {
    const listing = await sendAs(
      ACTORS.family,
      toListing(randomUUID(), { provider_id: OTHER.provider }),
      true,
    );
    const file = await sendAs(
      ACTORS.family,
      { ...inquiryValues(randomUUID()), program_name: 'Anything at all', provider_id: OTHER.provider },
      true,
    );
    expect(listing).toEqual({
      provider_id: SEED.provider,
      listing_id: SEED.approvedListing,
      program_name: LISTING_PROGRAM.name,
    });
    expect(file).toEqual({ provider_id: null, listing_id: null, program_name: null });
  });

  it('a favourite of a listing’s program carries the listing’s name, whatever was sent', async () => {
    const name = await asRole(sql, ACTORS.otherProvider, async (tx) => {
      await tx`insert into public.user_favorites (program_id, program_name)
               values (${LISTING_PROGRAM.id}, 'A name the caller made up')`;
      const [row] = await tx<{ program_name: string }[]>`
        select program_name from public.user_favorites where user_id = ${OTHER.user}`;
      return row?.program_name;
    });
    expect(name).toBe(LISTING_PROGRAM.name);
  });
});

describe('private.session_is_live()', () => {
  it('is executable by the server only, not by the API roles', async () => {
    const [row] = await sql<{ anon: boolean; authenticated: boolean; service_role: boolean }[]>`
      select has_function_privilege('anon', 'private.session_is_live(uuid, uuid)', 'execute') as anon,
             has_function_privilege('authenticated', 'private.session_is_live(uuid, uuid)', 'execute') as authenticated,
             has_function_privilege('service_role', 'private.session_is_live(uuid, uuid)', 'execute') as service_role`;
    expect(row).toEqual({ anon: false, authenticated: false, service_role: true });
  });

  it('a signed-in caller cannot probe sessions with it; assume_user() still admits a live one', async () => {
    const session = randomUUID();
    const probe = await asRole(sql, ACTORS.family, (tx) =>
      sqlState(tx`select private.session_is_live(${session}, ${SEED.providerUser})`),
    );
    const admitted = await rolledBack(sql, async (tx) => {
      await tx`insert into auth.sessions (id, user_id) values (${session}, ${SEED.familyUser})`;
      await tx`select private.assume_user(${session}, ${SEED.familyUser}, ${JSON.stringify(ACTORS.family)})`;
      const [row] = await tx<{ role: string; uid: string }[]>`select current_user as role, auth.uid() as uid`;
      return row;
    });
    expect(probe).toBe('42501');
    expect(admitted).toEqual({ role: 'authenticated', uid: SEED.familyUser });
  });
});
