import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $session, initSession, isSigningOut, signOut } from '../../api/session.ts';
import { flashToast } from '../../ui/toasts/flash.ts';
import { ensureProviderProfile } from '../../api/providers.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { DashboardResponse } from '../../api/contracts/providers.ts';
import { loadDashboard, type Failure, type Message } from './api.ts';
import { searchWithTab, tabFromSearch, TABS, type TabId } from './tabs.ts';
import { SectionTabs } from '../../ui/Tabs.tsx';
import { card, RetryAlert } from '../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { lazyComponent } from '../../ui/lazy.tsx';

/*
 * Each tab's code is fetched when the tab is first shown (ui/lazy.tsx): the page itself carries
 * only the session, the loading state and the tab list, and a signed-out visitor, sent on to sign
 * in, loads nothing more. The tab the address names is fetched together with the dashboard's data
 * (TAB_CODE below), so it does not wait for one and then the other.
 */
const OverviewTab = lazyComponent(() => import('./OverviewTab.tsx').then((m) => m.OverviewTab));
// Below the overview, each with its own loading state once its code is in.
const ReportsCard = lazyComponent(() => import('./ReportsCard.tsx').then((m) => m.ReportsCard), null);
const ReviewsCard = lazyComponent(() => import('./ReviewsCard.tsx').then((m) => m.ReviewsCard), null);
const VerificationTab = lazyComponent(() => import('./VerificationTab.tsx').then((m) => m.VerificationTab));
const ListingsTab = lazyComponent(() => import('./listing-builder/index.tsx').then((m) => m.ListingsTab));
const ContactsTab = lazyComponent(() => import('./ContactsTab.tsx').then((m) => m.ContactsTab));
const RoiTab = lazyComponent(() => import('./RoiTab.tsx').then((m) => m.RoiTab));
const BillingTab = lazyComponent(() => import('./BillingTab.tsx').then((m) => m.BillingTab));

/** The code each tab shows, fetched ahead with the dashboard's data for the tab first shown. */
const TAB_CODE: Record<TabId, readonly { preload: () => Promise<unknown> }[]> = {
  overview: [OverviewTab, ReportsCard, ReviewsCard],
  verification: [VerificationTab],
  listings: [ListingsTab],
  contacts: [ContactsTab],
  'roi-calculator': [RoiTab],
  billing: [BillingTab],
};

export const LOGIN_PATH = '/provider-login';
export const REGISTRATION_PATH = '/provider-registration';

type Load =
  | { state: 'loading' }
  | { state: 'no-profile' }
  | { state: 'error'; message: Message }
  | { state: 'ready'; data: DashboardResponse };

/** Set while logging out, so the signed-out state sends the person home, not to sign in. */
let loggingOut = false;

async function signInAgain(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Already unusable; the redirect is what matters.
  }
  location.replace(LOGIN_PATH);
}

/**
 * /provider-dashboard (docs/product-rules.md#provider-dashboard): one island, one API round trip
 * to load. Signed out → the
 * provider sign-in; signed in without a provider profile → the profile is created from the
 * registration's metadata when there is one (a creation that failed at sign-up is never lost),
 * else "Complete Your Profile". Tabs live in the address (`?tab=`); phones get a select.
 */
