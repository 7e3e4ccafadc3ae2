import { describe, expect, it } from 'vitest';
import {
  blogQueryString,
  filterPosts,
  parseBlogQuery,
  readTimeMinutes,
  relatedPosts,
} from '../../../src/lib/blog.ts';

type P = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  publishDate: string;
};

const post = (slug: string, over: Partial<P> = {}): P => ({
  slug,
  title: `Title ${slug}`,
  excerpt: `Excerpt ${slug}`,
  category: 'ERP Therapy',
  tags: [],
  publishDate: '2024-01-01',
  ...over,
});

const posts: P[] = [
  post('a', { title: 'Understanding Exposure Work', category: 'ERP Therapy', tags: ['ERP'] }),
  post('b', {
    excerpt: 'How families can support recovery at home',
    category: 'Family Support',
    tags: ['parents'],
  }),
  post('c', {
    title: 'Choosing a residential program',
    category: 'Residential OCD Treatment',
    tags: ['Insurance'],
  }),
  post('d', { excerpt: 'A story of exposure and hope', category: 'Recovery Stories', tags: ['hope'] }),
  post('e', { category: 'ERP Therapy', tags: ['Family Accommodation'] }),
];

const slugs = (list: readonly P[]) => list.map((p) => p.slug);

describe('filterPosts', () => {
  it.each([
    ['All with no query keeps everything', { category: 'All' }, ['a', 'b', 'c', 'd', 'e']],
    ['empty filter keeps everything', {}, ['a', 'b', 'c', 'd', 'e']],
    ['exact category', { category: 'ERP Therapy' }, ['a', 'e']],
    ['category must match exactly, not partially', { category: 'ERP' }, []],
    ['query in title', { query: 'residential' }, ['c']],
    ['query in excerpt', { query: 'families can' }, ['b']],
    ['query in a tag', { query: 'insurance' }, ['c']],
    ['query in a tag, partial', { query: 'accommod' }, ['e']],
    ['query is case-insensitive', { query: 'EXPOSURE' }, ['a', 'd']],
    ['query is trimmed', { query: '  hope ' }, ['d']],
    ['category AND query', { category: 'Recovery Stories', query: 'exposure' }, ['d']],
    ['category AND query with no overlap', { category: 'Family Support', query: 'exposure' }, []],
    ['All with query', { category: 'All', query: 'famil' }, ['b', 'e']],
    ['no match', { query: 'zebra' }, []],
  ] as const)('%s', (_name, filter, expected) => {
    expect(slugs(filterPosts(posts, filter))).toEqual(expected);
  });
});

describe('readTimeMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  it.each([
    ['0 words is at least 1 minute', '', 1],
    ['1 word', `<p>${words(1)}</p>`, 1],
    ['200 words', `<p>${words(200)}</p>`, 1],
    ['201 words rounds up', `<p>${words(201)}</p>`, 2],
    ['400 words', `<p>${words(400)}</p>`, 2],
    ['401 words rounds up', `<p>${words(401)}</p>`, 3],
    ['tags are not words', `<p class="x y z">${words(200)}</p>${'<br><hr>'.repeat(50)}<em></em>`, 1],
    ['words split across tags still count', `<p>${words(150)}</p><ul><li>${words(51)}</li></ul>`, 2],
    ['attribute text does not count', `<img alt="${words(300)}"><p>${words(10)}</p>`, 1],
  ])('%s', (_name, html, expected) => {
    expect(readTimeMinutes(html)).toBe(expected);
  });
});

describe('relatedPosts', () => {
  const all: P[] = [
    post('self', { category: 'ERP Therapy', publishDate: '2024-03-01' }),
    post('old', { category: 'ERP Therapy', publishDate: '2023-01-01' }),
    post('new', { category: 'ERP Therapy', publishDate: '2024-06-01' }),
    post('mid', { category: 'ERP Therapy', publishDate: '2024-02-01' }),
    post('older', { category: 'ERP Therapy', publishDate: '2022-01-01' }),
    post('other', { category: 'Family Support', publishDate: '2025-01-01' }),
  ];
  const self = all[0] as P;

  it.each([
    ['same category, excluding itself, newest first, max 3', 3, ['new', 'mid', 'old']],
    ['a smaller max', 1, ['new']],
    ['max 0', 0, []],
  ])('%s', (_name, max, expected) => {
    expect(slugs(relatedPosts(self, all, max))).toEqual(expected);
  });

  it('defaults to 3', () => {
    expect(relatedPosts(self, all)).toHaveLength(3);
  });

  it('returns nothing when no other post shares the category', () => {
    expect(relatedPosts(all[5] as P, all)).toEqual([]);
  });
});

describe('blog list URL state', () => {
  const categories = ['ERP Therapy', 'Family Support'];
  it.each([
    ['', { category: 'All', query: '' }],
    ['?category=ERP%20Therapy&q=fear', { category: 'ERP Therapy', query: 'fear' }],
    ['?category=Family+Support', { category: 'Family Support', query: '' }],
    ['?category=Unknown&q=x', { category: 'All', query: 'x' }],
  ])('parseBlogQuery(%j)', (search, expected) => {
    expect(parseBlogQuery(search, categories)).toEqual(expected);
  });

  it.each([
    [{ category: 'All', query: '' }, ''],
    [{ category: 'All', query: '   ' }, ''],
    [{ category: 'Family Support', query: '' }, '?category=Family+Support'],
    [{ category: 'All', query: 'sleep well' }, '?q=sleep+well'],
  ])('blogQueryString(%j) → %j', (state, expected) => {
    expect(blogQueryString(state)).toBe(expected);
  });

  it('round-trips', () => {
    const state = { category: 'ERP Therapy', query: 'what if?' };
    expect(parseBlogQuery(blogQueryString(state), categories)).toEqual(state);
  });
});
