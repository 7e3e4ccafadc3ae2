/**
 * Publishing that cannot silently fail, the parts without a database: the generation a build hook
 * call carries in its title and reads back from a deploy; `npm start`'s rebuilder reporting how
 * each build ended, for the newest generation asked before it started; the build failing (never
 * leaving an approved listing out with a log line); the interval setting; how /admin words the
 * publishing state.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../netlify/functions/_shared/env.ts';
import { generationOf, rebuildTitle } from '../../../netlify/functions/_shared/publishing.ts';
import { LocalRebuilder, type LocalBuildOutcome } from '../../../scripts/lib/local-rebuild.ts';
import { publishingView } from '../../../src/features/admin/rules.ts';
import { listingsAsPrograms, UnpublishableListingsError } from '../../../src/lib/content/listing-loader.ts';
import { PUBLISHING_MESSAGES, type ListingForPublishing } from '../../../src/lib/published-listing.ts';

describe('the generation in a build hook title', () => {
  it('is written at the end and read back; other titles have none', () => {
    expect(rebuildTitle('availability changed', 12)).toBe('availability changed [publishing 12]');
    expect(generationOf(rebuildTitle('availability changed', 12))).toBe(12);
    expect(generationOf(rebuildTitle(`${'x'.repeat(300)}\n`, '7'))).toBe(7);
    expect(rebuildTitle('listing approved')).toBe('listing approved');
    expect(generationOf('Fix a typo')).toBeNull();
    expect(generationOf(null)).toBeNull();
    expect(generationOf('[publishing 3] later text')).toBeNull();
  });
});

/** A rebuilder whose "build" waits for the test to end it, with or without success. */
class ScriptedRebuilder extends LocalRebuilder {
  readonly ends: ((ok: boolean) => void)[] = [];
  protected override buildOnce(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ends.push((ok) => {
        if (ok) resolve();
        else reject(new Error('astro build exited 1: [listing-loader] cannot be published'));
      });
    });
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("npm start's rebuilder reports each build's outcome", () => {
  it('for the newest generation asked before the build started; requests during a build make one more', async () => {
    const outcomes: LocalBuildOutcome[] = [];
    const rebuilder = new ScriptedRebuilder('/nowhere', {
      log: () => undefined,
      onOutcome: (o) => {
        outcomes.push(o);
      },
    });
    rebuilder.request('listing approved [publishing 3]', 3);
    await tick();
    // Asked during the first build: one more build after it, containing both.
    rebuilder.request('availability changed [publishing 4]', 4);
    rebuilder.request('availability changed [publishing 5]', 5);
    rebuilder.ends[0]?.(false);
    await tick();
    await tick();
    expect(rebuilder.ends).toHaveLength(2);
    rebuilder.ends[1]?.(true);
    await rebuilder.idle();
    expect(outcomes).toEqual([
      { generation: 3, ok: false, error: 'astro build exited 1: [listing-loader] cannot be published' },
      { generation: 5, ok: true, error: null },
    ]);
    expect(rebuilder.status()).toMatchObject({ building: false, builds: 1, lastError: null, requested: 5 });
  });

  it('a build asked for without a generation (a manual POST) reports nothing; a failing report is logged', async () => {
    const lines: string[] = [];
    const outcomes: LocalBuildOutcome[] = [];
    const rebuilder = new ScriptedRebuilder('/nowhere', {
      log: (line) => lines.push(line),
      onOutcome: (o) => {
        outcomes.push(o);
        throw new Error('database down');
      },
    });
    rebuilder.request('manual');
    await tick();
    rebuilder.ends[0]?.(true);
    await rebuilder.idle();
    expect(outcomes).toEqual([]);
    rebuilder.request('listing approved [publishing 1]', 1);
    await tick();
    rebuilder.ends[1]?.(true);
    await rebuilder.idle();
    expect(outcomes).toEqual([{ generation: 1, ok: true, error: null }]);
    expect(lines).toContain('[rebuild] could not record the outcome: database down');
  });
});

const LISTING: ListingForPublishing = {
  published_program_id: 'harbor-house',
  center_name: 'Harbor House',
  description: 'Residential ERP.',
  phone: '617-555-0100',
  email: null,
  website: null,
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zip_code: '02478',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: null,
  avg_length: '45-60 days',
  modalities: ['ERP'],
  staff_ratio: null,
  medical_support: null,
  insurance: ['Private Pay'],
  financial_aid: null,
  logo_url: null,
  accreditations: [],
  provider_verified: false,
};

