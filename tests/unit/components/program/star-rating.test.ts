/**
 * The profile hero's rating (src/components/program/profile/StarRating.tsx): always with its count
 * ("4.6 · 12 reviews") or "No reviews yet", a link to the Reviews section when the page has one,
 * plain text in the admin preview (which has none).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StarRating } from '../../../../src/components/program/profile/StarRating.tsx';
import { parsedElements } from '../../../lib/hostile.ts';

function render(props: Parameters<typeof StarRating>[0]): string {
  return renderToStaticMarkup(createElement(StarRating, props));
}

const visible = (html: string) =>
  html
    .replace(/<span class="sr-only">[^<]*<\/span>/g, '')
    .replace(/<span[^>]*aria-hidden="true"[^>]*>.*?<\/span><\/span>/g, '')
    .replace(/<[^>]+>/g, '');

describe('StarRating', () => {
  it.each<[number | undefined, number, string, string]>([
    [4.6, 12, '4.6 · 12 reviews', 'Rated 4.6 out of 5 · 12 reviews'],
    [1, 1, '1.0 · 1 review', 'Rated 1.0 out of 5 · 1 review'],
    [undefined, 0, 'No reviews yet', 'No reviews yet'],
    [4.2, 0, 'No reviews yet', 'No reviews yet'],
  ])('rating %s from %i reviews reads "%s"', (rating, count, shown, spoken) => {
    const html = render({ rating, count, href: '#reviews' });
    expect(visible(html)).toContain(shown);
    const link = parsedElements(html).find((e) => e.name === 'a');
    expect(link?.attributes['href']).toBe('#reviews');
    expect(html.replace(/<[^>]+>/g, '')).toContain(spoken);
  });

  it('is plain text without a Reviews section to link to', () => {
    const html = render({ rating: 4.6, count: 12 });
    expect(parsedElements(html).some((e) => e.name === 'a')).toBe(false);
    expect(html).not.toMatch(/\b0 reviews|0\.0/);
  });
});
