/**
 * "Preview as families will see it": a listing rendered by the public profile's own components
 * (src/components/program/profile/) from the program the build would publish (`previewProgram`,
 * the build's mapping), every section included; or, when the listing could not be published yet,
 * the same sentences the approval would refuse it with. Below it, the files its provider uploaded
 * (logo, photos, license documents), each opened with the session.
 *
 * A disclosure: closed by default (nothing is computed, fetched or shown until an admin opens it;
 * the card above it keeps the listing's logo and license at hand). The
 * logo is an upload only administrators may read, so it is fetched with the session and shown
 * from an object URL (the page's CSP allows `blob:` images).
 */
import { useEffect, useId, useState } from 'react';
import type { AdminListing } from '../../api/contracts/admin.ts';
import { ProgramProfileView } from '../../components/program/profile/ProgramProfileView.tsx';
import { PUBLISHING_MESSAGES } from '../../lib/published-listing.ts';
import { secondaryButton } from '../../ui/buttons.ts';
import { formatDay } from '../../ui/format.ts';
import { fetchUpload, type Failure } from './api.ts';
import { FileButton } from './FileButton.tsx';
import { previewProgram, previewsPublished } from './preview.ts';
import { uploadPath } from './rules.ts';

/** The logo upload as an object URL while the preview is open; null until loaded or when it cannot be. */
function usePreviewLogo(path: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (path === null) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    void fetchUpload(path).then((result) => {
      if (!result.ok || !result.value.inline) {
        if (result.ok) URL.revokeObjectURL(result.value.objectUrl);
        if (live) setState({ src: null, failed: true });
        return;
      }
      objectUrl = result.value.objectUrl;
      if (live) setState({ src: objectUrl, failed: false });
      else URL.revokeObjectURL(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}

/** Where the contact buttons are on the published page (they are islands of another feature). */
function ContactNote({ phone, website }: { phone: string | undefined; website: string | undefined }) {
  return (
    <p className="rounded-md border border-dashed border-slate-400 bg-white p-3 text-sm text-muted">
      Families see the buttons{' '}
      {phone ? (
        <>
          Call <span className="font-semibold text-ink">{phone}</span>,{' '}
        </>
      ) : null}
      Request a Call, Request Info
      {website ? (
        <>
          {' '}
          and Visit Website (<span className="break-all">{website}</span>)
        </>
      ) : null}{' '}
      here.
    </p>
  );
}

function Preview({ listing, name }: { listing: AdminListing; name: string }) {
  const now = new Date();
  const result = previewProgram(listing, now);
  const logoPath = result.ok && result.data.logo !== undefined ? uploadPath(listing.logo_url) : null;
  const logo = usePreviewLogo(logoPath);
  if (!result.ok) {
    return (
      <div
        className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950"
        data-testid="preview-problems"
      >
        <p className="font-semibold">{PUBLISHING_MESSAGES.summary.trim().replace(/:$/, '.')}</p>
        <p className="mt-1 text-sm">Families would see nothing until these are fixed:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {Object.entries(result.problems).map(([field, problem]) => (
            <li key={field}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  const { logo: _published, ...rest } = result.data;
  const data = logo.src !== null ? { ...rest, logo: logo.src } : rest;
  const published = previewsPublished(listing);
  return (
    <>
      <p className="text-sm text-muted">
        {published
          ? `As published at /program/${result.id}${listing.publication ? `, reviewed ${formatDay(listing.publication.reviewed_at)}` : ''}.`
          : `As families would see it at /program/${result.id} if it were approved today.`}{' '}
        Availability and reply times are the provider’s dated facts and are not reviewed.
        {logo.failed ? ' The logo could not be loaded for the preview.' : ''}
      </p>
      <div
        className="mt-3 overflow-hidden rounded-lg border border-slate-300 bg-slate-50 wrap-anywhere"
        data-testid="listing-preview"
      >
        <ProgramProfileView
          data={data}
          today={now.toISOString().slice(0, 10)}
          headingLevel={4}
          idPrefix={`preview-${listing.id}-`}
          asideLabel={`Contact and summary of ${name} (preview)`}
          heroActions={<ContactNote phone={data.phone} website={data.website} />}
          sideActions={<ContactNote phone={data.phone} website={data.website} />}
        />
      </div>
    </>
  );
}

const KIND_LABELS: Record<string, string> = { logo: 'Logo or photo', license: 'License document' };

/** The files the listing's provider uploaded, each opened with the session (FileButton). */
function UploadedFiles({
  listing,
  name,
  onFailure,
}: {
  listing: AdminListing;
  name: string;
  onFailure: (failure: Failure) => void;
}) {
  const used = (url: string) =>
    url === uploadPath(listing.logo_url)
      ? ' · this listing’s logo'
      : url === uploadPath(listing.license_url)
        ? ' · this listing’s license'
        : '';
  return (
    <div className="mt-4">
      <h4 className="font-semibold">Files the provider uploaded</h4>
      {listing.uploads.length === 0 ? (
        <p className="mt-1 text-muted">None.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" aria-label={`Files uploaded by the provider of ${name}`}>
          {listing.uploads.map((u) => (
            <li key={u.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <FileButton path={u.url} name={u.original_name} label={u.original_name} onFailure={onFailure} />
              <span className="text-sm text-muted">
                {KIND_LABELS[u.kind] ?? u.kind}
                {used(u.url)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The disclosure: a button (aria-expanded), the preview it shows and the uploaded files below it. */
export function ListingPreview({
  listing,
  name,
  onFailure,
}: {
  listing: AdminListing;
  name: string;
  onFailure: (failure: Failure) => void;
}) {
  const regionId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4">
      <button
        type="button"
        className={`${secondaryButton} gap-2`}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span>
          Preview as families will see it<span className="sr-only"> ({name})</span>
        </span>
      </button>
      <div id={regionId} role="region" aria-label={`Preview of ${name}`} hidden={!open} className="mt-3">
        {open ? (
          <>
            <Preview listing={listing} name={name} />
            <UploadedFiles listing={listing} name={name} onFailure={onFailure} />
          </>
        ) : null}
      </div>
    </div>
  );
}
