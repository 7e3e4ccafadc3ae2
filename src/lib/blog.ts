/**
 * Blog rules (docs/product-rules.md#blog) as pure functions, shared by the blog pages, the
 * list's filter script and the unit tests.
 */

/** The category choice that matches every post. */
export const ALL_CATEGORIES = 'All';

const WORDS_PER_MINUTE = 200;

/** The fields the filter reads. */
export type FilterablePost = {
  title: string;
  excerpt: string;
  category: string;
  tags: readonly string[];
};

export type PostFilter = {
  /** `'All'` (or empty) for every category, else an exact category name. */
  category?: string | undefined;
  /** Free text; matched case-insensitively as a substring of title, excerpt or any tag. */
  query?: string | undefined;
};

/**
 * Posts that match the category AND contain the query in title, excerpt or a tag
 * (case-insensitive). Order is kept.
 *
 * @example
 * filterPosts(posts, { category: 'ERP Therapy', query: 'exposure' })
 * // posts in ERP Therapy whose title, excerpt or a tag contains "exposure" in any case
 */
export function filterPosts<T extends FilterablePost>(posts: readonly T[], filter: PostFilter): T[] {
  const category = filter.category && filter.category !== ALL_CATEGORIES ? filter.category : undefined;
  const query = (filter.query ?? '').trim().toLowerCase();
  return posts.filter(
    (post) =>
      (category === undefined || post.category === category) &&
      (query === '' ||
        post.title.toLowerCase().includes(query) ||
        post.excerpt.toLowerCase().includes(query) ||
        post.tags.some((tag) => tag.toLowerCase().includes(query))),
  );
}

/**
 * Estimated reading time: words of the HTML text (tags removed) / 200, rounded up, at least 1.
 *
 * @example readTimeMinutes('<p>' + 'word '.repeat(201) + '</p>') // 2
 */
export function readTimeMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The fields `relatedPosts` reads. */
export type RelatablePost = { slug: string; category: string; publishDate: string };

/**
 * Up to `max` other posts of the same category, newest first (the article page shows 3).
 *
 * @example relatedPosts(post, allPosts, 3).map((p) => p.slug) // ['newer-same-category', 'older-same-category']
 */
export function relatedPosts<T extends RelatablePost>(post: RelatablePost, all: readonly T[], max = 3): T[] {
  return all
    .filter((other) => other.slug !== post.slug && other.category === post.category)
    .sort((a, b) => (a.publishDate < b.publishDate ? 1 : a.publishDate > b.publishDate ? -1 : 0))
    .slice(0, Math.max(0, max));
}

/**
 * Reads the list state from a URL query (`?category=&q=`); unknown categories fall back to All.
 *
 * @example parseBlogQuery('?category=ERP%20Therapy&q=fear', ['ERP Therapy']) // { category: 'ERP Therapy', query: 'fear' }
 */
export function parseBlogQuery(
  search: string,
  categories: readonly string[],
): { category: string; query: string } {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? '';
  return {
    category: categories.includes(category) ? category : ALL_CATEGORIES,
    query: params.get('q') ?? '',
  };
}

/**
 * Writes the list state into a query string, leaving out defaults so the plain URL stays `/blog`.
 *
 * @example blogQueryString({ category: 'All', query: '' }) // ''
 * @example blogQueryString({ category: 'Family Support', query: 'sleep' }) // '?category=Family+Support&q=sleep'
 */
export function blogQueryString(state: { category: string; query: string }): string {
  const params = new URLSearchParams();
  if (state.category && state.category !== ALL_CATEGORIES) params.set('category', state.category);
  if (state.query.trim()) params.set('q', state.query);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
