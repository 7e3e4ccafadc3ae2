/**
 * The two trust facts of a program (src/lib/trust.ts): "Verified provider" when its provider is
 * verified (with the day, when known) and "Listing reviewed" with the day of the last review.
 * Each badge links to its definition on /how-we-verify; its accessible name is the full label with
 * the date, its tooltip says what was checked. Nothing when neither applies. No "Featured".
 */
import type { ProgramData } from '../../../lib/program-schema.ts';
import { HOW_WE_VERIFY_PATH, TRUST, trustBadges, type TrustFacts } from '../../../lib/trust.ts';

/** What a program's data says about both facts. */
export function trustFacts(data: ProgramData): TrustFacts {
  return {
    verified: data.verified,
    verifiedOn: data.verifiedOn ?? null,
    reviewedOn: data.reviewedOn ?? null,
  };
}

const BADGE =
  'inline-flex min-h-7 items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset hover:underline';
const TONE = {
  verified: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  reviewed: 'bg-sky-50 text-sky-900 ring-sky-700/30',
} as const;

export function TrustBadges({
  facts,
  className = 'flex flex-wrap items-center gap-2',
}: {
  facts: TrustFacts;
  className?: string;
}) {
  const badges = trustBadges(facts);
  if (badges.length === 0) return null;
  return (
    <ul className={className}>
      {badges.map((b) => (
        <li key={b.key}>
          <a
            href={b.href}
            aria-label={b.label}
            title={b.title}
            className={`${BADGE} ${TONE[b.key]}`}
            data-trust={b.key}
          >
            <span aria-hidden="true">✓</span> {b.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What the badges shown mean, that neither is an endorsement, and the link to /how-we-verify. */
export function TrustNote({ facts, className }: { facts: TrustFacts; className?: string }) {
  const badges = trustBadges(facts);
  if (badges.length === 0) return null;
  return (
    <p className={className}>
      {badges.map((b) => TRUST[b.key].meaning).join(' ')} {TRUST.notEndorsement}{' '}
      <a href={HOW_WE_VERIFY_PATH} className="font-medium text-brand-700 underline">
        {TRUST.linkText}
      </a>
    </p>
  );
}
