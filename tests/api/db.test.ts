/** withClaims / withService: the role and claims really reach Postgres, and only for one transaction. */
import { afterAll, describe, expect, it } from 'vitest';
import { SEED, signIn } from './helpers.ts';
import { verifyToken } from '../../netlify/functions/_shared/auth.ts';
import { closeDb, withClaims, withService } from '../../netlify/functions/_shared/db.ts';

afterAll(closeDb);

describe('withClaims', () => {
  it('runs as anon with no user', async () => {
    const [row] = await withClaims(
      null,
      (tx) => tx<{ role: string; uid: string | null }[]>`
      select current_user as role, auth.uid() as uid`,
    );
    expect(row).toEqual({ role: 'anon', uid: null });
  });

  it('lets RLS refuse anon a read of engagement', async () => {
    await expect(withClaims(null, (tx) => tx`select count(*) from program_engagement`)).rejects.toThrow(
      /permission denied/,
    );
  });

  it('runs as authenticated with the verified claims', async () => {
    const claims = await verifyToken(await signIn(SEED.family.email, SEED.family.password));
    const [row] = await withClaims(
      claims,
      (tx) => tx<{ role: string; uid: string; email: string }[]>`
      select current_user as role, auth.uid()::text as uid, auth.jwt()->>'email' as email`,
    );
    expect(row).toEqual({ role: 'authenticated', uid: claims.sub, email: SEED.family.email });
  });

  it('never takes the role from the token', async () => {
    const claims = await verifyToken(await signIn(SEED.family.email, SEED.family.password));
    const [row] = await withClaims(
      { ...claims, role: 'service_role' },
      (tx) => tx<{ role: string }[]>`
      select current_user as role`,
    );
    expect(row?.role).toBe('authenticated');
  });

  it('an admin sees every role row through RLS, a family user only its own', async () => {
    const admin = await verifyToken(await signIn(SEED.admin.email, SEED.admin.password));
    const family = await verifyToken(await signIn(SEED.family.email, SEED.family.password));
    const count = async (claims: typeof admin) =>
      (await withClaims(claims, (tx) => tx<{ n: number }[]>`select count(*)::int as n from user_roles`))[0]
        ?.n ?? 0;
    const [own] = await withClaims(
      family,
      (tx) => tx<{ n: number }[]>`
      select count(*)::int as n from user_roles where user_id <> ${family.sub}`,
    );
    expect(own?.n).toBe(0);
    expect(await count(admin)).toBeGreaterThan(await count(family));
  });

  it('leaves no role or claims behind on the pooled connection', async () => {
    const claims = await verifyToken(await signIn(SEED.family.email, SEED.family.password));
    await withClaims(claims, (tx) => tx`select 1`);
    const rows = await withService(
      (tx) => tx<{ claims: string | null }[]>`
      select nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(rows[0]?.claims ?? null).toBeNull();
  });
});

describe('withService', () => {
  it('runs as service_role, which bypasses RLS', async () => {
    const [row] = await withService(
      (tx) => tx<{ role: string; n: number }[]>`
      select current_user as role, (select count(*)::int from program_engagement) as n`,
    );
    expect(row?.role).toBe('service_role');
    expect(row?.n).toBeGreaterThanOrEqual(0);
  });
});
