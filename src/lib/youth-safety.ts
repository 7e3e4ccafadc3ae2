/**
 * Youth-safety facts of a program that admits teens: license, restraint and seclusion,
 * parent contact, schooling and the use of transport/escort services. Each is shown; a missing
 * one reads "The program has not told us" (it is not ours to guess). Pure.
 */
import type { FactRow } from './fidelity.ts';

export interface YouthSafety {
  /** The state license for serving minors: its number and the agency that issued it. */
  license?: { number?: string | null | undefined; agency?: string | null | undefined } | null | undefined;
  /** The program's policy on physical restraint and seclusion, in its words. */
  restraintSeclusionPolicy?: string | null | undefined;
  /** How and how often a resident can contact parents. */
  parentContactPolicy?: string | null | undefined;
  /** Schooling while in residence (accredited school, tutoring, …). */
  schooling?: string | null | undefined;
  /** Whether and how the program uses transport or escort services to bring a young person in. */
  transportEscort?: string | null | undefined;
}

export const NOT_TOLD = 'The program has not told us';

export const YOUTH_SAFETY_LABELS = {
  license: 'License',
  restraintSeclusionPolicy: 'Restraint and seclusion',
  parentContactPolicy: 'Parent contact',
  schooling: 'Schooling',
  transportEscort: 'Transport and escort services',
} as const;

/** Trimmed text, or null for missing, blank or non-text. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

function row(key: keyof typeof YOUTH_SAFETY_LABELS, value: string | null): FactRow {
  const label = YOUTH_SAFETY_LABELS[key];
  return value === null
    ? { key, label, value: NOT_TOLD, reported: false }
    : { key, label, value, reported: true };
}

/**
 * "No. 12345, Massachusetts Department of Early Education and Care"; with only one part given, that
 * part and what is missing ("No. 12345 (issuing agency not given)").
 */
export function licenseText(license: YouthSafety['license']): string | null {
  const number = text(license?.number);
  const agency = text(license?.agency);
  if (number && agency) return `No. ${number}, ${agency}`;
  if (number) return `No. ${number} (issuing agency not given)`;
  if (agency) return `${agency} (license number not given)`;
  return null;
}

/** The facts table, in a fixed order, every row present. */
export function youthSafetyRows(facts: YouthSafety | null | undefined): FactRow[] {
  const y = facts ?? {};
  return [
    row('license', licenseText(y.license)),
    row('restraintSeclusionPolicy', text(y.restraintSeclusionPolicy)),
    row('parentContactPolicy', text(y.parentContactPolicy)),
    row('schooling', text(y.schooling)),
    row('transportEscort', text(y.transportEscort)),
  ];
}
