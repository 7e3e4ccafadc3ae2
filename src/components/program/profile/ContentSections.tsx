/**
 * The profile's content sections (docs/product-rules.md#program-profiles): Overview, Quick Facts,
 * Clinical Approach, Program Highlights, Team Composition, Location & Map, Insurance & Payment,
 * Accreditation & Outcomes and Testimonials. Sections without data are left out, except those a
 * family always needs. Everything a program wrote is rendered as text, never as HTML.
 */
import type { ReactNode } from 'react';
import type { ProgramData } from '../../../lib/program-schema.ts';
import { addressLine, joinList, mapsSearchUrl, placeLine } from '../../../lib/display.ts';
import { Heading, type ProfileFrame } from './Heading.tsx';
import { MarkedList } from './MarkedList.tsx';
import { Section } from './Section.tsx';

const ACCREDITATION_NAMES: Record<string, string> = {
  JCAHO: 'The Joint Commission (JCAHO)',
  CARF: 'CARF International',
  'State Licensed': 'State Licensed',
  Other: 'Other accreditation',
};

const PILL = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset';

/** Plain text split into its paragraphs (blank lines between them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The accreditations as the profile names them. */
export function accreditationNames(data: Pick<ProgramData, 'accreditations'>): string[] {
  return data.accreditations.map((a) => ACCREDITATION_NAMES[a] ?? a);
}

/**
 * Overview: the markdown body of a program file (rendered by Astro and handed in as `body`), else
 * the plain-text overview of a listing, paragraph by paragraph.
 */
