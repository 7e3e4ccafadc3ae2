/**
 * Rules that live in the database: escalation attempts, the verification workflow, triggers,
 * and the check constraints that keep every enumerated column inside src/lib/vocabulary.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_EVENT_TYPES,
  INQUIRY_STATUSES,
  INQUIRY_TYPES,
  INQUIRY_URGENCY,
  LISTING_STATUSES,
  ROLES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  VERIFICATION_REQUEST_STATUSES,
  VERIFICATION_STATUSES,
} from '../../src/lib/vocabulary.ts';
import {
  ACTORS,
  OTHER,
  SEED,
  type Sql,
  type Tx,
  asRole,
  become,
  becomeOwner,
  connect,
  ensureFixtures,
  rolledBack,
  sqlState,
} from './helpers.ts';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

const unverifyDemo = (tx: Tx) =>
  tx`update public.providers set verification_status = 'unverified', verified_at = null, verified_by = null
     where id = ${SEED.provider}`;

describe('escalation attempts are refused', () => {
  it.each([
    ['family', ACTORS.family],
    ['provider', ACTORS.provider],
  ] as const)('a %s cannot make itself admin', async (_, claims) => {
    const state = await asRole(sql, claims, (tx) =>
      sqlState(tx`insert into public.user_roles (user_id, role) values (${claims.sub}, 'admin')`),
    );
    expect(state).toBe('42501');
  });

  it('a provider cannot turn its provider role into admin', async () => {
    const state = await asRole(sql, ACTORS.provider, (tx) =>
      sqlState(tx`update public.user_roles set role = 'admin' where user_id = ${SEED.providerUser}`),
    );
    expect(state).toBe('42501');
  });

  it.each([
    ['verification_status', 'verified'],
    ['verified_at', '2026-01-01T00:00:00Z'],
    ['verified_by', SEED.providerUser],
    ['subscription_plan', 'pro'],
    ['subscription_status', 'active'],
    ['trial_ends_at', '2099-01-01T00:00:00Z'],
  ])('a provider cannot set its own %s', async (column, value) => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(tx`update public.providers set ${tx(column)} = ${value} where id = ${OTHER.provider}`),
    );
    expect(state).toBe('42501');
  });

  it('an admin can set subscription fields', async () => {
    const plan = await asRole(sql, ACTORS.admin, async (tx) => {
      const [row] = await tx<{ subscription_plan: string }[]>`
        update public.providers set subscription_plan = 'pro' where id = ${OTHER.provider} returning subscription_plan`;
      return row?.subscription_plan;
    });
    expect(plan).toBe('pro');
  });

  it.each(['verification_status', 'verified_at', 'subscription_status', 'trial_ends_at'])(
    'a new provider row cannot carry %s',
    async (column) => {
      const value = column.endsWith('_at')
        ? '2099-01-01T00:00:00Z'
        : column === 'verification_status'
          ? 'verified'
          : 'active';
      const state = await asRole(sql, ACTORS.family, (tx) =>
        sqlState(tx`insert into public.providers (user_id, organization_name, email, ${tx(column)})
                    values (${SEED.familyUser}, 'Sneaky Org', 'family@example.org', ${value})`),
      );
      expect(state).toBe('42501');
    },
  );

  it('a new provider row starts unverified on a 14-day free trial', async () => {
    const row = await asRole(sql, ACTORS.family, async (tx) => {
      await tx`insert into public.providers (user_id, organization_name, email)
               values (${SEED.familyUser}, 'Family Org', 'family@example.org')`;
      const [p] = await tx<
        {
          verification_status: string;
          subscription_plan: string;
          subscription_status: string;
          days: number;
        }[]
      >`
        select verification_status, subscription_plan, subscription_status,
               round(extract(epoch from trial_ends_at - now()) / 86400)::int as days
        from public.providers where user_id = ${SEED.familyUser}`;
      return p;
    });
    expect(row).toEqual({
      verification_status: 'unverified',
      subscription_plan: 'free',
      subscription_status: 'trial',
      days: 14,
    });
  });

  it('a provider cannot move its profile to another user', async () => {
    const state = await asRole(sql, ACTORS.provider, (tx) =>
      sqlState(tx`update public.providers set user_id = ${SEED.familyUser} where id = ${SEED.provider}`),
    );
    expect(state).toBe('42501');
  });

  it("a provider cannot read another provider's inquiries", async () => {
    const rows = await asRole(
      sql,
      ACTORS.otherProvider,
      (tx) => tx`select id from public.provider_inquiries where provider_id = ${SEED.provider}`,
    );
    expect(rows).toHaveLength(0);
  });

  it("a provider cannot change another provider's inquiry", async () => {
    const changed = await asRole(sql, ACTORS.provider, async (tx) => {
      const result =
        await tx`update public.provider_inquiries set status = 'closed' where id = ${OTHER.inquiry}`;
      return result.count;
    });
    expect(changed).toBe(0);
  });

  it('a provider cannot approve its own listing', async () => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(tx`update public.provider_listings set status = 'approved', center_name = 'X', description = 'Y', phone = '1'
                  where id = ${OTHER.draftListing}`),
    );
    expect(state).toBe('42501');
  });

  it.each([
    ['published_program_id', 'mclean'],
    ['reviewer_notes', 'Looks great'],
  ])('a provider cannot set its listing’s %s', async (column, value) => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(
        tx`update public.provider_listings set ${tx(column)} = ${value} where id = ${OTHER.draftListing}`,
      ),
    );
    expect(state).toBe('42501');
  });

  it('a provider cannot delete its approved listing', async () => {
    const state = await asRole(sql, ACTORS.provider, (tx) =>
      sqlState(tx`delete from public.provider_listings where id = ${SEED.approvedListing}`),
    );
    expect(state).toBe('42501');
  });

  it('a provider cannot approve its own verification request', async () => {
    const changed = await asRole(sql, ACTORS.otherProvider, async (tx) => {
      await tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
               values (${OTHER.provider}, array['License'])`;
      const result = await tx`update public.provider_verification_requests set status = 'approved'
                              where provider_id = ${OTHER.provider}`;
      return result.count;
    });
    expect(changed).toBe(0);
  });

  it('a verification request cannot be sent already approved', async () => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted, status)
                  values (${OTHER.provider}, array['License'], 'approved')`),
    );
    expect(state).toBe('42501');
  });

  it('a second pending verification request is refused', async () => {
    const state = await asRole(sql, ACTORS.otherProvider, async (tx) => {
      await tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
               values (${OTHER.provider}, array['License'])`;
      return sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                         values (${OTHER.provider}, array['Accreditation'])`);
    });
    expect(state).toBe('23505');
  });

  it('a verification request from a verified provider is refused', async () => {
    const state = await asRole(sql, ACTORS.provider, (tx) =>
      sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                  values (${SEED.provider}, array['License'])`),
    );
    expect(state).toBe('23514');
  });

  it.each([[[]], [['']], [['   ']], [['License', '']]])('documents %j are refused', async (documents) => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                  values (${OTHER.provider}, ${documents}::text[])`),
    );
    expect(state).toBe('23514');
  });

  it('a provider reads no engagement of programs it does not own', async () => {
    const rows = await asRole(
      sql,
      ACTORS.provider,
      (tx) => tx`select id from public.program_engagement where program_id = 'mclean'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('a visitor cannot choose the status or urgency of an inquiry', async () => {
    const states = await Promise.all(
      (['status', 'urgency'] as const).map((column) =>
        asRole(sql, null, (tx) =>
          sqlState(tx`insert into public.provider_inquiries (program_id, type, name, email, ${tx(column)})
                      values ('mclean', 'info', 'Alex', 'alex@example.com', ${column === 'status' ? 'closed' : 'high'})`),
        ),
      ),
    );
    expect(states).toEqual(['42501', '42501']);
  });
});

describe('verification workflow', () => {
  it('sending a request makes the provider pending; approval verifies it with who and when', async () => {
    const result = await rolledBack(sql, async (tx) => {
      await become(tx, ACTORS.otherProvider);
      await tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
               values (${OTHER.provider}, array['  State license  '])`;
      await becomeOwner(tx);
      const [afterRequest] = await tx<{ verification_status: string }[]>`
        select verification_status from public.providers where id = ${OTHER.provider}`;
      await become(tx, ACTORS.admin);
      const updated = await tx`update public.provider_verification_requests set status = 'approved'
                               where provider_id = ${OTHER.provider} and status = 'pending'`;
      await becomeOwner(tx);
      const [provider] = await tx<{ verification_status: string; verified_by: string; verified: boolean }[]>`
        select verification_status, verified_by, verified_at is not null and verified_at <= now() as verified
        from public.providers where id = ${OTHER.provider}`;
      const [request] = await tx<{ reviewer_id: string; reviewed: boolean; documents_submitted: string[] }[]>`
        select reviewer_id, reviewed_at is not null as reviewed, documents_submitted
        from public.provider_verification_requests where provider_id = ${OTHER.provider}`;
      return { afterRequest, updated: updated.count, provider, request };
    });
    expect(result).toEqual({
      afterRequest: { verification_status: 'pending' },
      updated: 1,
      provider: { verification_status: 'verified', verified_by: SEED.adminUser, verified: true },
      request: { reviewer_id: SEED.adminUser, reviewed: true, documents_submitted: ['State license'] },
    });
  });

  it('rejection marks the provider rejected, and it may then ask again', async () => {
    const result = await rolledBack(sql, async (tx) => {
      await become(tx, ACTORS.otherProvider);
      await tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
               values (${OTHER.provider}, array['License'])`;
      await become(tx, ACTORS.admin);
      await tx`update public.provider_verification_requests set status = 'rejected', reviewer_notes = 'Unreadable scan'
               where provider_id = ${OTHER.provider}`;
      await becomeOwner(tx);
      const [provider] = await tx<{ verification_status: string }[]>`
        select verification_status from public.providers where id = ${OTHER.provider}`;
      await become(tx, ACTORS.otherProvider);
      const again =
        await sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                                      values (${OTHER.provider}, array['License, clear scan'])`);
      return { status: provider?.verification_status, again };
    });
    expect(result).toEqual({ status: 'rejected', again: 'ok' });
  });

  it('a decided request cannot be reopened', async () => {
    const state = await asRole(sql, ACTORS.admin, (tx) =>
      sqlState(
        tx`update public.provider_verification_requests set status = 'pending' where id = ${SEED.approvedRequest}`,
      ),
    );
    expect(state).toBe('23514');
  });

  it('an unverified provider with no pending request may ask', async () => {
    const state = await asRole(
      sql,
      ACTORS.provider,
      (tx) =>
        sqlState(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                    values (${SEED.provider}, array['License'])`),
      unverifyDemo,
    );
    expect(state).toBe('ok');
  });
});

describe('triggers', () => {
  it.each(['providers', 'provider_listings', 'provider_inquiries', 'provider_verification_requests'])(
    'updated_at is set on update of %s, whatever the client sends',
    async (table) => {
      const result = await rolledBack(sql, async (tx) => {
        const [row] = await tx<{ updated_at: Date; now: Date }[]>`
          update ${tx('public.' + table)} set updated_at = '2000-01-01T00:00:00Z'
          where id = (select id from ${tx('public.' + table)} order by created_at limit 1)
          returning updated_at, now() as now`;
        return row;
      });
      expect(result?.updated_at.getTime()).toBe(result?.now.getTime());
    },
  );

  it.each(INQUIRY_TYPES.map((type) => [type, INQUIRY_URGENCY[type]] as const))(
    'a %s inquiry gets urgency %s',
    async (type, urgency) => {
      const row = await rolledBack(sql, async (tx) => {
        await become(tx, null);
        await tx`insert into public.provider_inquiries (program_id, type, name, email)
                 values ('mclean', ${type}, 'Alex', 'alex@example.com')`;
        await becomeOwner(tx);
        const [r] = await tx<{ urgency: string; status: string }[]>`
          select urgency, status from public.provider_inquiries where program_id = 'mclean' and name = 'Alex'`;
        return r;
      });
      expect(row).toEqual({ urgency, status: 'new' });
    },
  );

  it.each([
    ['test-program-001', SEED.provider],
    ['mclean', null],
  ])('an inquiry about %s is addressed to provider %s', async (programId, providerId) => {
    const row = await rolledBack(sql, async (tx) => {
      await become(tx, null);
      await tx`insert into public.provider_inquiries (program_id, type, name, email)
               values (${programId}, 'call', 'Routing Test', 'route@example.com')`;
      await becomeOwner(tx);
      const [r] = await tx<{ provider_id: string | null }[]>`
        select provider_id from public.provider_inquiries where name = 'Routing Test'`;
      return r?.provider_id;
    });
    expect(row).toBe(providerId);
  });

  it('a new providers row gives its user the provider role', async () => {
    const roles = await asRole(sql, ACTORS.family, async (tx) => {
      await tx`insert into public.providers (user_id, organization_name, email)
               values (${SEED.familyUser}, 'Family Org', 'family@example.org')`;
      return (
        await tx<
          { role: string }[]
        >`select role from public.user_roles where user_id = ${SEED.familyUser} order by role`
      ).map((r) => r.role);
    });
    expect(roles).toEqual(['provider', 'user']);
  });

  it('submitting a listing requires name, description and phone', async () => {
    const state = await asRole(sql, ACTORS.otherProvider, (tx) =>
      sqlState(tx`update public.provider_listings set status = 'pending' where id = ${OTHER.draftListing}`),
    );
    expect(state).toBe('23514');
  });

  it('submitting a complete listing records submitted_at', async () => {
    const submitted = await asRole(sql, ACTORS.otherProvider, async (tx) => {
      const [row] = await tx<{ submitted: boolean }[]>`
        update public.provider_listings set status = 'pending', description = 'About us', phone = '(555) 010-0100'
        where id = ${OTHER.draftListing} returning submitted_at is not null as submitted`;
      return row?.submitted;
    });
    expect(submitted).toBe(true);
  });
});

describe('favourites', () => {
  it('are unique per user and program', async () => {
    const state = await asRole(sql, ACTORS.family, (tx) =>
      sqlState(
        tx`insert into public.user_favorites (program_id, program_name) values ('mclean', 'McLean again')`,
      ),
    );
    expect(state).toBe('23505');
  });

  it('default to the signed-in user', async () => {
    const owner = await asRole(sql, ACTORS.family, async (tx) => {
      const [row] = await tx<{ user_id: string }[]>`
        insert into public.user_favorites (program_id) values ('test-program-001') returning user_id`;
      return row?.user_id;
    });
    expect(owner).toBe(SEED.familyUser);
  });
});

/** [table, column, accepted values (from vocabulary.ts), an unknown value, other columns, their values] */
type EnumCase = [string, string, readonly string[], string, string, string];
const ENUMS: EnumCase[] = [
  ['program_engagement', 'event_type', ENGAGEMENT_EVENT_TYPES, 'click', 'program_id', `'mclean'`],
  [
    'provider_inquiries',
    'type',
    INQUIRY_TYPES,
    'email',
    'program_id, name, email',
    `'mclean', 'A', 'a@example.com'`,
  ],
  [
    'provider_inquiries',
    'status',
    INQUIRY_STATUSES,
    'archived',
    'program_id, type, name, email',
    `'mclean', 'info', 'A', 'a@example.com'`,
  ],
  ['user_roles', 'role', ROLES, 'superuser', 'user_id', `'${OTHER.plainUser}'`],
  [
    'providers',
    'verification_status',
    VERIFICATION_STATUSES,
    'approved',
    'user_id, organization_name, email, verified_at',
    `'${SEED.familyUser}', 'O', 'o@example.com', now()`,
  ],
  [
    'providers',
    'subscription_status',
    SUBSCRIPTION_STATUSES,
    'expired',
    'user_id, organization_name, email',
    `'${SEED.familyUser}', 'O', 'o@example.com'`,
  ],
  [
    'providers',
    'subscription_plan',
    SUBSCRIPTION_PLANS,
    'gold',
    'user_id, organization_name, email',
    `'${SEED.familyUser}', 'O', 'o@example.com'`,
  ],
  [
    'provider_verification_requests',
    'status',
    VERIFICATION_REQUEST_STATUSES,
    'waiting',
    'provider_id, documents_submitted',
    `'${OTHER.provider}', array['L']`,
  ],
  [
    'provider_listings',
    'status',
    LISTING_STATUSES,
    'published',
    // Complete: an approved listing must be publishable (migration 20261125000300).
    'provider_id, center_name, description, phone, address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, published_program_id',
    `'${OTHER.provider}', 'C', 'D', '617-555-0100', '1 Main St', 'Belmont', 'MA', '02478', array['Adults'], 'Co-ed', 'Residential', '30 days', array['ERP'], array['Private Pay'], 'status-case'`,
  ],
];

