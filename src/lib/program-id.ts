/** Directory program ids: the one pattern the database, the API and the admin page check, and the id a name becomes. */

/** A directory program id (`content/programs/<id>`, `provider_listings.published_program_id`). */
export const PROGRAM_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * A program id from a center name: ASCII letters and digits, lower case, words joined by single
 * hyphens (apostrophes dropped), at most 80 characters (room for a `-N` suffix); `program` when nothing is left.
 *
 * @example programSlug('  Pine Hollow OCD Résidence! ') // 'pine-hollow-ocd-residence'
 */
export function programSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "Women's" → "womens", as the ids of content/programs spell it.
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'program' : slug;
}
