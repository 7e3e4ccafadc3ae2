import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { listingSubmitErrors } from '../../lib/provider-rules.ts';
import {
  ACCREDITATIONS,
  AGE_GROUP_LABELS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../lib/vocabulary.ts';
import { showToast } from '../toasts/store.ts';
import { submitListing, uploadFile, uploadObjectUrl, type Failure } from './api.ts';
import {
  clearDraft,
  draftFieldErrors,
  draftFromListing,
  EMPTY_DRAFT,
  hasYouthFacts,
  isEmptyDraft,
  listingBody,
  loadDraft,
  saveDraft,
  servesMinors,
  YES_NO,
  type ListingDraft,
  type ListingRow,
} from './draft.ts';
import { AvailabilityCard } from './AvailabilityCard.tsx';
import { FIDELITY_LABELS, OUTCOME_MEASURES } from '../../lib/fidelity.ts';
import { acceptOf, formatBytes, uploadProblem, UPLOAD_KINDS, type UploadKind } from './uploads.ts';
import {
  card,
  formatDay,
  formatDayTime,
  inputClass,
  labelClass,
  Pill,
  primaryButton,
  secondaryButton,
  SectionTitle,
  type Tone,
  tabListKeyDown,
} from './ui.tsx';

export const BUILDER_TABS = [
  { id: 'basic', label: 'Basic' },
  { id: 'location', label: 'Location' },
  { id: 'program', label: 'Program' },
  { id: 'treatment', label: 'Treatment' },
  { id: 'youth', label: 'Youth safety' },
  { id: 'media', label: 'Media' },
  { id: 'credentials', label: 'Credentials' },
] as const;
type BuilderTab = (typeof BUILDER_TABS)[number]['id'];

/** The builder's tabs for this draft: "Youth safety" only for a program serving minors (or already filled in). */
function visibleTabs(draft: ListingDraft) {
  const youth = servesMinors(draft.ageGroups) || hasYouthFacts(draft);
  return BUILDER_TABS.filter((t) => t.id !== 'youth' || youth);
}

/** Which builder tab holds each field that can carry a message. */
const TAB_OF: Partial<Record<keyof ListingDraft, BuilderTab>> = {
  centerName: 'basic',
  description: 'basic',
  phone: 'basic',
  email: 'basic',
  website: 'basic',
  zipCode: 'location',
  capacity: 'program',
  erpHoursPerWeek: 'treatment',
  individualSessionsPerWeek: 'treatment',
  specialisedCliniciansPercent: 'treatment',
  outcomeMeasure: 'treatment',
  scoreChange: 'treatment',
  scoreChangeYear: 'treatment',
  scoreChangeSample: 'treatment',
  familySessionsPerWeek: 'treatment',
  familyAccommodationWork: 'treatment',
  licenceNumber: 'youth',
  licenceAgency: 'youth',
  restraintPolicy: 'youth',
  parentContactPolicy: 'youth',
  schooling: 'youth',
  transportEscort: 'youth',
  images: 'media',
};

const LISTING_STATUS: Record<ListingRow['status'], { label: string; tone: Tone }> = {
  draft: { label: 'Draft', tone: 'slate' },
  pending: { label: 'Pending review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Needs changes', tone: 'red' },
};

type Errors = Partial<Record<keyof ListingDraft, string>>;

type Props = {
  userId: string;
  listings: ListingRow[];
  onSubmitted: (listing: ListingRow) => void;
  onFailure: (failure: Failure) => void;
  /** A listing's availability was stated or confirmed (the dashboard keeps its copy current). */
  onAvailability: (listingId: string, availability: NonNullable<ListingRow['availability']>) => void;
};

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function ListingsTab({ userId, listings, onSubmitted, onFailure, onAvailability }: Props) {
  const [draft, setDraft] = useState<ListingDraft>(() => loadDraft(storage(), userId));
  const [tab, setTab] = useState<BuilderTab>('basic');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const builderRef = useRef<HTMLElement>(null);
  const baseId = useId();

  const update = <K extends keyof ListingDraft>(key: K, value: ListingDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusField = (field: keyof ListingDraft) => {
    const target = TAB_OF[field] ?? 'basic';
    setTab(target);
    requestAnimationFrame(() => document.getElementById(`${baseId}-${field}`)?.focus());
  };

  const save = () => {
    const saved = saveDraft(storage(), userId, draft, new Date());
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
    const required = listingSubmitErrors(draft);
    const fieldProblems = draftFieldErrors(draft);
    const next: Errors = {};
    if (required[0]) {
      if (draft.centerName.trim() === '') next.centerName = 'Center name is required.';
      if (draft.description.trim() === '') next.description = 'Description is required.';
      if (draft.phone.trim() === '') next.phone = 'Phone is required.';
    }
    for (const problem of fieldProblems) next[problem.field] = problem.message;
    const first = (Object.keys(next) as (keyof ListingDraft)[])[0];
    if (first) {
      setErrors(next);
      showToast({
        ...(required[0] ?? { title: 'Check the listing', description: next[first] ?? '' }),
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
    clearDraft(storage(), userId);
    setDraft({ ...EMPTY_DRAFT });
    setTab('basic');
    showToast({
      title: 'Listing Submitted!',
      description: 'Our team reviews it and publishes it in the directory once it is approved.',
    });
    onSubmitted(result.listing);
  };

  const edit = (listing: ListingRow) => {
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
    clearDraft(storage(), userId);
    setDraft({ ...EMPTY_DRAFT });
    setErrors({});
    setTab('basic');
  };

  const editing = draft.listingId ? listings.find((l) => l.id === draft.listingId) : undefined;
  const tabs = visibleTabs(draft);
  const minors = servesMinors(draft.ageGroups);
  // A hidden tab (youth facts after the minors' age groups were unticked) is never the open one.
  const shownTab: BuilderTab = tabs.some((t) => t.id === tab) ? tab : 'program';

  return (
    <div className="flex flex-col gap-6">
      <section ref={builderRef} className={card} aria-labelledby={`${baseId}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <SectionTitle id={`${baseId}-title`}>{editing ? 'Edit listing' : 'Listing builder'}</SectionTitle>
            <p className="mt-1 text-sm text-muted">
              {editing
                ? `Editing “${editing.center_name}”. Submitting sends it back for review.`
                : 'Describe your program. Save Draft keeps it in this browser; Submit for Review sends it to our team.'}
            </p>
            <p className="mt-1 text-sm text-muted" role="status" data-testid="last-saved">
              {draft.lastSaved ? `Draft saved ${formatDayTime(draft.lastSaved)}.` : ''}
            </p>
          </div>
          {!isEmptyDraft(draft) ? (
            <button type="button" className={secondaryButton} onClick={discard}>
              Start a new listing
            </button>
          ) : null}
        </div>

        <BuilderTabs baseId={baseId} tabs={tabs} tab={shownTab} setTab={setTab} errors={errors} />

        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Panel baseId={baseId} id="basic" tab={shownTab}>
            <TextField
              baseId={baseId}
              field="centerName"
              label="Center name"
              required
              draft={draft}
              update={update}
              errors={errors}
              maxLength={200}
              autoComplete="organization"
            />
            <TextArea
              baseId={baseId}
              field="description"
              label="Description"
              required
              draft={draft}
              update={update}
              errors={errors}
              maxLength={5000}
              rows={6}
              hint="What the program treats, for whom, and how. Families read this first."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                baseId={baseId}
                field="phone"
                label="Admissions phone"
                required
                type="tel"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={40}
                autoComplete="tel"
              />
              <TextField
                baseId={baseId}
                field="email"
                label="Admissions email"
                type="email"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={320}
                autoComplete="email"
              />
            </div>
            <TextField
              baseId={baseId}
              field="website"
              label="Website"
              type="url"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={500}
              placeholder="https://"
              autoComplete="url"
            />
          </Panel>

          <Panel baseId={baseId} id="location" tab={shownTab}>
            <TextField
              baseId={baseId}
              field="address"
              label="Street address"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={300}
              autoComplete="street-address"
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                baseId={baseId}
                field="city"
                label="City"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={100}
                autoComplete="address-level2"
              />
              <TextField
                baseId={baseId}
                field="state"
                label="State"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={100}
                autoComplete="address-level1"
              />
              <TextField
                baseId={baseId}
                field="zipCode"
                label="ZIP code"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={10}
                inputMode="numeric"
                autoComplete="postal-code"
              />
            </div>
          </Panel>

          <Panel baseId={baseId} id="program" tab={shownTab}>
            <Checkboxes
              legend="Age groups"
              options={AGE_GROUPS}
              labelOf={(a) => AGE_GROUP_LABELS[a]}
              value={draft.ageGroups}
              onChange={(v) => {
                update('ageGroups', v);
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                baseId={baseId}
                field="genderSpecific"
                label="Gender"
                options={GENDER_OPTIONS}
                value={draft.genderSpecific}
                onChange={(v) => {
                  update('genderSpecific', v);
                }}
              />
              <Select
                baseId={baseId}
                field="setting"
                label="Setting"
                options={SETTINGS}
                value={draft.setting}
                onChange={(v) => {
                  update('setting', v);
                }}
              />
              <TextField
                baseId={baseId}
                field="capacity"
                label="Capacity (beds)"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={5}
                inputMode="numeric"
              />
              <TextField
                baseId={baseId}
                field="avgLength"
                label="Average length of stay"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={100}
                placeholder="e.g. 45 days"
              />
            </div>
            <Checkboxes
              legend="Treatment modalities"
              options={MODALITIES}
              labelOf={(m) => m}
              value={draft.modalities}
              onChange={(v) => {
                update('modalities', v);
              }}
            />
            <TextField
              baseId={baseId}
              field="staffRatio"
              label="Staff-to-resident ratio"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={100}
              placeholder="e.g. 1:3"
            />
            <TextArea
              baseId={baseId}
              field="medicalSupport"
              label="Medical support"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={3}
            />
            <Checkboxes
              legend="Insurance"
              options={INSURANCE}
              labelOf={(i) => i}
              value={draft.insurance}
              onChange={(v) => {
                update('insurance', v);
              }}
            />
            <TextArea
              baseId={baseId}
              field="financialAid"
              label="Financial aid"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={3}
            />
          </Panel>

          <Panel baseId={baseId} id="treatment" tab={shownTab}>
            <p className="text-sm text-muted">
              How much treatment a resident gets and whether you measure results. Every fact is optional;
              families see &ldquo;Not reported&rdquo; for what you leave blank.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                baseId={baseId}
                field="erpHoursPerWeek"
                label={FIDELITY_LABELS.erpHoursPerWeek}
                draft={draft}
                update={update}
                errors={errors}
                maxLength={5}
                inputMode="decimal"
                hint="Hours of exposure and response prevention a resident does in a typical week, 0–80."
              />
              <TextField
                baseId={baseId}
                field="individualSessionsPerWeek"
                label={FIDELITY_LABELS.individualSessionsPerWeek}
                draft={draft}
                update={update}
                errors={errors}
                maxLength={4}
                inputMode="decimal"
                hint="0–30."
              />
              <TextField
                baseId={baseId}
                field="specialisedCliniciansPercent"
                label={`${FIDELITY_LABELS.specialisedCliniciansPercent} (%)`}
                draft={draft}
                update={update}
                errors={errors}
                maxLength={3}
                inputMode="numeric"
                hint="Share of your clinicians with specialised OCD/ERP training, 0–100."
              />
              <Select
                baseId={baseId}
                field="outcomeMeasure"
                label="Outcome measure at intake and discharge"
                options={OUTCOME_MEASURES}
                labelOf={(m) => (m === 'none' ? 'None' : m)}
                value={draft.outcomeMeasure}
                onChange={(v) => {
                  update('outcomeMeasure', v);
                }}
              />
            </div>
            <fieldset className="rounded-md border border-slate-300 p-4">
              <legend className={`${labelClass} px-1`}>
                Published median score change{' '}
                <span className="font-normal text-muted">(optional: all three or none)</span>
              </legend>
              <p className="text-sm text-muted">
                Only if you publish it: the median change from intake to discharge (negative when symptoms
                fell), the year of the figures and how many patients they cover.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-3">
                <TextField
                  baseId={baseId}
                  field="scoreChange"
                  label="Change (points)"
                  draft={draft}
                  update={update}
                  errors={errors}
                  maxLength={5}
                  inputMode="text"
                  placeholder="e.g. -11.5"
                />
                <TextField
                  baseId={baseId}
                  field="scoreChangeYear"
                  label="Year"
                  draft={draft}
                  update={update}
                  errors={errors}
                  maxLength={4}
                  inputMode="numeric"
                  placeholder="e.g. 2025"
                />
                <TextField
                  baseId={baseId}
                  field="scoreChangeSample"
                  label="Sample size (patients)"
                  draft={draft}
                  update={update}
                  errors={errors}
                  maxLength={7}
                  inputMode="numeric"
                />
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                baseId={baseId}
                field="familySessionsPerWeek"
                label={FIDELITY_LABELS.familySessionsPerWeek}
                draft={draft}
                update={update}
                errors={errors}
                maxLength={4}
                inputMode="decimal"
                hint="0–14."
              />
              <Select
                baseId={baseId}
                field="familyAccommodationWork"
                label="Family accommodation work"
                options={YES_NO}
                labelOf={(v) => (v === 'yes' ? 'Yes' : 'No')}
                value={draft.familyAccommodationWork}
                hint="Do you work with the family on reducing accommodation of OCD?"
                onChange={(v) => {
                  update('familyAccommodationWork', v);
                }}
              />
            </div>
          </Panel>

          <Panel baseId={baseId} id="youth" tab={shownTab}>
            <div
              className={`rounded-md border p-3 text-sm ${minors ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-slate-300 bg-slate-50'}`}
            >
              {minors ? (
                <p>
                  <strong>Parents of children and adolescents look for these facts first.</strong> Say them in
                  your own words; families see &ldquo;The program has not told us&rdquo; for what you leave
                  blank.
                </p>
              ) : (
                <p>
                  These facts matter to parents of minors. Your listing does not serve children or adolescents
                  now, so families will not see them.
                </p>
              )}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                baseId={baseId}
                field="licenceNumber"
                label="State licence number"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={100}
              />
              <TextField
                baseId={baseId}
                field="licenceAgency"
                label="Licensing agency"
                draft={draft}
                update={update}
                errors={errors}
                maxLength={200}
                placeholder="e.g. Department of Children and Families"
              />
            </div>
            <TextArea
              baseId={baseId}
              field="restraintPolicy"
              label="Restraint and seclusion policy"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={3}
              hint="Whether and when staff use physical restraint or seclusion, and how it is documented and told to parents."
            />
            <TextArea
              baseId={baseId}
              field="parentContactPolicy"
              label="Parent contact policy"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={3}
              hint="How and how often a resident can call, message or see their parents."
            />
            <TextArea
              baseId={baseId}
              field="schooling"
              label="Schooling"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={3}
              hint="On-site school or tutoring, and whether credits are accredited and transfer."
            />
            <TextArea
              baseId={baseId}
              field="transportEscort"
              label="Transport and escort services"
              draft={draft}
              update={update}
              errors={errors}
              maxLength={2000}
              rows={2}
              hint="Whether you use or recommend transport/escort services to bring a young person in."
            />
          </Panel>

          <Panel baseId={baseId} id="media" tab={shownTab}>
            <FileField
              baseId={baseId}
              kind="logo"
              url={draft.logo}
              name={draft.logoName}
              onUploaded={(url, name) => {
                setDraft((d) => ({ ...d, logo: url, logoName: name }));
              }}
              onFailure={onFailure}
            />
            <div>
              <FieldLabel htmlFor={`${baseId}-images`} label="Photo links" />
              <textarea
                id={`${baseId}-images`}
                className={inputClass}
                rows={3}
                value={draft.images.join('\n')}
                aria-invalid={Boolean(errors.images)}
                aria-describedby={described(baseId, 'images', true, Boolean(errors.images))}
                onChange={(e) => {
                  update('images', e.target.value.split('\n').slice(0, 20));
                }}
              />
              <FieldFoot
                baseId={baseId}
                field="images"
                hint="Up to 20 addresses of photos on your website, one per line."
                error={errors.images}
              />
            </div>
          </Panel>

          <Panel baseId={baseId} id="credentials" tab={shownTab}>
            <Checkboxes
              legend="Accreditations"
              options={ACCREDITATIONS}
              labelOf={(a) => a}
              value={draft.accreditations}
              onChange={(v) => {
                update('accreditations', v);
              }}
            />
            <FileField
              baseId={baseId}
              kind="license"
              url={draft.license}
              name={draft.licenseName}
              onUploaded={(url, name) => {
                setDraft((d) => ({ ...d, license: url, licenseName: name }));
              }}
              onFailure={onFailure}
            />
          </Panel>

          <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            <button type="button" className={secondaryButton} onClick={save}>
              Save Draft
            </button>
            <button type="submit" className={primaryButton} disabled={submitting} aria-busy={submitting}>
              {submitting ? 'Submitting…' : 'Submit for Review'}
            </button>
          </div>
        </form>
      </section>

      <SubmittedListings
        listings={listings}
        editingId={draft.listingId}
        onEdit={edit}
        onAvailability={onAvailability}
        onFailure={onFailure}
      />
    </div>
  );
}

/** The server's field names (snake_case) as the builder's. */
function serverFieldErrors(fields: Record<string, string>): Errors {
  const map: Record<string, keyof ListingDraft> = {
    center_name: 'centerName',
    zip_code: 'zipCode',
    age_groups: 'ageGroups',
    gender_specific: 'genderSpecific',
    avg_length: 'avgLength',
    staff_ratio: 'staffRatio',
    medical_support: 'medicalSupport',
    financial_aid: 'financialAid',
    logo_url: 'logo',
    license_url: 'license',
    erp_hours_per_week: 'erpHoursPerWeek',
    individual_sessions_per_week: 'individualSessionsPerWeek',
    specialised_clinicians_percent: 'specialisedCliniciansPercent',
    outcome_measure: 'outcomeMeasure',
    score_change: 'scoreChange',
    score_change_year: 'scoreChangeYear',
    score_change_sample: 'scoreChangeSample',
    family_sessions_per_week: 'familySessionsPerWeek',
    family_accommodation_work: 'familyAccommodationWork',
    licence_number: 'licenceNumber',
    licence_agency: 'licenceAgency',
    restraint_policy: 'restraintPolicy',
    parent_contact_policy: 'parentContactPolicy',
    transport_escort: 'transportEscort',
  };
  const errors: Errors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = map[key] ?? (key as keyof ListingDraft);
    errors[field] = message;
  }
  return errors;
}

function BuilderTabs({
  baseId,
  tabs,
  tab,
  setTab,
  errors,
}: {
  baseId: string;
  tabs: readonly (typeof BUILDER_TABS)[number][];
  tab: BuilderTab;
  setTab: (tab: BuilderTab) => void;
  errors: Errors;
}) {
  const withErrors = new Set(
    Object.entries(errors)
      .filter(([, m]) => m)
      .map(([f]) => TAB_OF[f as keyof ListingDraft] ?? 'basic'),
  );
  const onKeyDown = tabListKeyDown(tabs, tab, setTab, (id) => `${baseId}-tab-${id}`);
  return (
    <div
      role="tablist"
      aria-label="Listing sections"
      className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-300"
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${baseId}-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`${baseId}-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => {
            setTab(t.id);
          }}
          className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
            tab === t.id ? 'border-brand-600 text-brand-800' : 'border-transparent text-muted hover:text-ink'
          }`}
        >
          {t.label}
          {withErrors.has(t.id) ? <span className="ml-1 text-red-800">(check)</span> : null}
        </button>
      ))}
    </div>
  );
}

function Panel({
  baseId,
  id,
  tab,
  children,
}: {
  baseId: string;
  id: BuilderTab;
  tab: BuilderTab;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${baseId}-panel-${id}`}
      aria-labelledby={`${baseId}-tab-${id}`}
      hidden={tab !== id}
      className="mt-4 flex flex-col gap-4"
    >
      {children}
    </div>
  );
}

type TextKey = {
  [K in keyof ListingDraft]: ListingDraft[K] extends string ? K : never;
}[keyof ListingDraft];

type TextProps = {
  baseId: string;
  field: TextKey;
  label: string;
  draft: ListingDraft;
  update: <K extends keyof ListingDraft>(key: K, value: ListingDraft[K]) => void;
  errors: Errors;
  maxLength: number;
  required?: boolean;
  hint?: string;
};

function described(baseId: string, field: string, hint: boolean, error: boolean): string | undefined {
  return (
    [error ? `${baseId}-${field}-error` : null, hint ? `${baseId}-${field}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}{' '}
      {required ? (
        <span className="font-normal text-muted">(required to submit)</span>
      ) : (
        <span className="font-normal text-muted">(optional)</span>
      )}
    </label>
  );
}

function FieldFoot({
  baseId,
  field,
  hint,
  error,
}: {
  baseId: string;
  field: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${baseId}-${field}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${baseId}-${field}-error`} className="mt-1 text-sm font-medium text-red-800" data-field-error>
          {error}
        </p>
      ) : null}
    </>
  );
}

function TextField({
  baseId,
  field,
  label,
  draft,
  update,
  errors,
  maxLength,
  required,
  hint,
  type = 'text',
  placeholder,
  inputMode,
  autoComplete,
}: TextProps & {
  type?: 'text' | 'tel' | 'email' | 'url';
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoComplete?: string;
}) {
  const id = `${baseId}-${field}`;
  const error = errors[field];
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        type={type}
        className={inputClass}
        value={draft[field]}
        maxLength={maxLength}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={Boolean(error)}
        aria-describedby={described(baseId, field, Boolean(hint), Boolean(error))}
        onChange={(e) => {
          update(field, e.target.value);
        }}
      />
      <FieldFoot baseId={baseId} field={field} hint={hint} error={error} />
    </div>
  );
}

function TextArea({
  baseId,
  field,
  label,
  draft,
  update,
  errors,
  maxLength,
  required,
  hint,
  rows,
}: TextProps & { rows: number }) {
  const id = `${baseId}-${field}`;
  const error = errors[field];
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        className={inputClass}
        rows={rows}
        value={draft[field]}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={described(baseId, field, Boolean(hint), Boolean(error))}
        onChange={(e) => {
          update(field, e.target.value);
        }}
      />
      <FieldFoot baseId={baseId} field={field} hint={hint} error={error} />
    </div>
  );
}

function Select<T extends string>({
  baseId,
  field,
  label,
  options,
  value,
  onChange,
  labelOf = (o) => o,
  hint,
}: {
  baseId: string;
  field: string;
  label: string;
  options: readonly T[];
  value: T | '';
  onChange: (value: T | '') => void;
  labelOf?: (option: T) => string;
  hint?: string;
}) {
  const id = `${baseId}-${field}`;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        className={inputClass}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          onChange(e.target.value as T | '');
        }}
      >
        <option value="">Not specified</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Checkboxes<T extends string>({
  legend,
  options,
  labelOf,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  value: T[];
  onChange: (value: T[]) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className={labelClass}>
        {legend} <span className="font-normal text-muted">(optional)</span>
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option, i) => (
          <label
            key={option}
            htmlFor={`${id}-${i}`}
            className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2"
          >
            <input
              id={`${id}-${i}`}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(option)}
              onChange={(e) => {
                onChange(
                  e.target.checked
                    ? options.filter((o) => o === option || value.includes(o))
                    : value.filter((v) => v !== option),
                );
              }}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FileField({
  baseId,
  kind,
  url,
  name,
  onUploaded,
  onFailure,
}: {
  baseId: string;
  kind: UploadKind;
  url: string;
  name: string;
  onUploaded: (url: string, name: string) => void;
  onFailure: (failure: Failure) => void;
}) {
  const id = `${baseId}-${kind}`;
  const spec = UPLOAD_KINDS[kind];
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'uploading'; name: string } | { status: 'error'; message: string }
  >({
    status: 'idle',
  });
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (url === '' && inputRef.current) inputRef.current.value = '';
  }, [url]);

  // The logo as families will see it (fetched with the session token; the URL is this page's own).
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (kind !== 'logo' || url === '') return;
    let current = true;
    let objectUrl: string | null = null;
    void uploadObjectUrl(url).then((made) => {
      objectUrl = made;
      if (current) setPreview(made);
      else if (made !== null) URL.revokeObjectURL(made);
    });
    return () => {
      current = false;
      setPreview(null);
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, url]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(kind, file);
    if (problem) {
      setState({ status: 'error', message: problem });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setState({ status: 'uploading', name: file.name });
    const result = await uploadFile(kind, file);
    if (inputRef.current) inputRef.current.value = '';
    if (!result.ok) {
      if (result.kind === 'error') setState({ status: 'error', message: result.message.description });
      else setState({ status: 'idle' });
      onFailure(result);
      return;
    }
    setState({ status: 'idle' });
    onUploaded(
      result.upload.url,
      `${result.upload.original_name} (${formatBytes(result.upload.size_bytes)})`,
    );
  };

  const error = state.status === 'error' ? state.message : undefined;
  return (
    <div>
      <FieldLabel htmlFor={id} label={kind === 'logo' ? 'Logo' : 'State license'} />
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={acceptOf(kind)}
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-4 file:py-2 file:font-medium"
        aria-invalid={Boolean(error)}
        aria-describedby={described(baseId, kind, true, Boolean(error))}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p id={`${baseId}-${kind}-hint`} className="mt-1 text-sm text-muted">
        {spec.described}, at most 5 MB.{' '}
        {kind === 'license'
          ? 'Only you and our review team can open it.'
          : 'Shown on your listing once it is published.'}
      </p>
      <p role="status" className="mt-1 text-sm" data-testid={`${kind}-status`}>
        {state.status === 'uploading'
          ? `Uploading ${state.name}…`
          : url !== ''
            ? `Uploaded: ${name || 'file'}`
            : ''}
      </p>
      {preview !== null && url !== '' ? (
        <img
          src={preview}
          alt="Your logo, as uploaded"
          className="mt-2 h-16 w-auto max-w-full rounded-md border border-slate-200 bg-white object-contain p-1"
          onError={() => {
            setPreview(null);
          }}
        />
      ) : null}
      {url !== '' && state.status !== 'uploading' ? (
        <button
          type="button"
          className="mt-1 rounded-sm text-sm font-medium text-brand-700 underline"
          onClick={() => {
            onUploaded('', '');
          }}
        >
          Remove {kind === 'logo' ? 'logo' : 'license'}
        </button>
      ) : null}
      {error ? (
        <p id={`${baseId}-${kind}-error`} className="mt-1 text-sm font-medium text-red-800" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SubmittedListings({
  listings,
  editingId,
  onEdit,
  onAvailability,
  onFailure,
}: {
  listings: ListingRow[];
  editingId: string | null;
  onEdit: (listing: ListingRow) => void;
  onAvailability: Props['onAvailability'];
  onFailure: (failure: Failure) => void;
}) {
  return (
    <section className={card} aria-labelledby="submitted-listings-title">
      <SectionTitle id="submitted-listings-title">Your listings</SectionTitle>
      {listings.length === 0 ? (
        <p className="mt-3 text-muted">
          Nothing submitted yet. Listings you submit for review appear here with their review state.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="listings">
          {listings.map((l) => {
            const state = LISTING_STATUS[l.status];
            return (
              <li
                key={l.id}
                className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words">{l.center_name || 'Untitled listing'}</span>
                    <Pill tone={state.tone}>{state.label}</Pill>
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {l.submitted_at
                      ? `Submitted ${formatDay(l.submitted_at)}`
                      : `Created ${formatDay(l.created_at)}`}
                    {l.reviewed_at ? ` · reviewed ${formatDay(l.reviewed_at)}` : ''}
                  </p>
                  {l.reviewer_notes ? (
                    <div className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
                      <p className="font-semibold">Reviewer notes</p>
                      <p className="mt-1 whitespace-pre-line break-words">{l.reviewer_notes}</p>
                    </div>
                  ) : null}
                  {l.status === 'approved' && l.published_program_id ? (
                    <p className="mt-2 text-sm">
                      <a
                        className="font-medium text-brand-700 underline"
                        href={`/program/${l.published_program_id}`}
                      >
                        View in the directory
                      </a>
                    </p>
                  ) : null}
                  <AvailabilityCard listing={l} onSaved={onAvailability} onFailure={onFailure} />
                </div>
                {l.status === 'rejected' || l.status === 'pending' || l.status === 'draft' ? (
                  <button
                    type="button"
                    className={`${secondaryButton} shrink-0`}
                    disabled={editingId === l.id}
                    onClick={() => {
                      onEdit(l);
                    }}
                  >
                    {editingId === l.id
                      ? 'In the builder'
                      : l.status === 'rejected'
                        ? 'Edit and resubmit'
                        : 'Edit'}
                    <span className="sr-only"> {l.center_name}</span>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
