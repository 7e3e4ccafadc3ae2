/**
 * Migrations apply from empty and a second run is a no-op; the seed can run twice; the schema
 * keeps the habits of docs/database.md (RLS everywhere, policies for named roles only).
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { editedWarning, migrate } from '../../supabase/local/postgres.ts';
import { type Sql, connect } from './helpers.ts';

const FRESH = `migrations_test_${String(process.pid)}`;
let admin: Sql;
let fresh: Sql;
let freshUrl: string;

beforeAll(async () => {
  admin = connect();
  await admin.unsafe(`drop database if exists ${FRESH}`);
  await admin.unsafe(`create database ${FRESH}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${FRESH}`;
  freshUrl = url.toString();
  fresh = connect(freshUrl);
});

afterAll(async () => {
  await fresh.end();
  await admin.unsafe(`drop database if exists ${FRESH} with (force)`);
  await admin.end();
});

describe('migrations', () => {
  it('apply in order on an empty database, then a second run applies nothing', async () => {
    const files = (await readdir(new URL('../../supabase/migrations/', import.meta.url)))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const first = await migrate(freshUrl, { bootstrap: true });
    expect(first.applied).toEqual(files.map((f) => f.slice(0, 14)));
    const second = await migrate(freshUrl, { bootstrap: true });
    expect(second.applied).toEqual([]);
    const recorded = await fresh<{ version: string; name: string }[]>`
      select version, name from supabase_migrations.schema_migrations order by version`;
    expect(recorded.map((r) => `${r.version}_${r.name}.sql`)).toEqual(files);
  });

  it('reports a migration edited after this database applied it (and applies nothing again)', async () => {
    await migrate(freshUrl, { bootstrap: true });
    expect((await migrate(freshUrl)).edited).toEqual([]);
    const [row] = await fresh<{ version: string; name: string; statements: string[] }[]>`
      select version, name, statements from supabase_migrations.schema_migrations order by version limit 1`;
    if (row === undefined) throw new Error('no migration recorded');
    try {
      await fresh`update supabase_migrations.schema_migrations
                  set statements = ${[`-- an older version\n${row.statements[0] ?? ''}`]} where version = ${row.version}`;
      const again = await migrate(freshUrl);
      expect(again.edited).toEqual([`supabase/migrations/${row.version}_${row.name}.sql`]);
      expect(again.applied).toEqual([]);
      expect(editedWarning(again.edited, '.data/postgres')).toContain(
        `supabase/migrations/${row.version}_${row.name}.sql`,
      );
    } finally {
      await fresh`update supabase_migrations.schema_migrations
                  set statements = ${row.statements} where version = ${row.version}`;
    }
    expect((await migrate(freshUrl)).edited).toEqual([]);
  });

  it('seed.sql can run twice without duplicating anything', async () => {
    await migrate(freshUrl, { seed: true });
    const counts = () => fresh<{ n: number }[]>`
      select (select count(*) from auth.users)::int + (select count(*) from public.providers)::int
           + (select count(*) from public.provider_inquiries)::int + (select count(*) from public.program_engagement)::int
           + (select count(*) from public.user_favorites)::int as n`;
    const [before] = await counts();
    await migrate(freshUrl, { seed: true });
    const [after] = await counts();
    expect(before?.n).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('every public table has row level security enabled', async () => {
    const tables = await fresh<{ name: string; rls: boolean }[]>`
      select c.relname as name, c.relrowsecurity as rls from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`;
    expect(tables.length).toBeGreaterThanOrEqual(8);
    expect(tables.filter((t) => !t.rls).map((t) => t.name)).toEqual([]);
  });

  it('every policy names its roles (anon and/or authenticated), never public', async () => {
    const policies = await fresh<{ name: string; roles: string[] }[]>`
      select policyname as name, roles::text[] as roles from pg_policies where schemaname = 'public'`;
    expect(policies.length).toBeGreaterThan(0);
    const bad = policies.filter((p) => p.roles.some((r) => !['anon', 'authenticated'].includes(r)));
    expect(bad).toEqual([]);
  });

  it('security-definer helpers pin search_path and cannot be called by visitors', async () => {
    const fns = await fresh<{ name: string; config: string[] | null; anon: boolean }[]>`
      select p.proname as name, p.proconfig as config, has_function_privilege('anon', p.oid, 'execute') as anon
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef`;
    expect(fns.length).toBeGreaterThan(0);
    expect(
      fns.filter((f) => !(f.config ?? []).includes('search_path=""') || f.anon).map((f) => f.name),
    ).toEqual([]);
  });

  it('the bootstrap gives auth.uid() the claims of the transaction, as on Supabase', async () => {
    const [row] = await fresh
      .begin((tx) => [
        tx`select set_config('request.jwt.claims', '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","email":"p@example.org"}', true)`,
        tx`select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub`,
      ])
      .then((results) => results[1] ?? []);
    expect(row).toEqual({
      uid: '22222222-2222-4222-8222-222222222222',
      role: 'authenticated',
      email: 'p@example.org',
      sub: '22222222-2222-4222-8222-222222222222',
    });
  });
});
