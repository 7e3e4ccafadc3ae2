/**
 * A component whose code is fetched the first time it is shown (a dynamic `import()`), so a page
 * does not load, before anyone interacts, the code of parts it does not show yet (e.g. the
 * dashboard's other tabs). Until the code is there the component shows `fallback`; if it cannot
 * be fetched, an alert with "Try again". Once fetched, every later render is immediate.
 *
 * `preload()` starts the fetch early (e.g. with the data the part will show), so showing it
 * waits for neither in turn. The loaded component receives the same props.
 */
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { RetryAlert } from './boxes.tsx';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches the code now (once; again after a failure) and answers the component. */
  preload: () => Promise<ComponentType<P>>;
};

/** A short status in the part's place while its code loads. */
export function LoadingPart() {
  return (
    <p role="status" className="py-6 text-muted">
      Loading…
    </p>
  );
}

const LOAD_FAILED = 'This part of the page could not be loaded. Check your connection, then try again.';

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <LoadingPart />,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;

  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null; // a later preload or "Try again" fetches it again
        throw error;
      },
    );
    return pending;
  };

  function Lazy(props: P) {
    // The counter re-renders once the code is in (`loaded` lives outside the component).
    const [, setLoads] = useState(0);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);

    // What this render shows. The code may arrive between this render and the effect below (an
    // effect runs after the paint): the effect then still re-renders, as `rendered` is null.
    const rendered = loaded;

    useEffect(() => {
      if (rendered !== null) return;
      let live = true;
      preload().then(
        () => {
          if (live) setLoads((n) => n + 1);
        },
        (error: unknown) => {
          console.warn('Could not load part of the page:', error);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [attempt, rendered]);

    if (rendered !== null) return createElement(rendered, props);
    if (failed)
      return (
        <RetryAlert
          description={LOAD_FAILED}
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      );
    return <>{fallback}</>;
  }

  return Object.assign(Lazy, { preload });
}