describe('check constraints follow src/lib/vocabulary.ts', () => {
  // Runs as postgres, so only the constraints (not the privileges) decide.
  const insert = (table: string, column: string, value: string, cols: string, vals: string) =>
    `insert into public.${table} (${cols}, ${column}) values (${vals}, '${value.replaceAll("'", "''")}')`;

  it.each(
    ENUMS.flatMap(([table, column, values, , cols, vals]) =>
      values.map((v) => [table, column, v, cols, vals] as const),
    ),
  )('%s.%s accepts %s', async (table, column, value, cols, vals) => {
    expect(await rolledBack(sql, (tx) => sqlState(tx.unsafe(insert(table, column, value, cols, vals))))).toBe(
      'ok',
    );
  });

  it.each(ENUMS.map(([table, column, , bad, cols, vals]) => [table, column, bad, cols, vals] as const))(
    '%s.%s rejects %s',
    async (table, column, value, cols, vals) => {
      expect(
        await rolledBack(sql, (tx) => sqlState(tx.unsafe(insert(table, column, value, cols, vals)))),
      ).toBe('23514');
    },
  );

  it.each([
    ['age_groups', "array['Seniors']"],
    ['modalities', "array['Hypnosis']"],
    ['insurance', "array['Crypto']"],
    ['accreditations', "array['ISO 9001']"],
    ['setting', "'Outpatient'"],
    ['gender_specific', "'Ladies-only'"],
  ])('provider_listings.%s rejects %s', async (column, literal) => {
    const state = await rolledBack(sql, (tx) =>
      sqlState(
        tx.unsafe(
          `insert into public.provider_listings (provider_id, ${column}) values ('${OTHER.provider}', ${literal})`,
        ),
      ),
    );
    expect(state).toBe('23514');
  });

  it.each([
    ['provider_inquiries', `(program_id, type, name, email) values ('mclean', 'info', 'A', 'not-an-email')`],
    [
      'provider_inquiries',
      `(program_id, type, name, email) values ('mclean', 'info', '   ', 'a@example.com')`,
    ],
    ['provider_inquiries', `(type, name, email) values ('info', 'A', 'a@example.com')`],
    ['contact_messages', `(name, email, subject, message) values ('A', 'a@example.com', 'S', '  ')`],
    ['program_engagement', `(program_id, event_type) values ('Not An Id!', 'view')`],
  ])('%s rejects %s', async (table, values) => {
    expect(await rolledBack(sql, (tx) => sqlState(tx.unsafe(`insert into public.${table} ${values}`)))).toBe(
      '23514',
    );
  });
});
