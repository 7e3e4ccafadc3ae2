/**
 * The profile's contact actions (src/features/inquiry/InquiryActions.tsx), rendered to HTML as
 * the build does: the admissions number first, as a tap-to-call link, with Request Info beside
 * it; where no number is listed, no call link and the request forms first.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import InquiryActions from '../../../../src/features/inquiry/InquiryActions.tsx';

const WITH_PHONE = {
  id: 'harbor',
  name: 'Harbor House',
  phone: '(555) 010-0199',
  website: 'https://example.org',
};
const NO_PHONE = { id: 'harbor', name: 'Harbor House', website: 'https://example.org' };

/** The visible names of the links and buttons, in order, and the first one's element. */
function actions(html: string): { names: string[]; first: string } {
  const items = [...html.matchAll(/<(a|button)\b[^>]*>([\s\S]*?)<\/\1>/g)];
  const names = items.map((m) =>
    (m[2] ?? '')
      .replace(/<span class="sr-only">[\s\S]*?<\/span>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;|&amp;/g, (e) => (e === '&amp;' ? '&' : "'"))
      .trim(),
  );
  return { names, first: items[0]?.[0] ?? '' };
}

describe('contact actions', () => {
  it.each<['hero' | 'stack' | 'bar', typeof WITH_PHONE | typeof NO_PHONE, string[]]>([
    ['hero', WITH_PHONE, ['Call (555) 010-0199', 'Request Info', 'Request a Call', 'Visit Website']],
    ['stack', WITH_PHONE, ['Call (555) 010-0199', 'Request Info', 'Request a Call', 'Visit Website']],
    ['bar', WITH_PHONE, ['Call', 'Request Info', 'Request Call']],
    ['hero', NO_PHONE, ['Request a Call', 'Request Info', 'Visit Website']],
    ['bar', NO_PHONE, ['Request Call', 'Request Info', 'Website']],
  ])('%s layout: %j', (layout, program, expected) => {
    const { names } = actions(renderToStaticMarkup(createElement(InquiryActions, { program, layout })));
    expect(names).toEqual(expected);
  });

  it('the call link dials the number, is the filled button and is counted as a call click', () => {
    const { first } = actions(
      renderToStaticMarkup(createElement(InquiryActions, { program: WITH_PHONE, layout: 'bar' })),
    );
    expect(first).toContain('href="tel:+15550100199"');
    expect(first).toContain('data-track="call_click"');
    expect(first).toContain('bg-brand-600');
    expect(first).toContain('Call<span class="sr-only"> admissions, (555) 010-0199</span>');
  });

  it('a blank number is no number', () => {
    const { names } = actions(
      renderToStaticMarkup(
        createElement(InquiryActions, { program: { ...WITH_PHONE, phone: '  ' }, layout: 'hero' }),
      ),
    );
    expect(names[0]).toBe('Request a Call');
  });
});
