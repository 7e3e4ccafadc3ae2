/**
 * The listing builder's state: the draft, where it is saved, the open tab, field messages, Save
 * Draft (on the server; this browser only when the server cannot be reached), Submit for Review
 * (the builder then stays on the submitted listing) and edit.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../../ui/toasts/store.ts';
import { submitListing, type Failure } from '../api.ts';
import {
  draftFieldErrors,
  draftFromListing,
  EMPTY_DRAFT,
  isEmptyDraft,
  listingBody,
  listingDraftBody,
  type ListingDraft,
} from '../draft.ts';
import type { Listing } from '../../../api/contracts/listings.ts';
import type { UploadKind } from '../uploads.ts';
import { tabOf, visibleTabs, type BuilderTab } from './builder-tabs.ts';
import { browserStorage, clearDraft, loadDraft, saveDraft } from './draft-storage.ts';
import { serverFieldErrors, submitProblems, type Errors } from './field-errors.ts';
import { draftSavedText, openingDraft, STAYS_LIVE, type DraftSource } from './opening.ts';
import { saveListingDraft, serverUnreachable } from './server-draft.ts';

export type UpdateField = <K extends keyof ListingDraft>(key: K, value: ListingDraft[K]) => void;

type Options = {
  userId: string;
  listings: readonly Listing[];
  /** A listing was stored (a draft saved or a submission): the dashboard keeps its copy current. */
  onSaved: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
};

type Kept = { userId: string; draft: ListingDraft; source: DraftSource; dirty: boolean };

/**
 * The builder's content while the dashboard shows another tab (the tab's component unmounts), so
 * switching tabs never loses what was typed. Memory only: a reload opens the server's copy.
 */
let kept: Kept | null = null;

function opening(userId: string, listings: readonly Listing[]): Kept {
  if (kept?.userId === userId) return kept;
  const storage = browserStorage();
  const { draft, source } = openingDraft(listings, loadDraft(storage, userId));
  // A browser copy that lost to the server's is stale: it is not kept.
  if (source !== 'browser') clearDraft(storage, userId);
  return { userId, draft, source, dirty: false };
}

