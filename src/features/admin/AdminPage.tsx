import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $session, initSession, signInHref, signOut, type Session } from '../../api/session.ts';
import { SectionTabs } from '../../ui/Tabs.tsx';
import { card, RetryAlert } from '../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { AdminOverview } from '../../api/contracts/admin.ts';
import { loadOverview, type Failure } from './api.ts';
import { ListingsTab } from './ListingsTab.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { ADMIN_TABS, adminSearchWithTab, adminTabFromSearch, type AdminTabId } from './rules.ts';
import { VerificationTab } from './VerificationTab.tsx';

export const ADMIN_PATH = '/admin';

type Gate =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'error'; title: string; description: string }
  | { state: 'ready'; overview: AdminOverview; now: number };

async function signInAgain(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Already unusable; the sign-in prompt is what matters.
  }
}

/**
 * /admin (docs/product-rules.md#administrators): one island. Signed out → a sign-in
 * prompt; signed in → the overview is loaded, and the API decides (in SQL) who is an
 * administrator: a 403, from that call or any later one, shows "Administrators only". Tabs live
 * in the address (`?tab=`); phones get a select.
 */
export default function AdminPage() {
  const stored = useStore($session);
  // The first render matches the server's HTML ("Checking your access…"), whatever the session:
  // the header's script has often decided "signed-out" before this island hydrates, and a first
  // render that differs from the HTML left that paragraph on the page under the sign-in prompt.
  const [hydrated, setHydrated] = useState(false);
  const session: Session = hydrated ? stored : { status: 'unknown' };
  const [gate, setGate] = useState<Gate>({ state: 'loading' });
  const [tab, setTabState] = useState<AdminTabId>('overview');
  const userId = session.status === 'signed-in' ? session.user.id : null;

  useEffect(() => {
    setHydrated(true);
    initSession();
    setTabState(adminTabFromSearch(location.search));
    const onPop = () => {
      setTabState(adminTabFromSearch(location.search));
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  const onFailure = useCallback((failure: Failure) => {
    if (failure.kind === 'unauthorized') void signInAgain();
    else if (failure.kind === 'forbidden') setGate({ state: 'forbidden' });
    else showToast({ ...failure.message, variant: 'destructive' });
  }, []);

  const refresh = useCallback(async () => {
    const result = await loadOverview();
    if (result.ok) setGate({ state: 'ready', overview: result.value, now: Date.now() });
    else if (result.kind === 'error') setGate({ state: 'error', ...result.message });
    else onFailure(result);
  }, [onFailure]);

  useEffect(() => {
    if (userId !== null) {
      setGate({ state: 'loading' });
      void refresh();
    }
  }, [userId, refresh]);

  /** The overview again without the loading state (decisions change its counts). */
  const refreshOverview = useCallback(async () => {
    const result = await loadOverview();
    if (result.ok) setGate({ state: 'ready', overview: result.value, now: Date.now() });
    else if (result.kind !== 'error') onFailure(result);
  }, [onFailure]);

  const setTab = (next: AdminTabId) => {
    if (next === 'overview' && next !== tab) void refreshOverview();
    setTabState(next);
    const search = adminSearchWithTab(location.search, next);
    if (search !== location.search)
      history.pushState(null, '', `${location.pathname}${search}${location.hash}`);
  };

  // A link of the overview's "waiting" line opens its tab and moves the focus into it.
  const panelRef = useRef<HTMLDivElement>(null);
  const [focusPanel, setFocusPanel] = useState(0);
  useEffect(() => {
    if (focusPanel > 0) panelRef.current?.focus();
  }, [focusPanel]);
  const openTab = (next: AdminTabId) => {
    setTab(next);
    setFocusPanel((n) => n + 1);
  };

  if (session.status === 'signed-out') return <SignInPrompt />;

  if (session.status === 'unknown' || gate.state === 'loading') {
    return (
      <p role="status" className="text-muted">
        Checking your access…
      </p>
    );
  }

  if (gate.state === 'forbidden') return <NotAllowed email={session.user.email} />;

  if (gate.state === 'error') {
    return (
      <RetryAlert
        title={gate.title}
        description={gate.description}
        onRetry={() => {
          setGate({ state: 'loading' });
          void refresh();
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">
        Signed in as <strong className="font-semibold break-all text-ink">{session.user.email}</strong>{' '}
        (administrator).
      </p>
      <SectionTabs
        tabs={ADMIN_TABS}
        tab={tab}
        setTab={setTab}
        prefix="admin-"
        selectLabel="Admin section"
        listLabel="Admin sections"
      />
      <div
        ref={panelRef}
        role="tabpanel"
        id={`admin-panel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
        tabIndex={-1}
        className="focus:outline-none"
      >
        {tab === 'overview' ? (
          <OverviewTab data={gate.overview} now={gate.now} onOpenTab={openTab} />
        ) : tab === 'verification' ? (
          <VerificationTab onFailure={onFailure} />
        ) : tab === 'reports' ? (
          <ReportsTab onFailure={onFailure} />
        ) : tab === 'reviews' ? (
          <ReviewsTab onFailure={onFailure} />
        ) : (
          <ListingsTab onFailure={onFailure} />
        )}
      </div>
    </div>
  );
}

function SignInPrompt() {
  return (
    <section className={`${card} max-w-xl`} aria-labelledby="admin-sign-in-title">
      <h2 id="admin-sign-in-title" className="text-xl font-semibold text-brand-800">
        Sign in to continue
      </h2>
      <p className="mt-2 text-muted">
        The admin dashboard is for the directory&apos;s administrators. Sign in with your administrator
        account to review verification requests and listings.
      </p>
      <div className="mt-4">
        <a href={signInHref(ADMIN_PATH)} className={primaryButton}>
          Sign in
        </a>
      </div>
    </section>
  );
}

function NotAllowed({ email }: { email: string | null }) {
  return (
    <section className={`${card} max-w-xl`} aria-labelledby="admin-forbidden-title">
      <h2 id="admin-forbidden-title" className="text-xl font-semibold text-brand-800">
        Administrators only
      </h2>
      <p className="mt-2">
        {email ? (
          <>
            You are signed in as <strong className="break-all">{email}</strong>, which is not an administrator
            account.
          </>
        ) : (
          'This account is not an administrator account.'
        )}
      </p>
      <p className="mt-2 text-muted">
        If you should have access, ask an existing administrator to grant it, then sign in again. Providers
        manage their programs from the provider dashboard.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href="/" className={primaryButton}>
          Go to the directory
        </a>
        <a href="/provider-dashboard" className={secondaryButton}>
          Provider dashboard
        </a>
      </div>
    </section>
  );
}