describe('the build never leaves an approved listing out with only a log line', () => {
  it('every approved listing becomes a program, or the build fails naming each one and why', () => {
    expect(listingsAsPrograms([LISTING]).map((p) => p.id)).toEqual(['harbor-house']);
    const broken = [
      LISTING,
      { ...LISTING, published_program_id: 'atlantis-house', state: 'Atlantis' },
      { ...LISTING, published_program_id: 'no-phone', phone: '555' },
    ];
    expect(() => listingsAsPrograms(broken)).toThrow(UnpublishableListingsError);
    try {
      listingsAsPrograms(broken);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(`"atlantis-house": ${PUBLISHING_MESSAGES.state}`);
      expect(message).toContain(`"no-phone": ${PUBLISHING_MESSAGES.phone}`);
      expect(message).toMatch(/^2 approved listing\(s\) cannot be published/);
      expect((error as UnpublishableListingsError).problems.map((p) => p.id)).toEqual([
        'atlantis-house',
        'no-phone',
      ]);
    }
  });
});

describe('REBUILD_MIN_INTERVAL_SECONDS', () => {
  const base = { SUPABASE_URL: 'http://127.0.0.1:54321', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };
  it('defaults to 180 seconds; 0 allowed; anything but whole seconds is refused by name', () => {
    expect(parseEnv(base).REBUILD_MIN_INTERVAL_SECONDS).toBe(180);
    expect(parseEnv({ ...base, REBUILD_MIN_INTERVAL_SECONDS: '0' }).REBUILD_MIN_INTERVAL_SECONDS).toBe(0);
    expect(parseEnv({ ...base, REBUILD_MIN_INTERVAL_SECONDS: ' 600 ' }).REBUILD_MIN_INTERVAL_SECONDS).toBe(
      600,
    );
    for (const bad of ['-1', '2.5', 'three minutes'])
      expect(() => parseEnv({ ...base, REBUILD_MIN_INTERVAL_SECONDS: bad })).toThrow(
        /REBUILD_MIN_INTERVAL_SECONDS/,
      );
  });
});

describe('the publishing state on /admin', () => {
  const published = {
    pending: false,
    waiting_since: null,
    published_at: '2026-11-25T10:00:00Z',
    building: false,
    build_started_at: '2026-11-25T09:58:00Z',
    failures: 0,
    failed_at: null,
    retry_at: null,
    error: null,
    hook_failures: 0,
    hook_error: null,
  };
  const time = (iso: string | null) => (iso === null ? '' : `<${iso.slice(11, 16)}>`);

  it.each([
    ['up to date', published, 'green', 'Up to date', null],
    [
      'building',
      { ...published, pending: true, building: true },
      'blue',
      'Publishing: a build is under way',
      null,
    ],
    [
      'waiting',
      { ...published, pending: true, waiting_since: '2026-11-25T10:05:00Z' },
      'amber',
      'Waiting for the next build',
      null,
    ],
    [
      'failed',
      {
        ...published,
        pending: true,
        failures: 2,
        failed_at: '2026-11-25T10:07:00Z',
        retry_at: '2026-11-25T10:09:00Z',
        error: 'Build script returned non-zero exit code: 2',
      },
      'red',
      'Publishing failed at <10:07> — retrying',
      'Build script returned non-zero exit code: 2',
    ],
    [
      'hook down',
      { ...published, pending: true, hook_failures: 1, hook_error: 'Build hook answered HTTP 503' },
      'red',
      'The build hook did not answer — retrying',
      'Build hook answered HTTP 503',
    ],
  ] as const)('%s', (_, state, tone, label, error) => {
    expect(publishingView(state, time)).toMatchObject({ tone, label, error });
  });

  it('says when the failed build is tried again', () => {
    const view = publishingView(
      {
        ...published,
        pending: true,
        failures: 2,
        failed_at: '2026-11-25T10:07:00Z',
        retry_at: '2026-11-25T10:09:00Z',
      },
      time,
    );
    expect(view.detail).toContain('The next build starts after <10:09>.');
    expect(view.detail).toContain('2 failed builds in a row.');
  });
});
