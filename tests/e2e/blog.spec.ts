import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { expectNoAxeViolations, PHONE } from './helpers.ts';

/** The few front-matter fields the tests compare against, read from the content files. */
type PostMeta = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  featured: boolean;
  tags: string[];
};

function readPosts(): PostMeta[] {
  const dir = new URL('../../content/blog/', import.meta.url);
  const unquote = (v: string) => v.trim().replace(/^(['"])(.*)\1$/, '$2');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(new URL(file, dir), 'utf8'))?.[1] ?? '';
      const field = (name: string) => unquote(new RegExp(`^${name}:(.*)$`, 'm').exec(front)?.[1] ?? '');
      return {
        slug: file.replace(/\.md$/, ''),
        title: field('title'),
        excerpt: field('excerpt'),
        category: field('category'),
        featured: field('featured') === 'true',
        tags: field('tags')
          .replace(/^\[|\]$/g, '')
          .split(',')
          .map(unquote)
          .filter(Boolean),
      };
    });
}

const posts = readPosts();
const grid = (page: Page) => page.locator('#blog-grid');
const visibleCards = (page: Page): Locator => grid(page).locator('article[data-post]:visible');

test.describe('blog list', () => {
  test('shows the hero, the featured articles and a card for every article', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const featured = page.locator('#featured-articles');
    await expect(featured.getByRole('heading', { name: 'Featured Articles' })).toBeVisible();
    await expect(featured.locator('article')).toHaveCount(posts.filter((p) => p.featured).length);
    await expect(visibleCards(page)).toHaveCount(posts.length);

    const card = visibleCards(page).first();
    await expect(card.locator('img')).toHaveAttribute('src', /.+/);
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card.getByRole('heading')).toHaveText(/\S/);
    await expect(card.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
      'href',
      /^\/blog\/[a-z0-9-]+$/,
    );
  });

  test('category buttons narrow the list, are pressed, and survive a reload', async ({ page }) => {
    await page.goto('/blog');
    const category = 'Residential OCD Treatment';
    const expected = posts.filter((p) => p.category === category).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(posts.length);

    const all = page.getByRole('button', { name: 'All Categories' });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: category, exact: true }).click();
    await expect(visibleCards(page)).toHaveCount(expected);
    await expect(page.getByRole('button', { name: category, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    const categories = await visibleCards(page).evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-category')),
    );
    expect(new Set(categories)).toEqual(new Set([category]));
    await expect(page).toHaveURL(/\?category=Residential(\+|%20)OCD(\+|%20)Treatment$/);

    await page.reload();
    await expect(visibleCards(page)).toHaveCount(expected);
    await expect(page.getByRole('button', { name: category, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await all.click();
    await expect(visibleCards(page)).toHaveCount(posts.length);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('search matches title, excerpt or tag, combines with the category, and survives a reload', async ({
    page,
  }) => {
    await page.goto('/blog');
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(search).toHaveAttribute('placeholder', 'Search articles...');

    const matches = (p: PostMeta, q: string) =>
      [p.title, p.excerpt, ...p.tags].some((text) => text.toLowerCase().includes(q.toLowerCase()));
    const query = 'insurance';
    const expected = posts.filter((p) => matches(p, query));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(posts.length);

    // Typed in another case: matching ignores case.
    await search.fill(query.toUpperCase());
    await expect(visibleCards(page)).toHaveCount(expected.length);
    const shown = await visibleCards(page).evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-slug')),
    );
    expect(new Set(shown)).toEqual(new Set(expected.map((p) => p.slug)));
    await expect(page).toHaveURL(/\?q=INSURANCE$/);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('INSURANCE');
    await expect(visibleCards(page)).toHaveCount(expected.length);

    // Category AND query.
    const withCategory = expected[0];
    if (!withCategory) throw new Error('unreachable');
    await page.getByRole('button', { name: withCategory.category, exact: true }).click();
    await expect(visibleCards(page)).toHaveCount(
      posts.filter((p) => p.category === withCategory.category && matches(p, query)).length,
    );
    await expect(page).toHaveURL(/\?category=.+&q=INSURANCE$/);
    const none = [
      'Recovery Stories',
      'Family Support',
      'ERP Therapy',
      'Treatment Insights',
      'Residential OCD Treatment',
    ].find((c) => !posts.some((p) => p.category === c && matches(p, query)));
    if (none) {
      await page.getByRole('button', { name: none, exact: true }).click();
      await expect(visibleCards(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
    }
  });

  test('shows the empty state when nothing matches', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zzzz no such article');
    await expect(visibleCards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('');
    await expect(visibleCards(page)).toHaveCount(posts.length);
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeHidden();
  });

  test('has no accessibility violations, also on a phone', async ({ page }) => {
    await page.goto('/blog');
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await page.goto('/blog?category=ERP+Therapy');
    await expectNoAxeViolations(page);
  });
});

test.describe('article page', () => {
  // One with siblings in its category, so Related Articles has something to show.
  const post = posts.find((p) => posts.filter((o) => o.category === p.category).length >= 3) ?? posts[0];

  test('shows every part of the article', async ({ page }) => {
    if (!post) throw new Error('no blog posts in content/blog');
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('link', { name: /Back to Articles/ })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    const details = page.getByRole('list', { name: 'Article details' });
    await expect(details.locator('time')).toHaveText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    );
    await expect(details).toContainText(/By .+/);
    await expect(details).toContainText(/\d+ min read/);
    await expect(page.locator('#article header')).toContainText(post.category);

    const image = page.locator('#article > img');
    await expect(image).toHaveAttribute('alt', /\S/);
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
    await expect(page.locator('#article .prose h2').first()).toBeVisible();

    const topics = page.locator('section[aria-labelledby="topics-heading"]');
    await expect(topics.getByRole('heading', { name: 'Related Topics' })).toBeVisible();
    await expect(topics.getByRole('listitem')).toHaveCount(post.tags.length);
    await expect(topics.getByRole('link')).toHaveCount(0);

    const related = page.locator('section[aria-labelledby="related-heading"] article');
    const siblings = posts.filter((p) => p.category === post.category && p.slug !== post.slug).length;
    await expect(related).toHaveCount(Math.min(3, siblings));
    const relatedCategories = await related.evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-category')),
    );
    expect(new Set(relatedCategories)).toEqual(new Set([post.category]));
    const relatedSlugs = await related.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));
    expect(relatedSlugs).not.toContain(post.slug);

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));

    await expectNoAxeViolations(page);
  });

  test('a card link leads to its article', async ({ page }) => {
    await page.goto('/blog');
    const first = visibleCards(page).first();
    const title = await first.getByRole('heading').textContent();
    await first.getByRole('link', { name: /^Read More/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
  });

  test('the article-not-found page explains and links back', async ({ page }) => {
    await page.goto('/article-not-found');
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    await expect(
      page.getByText("The article you're looking for doesn't exist or may have been moved."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Blog/ })).toHaveAttribute('href', '/blog');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
  });

  test('an unknown article answers 404 with the article-not-found page', async ({ page }) => {
    // The mapping lives in netlify.toml, so only the production server can honour it.
    test.skip(!!process.env['E2E_DEV'], 'needs the production server (netlify.toml redirects)');
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  });
});
