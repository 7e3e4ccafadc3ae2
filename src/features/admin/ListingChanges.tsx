/**
 * "What changed since the published version": for a listing whose published version is on (or was
 * taken off) the directory, the provider's edit field by field (listing-diff.ts) — the field, the
 * published value and the new one. Shown above the decision, so an administrator approves a change
 * knowing what it changes. Values are text, never markup.
 */
import type { AdminListing } from '../../api/contracts/admin.ts';
import { formatDay } from '../../ui/format.ts';
import { listingDiff } from './listing-diff.ts';

export function ListingChanges({ listing }: { listing: AdminListing }) {
  const publication = listing.publication;
  if (publication === null) return null;
  const names = new Map(listing.uploads.map((u) => [u.url, u.original_name]));
  const changes = listingDiff(publication.snapshot, listing, { fileName: (url) => names.get(url) ?? null });
  const captionId = `changes-${listing.id}`;
  return (
    <section className="mt-4" aria-labelledby={captionId} data-testid="listing-changes">
      <h4 id={captionId} className="font-semibold">
        What changed since the published version
      </h4>
      <p className="mt-1 text-sm text-muted">
        The published version was reviewed on {formatDay(publication.reviewed_at)}
        {publication.state === 'live'
          ? ' and stays on the directory until you approve this edit.'
          : '; it is not on the directory now.'}
      </p>
      {changes.length === 0 ? (
        <p className="mt-2">No field changed.</p>
      ) : (
        <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">
            {`${String(changes.length)} ${changes.length === 1 ? 'field' : 'fields'} changed since the published version`}
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="w-1/4 py-2 pr-2 font-semibold">
                Field
              </th>
              <th scope="col" className="py-2 pr-2 font-semibold">
                Published
              </th>
              <th scope="col" className="py-2 font-semibold">
                New
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-2 font-medium wrap-anywhere">
                  {c.label}
                </th>
                <td className="py-2 pr-2 whitespace-pre-line text-muted wrap-anywhere">{c.published}</td>
                <td className="py-2 whitespace-pre-line wrap-anywhere">{c.current}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