export function useListingBuilder({ userId, listings, onSaved, onFailure }: Options) {
  const [start] = useState(() => opening(userId, listings));
  const [draft, setDraft] = useState<ListingDraft>(start.draft);
  const [source, setSource] = useState<DraftSource>(start.source);
  const [dirty, setDirty] = useState(start.dirty);
  const [tab, setTab] = useState<BuilderTab>('basic');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const builderRef = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => {
    kept = { userId, draft, source, dirty };
  }, [userId, draft, source, dirty]);

  const listing = draft.listingId ? listings.find((l) => l.id === draft.listingId) : undefined;

  const update: UpdateField = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDirty(true);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** An upload's address and file name, or '' for both when it was removed. */
  const setUpload = (kind: UploadKind, url: string, name: string) => {
    setDraft((d) =>
      kind === 'logo' ? { ...d, logo: url, logoName: name } : { ...d, license: url, licenseName: name },
    );
    setDirty(true);
  };

  const focusField = (field: keyof ListingDraft) => {
    setTab(tabOf(field));
    requestAnimationFrame(() => document.getElementById(`${baseId}-${field}`)?.focus());
  };

  /** The server has the listing now: the builder keeps what is typed, on that listing. */
  const stored = (saved: Listing) => {
    clearDraft(browserStorage(), userId);
    setDraft((d) => ({
      ...d,
      listingId: saved.id,
      lastSaved: saved.updated_at,
      isDraft: saved.status === 'draft',
    }));
    setSource('server');
    setDirty(false);
    onSaved(saved);
  };

  /** Keeps a copy in this browser when the server could not take the draft; true when it did. */
  const keepInBrowser = (): boolean => {
    const saved = saveDraft(browserStorage(), userId, draft, new Date());
    if (!saved) return false;
    setDraft((d) => ({ ...d, lastSaved: saved.lastSaved }));
    setSource('browser');
    return true;
  };

  const save = async () => {
    if (busy) return;
    const problems = draftFieldErrors(draft);
    const first = problems[0];
    if (first) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      showToast({
        title: 'Draft Not Saved',
        description: `Please correct the marked fields first: ${first.message}`,
        variant: 'destructive',
      });
      focusField(first.field);
      return;
    }
    setErrors({});
    setBusy('save');
    const wasPending = listing?.status === 'pending';
    const result = await saveListingDraft(draft.listingId, listingDraftBody(draft));
    setBusy(null);
    if (result.ok) {
      stored(result.listing);
      showToast({ title: 'Draft Saved', description: draftSavedText(result.listing, wasPending) });
      return;
    }
    if (result.kind === 'unauthorized') {
      keepInBrowser();
      onFailure(result);
      return;
    }
    if (result.kind === 'error' && serverUnreachable(result.status)) {
      showToast(
        keepInBrowser()
          ? {
              title: 'Saved in This Browser Only',
              description:
                'Our server could not be reached, so your draft is kept in this browser for now. Choose Save Draft again when you are online to keep it on your account.',
              variant: 'destructive',
            }
          : { ...result.message, variant: 'destructive' },
      );
      return;
    }
    if (result.kind === 'error' && result.fields) {
      const next = serverFieldErrors(result.fields);
      setErrors(next);
      const field = (Object.keys(next) as (keyof ListingDraft)[])[0];
      if (field) focusField(field);
    }
    onFailure(result);
  };

  const submit = async () => {
    if (busy) return;
    const { errors: next, missing } = submitProblems(draft);
    const first = (Object.keys(next) as (keyof ListingDraft)[])[0];
    if (first) {
      setErrors(next);
      showToast({
        ...(missing ?? { title: 'Check the listing', description: next[first] ?? '' }),
        variant: 'destructive',
      });
      focusField(first);
      return;
    }
    setErrors({});
    setBusy('submit');
    const result = await submitListing(draft.listingId, listingBody(draft));
    setBusy(null);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields) setErrors(serverFieldErrors(result.fields));
      onFailure(result);
      return;
    }
    // The builder stays on the submitted listing, with its status line.
    stored(result.listing);
    showToast({
      title: 'Listing Submitted!',
      description:
        result.listing.publication?.state === 'live'
          ? `The site team reviews your changes. ${STAYS_LIVE}`
          : 'Our team reviews it and publishes it in the directory once it is approved.',
    });
  };

  const confirmLeaving = (): boolean =>
    !dirty || window.confirm('Leave the listing in the builder? Changes you have not saved will be lost.');

  /** A listing of the provider's in the builder, to edit (a draft, a submitted or a published one). */
  const edit = (target: Listing) => {
    if (target.id !== draft.listingId && !isEmptyDraft(draft) && !confirmLeaving()) return;
    clearDraft(browserStorage(), userId);
    setDraft({ ...draftFromListing(target), lastSaved: target.updated_at });
    setSource('server');
    setDirty(false);
    setErrors({});
    setTab('basic');
    builderRef.current?.scrollIntoView({ block: 'start' });
    requestAnimationFrame(() => document.getElementById(`${baseId}-centerName`)?.focus());
  };

  const discard = () => {
    if (!confirmLeaving()) return;
    clearDraft(browserStorage(), userId);
    setDraft({ ...EMPTY_DRAFT });
    setSource('new');
    setDirty(false);
    setErrors({});
    setTab('basic');
  };

  const tabs = visibleTabs(draft);
  // A hidden tab (youth facts after the minors' age groups were unticked) is never the open one.
  const shownTab: BuilderTab = tabs.some((t) => t.id === tab) ? tab : 'program';

  return {
    baseId,
    builderRef,
    draft,
    listing,
    source,
    dirty,
    errors,
    busy,
    tabs,
    tab: shownTab,
    setTab,
    update,
    setUpload,
    save,
    submit,
    edit,
    discard,
  };
}

export type ListingBuilder = ReturnType<typeof useListingBuilder>;