export function OverviewSection({
  data,
  body,
  frame,
}: {
  data: ProgramData;
  body?: ReactNode;
  frame: ProfileFrame;
}) {
  return (
    <Section id="overview" title="Overview" frame={frame}>
      {body ?? (
        <div className="space-y-4 leading-relaxed">
          {paragraphs(data.overview ?? data.description).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
    </Section>
  );
}

export function QuickFactsSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  const accreditations = accreditationNames(data);
  const facts: [string, string][] = [
    ['Age Groups', joinList(data.ageGroups)],
    ['Length of Stay', data.lengthOfStay],
    ['Modalities', joinList(data.modalities)],
    ['Insurance', joinList(data.insurance)],
    ['Setting Type', data.setting],
    ['Gender', data.genderSpecific],
    ['Accreditation', accreditations.length > 0 ? joinList(accreditations) : 'Not listed'],
  ];
  return (
    <Section id="quick-facts" title="Quick Facts" frame={frame}>
      <dl className="grid gap-4 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-0.5 font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function ClinicalApproachSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  if (data.clinicalApproach.trim() === '') return null;
  return (
    <Section id="clinical-approach" title="Clinical Approach" frame={frame}>
      <div className="space-y-4 leading-relaxed">
        {paragraphs(data.clinicalApproach).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Treatment approaches">
        {data.modalities.map((m) => (
          <li key={m} className="rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800">
            {m}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function HighlightsSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  if (data.highlights.length === 0) return null;
  return (
    <Section id="highlights" title="Program Highlights" frame={frame}>
      <MarkedList items={data.highlights} className="grid gap-3 sm:grid-cols-2" />
    </Section>
  );
}

/** The team: a program file's roles, and/or a listing's own description of its team (text). */
export function TeamSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  const composition = data.teamComposition ?? '';
  if (data.team.length === 0 && composition.trim() === '') return null;
  return (
    <Section id="team" title="Team Composition" frame={frame}>
      {composition.trim() !== '' ? (
        <div className="space-y-4 leading-relaxed">
          {paragraphs(composition).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : null}
      {data.team.length > 0 ? (
        <ul className={`grid gap-4 sm:grid-cols-2${composition.trim() !== '' ? ' mt-4' : ''}`}>
          {data.team.map((member, i) => (
            <li key={i} className="rounded-lg bg-slate-50 p-4">
              <Heading level={frame.level + 2} className="font-semibold">
                {member.role}
              </Heading>
              <p className="mt-1 text-sm text-muted">{member.description}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

export function LocationSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  const place = placeLine(data.location, data.state);
  return (
    <Section id="location" title="Location & Map" frame={frame}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Heading level={frame.level + 2} className="font-semibold">
            Address
          </Heading>
          <address className="mt-1 not-italic">
            {data.address.street}
            <br />
            {`${data.address.city}, ${data.address.state} ${data.address.zip}`}
          </address>
          <MarkedList items={data.locationFeatures} mark="dot" className="mt-4 space-y-2 text-sm" />
        </div>
        <div className="relative flex min-h-48 flex-col items-center justify-center gap-3 overflow-hidden rounded-lg border border-slate-200 bg-[#eef6fb] bg-[linear-gradient(#d5e9f5_1px,transparent_1px),linear-gradient(90deg,#d5e9f5_1px,transparent_1px)] bg-size-[24px_24px] p-4 text-center">
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-10 text-brand-600">
            <path d="M12 2a7 7 0 0 0-7 7c0 5 6.2 11.7 6.5 12a.7.7 0 0 0 1 0C12.8 20.7 19 14 19 9a7 7 0 0 0-7-7Zm0 9.8A2.8 2.8 0 1 1 12 6.2a2.8 2.8 0 0 1 0 5.6Z"></path>
          </svg>
          <p className="text-sm font-medium">{place}</p>
          <a
            href={mapsSearchUrl(addressLine(data.address))}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Directions <span className="sr-only">to {data.name} (opens in a new tab)</span>
            <span aria-hidden="true">↗</span>
          </a>
          <p className="text-xs text-muted">Opens a maps website with this address.</p>
        </div>
      </div>
    </Section>
  );
}

export function InsuranceSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  return (
    <Section id="insurance" title="Insurance & Payment" frame={frame}>
      <Heading level={frame.level + 2} className="text-sm font-medium text-muted">
        Accepted
      </Heading>
      <ul className="mt-2 flex flex-wrap gap-2">
        {[...data.insurance, ...data.insurancePlans].map((plan, i) => (
          <li key={i} className={`${PILL} bg-white text-ink ring-slate-400`}>
            {plan}
          </li>
        ))}
      </ul>
      {data.insuranceNotes.trim() !== '' ? (
        <p className="mt-4 leading-relaxed">{data.insuranceNotes}</p>
      ) : null}
      <MarkedList items={data.paymentBenefits} className="mt-4 space-y-2" />
      <p className="mt-4 text-sm text-muted">
        Coverage varies by plan. Confirm benefits with your insurer and the program.
      </p>
    </Section>
  );
}

export function AccreditationSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  const names = accreditationNames(data);
  if (names.length === 0 && data.accreditationNotes.trim() === '' && data.outcomes.length === 0) return null;
  return (
    <Section id="accreditation" title="Accreditation & Outcomes" frame={frame}>
      {names.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {names.map((a) => (
            <li key={a} className={`${PILL} bg-emerald-50 text-emerald-900 ring-emerald-700/30`}>
              {a}
            </li>
          ))}
        </ul>
      ) : null}
      {data.accreditationNotes.trim() !== '' ? (
        <p className="mt-4 leading-relaxed">{data.accreditationNotes}</p>
      ) : null}
      {data.outcomes.length > 0 ? (
        <>
          <Heading level={frame.level + 2} className="mt-5 font-semibold">
            Outcomes
          </Heading>
          <ul className="mt-2 list-disc space-y-2 pl-5">
            {data.outcomes.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

export function TestimonialsSection({ data, frame }: { data: ProgramData; frame: ProfileFrame }) {
  if (data.testimonials.length === 0) return null;
  return (
    <Section id="testimonials" title="Testimonials" frame={frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        {data.testimonials.map((t, i) => (
          <figure key={i} className="rounded-lg bg-slate-50 p-4">
            <blockquote className="leading-relaxed">
              <p>“{t.quote}”</p>
            </blockquote>
            <figcaption className="mt-2 text-sm font-medium text-muted">— {t.author}</figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}
