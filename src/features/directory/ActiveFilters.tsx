import { EMPTY_FILTERS, activeFilterCount, toggleValue, type DirectoryFilters } from '../../lib/directory.ts';

type Props = {
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
};

/** The active facet selections as removable chips, plus Clear Filters. */
export default function ActiveFilters({ filters, onChange }: Props) {
  if (activeFilterCount(filters) === 0) return null;
  const chips: { label: string; remove: () => DirectoryFilters }[] = [
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
                onChange(chip.remove());
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
          onChange({ ...EMPTY_FILTERS, query: filters.query });
        }}
        className="min-h-8 px-2 text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        Clear Filters
      </button>
    </div>
  );
}
