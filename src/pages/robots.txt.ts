import type { APIRoute } from 'astro';

/** Signed-in areas, internal tools and the test program (`/test-…`) stay out of search engines. */
const DISALLOW = [
  '/provider-dashboard',
  '/admin',
  '/comprehensive-testing',
  '/testing',
  '/auth',
  '/favorites',
  '/enhanced-dashboard',
  '/test-',
] as const;

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
