/**
 * schema.org data for a program profile. Ratings are left out on purpose: they are not
 * reviews by users of this site, so marking them up as `aggregateRating` would mislead.
 */
import type { ProgramData } from '../../lib/content/programs.ts';

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
    mainEntityOfPage: pageUrl,
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
