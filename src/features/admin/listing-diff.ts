/**
 * "What changed since the published version": a listing's working copy (the provider's edit)
 * compared field by field with the snapshot an administrator approved (`publication.snapshot`).
 * Pure. Values are compared as the profile would show them: blank text, null and a missing value
 * are all "not given"; text is compared without its leading and trailing spaces; numbers by value
 * (Postgres numerics arrive as text); option lists as sets (their order means nothing), other lists
 * in order. Labels are the listing builder's questions, in its tab order; a column this table does
 * not know yet still shows up, named by its column.
 */
import type { ListingSnapshot } from '../../api/contracts/listings.ts';
import { LISTING_FIELDS as REGISTRY_FIELDS, type DiffKind } from '../../lib/listing/fields.ts';
import { LISTING_RANGES, withUnit } from '../../lib/listing-ranges.ts';
import { ageGroupLabel } from './rules.ts';

type Kind = DiffKind;

/**
 * Every listing field families can see, in the builder's order: its label and how it compares
 * (the registry's, src/lib/listing/fields.ts), and the program id publishing gives it.
 */
export const LISTING_FIELDS: readonly { field: string; label: string; kind: Kind }[] = [
  ...REGISTRY_FIELDS.map(({ field, label, kind }) => ({ field, label, kind })),
  { field: 'published_program_id', label: 'Program id', kind: 'text' },
];

/** Columns that are the review workflow's or the row's own, never a fact that changed. */
const NOT_COMPARED = new Set([
  'id',
  'provider_id',
  'status',
  'submitted_at',
  'reviewed_at',
  'reviewed_by',
  'reviewer_notes',
  'created_at',
  'updated_at',
  // The version number: a change of it is the change of the fields listed.
  'revision',
  // Parts of the admin's view of a listing, not columns.
  'provider',
  'publication',
  'uploads',
  'availability',
]);

/** What a field shows when it has no value. */
export const NOT_GIVEN = 'Not given';

export interface FieldChange {
  field: string;
  label: string;
  /** The published value, as text ("Not given" when it had none). */
  published: string;
  /** The working copy's value, as text. */
  current: string;
}

export interface DiffOptions {
  /** The name of an uploaded file (`/api/provider/uploads/<id>`), when known. */
  fileName?: (url: string) => string | null;
}

const UNITS: Record<string, string> = {
  capacity: LISTING_RANGES.capacity.unit,
  erp_hours_per_week: LISTING_RANGES.erp_hours_per_week.unit,
  individual_sessions_per_week: LISTING_RANGES.individual_sessions_per_week.unit,
  specialised_clinicians_percent: LISTING_RANGES.specialised_clinicians_percent.unit,
  family_sessions_per_week: LISTING_RANGES.family_sessions_per_week.unit,
  score_points: LISTING_RANGES.score_points.unit,
  score_change_sample: LISTING_RANGES.score_change_sample.unit,
};

const SCORE_DIRECTION_WORDS: Record<string, string> = {
  fell: 'Fell',
  rose: 'Rose',
  unchanged: 'Did not change',
};

function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function items(value: unknown): string[] {
  return Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim() : String(v))).filter((v) => v !== '')
    : [];
}

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A value reduced to what comparing means for its kind (a string key; '' for "not given"). */
function normal(kind: Kind, value: unknown): string {
  switch (kind) {
    case 'number': {
      const n = numberOf(value);
      return n === null ? '' : String(n);
    }
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : '';
    case 'set':
      return JSON.stringify([...new Set(items(value))].sort());
    case 'list':
      return JSON.stringify(items(value));
    default:
      return trimmed(value);
  }
}

function isEmpty(kind: Kind, value: unknown): boolean {
  const n = normal(kind, value);
  return n === '' || n === '[]';
}

/** A value as the diff table shows it. */
export function displayValue(field: string, kind: Kind, value: unknown, options: DiffOptions = {}): string {
  if (isEmpty(kind, value)) return NOT_GIVEN;
  switch (kind) {
    case 'number': {
      const n = numberOf(value) ?? 0;
      return withUnit(n, UNITS[field] ?? '');
    }
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'set':
    case 'list': {
      const list = items(value);
      return (field === 'age_groups' ? list.map(ageGroupLabel) : list).join(', ');
    }
    case 'file': {
      const url = trimmed(value);
      const name = options.fileName?.(url) ?? null;
      return name === null ? url : `${name} (${url})`;
    }
    default: {
      const text = trimmed(value);
      return field === 'score_direction' ? (SCORE_DIRECTION_WORDS[text] ?? text) : text;
    }
  }
}

/** `license_agency` → "License agency": the label of a column this table does not know. */
function columnLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(value: unknown): Kind {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  return 'text';
}

/**
 * The fields whose value differs between the published snapshot and the working copy, in the
 * builder's order (columns not in `LISTING_FIELDS` after, by name). Nothing when none does.
 */
export function listingDiff(
  published: ListingSnapshot | Record<string, unknown>,
  current: object,
  options: DiffOptions = {},
): FieldChange[] {
  const before = published as Record<string, unknown>;
  const after = current as Record<string, unknown>;
  const known = new Set(LISTING_FIELDS.map((f) => f.field));
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !known.has(field) && !NOT_COMPARED.has(field))
    .sort()
    .map((field) => ({
      field,
      label: columnLabel(field),
      kind: kindOf(before[field] ?? after[field]),
    }));
  const changes: FieldChange[] = [];
  for (const { field, label, kind } of [...LISTING_FIELDS, ...others]) {
    const a = before[field];
    const b = after[field];
    if (normal(kind, a) === normal(kind, b)) continue;
    changes.push({
      field,
      label,
      published: displayValue(field, kind, a, options),
      current: displayValue(field, kind, b, options),
    });
  }
  return changes;
}
