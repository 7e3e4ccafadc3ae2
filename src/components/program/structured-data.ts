/**
 * schema.org data for a program profile. Ratings are left out on purpose: they are not
 * reviews by users of this site, so marking them up as `aggregateRating` would mislead.
 *
 * Trust (docs/product-rules.md#what-the-badges-mean): only "Listing reviewed" has a schema.org
 * term that means exactly it, the page's `lastReviewed` (the day the site team last reviewed the
 * facts, `reviewedBy` the site). "Verified provider" has none and is not claimed; nothing says
 * endorsed, accredited by the site, or featured.
 */
import type { ProgramData } from '../../lib/program-schema.ts';
import { SITE_TITLE } from '../../lib/vocabulary.ts';

export function programJsonLd(
  site: URL | undefined,
  path: string,
  data: ProgramData,
): Record<string, unknown> {
  const pageUrl = new URL(path, site ?? 'http://localhost').href;
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    name: data.name,
    description: data.description,
    url: data.website ?? pageUrl,
    mainEntityOfPage:
      data.reviewedOn === undefined
        ? pageUrl
        : {
            '@type': 'WebPage',
            '@id': pageUrl,
            url: pageUrl,
            lastReviewed: data.reviewedOn,
            reviewedBy: { '@type': 'Organization', name: SITE_TITLE },
          },
    medicalSpecialty: 'Psychiatric',
    address: {
      '@type': 'PostalAddress',
      streetAddress: data.address.street,
      addressLocality: data.address.city,
      addressRegion: data.address.state,
      postalCode: data.address.zip,
      addressCountry: 'US',
    },
    ...(data.phone === undefined ? {} : { telephone: data.phone }),
    ...(data.heroImage === undefined
      ? {}
      : { image: new URL(data.heroImage, site ?? 'http://localhost').href }),
  };
}
