/**
 * The favorites' state, owned here: the saved list and whether it is loaded. store.ts alone
 * writes it; hearts read `$favouriteIds`. No API code here, so hearts on pages where most
 * visitors are signed out (the directory, profiles) stay small.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Favorite } from '../../api/contracts/favorites.ts';

export type { Favorite };

export type FavouritesStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Written by store.ts only. */
export const $favouritesList = atom<readonly Favorite[]>([]);
/** Written by store.ts only. */
export const $favouritesState = atom<FavouritesStatus>('idle');

/** The saved program ids, for hearts. */
export const $favouriteIds: ReadableAtom<ReadonlySet<string>> = computed(
  $favouritesList,
  (list) => new Set(list.map((f) => f.program_id)),
);
