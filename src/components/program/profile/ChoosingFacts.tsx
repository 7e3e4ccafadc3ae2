/**
 * What families choose by (docs/product-rules.md#program-profiles): availability with the day it
 * was last confirmed and the program's usual reply time, "Treatment at a glance" (ERP intensity,
 * outcomes, family work) and, for programs serving children or adolescents, the facts a parent of
 * a minor needs. Missing facts are said plainly ("Not reported", "The program has not told us"),
 * never left blank or shown as 0.
 *
 * Availability goes stale after 30 days: it is judged on `today` (the build day on a published
 * page, whose script then judges it again with the visitor's day from the `data-` attributes).
 */
import type { ProgramData } from '../../../lib/program-schema.ts';
import { availabilityView } from '../../../lib/availability.ts';
import { fidelityRows, type FactRow } from '../../../lib/fidelity.ts';
import { replyTimeLabel } from '../../../lib/reply-time.ts';
import { youthSafetyRows } from '../../../lib/youth-safety.ts';
import type { ProfileFrame } from './Heading.tsx';
import { Section } from './Section.tsx';

const TONE = {
  open: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  waitlist: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  other: 'bg-slate-100 text-slate-800 ring-slate-600/20',
} as const;
const BADGE = 'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset';

/** True when the program serves children or adolescents (then parents get the youth-safety facts). */
export function servesMinors(data: Pick<ProgramData, 'ageGroups'>): boolean {
  return data.ageGroups.some((group) => group === 'Children' || group === 'Adolescents');
}

export function AvailabilitySection({
  data,
  today,
  frame,
}: {
  data: ProgramData;
  today: string;
  frame: ProfileFrame;
}) {
  const availability = availabilityView(data.availability, today);
  const reply = replyTimeLabel(data.replyHours ?? null);
  const tone =
    availability.state === 'open'
      ? TONE.open
      : availability.state === 'waitlist'
        ? TONE.waitlist
        : TONE.other;
  return (
    <Section id="availability" title="Availability" frame={frame}>
      <p>
        <span
          className={`${BADGE} ${tone}`}
          data-availability={data.availability ? JSON.stringify(data.availability) : ''}
          data-base={BADGE}
          data-tone-open={TONE.open}
          data-tone-waitlist={TONE.waitlist}
          data-tone-other={TONE.other}
        >
          {availability.label}
        </span>
        <span className="ml-2 text-sm text-muted" data-availability-confirmed="">
          {availability.confirmedLabel ?? ''}
        </span>
      </p>
      <p className="mt-3 text-sm text-muted">
        Availability changes quickly: call or send a request to confirm before planning a stay.
      </p>
      {reply ? <p className="mt-2 font-medium">{reply}.</p> : null}
    </Section>
  );
}

function FactList({
  rows,
  className,
  reportedClass,
}: {
  rows: FactRow[];
  className: string;
  reportedClass: string;
}) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.key}>
          <dt className="text-sm font-medium text-muted">{row.label}</dt>
          <dd className={row.reported ? reportedClass : 'mt-0.5 text-muted italic'}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TreatmentSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  return (
    <Section id="treatment-at-a-glance" title="Treatment at a glance" frame={frame}>
      <FactList
        rows={fidelityRows(data.fidelity)}
        className="grid gap-4 sm:grid-cols-2"
        reportedClass="mt-0.5 font-medium"
      />
      <p className="mt-4 text-sm text-muted">
        As reported by the program. Exposure and response prevention (ERP) is the first-line treatment for
        OCD; the Y-BOCS and CY-BOCS measure symptom severity (lower is better).
      </p>
    </Section>
  );
}

/** For programs serving children or teens only; nothing otherwise. */
export function YouthSafetySection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  if (!servesMinors(data)) return null;
  return (
    <Section id="youth-safety" title="For parents of children and teens" frame={frame}>
      <FactList rows={youthSafetyRows(data.youthSafety)} className="grid gap-4" reportedClass="mt-0.5" />
    </Section>
  );
}

/** The three sections, in the profile's order. */
export function ChoosingFacts({
  data,
  today,
  frame,
}: {
  data: ProgramData;
  today: string;
  frame: ProfileFrame;
}) {
  return (
    <>
      <AvailabilitySection data={data} today={today} frame={frame} />
      <TreatmentSection data={data} frame={frame} />
      <YouthSafetySection data={data} frame={frame} />
    </>
  );
}
