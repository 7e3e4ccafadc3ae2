/**
 * The program profile's render-only components (src/components/program/profile/), rendered to
 * HTML the way Astro renders them at build time and /admin's preview in the browser: every
 * section, the two trust badges and no "Featured", headings and ids that follow where the profile
 * is shown, and a program's words as text, never as markup.
 */
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ProgramProfileView,
  type ProgramProfileProps,
} from '../../../../src/components/program/profile/ProgramProfileView.tsx';
import { programSchema, type ProgramData, type ProgramInput } from '../../../../src/lib/program-schema.ts';
import { HOW_WE_VERIFY_PATH } from '../../../../src/lib/trust.ts';
import { hostileText, parsedElements, smuggled, type ParsedElement } from '../../../lib/hostile.ts';

const BASE: ProgramInput = {
  name: 'Harbor House',
  description: 'Residential ERP for teens.',
  overview: 'First paragraph.\n\nSecond paragraph.',
  location: 'Gloucester',
  state: 'Massachusetts',
  address: { street: '12 Harbor Road', city: 'Gloucester', state: 'Massachusetts', zip: '01930' },
  ageGroups: ['Adolescents'],
  modalities: ['ERP', 'ACT'],
  insurance: ['Private Pay'],
  lengthOfStay: '60-90 days',
  genderSpecific: 'Co-ed',
  setting: 'Residential',
  phone: '(617) 555-0142',
  verified: true,
  fidelity: { erpHoursPerWeek: 15, outcomeMeasure: 'Y-BOCS' },
  youthSafety: { schooling: 'An accredited school on site.' },
  availability: { status: 'open', confirmedOn: '2026-11-20' },
  replyHours: 2.2,
};

function data(extra: Record<string, unknown> = {}): ProgramData {
  return programSchema.parse({ ...BASE, ...extra });
}

function render(props: Partial<ProgramProfileProps> & { data: ProgramData }): ParsedElement[] {
  return parsedElements(
    renderToStaticMarkup(createElement(ProgramProfileView, { today: '2026-11-25', ...props })),
  );
}

function html(props: Partial<ProgramProfileProps> & { data: ProgramData }): string {
  return renderToStaticMarkup(createElement(ProgramProfileView, { today: '2026-11-25', ...props }));
}

const headings = (els: ParsedElement[]) => els.filter((e) => /^h[1-6]$/.test(e.name));