export default function ProviderDashboard() {
  const session = useStore($session);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tab, setTabState] = useState<TabId>('overview');
  const [now, setNow] = useState(() => Date.now());
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const triedProfile = useRef(false);
  /** A listing the overview asked to open in the builder; cleared when another tab opens, so it is opened once. */
  const [opening, setOpening] = useState<{ listingId: string; at: number } | null>(null);

  useEffect(() => {
    initSession();
    setTabState(tabFromSearch(location.search));
    const onPop = () => {
      setTabState(tabFromSearch(location.search));
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  useEffect(() => {
    // A sign-out in progress (e.g. from the header menu) navigates by itself when it is done.
    if (session.status === 'signed-out' && !loggingOut && !isSigningOut()) location.replace(LOGIN_PATH);
  }, [session.status]);

  const refresh = useCallback(async () => {
    const result = await loadDashboard();
    setNow(Date.now());
    if (result.ok) {
      setLoad({ state: 'ready', data: result.data });
      return;
    }
    if (result.kind === 'unauthorized') {
      await signInAgain();
      return;
    }
    if (result.kind === 'no-profile') {
      const current = $session.get();
      if (!triedProfile.current && current.status === 'signed-in') {
        triedProfile.current = true;
        const outcome = await ensureProviderProfile(current.user);
        if (outcome === 'created' || outcome === 'exists') {
          await refresh();
          return;
        }
        if (outcome === 'failed') {
          showToast({
            title: 'Account Created - Profile Setup Issue',
            description:
              'Your account exists, but your provider profile could not be set up. Please try again in a moment.',
            variant: 'destructive',
          });
        }
      }
      setLoad({ state: 'no-profile' });
      return;
    }
    setLoad({ state: 'error', message: result.message });
  }, []);

  useEffect(() => {
    if (userId !== null) {
      setLoad({ state: 'loading' });
      // A failed fetch is shown (with Try again) where the tab renders; nothing to do here.
      for (const part of TAB_CODE[tabFromSearch(location.search)]) part.preload().catch(() => undefined);
      void refresh();
    }
  }, [userId, refresh]);

  const setTab = (next: TabId) => {
    if (next !== 'listings') setOpening(null);
    setTabState(next);
    const search = searchWithTab(location.search, next);
    if (search !== location.search)
      history.pushState(null, '', `${location.pathname}${search}${location.hash}`);
  };

  const onFailure = useCallback((failure: Failure) => {
    if (failure.kind === 'unauthorized') void signInAgain();
    else showToast({ ...failure.message, variant: 'destructive' });
  }, []);

  const logout = async () => {
    loggingOut = true;
    try {
      await signOut();
    } catch (error) {
      console.warn('Sign-out failed on the server; this browser is signed out anyway.', error);
    }
    flashToast({ title: 'Logged Out', description: 'You have been signed out of the provider dashboard.' });
    location.assign('/');
  };

  if (session.status !== 'signed-in' || load.state === 'loading') {
    return (
      <div>
        <p role="status" className="mb-4 text-muted">
          {session.status === 'signed-out' ? 'Taking you to sign in…' : 'Loading your dashboard…'}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${card} h-28 animate-pulse bg-slate-50`} />
          ))}
        </div>
      </div>
    );
  }

  if (load.state === 'no-profile') {
    return (
      <section className={`${card} max-w-xl`} aria-labelledby="complete-profile-title">
        <h2 id="complete-profile-title" className="text-xl font-semibold text-brand-800">
          Complete Your Profile
        </h2>
        <p className="mt-2 text-muted">
          You are signed in, but there is no provider profile for this account yet. Register your organization
          to open the dashboard and start your free trial.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={REGISTRATION_PATH} className={primaryButton}>
            Complete registration
          </a>
          <button type="button" className={secondaryButton} onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </section>
    );
  }

  if (load.state === 'error') {
    return (
      <RetryAlert
        title={load.message.title}
        description={load.message.description}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void refresh();
        }}
      />
    );
  }

  const { data } = load;
  const setData = (next: DashboardResponse) => {
    setLoad({ state: 'ready', data: next });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          Signed in as{' '}
          <strong className="font-semibold text-ink">
            {data.provider.contact_name || data.provider.email}
          </strong>{' '}
          for <strong className="font-semibold text-ink">{data.provider.organization_name}</strong>.
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setTab('contacts');
            }}
          >
            Settings
          </button>
          <button type="button" className={secondaryButton} onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </div>

      <SectionTabs
        tabs={TABS}
        tab={tab}
        setTab={setTab}
        prefix=""
        selectLabel="Dashboard section"
        listLabel="Dashboard sections"
      />

      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={-1}
        className="focus:outline-none"
      >
        {tab === 'overview' ? (
          <OverviewTab
            data={data}
            onOpenListings={() => {
              setTab('listings');
            }}
            onOpenBuilder={() => {
              setTab('listings');
            }}
            onEditListing={(listing) => {
              setOpening({ listingId: listing.id, at: Date.now() });
              setTab('listings');
            }}
            onOpenVerification={() => {
              setTab('verification');
            }}
            onListing={(listing) => {
              setData({ ...data, listings: data.listings.map((l) => (l.id === listing.id ? listing : l)) });
            }}
            now={now}
            onFailure={onFailure}
            onInquiry={(inquiry) => {
              setData({ ...data, inquiries: data.inquiries.map((i) => (i.id === inquiry.id ? inquiry : i)) });
            }}
          />
        ) : tab === 'verification' ? (
          <VerificationTab
            data={data}
            onFailure={onFailure}
            onRequested={(request) => {
              setData({
                ...data,
                provider: { ...data.provider, verification_status: 'pending' },
                verification: { status: 'pending', requests: [request, ...data.verification.requests] },
              });
            }}
          />
        ) : tab === 'listings' ? (
          <ListingsTab
            userId={data.provider.user_id}
            listings={data.listings}
            open={opening}
            onFailure={onFailure}
            onSubmitted={(listing) => {
              setData({ ...data, listings: [listing, ...data.listings.filter((l) => l.id !== listing.id)] });
            }}
            onAvailability={(listingId, availability) => {
              setLoad((current) =>
                current.state === 'ready'
                  ? {
                      state: 'ready',
                      data: {
                        ...current.data,
                        listings: current.data.listings.map((l) =>
                          l.id === listingId ? { ...l, availability } : l,
                        ),
                      },
                    }
                  : current,
              );
            }}
          />
        ) : tab === 'contacts' ? (
          <ContactsTab
            provider={data.provider}
            onFailure={onFailure}
            onSaved={(provider) => {
              setData({ ...data, provider });
            }}
          />
        ) : tab === 'roi-calculator' ? (
          <RoiTab />
        ) : (
          <BillingTab provider={data.provider} now={now} />
        )}
        {tab === 'overview' ? <ReportsCard onFailure={onFailure} /> : null}
        {tab === 'overview' ? <ReviewsCard onFailure={onFailure} /> : null}
      </div>
    </div>
  );
}
