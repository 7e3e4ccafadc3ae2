/**
 * How complete the provider's listing is (`listingCompleteness`, src/lib/provider-rules.ts): the
 * share of the facts families use that it states, each missing one with a line on why families
 * need it, and the action that fills them in.
 */
import { useId, useState } from 'react';
import type { Completeness } from '../../lib/provider-rules.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { linkButton, secondaryButton } from '../../ui/buttons.ts';

/** Missing facts listed before "Show all". */
export const MISSING_SHOWN = 6;

type Props = {
  completeness: Completeness;
  /** The listing's name, or null when there is no listing yet. */
  listingName: string | null;
  /** Opens the builder on the listing (or on a new one). */
  onFill: () => void;
};

export function CompletenessCard({ completeness, listingName, onFill }: Props) {
  const id = useId();
  const [all, setAll] = useState(false);
  const { percent, stated, total, missing } = completeness;
  const shown = all ? missing : missing.slice(0, MISSING_SHOWN);
  return (
    <section className={card} aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>Listing completeness</SectionTitle>
      <p className="mt-1 text-sm text-muted">
        {listingName === null
          ? 'You have no listing yet: every fact families use is still missing.'
          : `For “${listingName}”: the facts families use to find and compare programs.`}
      </p>
      <p className="mt-3">
        <span className="text-2xl font-semibold" data-testid="completeness">
          {percent}%
        </span>{' '}
        <span className="text-muted">
          ({stated} of {total} facts stated)
        </span>
      </p>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Listing completeness"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${String(percent)}%, ${String(stated)} of ${String(total)} facts stated`}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${String(percent)}%` }} />
      </div>
      {missing.length === 0 ? (
        <p className="mt-3">Every fact families use is stated. Keep your availability current.</p>
      ) : (
        <>
          <h3 className="mt-4 font-semibold">Missing, and why families need it</h3>
          <ul id={`${id}-missing`} className="mt-2 flex flex-col gap-2" data-testid="completeness-missing">
            {shown.map((item) => (
              <li key={item.id} className="break-words" data-fact={item.id}>
                <span className="font-medium">{item.label}</span>
                {item.neededToPublish ? <span className="text-muted"> (needed to publish)</span> : null}:{' '}
                {item.why}
              </li>
            ))}
          </ul>
          {missing.length > MISSING_SHOWN ? (
            <button
              type="button"
              className={`${linkButton} mt-2 min-h-11`}
              aria-expanded={all}
              aria-controls={`${id}-missing`}
              onClick={() => {
                setAll((a) => !a);
              }}
            >
              {all ? 'Show fewer' : `Show all ${String(missing.length)} missing facts`}
            </button>
          ) : null}
          <div>
            <button type="button" className={`${secondaryButton} mt-3`} onClick={onFill}>
              Add them in the listing builder
            </button>
          </div>
        </>
      )}
    </section>
  );
}
