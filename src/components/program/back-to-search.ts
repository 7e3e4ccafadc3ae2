/**
 * The profile's "Back to Directory" link leads back to the search the family left (its filters,
 * place and sort; src/lib/directory/back-to-search.ts), and asks the directory to show as many
 * cards again and scroll where they were. Only a same-site directory path is ever used; without
 * one (a profile opened from elsewhere, storage off) the link stays the plain directory, `/`.
 */
import {
  backToSearchHref,
  DIRECTORY_RESTORE_KEY,
  DIRECTORY_RETURN_KEY,
} from '../../lib/directory/back-to-search.ts';

function stored(): string | null {
  try {
    return sessionStorage.getItem(DIRECTORY_RETURN_KEY);
  } catch {
    return null;
  }
}

/** Points every `a[data-back-to-directory]` of the page at the search left, if any. */
export function mountBackToSearch(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('a[data-back-to-directory]');
  if (links.length === 0) return;
  const href = backToSearchHref(stored(), location.origin);
  for (const link of links) {
    link.setAttribute('href', href);
    link.addEventListener('click', (event) => {
      // A new tab or window is a new visit: it shows the search from its top.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      try {
        sessionStorage.setItem(DIRECTORY_RESTORE_KEY, '1');
      } catch {
        // Storage refused: the search comes back without its scroll position.
      }
    });
  }
}
