/**
 * The profile's JSON-LD claims no trust beyond the two facts (docs/product-rules.md#what-the-badges-mean):
 * the page's `lastReviewed` is the "Listing reviewed" day; "Verified provider" has no schema.org
 * term and is not claimed; no endorsement, rating or "featured".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { programJsonLd } from '../../../../src/components/program/structured-data.ts';
import { programSchema } from '../../../../src/lib/program-schema.ts';

const source = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
const file = parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '') as Record<string, unknown>;
const site = new URL('https://ocd-directory.example.org');

function jsonLd(change: Record<string, unknown>) {
  const data = programSchema.parse({ ...file, ...change });
  return programJsonLd(site, '/program/tidemark-ocd-residential', data);
}

describe('programJsonLd', () => {
  it.each([
    [
      'reviewed: the page names its last review by the site',
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
      {
        '@type': 'WebPage',
        '@id': 'https://ocd-directory.example.org/program/tidemark-ocd-residential',
        url: 'https://ocd-directory.example.org/program/tidemark-ocd-residential',
        lastReviewed: '2026-11-05',
        reviewedBy: { '@type': 'Organization', name: 'OCD Residential Treatment Directory' },
      },
    ],
    [
      'no review date: the page URL only',
      { verified: false, verifiedOn: undefined, reviewedOn: undefined },
      'https://ocd-directory.example.org/program/tidemark-ocd-residential',
    ],
  ])('%s', (_name, change, page) => {
    const ld = jsonLd(change);
    expect(ld['mainEntityOfPage']).toEqual(page);
    const text = JSON.stringify(ld);
    expect(text).not.toMatch(/verif|endorse|featured|aggregateRating|award/i);
    expect(text).not.toContain('2026-03-03');
  });
});
