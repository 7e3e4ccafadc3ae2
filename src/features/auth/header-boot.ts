/**
 * What every page runs for the account feature, kept small (budget: ≤ 20 KB of JavaScript on
 * profile and blog pages): shows a toast the previous page left ("Welcome!", "Signed Out"),
 * starts the session, and loads the header's signed-in menu (header.ts) only when someone is
 * signed in.
 */
import { showFlashedToast } from '../../ui/toasts/flash.ts';
import { $session, initSession, mayHaveSession } from '../../api/session.ts';

export function bootHeader(): void {
  showFlashedToast();
  // A stored session: hide "Sign In" / "Provider Login" at once rather than flash them until the
  // menu is ready (their box keeps its width, so nothing moves); shown again if signed out.
  const signedOutOnly = Array.from(document.querySelectorAll<HTMLElement>('[data-signed-out-only]'));
  if (mayHaveSession()) for (const node of signedOutOnly) node.hidden = true;
  let loading = false;
  $session.subscribe((session) => {
    if (session.status === 'signed-out') for (const node of signedOutOnly) node.hidden = false;
    if (session.status !== 'signed-in' || loading) return;
    // Once: header.ts subscribes itself and keeps the header current from here on (sign-out too).
    loading = true;
    import('./header.ts')
      .then(({ mountHeaderSession }) => {
        mountHeaderSession();
      })
      .catch((error: unknown) => {
        loading = false;
        console.error('Could not load the account menu', error);
      });
  });
  initSession();
}
