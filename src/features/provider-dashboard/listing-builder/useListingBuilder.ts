/** The listing builder's state: the draft, the open tab, field messages, Save Draft, Submit for Review and edit. */
import { useId, useRef, useState } from 'react';
import { showToast } from '../../../ui/toasts/store.ts';
import { submitListing, type Failure } from '../api.ts';
import { draftFromListing, EMPTY_DRAFT, isEmptyDraft, listingBody, type ListingDraft } from '../draft.ts';
import type { Listing } from '../../../api/contracts/listings.ts';
import type { UploadKind } from '../uploads.ts';
import { tabOf, visibleTabs, type BuilderTab } from './builder-tabs.ts';
import { browserStorage, clearDraft, loadDraft, saveDraft } from './draft-storage.ts';
import { serverFieldErrors, submitProblems, type Errors } from './field-errors.ts';

export type UpdateField = <K extends keyof ListingDraft>(key: K, value: ListingDraft[K]) => void;

type Options = {
  userId: string;
  onSubmitted: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
};

export function useListingBuilder({ userId, onSubmitted, onFailure }: Options) {
  const [draft, setDraft] = useState<ListingDraft>(() => loadDraft(browserStorage(), userId));
  const [tab, setTab] = useState<BuilderTab>('basic');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const builderRef = useRef<HTMLElement>(null);
  const baseId = useId();

  const update: UpdateField = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** An upload's address and file name, or '' for both when it was removed. */
  const setUpload = (kind: UploadKind, url: string, name: string) => {
    setDraft((d) =>
      kind === 'logo' ? { ...d, logo: url, logoName: name } : { ...d, license: url, licenseName: name },
    );
  };

  const focusField = (field: keyof ListingDraft) => {
    setTab(tabOf(field));
    requestAnimationFrame(() => document.getElementById(`${baseId}-${field}`)?.focus());
  };

  const save = () => {
    const saved = saveDraft(browserStorage(), userId, draft, new Date());
    if (!saved) {
      showToast({
        title: 'Draft Not Saved',
        description: 'This browser does not allow saving. Keep this tab open, or submit when you are ready.',
        variant: 'destructive',
      });
      return;
    }
    setDraft(saved);
    showToast({
      title: 'Draft Saved',
      description: 'Your listing draft is saved in this browser. It is here when you come back.',
    });
  };

  const submit = async () => {
    if (submitting) return;
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
    setSubmitting(true);
    const result = await submitListing(draft.listingId, listingBody(draft));
    setSubmitting(false);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields) setErrors(serverFieldErrors(result.fields));
      onFailure(result);
      return;
    }
    clearDraft(browserStorage(), userId);
    setDraft({ ...EMPTY_DRAFT });
    setTab('basic');
    showToast({
      title: 'Listing Submitted!',
      description: 'Our team reviews it and publishes it in the directory once it is approved.',
    });
    onSubmitted(result.listing);
  };

  /** A submitted listing back in the builder, to edit and resubmit. */
  const edit = (listing: Listing) => {
    if (!isEmptyDraft(draft) && draft.listingId !== listing.id) {
      const replace = window.confirm(
        'Replace the listing you are building with this one? Your unsaved changes will be lost.',
      );
      if (!replace) return;
    }
    setDraft(draftFromListing(listing));
    setErrors({});
    setTab('basic');
    builderRef.current?.scrollIntoView({ block: 'start' });
    requestAnimationFrame(() => document.getElementById(`${baseId}-centerName`)?.focus());
  };

  const discard = () => {
    if (!window.confirm('Start a new listing? The one in the builder will be cleared.')) return;
    clearDraft(browserStorage(), userId);
    setDraft({ ...EMPTY_DRAFT });
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
    errors,
    submitting,
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
