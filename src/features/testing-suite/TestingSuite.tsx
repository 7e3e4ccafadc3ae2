import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $session, initSession, signInHref } from '../../api/session.ts';
import { SectionTabs } from '../../ui/Tabs.tsx';
import { card } from '../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { TestToolsOverview } from '../../api/contracts/test-tools.ts';
import { loadOverview, TEST_MESSAGES, type Failure } from './api.ts';
import { DataPanel, OverviewPanel, ProvidersPanel, UserFlowPanel, type TestProgram } from './panels.tsx';
import { searchWithTab, tabFromSearch, TABS, type TabId } from './tabs.ts';

type Load =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'not-allowed' }
  | { state: 'error' }
  | { state: 'ready'; data: TestToolsOverview };

/**
 * /comprehensive-testing and /testing (docs/product-rules.md#testing-suite), for administrators
 * only. Signed out: a sign-in prompt. Signed in: the island asks `GET /api/test-tools/overview`,
 * and the server decides (403 → "not allowed"); every read and write goes through
 * /api/test-tools/*. Tabs live in the address (`?tab=`); phones get a select.
 */
export default function TestingSuite({ program }: { program: TestProgram }) {
  const session = useStore($session);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tab, setTabState] = useState<TabId>('overview');
  const [refreshing, setRefreshing] = useState(false);
  const userId = session.status === 'signed-in' ? session.user.id : null;

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

  const onFailure = useCallback((failure: Failure) => {
    if (failure.kind === 'unauthorized') setLoad({ state: 'signed-out' });
    else if (failure.kind === 'forbidden') setLoad({ state: 'not-allowed' });
    else showToast({ ...failure.message, variant: 'destructive' });
  }, []);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    const result = await loadOverview();
    setRefreshing(false);
    if (result.ok) {
      setLoad({ state: 'ready', data: result.data });
      return;
    }
    if (result.kind === 'error') {
      // The lists fall back to empty; the toast says why.
      showToast({ ...TEST_MESSAGES.loadError, variant: 'destructive' });
      setLoad((current) => (current.state === 'ready' ? current : { state: 'error' }));
      return;
    }
    onFailure(result);
  }, [onFailure]);

  useEffect(() => {
    if (session.status === 'signed-out') setLoad({ state: 'signed-out' });
  }, [session.status]);

  useEffect(() => {
    if (userId !== null) {
      setLoad({ state: 'loading' });
      void refresh();
    }
  }, [userId, refresh]);

  const setTab = (next: TabId) => {
    setTabState(next);
    const search = searchWithTab(location.search, next);
    if (search !== location.search)
      history.pushState(null, '', `${location.pathname}${search}${location.hash}`);
  };

  if (load.state === 'signed-out') {
    return (
      <section className={`${card} max-w-xl`} aria-labelledby="testing-sign-in-title">
        <h2 id="testing-sign-in-title" className="text-xl font-semibold text-brand-800">
          Sign in required
        </h2>
        <p className="mt-2 text-muted">
          The testing suite is for administrators. Sign in with an administrator account to use it.
        </p>
        <a href={signInHref()} className={`${primaryButton} mt-4`}>
          Sign in
        </a>
      </section>
    );
  }

  if (load.state === 'not-allowed') {
    return (
      <section className={`${card} max-w-xl`} aria-labelledby="testing-not-allowed-title">
        <h2 id="testing-not-allowed-title" className="text-xl font-semibold text-red-900">
          Not allowed
        </h2>
        <p className="mt-2 text-muted">
          The testing suite is only for administrators, and this account is not one. If you need access, ask a
          site administrator.
        </p>
        <a href="/" className={`${secondaryButton} mt-4`}>
          Back to Directory
        </a>
      </section>
    );
  }

  if (load.state === 'loading') {
    return (
      <div>
        <p role="status" className="mb-4 text-muted">
          Checking your access…
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${card} h-28 animate-pulse bg-slate-50`} />
          ))}
        </div>
      </div>
    );
  }

  const data: TestToolsOverview =
    load.state === 'ready'
      ? load.data
      : {
          status: 'Ready',
          counts: { providers: 0, inquiries: 0, engagement: 0 },
          providers: [],
          inquiries: [],
          engagement: [],
        };
  const setData = (update: (current: TestToolsOverview) => TestToolsOverview) => {
    setLoad((current) => ({ state: 'ready', data: update(current.state === 'ready' ? current.data : data) }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          Test data only: everything here is kept out of the directory, search and the admin totals.
        </p>
        <button
          type="button"
          className={secondaryButton}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          {refreshing ? 'Refreshing…' : 'Refresh Data'}
        </button>
      </div>

      <SectionTabs
        tabs={TABS}
        tab={tab}
        setTab={setTab}
        prefix="testing-"
        selectLabel="Testing section"
        listLabel="Testing sections"
      />

      <div
        role="tabpanel"
        id={`testing-panel-${tab}`}
        aria-labelledby={`testing-tab-${tab}`}
        tabIndex={-1}
        className="focus:outline-none"
      >
        {tab === 'overview' ? (
          <OverviewPanel data={data} program={program} />
        ) : tab === 'providers' ? (
          <ProvidersPanel
            providers={data.providers}
            onFailure={onFailure}
            onCreated={(provider) => {
              setData((d) => ({
                ...d,
                providers: [provider, ...d.providers],
                counts: { ...d.counts, providers: d.counts.providers + 1 },
              }));
            }}
          />
        ) : tab === 'user-flow' ? (
          <UserFlowPanel
            data={data}
            onFailure={onFailure}
            onInquiry={(inquiry) => {
              setData((d) => ({
                ...d,
                inquiries: [inquiry, ...d.inquiries],
                counts: { ...d.counts, inquiries: d.counts.inquiries + 1 },
              }));
            }}
            onEvent={(event) => {
              setData((d) => ({
                ...d,
                engagement: [event, ...d.engagement],
                counts: { ...d.counts, engagement: d.counts.engagement + 1 },
              }));
            }}
          />
        ) : (
          <DataPanel counts={data.counts} onFailure={onFailure} onCleaned={() => void refresh()} />
        )}
      </div>
    </div>
  );
}
