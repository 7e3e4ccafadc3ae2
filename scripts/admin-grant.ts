/**
 * `npm run admin:grant -- person@example.org`: gives an existing user the administrator role
 * (a row `(user_id, 'admin')` in `public.user_roles`, which `private.is_admin()` reads).
 *
 * Connects to `DATABASE_URL` (default: the local backend's Postgres,
 * postgres://postgres:postgres@127.0.0.1:54322/postgres) as its owner, so it works before any
 * administrator exists; on Supabase use the direct or session connection string. Running it
 * again for the same person changes nothing. The person must have signed up first.
 *
 * Exit codes: 0 granted or already an administrator, 1 unknown e-mail or database error, 2 usage.
 */
import postgres from 'postgres';

export const LOCAL_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:54322/postgres';

export type GrantResult = 'granted' | 'already-admin' | 'unknown-user';

/** Grants the admin role to the user with `email` (case-insensitive). */
export async function grantAdmin(sql: postgres.Sql, email: string): Promise<GrantResult> {
  const users = await sql<{ id: string }[]>`
    select id from auth.users where lower(email) = lower(${email.trim()}) limit 2`;
  const [user] = users;
  if (!user) return 'unknown-user';
  const inserted = await sql`
    insert into public.user_roles (user_id, role) values (${user.id}, 'admin')
    on conflict (user_id, role) do nothing`;
  return inserted.count > 0 ? 'granted' : 'already-admin';
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const [email] = args;
  if (args.length !== 1 || !email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- person@example.org');
    return 2;
  }
  const url = process.env.DATABASE_URL || LOCAL_DATABASE_URL;
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => undefined, connect_timeout: 10 });
  try {
    const result = await grantAdmin(sql, email);
    if (result === 'unknown-user') {
      console.error(
        `No account uses ${email}. Ask the person to sign up at /auth (and confirm their e-mail) first, then run this again.`,
      );
      return 1;
    }
    console.log(
      result === 'granted' ? `${email} is now an administrator.` : `${email} is already an administrator.`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Could not grant the admin role (database ${new URL(url).host}): ${message}`);
    if (!process.env.DATABASE_URL)
      console.error('Is the local backend running? Start it with `npm run backend`.');
    return 1;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (import.meta.main) process.exit(await main());
