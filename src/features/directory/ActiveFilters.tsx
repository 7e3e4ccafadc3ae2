import {
  EMPTY_FILTERS,
  activeFilterCount,
  toggleValue,
  type DirectoryFilters,
} from '../../lib/directory/rules.ts';

type Props = {
  filters: DirectoryFilters;
  /** The resolved place ("ZIP 02478", "Belmont, MA", "your location"), or null. */
  place?: string | null | undefined;
  onChange: (filters: DirectoryFilters) => void;
  /** Removes the place (typed or the device's location). */
  onClearPlace?: (() => void) | undefined;
  /** Clear Filters: every selection and the place (the search text stays). */
  onClearAll?: (() => void) | undefined;
};

/** The chip text of the place: "Within 250 mi of Belmont, MA" or "Near Belmont, MA". */
export function placeChipLabel(place: string, radius: number | null): string {
  return radius === null ? `Near ${place}` : `Within ${String(radius)} mi of ${place}`;
}

/** The active facet selections as removable chips, plus Clear Filters. */
export default function ActiveFilters({ filters, place = null, onChange, onClearPlace, onClearAll }: Props) {
  if (activeFilterCount(filters) === 0 && place === null) return null;
  const chips: { label: string; remove: () => DirectoryFilters | null }[] = [
    ...(place === null
      ? []
      : [
          {
            label: placeChipLabel(place, filters.radius),
            remove: () => {
              onClearPlace?.();
              return null;
            },
          },
        ]),
    ...filters.ageGroups.map((value) => ({
      label: value,
      remove: () => ({ ...filters, ageGroups: toggleValue(filters.ageGroups, value) }),
    })),
    ...(filters.setting === null
      ? []
      : [{ label: filters.setting, remove: () => ({ ...filters, setting: null }) }]),
    ...filters.insurance.map((value) => ({
      label: value,
      remove: () => ({ ...filters, insurance: toggleValue(filters.insurance, value) }),
    })),
    ...filters.modalities.map((value) => ({
      label: value,
      remove: () => ({ ...filters, modalities: toggleValue(filters.modalities, value) }),
    })),
    ...(filters.reportsOutcomes
      ? [{ label: 'Reports outcomes (Y-BOCS)', remove: () => ({ ...filters, reportsOutcomes: false }) }]
      : []),
    ...(filters.erpHours === null
      ? []
      : [
          {
            label: `ERP ≥ ${String(filters.erpHours)} hours/week`,
            remove: () => ({ ...filters, erpHours: null }),
          },
        ]),
    ...(filters.openRecently
      ? [{ label: 'Confirmed open in the last 30 days', remove: () => ({ ...filters, openRecently: false }) }]
      : []),
  ];
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
      <span className="text-sm font-medium text-muted">Active filters:</span>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => {
                const next = chip.remove();
                if (next !== null) onChange(next);
              }}
              className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-600/30 ring-inset hover:bg-brand-100"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          if (onClearAll) onClearAll();
          else onChange({ ...EMPTY_FILTERS, query: filters.query });
        }}
        className="min-h-8 px-2 text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        Clear Filters
      </button>
    </div>
  );
}
