/** A small rounded status label ("Verified provider", "Pending review", "Needs updates", …) in one of a few tones. */
import type { ReactNode } from 'react';

const PILL_TONES = {
  green: 'bg-green-100 text-green-900 ring-green-700/30',
  amber: 'bg-amber-100 text-amber-950 ring-amber-700/30',
  red: 'bg-red-100 text-red-900 ring-red-700/30',
  slate: 'bg-slate-100 text-slate-800 ring-slate-600/30',
  blue: 'bg-brand-50 text-brand-800 ring-brand-700/30',
} as const;

export type Tone = keyof typeof PILL_TONES;

export function Pill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${PILL_TONES[tone]}`}
    >
      {children}
    </span>
  );
}
