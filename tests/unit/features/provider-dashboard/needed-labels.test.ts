/**
 * The listing builder's labels follow the publishing rule (src/lib/listing/publish-rule.ts):
 * every field approval needs says "(required to submit)", the others "(optional)", so the
 * builder never calls optional a field Submit for Review then asks for.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../../../../src/features/provider-dashboard/draft.ts';
import type { FieldForm } from '../../../../src/features/provider-dashboard/listing-builder/fields.tsx';
import { LocationTab } from '../../../../src/features/provider-dashboard/listing-builder/tabs/LocationTab.tsx';
import { ProgramTab } from '../../../../src/features/provider-dashboard/listing-builder/tabs/ProgramTab.tsx';

const form: FieldForm = {
  baseId: 'b',
  draft: EMPTY_DRAFT,
  errors: {},
  update: () => undefined,
  setUpload: () => undefined,
  onFailure: () => undefined,
};

/** The label and legend texts of a tab, whitespace folded. */
function labels(tab: typeof LocationTab): string[] {
  const html = renderToStaticMarkup(createElement(tab, { form }));
  return [...html.matchAll(/<(?:label|legend)\b[^>]*>(.*?)<\/(?:label|legend)>/gs)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('builder labels and what approval needs', () => {
  it.each([
    [LocationTab, ['Street address', 'City', 'State', 'ZIP code']],
    [
      ProgramTab,
      [
        'Age groups',
        'Who the program admits',
        'Setting',
        'Average length of stay',
        'Treatment modalities',
        'Insurance',
      ],
    ],
  ] as const)('%#: the fields approval needs say "(required to submit)"', (tab, needed) => {
    const shown = labels(tab);
    for (const label of needed) expect(shown).toContain(`${label} (required to submit)`);
  });

  it('fields approval does not need stay optional', () => {
    const shown = labels(ProgramTab);
    expect(shown).toContain('Medical support (optional)');
    expect(shown).toContain('Financial aid (optional)');
    expect(shown.filter((l) => l.endsWith('(required to submit)'))).toHaveLength(6);
  });
});
