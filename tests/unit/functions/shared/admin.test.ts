/**
 * Pure helpers of the admin API: the program id (slug) an approved listing is published as, its
 * uniqueness suffixes, the decision body schemas, the decision e-mails, and the build hook.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueProgramId } from '../../../../netlify/functions/_shared/admin.ts';
import { parseEnv, resetEnvForTests } from '../../../../netlify/functions/_shared/env.ts';
import { renderMail } from '../../../../netlify/functions/_shared/mail-templates.ts';
import { triggerRebuild } from '../../../../netlify/functions/_shared/publishing.ts';
import { ADMIN_MESSAGES } from '../../../../src/api/contracts/admin.ts';
import {
  listingDecisionSchema,
  verificationDecisionSchema,
} from '../../../../src/api/contracts/admin-schemas.ts';
import { PROGRAM_ID_PATTERN, programSlug } from '../../../../src/lib/program-id.ts';

describe('programSlug', () => {
  it.each([
    ['Pine Hollow OCD Residence', 'pine-hollow-ocd-residence'],
    ['  Pine   Hollow -- OCD!! ', 'pine-hollow-ocd'],
    ["Aspen Cove Women's OCD", 'aspen-cove-womens-ocd'],
    ['Cedar Hollow Children\u2019s OCD', 'cedar-hollow-childrens-ocd'],
    ['Zoë Müller Résidence', 'zoe-muller-residence'],
    ['北京', 'program'],
    ['', 'program'],
    ['---', 'program'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%j → %j', (name, slug) => {
    expect(programSlug(name)).toBe(slug);
  });

  it('is always a valid program id with room for a suffix', () => {
    for (const name of ['a'.repeat(300), 'word '.repeat(40), '-x-', '9 Lives', 'A\u0000B\u200bC']) {
      const slug = programSlug(name);
      expect(slug).toMatch(PROGRAM_ID_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug.endsWith('-')).toBe(false);
      expect(`${slug}-999`).toMatch(PROGRAM_ID_PATTERN);
    }
  });
});

describe('uniqueProgramId', () => {
  it('keeps a free id, else appends -2, -3, …', () => {
    expect(uniqueProgramId('harbor', () => false)).toBe('harbor');
    expect(uniqueProgramId('harbor', (id) => id === 'harbor')).toBe('harbor-2');
    const taken = new Set(['harbor', 'harbor-2', 'harbor-3']);
    expect(uniqueProgramId('harbor', (id) => taken.has(id))).toBe('harbor-4');
  });
});

describe('decision bodies', () => {
  it('approve needs no notes; reject needs visible notes', () => {
    expect(verificationDecisionSchema.safeParse({ status: 'approved', revision: 3 }).success).toBe(true);
    for (const reviewer_notes of [undefined, null, '', '  \n ', '\u200b']) {
      const result = verificationDecisionSchema.safeParse({
        status: 'rejected',
        reviewer_notes,
        revision: 3,
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ADMIN_MESSAGES.notesRequired);
    }
    expect(
      verificationDecisionSchema.parse({
        status: 'rejected',
        reviewer_notes: '  Line 1\nLine 2  ',
        revision: 3,
      }),
    ).toEqual({ status: 'rejected', reviewer_notes: 'Line 1\nLine 2', revision: 3 });
  });

  it('refuses other statuses, unknown keys, control characters and over-long notes', () => {
    expect(verificationDecisionSchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(verificationDecisionSchema.safeParse({ status: 'approved', extra: 1 }).success).toBe(false);
    expect(
      verificationDecisionSchema.safeParse({ status: 'approved', reviewer_notes: 'a\u0000b' }).success,
    ).toBe(false);
    expect(
      verificationDecisionSchema.safeParse({ status: 'approved', reviewer_notes: 'x'.repeat(5001) }).success,
    ).toBe(false);
    expect(verificationDecisionSchema.safeParse([]).success).toBe(false);
  });

  it('a given program id must be a program id', () => {
    expect(
      listingDecisionSchema.safeParse({ status: 'approved', published_program_id: 'ok-id-2', revision: 3 })
        .success,
    ).toBe(true);
    for (const bad of ['Not Ok', '-lead', '', 'a/b', 'x'.repeat(101), 5])
      expect(
        listingDecisionSchema.safeParse({ status: 'approved', published_program_id: bad, revision: 3 })
          .success,
      ).toBe(false);
  });

  it('every decision names the version read: a positive whole number, else refused', () => {
    for (const revision of [undefined, null, 0, -1, 1.5, '3', Number.NaN]) {
      for (const schema of [verificationDecisionSchema, listingDecisionSchema]) {
        const result = schema.safeParse({ status: 'approved', revision });
        expect(result.success, String(revision)).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual(['revision']);
        expect(result.error?.issues[0]?.message).toBe(ADMIN_MESSAGES.revisionRequired);
      }
    }
    expect(listingDecisionSchema.parse({ status: 'approved', revision: 12 })).toMatchObject({ revision: 12 });
  });
});

describe('decision e-mails', () => {
  const ctx = { siteUrl: 'https://directory.example.org', inboxEmail: 'inbox@example.org' };
  it.each(['approved', 'rejected'] as const)('listing decision: %s', (decision) => {
    const m = renderMail(
      'listingDecision',
      {
        to: 'p@example.org',
        organizationName: 'Acme',
        centerName: 'Harbor\r\nBcc: evil@example.org',
        decision,
        notes: 'See <notes>',
        programId: decision === 'approved' ? 'harbor-2' : null,
      },
      ctx,
    );
    expect(m.to).toBe('p@example.org');
    expect(m.subject).toBe(
      decision === 'approved'
        ? 'Your listing Harbor Bcc: evil@example.org is approved'
        : 'Your listing Harbor Bcc: evil@example.org needs updates',
    );
    expect(m.text).toContain('See <notes>');
    expect(m.html).toContain('See &lt;notes&gt;');
    expect(m.html).not.toContain('<notes>');
    if (decision === 'approved') expect(m.text).toContain('https://directory.example.org/program/harbor-2');
    else expect(m.text).not.toContain('/program/');
  });
});

describe('triggerRebuild', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });
  const baseEnv = {
    SUPABASE_URL: 'http://127.0.0.1:54321',
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  };

  it('BUILD_HOOK_URL is optional and must be a URL', () => {
    expect(parseEnv(baseEnv).BUILD_HOOK_URL).toBeUndefined();
    expect(() => parseEnv({ ...baseEnv, BUILD_HOOK_URL: 'nope' })).toThrow(/BUILD_HOOK_URL/);
  });

  it('does nothing without a hook, POSTs to it when set', async () => {
    Object.assign(process.env, baseEnv);
    delete process.env['BUILD_HOOK_URL'];
    resetEnvForTests();
    expect(await triggerRebuild()).toBe('no-hook');

    const calls: string[] = [];
    const server = createServer((req, res) => {
      calls.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      process.env['BUILD_HOOK_URL'] = `http://127.0.0.1:${String(port)}/build_hooks/abc`;
      resetEnvForTests();
      expect(await triggerRebuild('listing approved')).toBe('triggered');
      expect(calls).toEqual(['POST /build_hooks/abc?trigger_title=listing+approved']);
      process.env['BUILD_HOOK_URL'] = `http://127.0.0.1:${String(port)}/fail`;
      resetEnvForTests();
      await expect(triggerRebuild()).rejects.toThrow(/HTTP 500/);
    } finally {
      server.close();
    }
  });
});
