import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import ProgramCard, {
  ProgramCardSkeleton,
  type ProgramCardParts,
} from '../../components/program/ProgramCard.tsx';
import type { DirectoryEntry } from '../../lib/directory/rules.ts';
import { loadDirectoryIndex } from '../../lib/directory/index-data.ts';
import { $session, signInHref } from '../../api/session.ts';
import { RetryAlert } from '../../ui/boxes.tsx';
import { NO_LONGER_LISTED } from '../../api/contracts/account.ts';
import FavouriteHeart from './FavouriteHeart.tsx';
import { $favourites, $favouritesStatus, loadFavourites, type Favorite } from './store.ts';
import { watchFavourites } from './watch.ts';

export const FAVOURITES_PATH = '/favorites';

const renderHeart = (program: DirectoryEntry) => (
  <FavouriteHeart program={{ id: program.id, name: program.name }} visibility="always" />
);

const plural = (n: number): string => `${n} saved ${n === 1 ? 'program' : 'programs'}`;

/**
 * /favorites: the signed-in person's saved programs, newest first, as directory cards. The heart
 * in each card's corner removes it. Signed out, the page sends the person to sign in and back.
 * Card data comes from the directory's static index; a saved program that is no longer listed
 * is shown by the name saved with it, so it can still be removed.
 */
export default function FavouritesPage({
  renderCompareToggle,
}: {
  /** The cards' Compare toggle: given by the island that composes this page (src/islands/Favorites.tsx). */
  renderCompareToggle: ProgramCardParts['renderCompareToggle'];
}) {
  const session = useStore($session);
  const favorites = useStore($favourites);
  const status = useStore($favouritesStatus);
  const [programs, setPrograms] = useState<ReadonlyMap<string, DirectoryEntry> | null>(null);
  const [indexFailed, setIndexFailed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);
  const focusedIndex = useRef<number | null>(null);

  useEffect(() => {
    watchFavourites();
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out') location.replace(signInHref(FAVOURITES_PATH));
  }, [session.status]);

  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!signedIn || programs !== null) return;
    let current = true;
    loadDirectoryIndex()
      .then((entries) => {
        if (current) setPrograms(new Map(entries.map((entry) => [entry.id, entry])));
      })
      .catch((error: unknown) => {
        console.warn('Could not load the directory data:', error);
        if (current) setIndexFailed(true);
      });
    return () => {
      current = false;
    };
  }, [signedIn, programs]);

  // A removed card takes the focused heart with it: hand focus to the card now in its place
  // (or the one before), or to the empty state, so keyboard users are not sent to the top.
  useEffect(() => {
    const index = focusedIndex.current;
    if (index === null) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && document.contains(active)) return;
    const hearts = listRef.current?.querySelectorAll<HTMLElement>('[data-favourite-heart]') ?? [];
    const next = hearts[Math.min(index, hearts.length - 1)];
    if (next) next.focus();
    else emptyRef.current?.focus();
  }, [favorites]);

  if (!signedIn) {
    return (
      <p role="status" className="text-muted">
        {session.status === 'signed-out' ? 'Taking you to sign in…' : 'Loading your favorites…'}
      </p>
    );
  }

  if (status === 'error') {
    return (
      <RetryAlert
        title="Failed to load favorites"
        description="Your saved programs could not be loaded."
        onRetry={() => {
          void loadFavourites();
        }}
      />
    );
  }

  if (status !== 'ready' || (favorites.length > 0 && programs === null && !indexFailed)) {
    return (
      <>
        <p role="status" className="mb-4 text-sm text-muted">
          Loading your favorites…
        </p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 3 }, (_, index) => (
            <li key={index}>
              <ProgramCardSkeleton />
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (favorites.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <h2 ref={emptyRef} tabIndex={-1} className="text-xl font-semibold">
          No favorites yet
        </h2>
        <p className="mt-2 text-muted">
          Select the heart on any program card to save it here and compare programs later.
        </p>
        <a
          href="/"
          className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Browse programs
        </a>
      </div>
    );
  }

  return (
    <>
      <p role="status" className="mb-4 text-sm text-muted">
        {plural(favorites.length)}, newest first. Select a filled heart to remove a program.
      </p>
      <ul
        ref={listRef}
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        onFocus={(event) => {
          const item = (event.target as HTMLElement).closest('li');
          focusedIndex.current = item ? [...(listRef.current?.children ?? [])].indexOf(item) : null;
        }}
      >
        {favorites.map((favorite) => {
          const program = programs?.get(favorite.program_id);
          return (
            <li key={favorite.program_id}>
              {program ? (
                <ProgramCard
                  program={program}
                  renderFavouriteButton={renderHeart}
                  renderCompareToggle={renderCompareToggle}
                />
              ) : (
                <UnlistedCard favorite={favorite} />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A saved program the directory no longer lists (or whose details could not be loaded). */
function UnlistedCard({ favorite }: { favorite: Favorite }) {
  const name = favorite.program_name || favorite.program_id;
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="pr-12 text-lg leading-snug font-semibold">{name}</h3>
      <p className="text-sm text-muted">{NO_LONGER_LISTED}.</p>
      <div className="absolute top-3 right-3">
        <FavouriteHeart program={{ id: favorite.program_id, name }} visibility="always" />
      </div>
    </article>
  );
}
