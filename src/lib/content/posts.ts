/**
 * The blog collection, loaded once and shaped for pages (newest first, read time computed).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { readTimeMinutes } from '../blog.ts';

export type Post = CollectionEntry<'blog'>['data'] & {
  /** URL segment: the file name, `/blog/<slug>`. */
  slug: string;
  readMinutes: number;
  entry: CollectionEntry<'blog'>;
};

let cache: Promise<Post[]> | undefined;

/** All posts, newest first (ties by title, so the order never depends on the file system). */
export function getPosts(): Promise<Post[]> {
  // In dev, content edits must show up without a restart, so only the build caches.
  if (!import.meta.env.PROD) cache = undefined;
  cache ??= getCollection('blog').then((entries) =>
    entries
      .map((entry) => ({
        ...entry.data,
        slug: entry.id,
        readMinutes: readTimeMinutes(entry.rendered?.html ?? entry.body ?? ''),
        entry,
      }))
      .sort((a, b) =>
        a.publishDate === b.publishDate
          ? a.title.localeCompare(b.title)
          : a.publishDate < b.publishDate
            ? 1
            : -1,
      ),
  );
  return cache;
}
