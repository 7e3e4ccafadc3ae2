import type { ReactNode } from 'react';
import { Heading, type ProfileFrame } from './Heading.tsx';

/** A titled profile section, a region named by its heading (for screen-reader navigation). */
export function Section({
  id,
  title,
  frame,
  children,
}: {
  id: string;
  title: string;
  frame: ProfileFrame;
  children: ReactNode;
}) {
  const sectionId = `${frame.idPrefix}${id}`;
  return (
    <section
      aria-labelledby={`${sectionId}-title`}
      id={sectionId}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <Heading
        level={frame.level + 1}
        id={`${sectionId}-title`}
        className="text-xl font-semibold text-brand-800"
      >
        {title}
      </Heading>
      <div className="mt-4">{children}</div>
    </section>
  );
}