describe('ProgramProfileView', () => {
  // Astro hands a conditional slot to React as an element even when it rendered nothing: a
  // published listing (no markdown body) must still show its plain-text overview.
  it.each([
    [true, 'the markdown body'],
    [false, 'the plain-text overview'],
  ])('hasOverview %s shows %s', (hasOverview, _) => {
    const markup = html({
      data: data(),
      overview: createElement('div', { className: 'prose' }),
      hasOverview,
    });
    expect(markup.includes('Second paragraph.')).toBe(!hasOverview);
  });

  it('renders every section of a program serving teens, each a region named by its heading', () => {
    const els = render({ data: data() });
    const sections = els.filter((e) => e.name === 'section' && e.attributes['id']);
    expect(sections.map((s) => s.attributes['id'])).toEqual([
      'overview',
      'quick-facts',
      'availability',
      'treatment-at-a-glance',
      'youth-safety',
      'location',
      'insurance',
    ]);
    for (const s of sections)
      expect(s.attributes['aria-labelledby']).toBe(`${s.attributes['id'] ?? ''}-title`);
    expect(headings(els).find((h) => h.name === 'h1')?.text).toBe('Harbor House');
  });

  it('leaves out the youth-safety facts for an adults-only program', () => {
    const out = html({ data: data({ ageGroups: ['Adults'] }) });
    expect(out).not.toContain('id="youth-safety"');
    expect(out).toContain('id="treatment-at-a-glance"');
  });

  it.each([
    ['no prefix on its page', {}, 'overview', 'h1', 'h2'],
    [
      'a prefix and deeper headings in a preview',
      { idPrefix: 'p1-', headingLevel: 4 },
      'p1-overview',
      'h4',
      'h5',
    ],
  ] as const)('ids and heading levels: %s', (_, props, overviewId, nameTag, sectionTag) => {
    const els = render({ data: data(), ...props });
    expect(els.some((e) => e.name === 'section' && e.attributes['id'] === overviewId)).toBe(true);
    expect(headings(els).find((h) => h.text === 'Harbor House')?.name).toBe(nameTag);
    expect(els.find((e) => e.attributes['id'] === `${overviewId}-title`)?.name).toBe(sectionTag);
  });

  it.each([
    [
      'verified, with both dates',
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-02' },
      ['Verified provider, checked on March 3, 2026', 'Listing reviewed on November 2, 2026'],
    ],
    ['verified, no dates', { verified: true }, ['Verified provider']],
    [
      'reviewed only',
      { verified: false, reviewedOn: '2026-11-02' },
      ['Listing reviewed on November 2, 2026'],
    ],
    ['neither', { verified: false }, []],
  ] as const)('trust badges (%s): links to /how-we-verify named by the full label', (_, extra, labels) => {
    const program = { ...data({ verified: extra.verified }), ...extra } as ProgramData;
    const els = render({ data: program });
    const badges = els.filter((e) => e.name === 'a' && e.attributes['data-trust']);
    // The hero and the sidebar each show them.
    expect(badges.map((b) => b.attributes['aria-label'])).toEqual([...labels, ...labels]);
    for (const b of badges) expect(b.attributes['href']?.startsWith(`${HOW_WE_VERIFY_PATH}#`)).toBe(true);
    const out = html({ data: program });
    expect(out).not.toContain('Featured');
    expect(out.includes('not an endorsement') || out.includes('Neither is an endorsement')).toBe(
      labels.length > 0,
    );
  });

  it('writes the reply time once, and the overview as plain paragraphs', () => {
    const out = html({ data: data() });
    expect(out).toContain('Usually replies within 3 hours.');
    expect(out).not.toContain('Usually replies Usually');
    expect(out).toContain('<p>First paragraph.</p><p>Second paragraph.</p>');
  });

  it('judges availability on the day it is given', () => {
    expect(html({ data: data(), today: '2026-11-25' })).toContain('Beds open now');
    expect(html({ data: data(), today: '2027-01-25' })).toContain('Not confirmed since November 20, 2026');
  });

  it('shows the slots it is given in their places, and nothing for those it is not', () => {
    const out = html({
      data: data(),
      heroActions: createElement('button', { type: 'button' }, 'Hero action'),
      sideActions: createElement('button', { type: 'button' }, 'Side action'),
      overview: createElement('div', null, 'Markdown body'),
    });
    expect(out).toContain('Hero action');
    expect(out).toContain('Side action');
    expect(out).toContain('Markdown body');
    expect(out).not.toContain('First paragraph.');
  });

  it('keeps a program’s hostile words as text', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 8, maxLength: 8 }), (t) => {
        const program = data({
          name: t[0],
          overview: t[1],
          address: { ...BASE.address, street: t[2] },
          clinicalApproach: t[3],
          highlights: [t[4]],
          insuranceNotes: t[5],
          testimonials: [{ quote: t[6], author: t[7] }],
          youthSafety: { schooling: t[4], license: { number: t[5], agency: t[6] } },
        });
        const els = render({ data: program });
        expect(smuggled(els)).toEqual([]);
        // The HTML parser drops NUL from text, as a browser does.
        expect(headings(els).find((h) => h.name === 'h1')?.text).toBe(program.name.replaceAll('\0', ''));
      }),
      { numRuns: 40, seed: 20261126 },
    );
  });
});

describe('the Sample label on a profile', () => {
  it('a sample program says at the top that it is fictional; a real one never does', () => {
    const sample = html({ data: data({ sample: true }) });
    expect(sample).toContain('Sample program.');
    expect(sample).toContain('it is not a real treatment program');
    // Before the name, so it is read first.
    expect(sample.indexOf('Sample program.')).toBeLessThan(sample.indexOf('<h1'));
    expect(html({ data: data() })).not.toContain('Sample program');
  });
});
