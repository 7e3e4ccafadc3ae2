/**
 * The directory card's badges (src/components/program/ProgramCard.tsx): "Verified provider" and
 * "Listing reviewed", each a link to its definition on /how-we-verify named with its date, and
 * never "Featured" or a highlight ring.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProgramCard from '../../../../src/components/program/ProgramCard.tsx';
import type { DirectoryEntry } from '../../../../src/lib/directory/rules.ts';
import { program } from '../../lib/directory/fixtures.ts';

function card(entry: DirectoryEntry): string {
  return renderToStaticMarkup(createElement(ProgramCard, { program: entry }));
}

/** The trust links of a rendered card: visible text, accessible name, href. */
function trustLinks(html: string): { text: string; label: string; href: string }[] {
  return [
    ...html.matchAll(/<a href="([^"]+)" aria-label="([^"]+)"[^>]*data-trust="[a-z]+"[^>]*>(.*?)<\/a>/g),
  ].map((m) => ({ href: m[1] ?? '', label: m[2] ?? '', text: (m[3] ?? '').replace(/<[^>]+>/g, '') }));
}

describe('ProgramCard trust badges', () => {
  const cases: [string, Partial<DirectoryEntry>, { text: string; label: string; href: string }[]][] = [
    ['neither fact: no badge, no list', { verified: false }, []],
    [
      'verified provider with its date',
      { verified: true, verifiedOn: '2026-03-03' },
      [
        {
          text: 'Verified provider',
          label: 'Verified provider, checked on March 3, 2026',
          href: '/how-we-verify#verified-provider',
        },
      ],
    ],
    [
      'reviewed listing of a provider not verified yet',
      { verified: false, reviewedOn: '2026-11-05' },
      [
        {
          text: 'Listing reviewed',
          label: 'Listing reviewed on November 5, 2026',
          href: '/how-we-verify#listing-reviewed',
        },
      ],
    ],
    [
      'both',
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
      [
        {
          text: 'Verified provider',
          label: 'Verified provider, checked on March 3, 2026',
          href: '/how-we-verify#verified-provider',
        },
        {
          text: 'Listing reviewed',
          label: 'Listing reviewed on November 5, 2026',
          href: '/how-we-verify#listing-reviewed',
        },
      ],
    ],
  ];

  it.each(cases)('%s', (_name, overrides, expected) => {
    const html = card(program({ id: 'harbor', ...overrides }));
    expect(trustLinks(html)).toEqual(expected);
    expect(html.includes('aria-label="Checked by the site team"')).toBe(expected.length > 0);
    expect(html).not.toMatch(/featured|ring-amber/i);
  });

  it('a program carrying an old `featured` flag gets no badge and no ring from it', () => {
    const html = card({ ...program({ id: 'old' }), featured: true } as DirectoryEntry);
    expect(html).not.toMatch(/featured|ring-amber|border-amber/i);
    expect(trustLinks(html)).toEqual([]);
  });
});

describe('ProgramCard contact actions', () => {
  it.each<[string, Partial<DirectoryEntry>, string | null]>([
    ['a listed phone: a tel: link with its number', { phone: '(555) 010-0104' }, 'tel:+15550100104'],
    ['no phone: no Call link', {}, null],
  ])('%s', (_label, overrides, tel) => {
    const html = card(program({ id: 'harbor', name: 'Harbor House', ...overrides }));
    const call =
      /<a href="(tel:[^"]+)" aria-label="Call \(555\) 010-0104, Harbor House"[^>]*>.*?Call (\(555\) 010-0104)<\/a>/.exec(
        html,
      );
    expect(call?.[1] ?? null).toBe(tel);
    // Request Info is always offered, named with the program, and opens a dialog.
    expect(html).toMatch(
      /<button type="button" aria-haspopup="dialog"[^>]*>Request Info<span class="sr-only"> from Harbor House<\/span><\/button>/,
    );
    expect(html).toContain('data-program-id="harbor"');
  });
});

describe('the Sample label', () => {
  it('a sample program says so on its card; a real one never does', () => {
    expect(card(program({ id: 'demo', sample: true }))).toContain('Sample program');
    expect(card(program({ id: 'real' }))).not.toContain('Sample program');
  });
});
