/**
 * schema.org data for a program profile. `aggregateRating` and `review` come only from the
 * program's published reviews (families' reviews on this site, moderated by the published policy:
 * docs/product-rules.md#reviews-and-ratings), and are left out when there are none or when any
 * of them is the seed's fictional demo data ("Sample review — demo data"): search engines must
 * never read an invented review as a real one.
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
    ...reviewsJsonLd(data),
  };
}

/** The rating and the reviews of a program's published reviews, when all of them are real. */
function reviewsJsonLd(data: ProgramData): Record<string, unknown> {
  if (data.rating === undefined || data.reviewCount === 0 || data.sampleReviewCount > 0) return {};
  const stars = { bestRating: 5, worstRating: 1 };
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: data.rating,
      reviewCount: data.reviewCount,
      ...stars,
    },
    review: data.reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.created_at.slice(0, 10),
      author: { '@type': 'Person', name: r.public_name },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, ...stars },
    })),
  };
}
