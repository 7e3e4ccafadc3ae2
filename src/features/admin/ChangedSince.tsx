/**
 * Shown on an item whose decision was refused because it changed after the administrator opened
 * it: the API's sentence, and what differs between the version read and the one now shown, field
 * by field. The decision form keeps what was typed; the next decision is about the new version.
 */
import type { OpenedChange } from './changes.ts';

export function ChangedSince({
  id,
  message,
  changes,
}: {
  /** Unique on the page (the item's id). */
  id: string;
  message: string;
  changes: readonly OpenedChange[];
}) {
  const titleId = `changed-${id}`;
  return (
    <section
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
      aria-labelledby={titleId}
      data-testid="changed-since-opened"
    >
      <h4 id={titleId} className="font-semibold">
        Changed since you opened it
      </h4>
      <p className="mt-1 text-sm">{message}</p>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm">No field you read changed; its status or files did.</p>
      ) : (
        <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">
            {`${String(changes.length)} ${changes.length === 1 ? 'field' : 'fields'} changed since you opened it`}
          </caption>
          <thead>
            <tr className="border-b border-amber-300">
              <th scope="col" className="w-1/4 py-2 pr-2 font-semibold">
                Field
              </th>
              <th scope="col" className="py-2 pr-2 font-semibold">
                When you opened it
              </th>
              <th scope="col" className="py-2 font-semibold">
                Now
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field} className="border-b border-amber-200 align-top">
                <th scope="row" className="py-2 pr-2 font-medium wrap-anywhere">
                  {c.label}
                </th>
                <td className="py-2 pr-2 whitespace-pre-line text-muted wrap-anywhere">{c.opened}</td>
                <td className="py-2 whitespace-pre-line wrap-anywhere">{c.now}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
