import type { RefObject } from 'react';
import { RADIUS_OPTIONS_MILES, type RadiusMiles } from '../../lib/geo/distance.ts';
import type { ResolvedLocation } from '../../lib/geo/resolve.ts';

type Props = {
  /** The directory's id prefix (useId), shared with the other fields. */
  id: string;
  /** The "Near" box: Sort by Distance without a place focuses it. */
  inputRef: RefObject<HTMLInputElement | null>;
  draft: string;
  usingDevice: boolean;
  invalid: boolean;
  radius: RadiusMiles | null;
  /** The device location is being asked for. */
  busy: boolean;
  onDraft: (draft: string) => void;
  onApply: () => void;
  onRadius: (radius: RadiusMiles | null) => void;
  onLocate: () => void;
};

/** The second row of the search form: the "Near" place, the radius and the two place buttons. */
export default function NearFields({
  id,
  inputRef,
  draft,
  usingDevice,
  invalid,
  radius,
  busy,
  onDraft,
  onApply,
  onRadius,
  onLocate,
}: Props) {
  return (
    <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex-1">
        <label htmlFor={`${id}-near`} className="block text-sm font-semibold">
          Near
        </label>
        <input
          ref={inputRef}
          id={`${id}-near`}
          type="text"
          name="near"
          autoComplete="off"
          placeholder={usingDevice ? 'Using your location' : 'ZIP code or City, State'}
          value={draft}
          aria-describedby={`${id}-near-note`}
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => {
            onDraft(event.target.value);
          }}
          onBlur={onApply}
          className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 py-2 text-base shadow-sm focus:border-brand-600 aria-invalid:border-red-700"
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-radius`} className="block text-sm font-semibold">
            Within
          </label>
          <select
            id={`${id}-radius`}
            name="radius"
            value={radius ?? ''}
            onChange={(event) => {
              const miles = RADIUS_OPTIONS_MILES.find((option) => String(option) === event.target.value);
              onRadius(miles ?? null);
            }}
            className="mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          >
            <option value="">Any distance</option>
            {RADIUS_OPTIONS_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Find programs
        </button>
        <button
          type="button"
          onClick={onLocate}
          disabled={busy}
          className="min-h-11 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-70"
        >
          {busy ? 'Finding your location…' : 'Use my location'}
        </button>
      </div>
    </div>
  );
}

type NoteProps = {
  id: string;
  result: ResolvedLocation | null;
  deviceMessage: string | null;
  resolving: boolean;
  near: string;
  /** What distances are from, in words, or null. */
  label: string | null;
  radius: RadiusMiles | null;
  usingDevice: boolean;
  byDistance: boolean;
};

/** Said under the place when the sort is Distance and there is nothing to measure from. */
export const DISTANCE_NEEDS_PLACE =
  'To sort by distance, enter a ZIP code or a city and state, or choose Use my location.';

/** The line under the place fields: an error, the lookup in progress, or what distances are from. */
export function PlaceNote({
  id,
  result,
  deviceMessage,
  resolving,
  near,
  label,
  radius,
  usingDevice,
  byDistance,
}: NoteProps) {
  return (
    <p id={`${id}-near-note`} aria-live="polite" className="mt-2 min-h-5 text-sm">
      {result !== null && !result.ok ? (
        <span className="font-medium text-red-800">{result.message}</span>
      ) : deviceMessage !== null ? (
        <span className="font-medium text-red-800">{deviceMessage}</span>
      ) : resolving ? (
        <span className="text-muted">Looking up {near}…</span>
      ) : label !== null ? (
        <span className="text-muted">
          {radius === null
            ? `Distances from ${label}`
            : `Programs within ${String(radius)} miles of ${label}`}
          {usingDevice ? ' (your location stays in this browser)' : ''}
          {byDistance ? ', nearest first.' : '.'}
        </span>
      ) : byDistance && near === '' ? (
        <span className="font-medium text-ink" data-distance-needs-place>
          {DISTANCE_NEEDS_PLACE}
        </span>
      ) : null}
    </p>
  );
}
