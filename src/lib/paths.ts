/**
 * The public path of a page. With `build.format: 'file'` Astro renders `/blog` as `blog.html`
 * and reports `Astro.url.pathname` as `/blog.html`; Netlify serves it at `/blog`, which is the
 * URL that canonical links, the sitemap and "current page" marks must use.
 *
 * @example pagePath('/blog.html') // → '/blog'
 * @example pagePath('/index.html') // → '/'
 * @example pagePath('/program/tidemark/') // → '/program/tidemark'
 */
export function pagePath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
