import { describe, expect, it } from 'vitest';
import { indefiniteArticle, withArticle } from '../../../src/lib/articles.ts';

describe('indefiniteArticle: the sound decides, not the letter', () => {
  it.each([
    // The phrases the site builds.
    ['information request', 'an'],
    ['call request', 'a'],
    ['inquiry', 'an'],
    ['e-mail', 'an'],
    ['view', 'a'],
    ['website_click', 'a'],
    ['call_click', 'a'],
    ['info_request', 'an'],
    ['undefined', 'an'],
    ['string', 'a'],
    ['object', 'an'],
    ['array', 'an'],
    ['PNG, JPEG or WebP image', 'a'],
    ['PDF, PNG or JPEG file', 'a'],
    // Vowel letters with a consonant sound, and the other way round.
    ['user', 'a'],
    ['unique code', 'a'],
    ['university', 'a'],
    ['one-time code', 'a'],
    ['European program', 'a'],
    ['uninsured family', 'an'],
    ['hour', 'an'],
    ['honest answer', 'an'],
    ['hospital', 'a'],
    // Initialisms, read letter by letter.
    ['ERP program', 'an'],
    ['OCD program', 'an'],
    ['IOP', 'an'],
    ['SMS', 'an'],
    ['FAQ', 'an'],
    ['HTML page', 'an'],
    ['LCSW', 'an'],
    ['URL', 'a'],
    ['CARF accreditation', 'a'],
    ['PDF', 'a'],
    // Edges.
    ['', 'a'],
    ['  apple', 'an'],
  ])('%j → %s', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it('puts the article before the phrase', () => {
    expect(withArticle('information request')).toBe('an information request');
    expect(withArticle('call request')).toBe('a call request');
  });
});
