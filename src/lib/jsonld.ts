/**
 * Structured data (schema.org JSON-LD) for BaseLayout's `jsonLd` prop. Pure: pages pass
 * `Astro.site` so the absolute URLs follow the deployment.
 *
 * @example
 * <BaseLayout jsonLd={[breadcrumbJsonLd(Astro.site, [{ name: 'About', path: '/about' }])]} … />
 */
import { SITE_TITLE } from './vocabulary.ts';

type JsonLd = Record<string, unknown>;

const abs = (site: URL | undefined, path: string) => new URL(path, site ?? 'http://localhost').href;

const DESCRIPTION =
  'An informational directory of residential treatment programs for obsessive-compulsive disorder (OCD) for teens, young adults and adults.';

/** For the home page and other site-level pages. */
export function organizationJsonLd(site: URL | undefined): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_TITLE,
    url: abs(site, '/'),
    logo: abs(site, '/favicon.svg'),
    description: DESCRIPTION,
    email: 'hello@example.org',
  };
}

/** For the home page: names the site and its search (the directory reads `?q=`). */
export function websiteJsonLd(site: URL | undefined): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_TITLE,
    url: abs(site, '/'),
    description: DESCRIPTION,
  };
}

/** Home is always the first crumb; pass the rest, the current page last. */
export function breadcrumbJsonLd(
  site: URL | undefined,
  crumbs: readonly { name: string; path: string }[],
): JsonLd {
  const all = [{ name: 'Home', path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: abs(site, crumb.path),
    })),
  };
}

export type ArticleInput = {
  title: string;
  description: string;
  path: string;
  image: string;
  /** YYYY-MM-DD */
  publishDate: string;
  author: string;
};

/** For a blog post. */
export function articleJsonLd(site: URL | undefined, article: ArticleInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    image: [abs(site, article.image)],
    datePublished: article.publishDate,
    author: { '@type': 'Person', name: article.author },
    publisher: {
      '@type': 'Organization',
      name: SITE_TITLE,
      logo: { '@type': 'ImageObject', url: abs(site, '/favicon.svg') },
    },
    mainEntityOfPage: abs(site, article.path),
  };
}

/**
 * The text of a `<script type="application/ld+json">`: JSON with `<`, `>` and `&` written as
 * `\u003c`, `\u003e`, `\u0026`, so no value (a listing's name holding `</script>` or `<!--`) can
 * end the script or change how the HTML parser reads it; the JSON means the same.
 *
 * @example jsonLdText({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
