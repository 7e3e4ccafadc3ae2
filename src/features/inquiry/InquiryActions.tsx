import { useState } from 'react';
import InquiryDialog from './InquiryDialog.tsx';
import type { InquiryType } from '../../lib/vocabulary.ts';
import type { InquiryProgram } from './inquiry.ts';
import { telHref } from '../../lib/display.ts';

/** phone: the admissions number as a tap-to-call link; call: the Request a Call form. */
type Action = 'phone' | 'call' | 'website' | 'info';

type Props = {
  program: InquiryProgram;
  /** hero: a row of buttons; stack: full-width column (sidebars); bar: the phone bottom bar. */
  layout: 'hero' | 'stack' | 'bar';
  actions?: readonly Action[];
  labels?: Partial<Record<Action, string>>;
};

const DEFAULT_LABELS: Record<Props['layout'], Record<Exclude<Action, 'phone'>, string>> = {
  hero: { call: 'Request a Call', website: 'Visit Website', info: 'Request Info' },
  stack: { call: 'Request a Call', website: 'Visit Website', info: 'Request Info' },
  bar: { call: 'Request Call', website: 'Website', info: 'Request Info' },
};

/**
 * What each layout offers, first the way to reach admissions now: the number when the program
 * lists one (a family at a hard moment calls), then Request Info beside it. The phone bar has
 * room for three.
 */
function defaultActions(layout: Props['layout'], hasPhone: boolean): readonly Action[] {
  if (layout === 'bar') return hasPhone ? ['phone', 'info', 'call'] : ['call', 'info', 'website'];
  return hasPhone ? ['phone', 'info', 'call', 'website'] : ['call', 'info', 'website'];
}

const STYLES: Record<Props['layout'], { wrap: string; primary: string; secondary: string }> = {
  hero: {
    wrap: 'flex flex-wrap gap-3',
    primary:
      'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-700',
    secondary:
      'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50',
  },
  stack: {
    wrap: 'flex flex-col gap-2',
    primary:
      'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700',
    secondary:
      'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50',
  },
  bar: {
    wrap: 'grid grid-cols-3 gap-2',
    primary:
      'inline-flex min-h-11 items-center justify-center gap-1 rounded-md bg-brand-600 px-2 py-2 text-sm font-semibold text-white hover:bg-brand-700',
    secondary:
      'inline-flex min-h-11 items-center justify-center gap-1 rounded-md border border-brand-600 bg-white px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50',
  },
};

/**
 * Request a Call / Visit Website / Request Info, as real server-rendered buttons and link.
 * Hydrated on first interaction (`client:interaction`); the dialog mounts only when opened.
 * Website clicks are recorded by the page's `data-track` listener (see engagement/tracker.ts).
 */
export default function InquiryActions({ program, layout, actions, labels }: Props) {
  const [open, setOpen] = useState<InquiryType | null>(null);
  const text = { ...DEFAULT_LABELS[layout], ...labels };
  const style = STYLES[layout];
  const phone = program.phone?.trim() ? program.phone.trim() : undefined;
  const shown = (actions ?? defaultActions(layout, phone !== undefined)).filter(
    (action) => action !== 'phone' || phone !== undefined,
  );
  // The first action is the primary one (filled); the rest are outlined.
  const primary = shown[0];

  return (
    <div className={style.wrap}>
      {shown.map((action) => {
        if (action === 'phone') {
          return (
            <a
              key={action}
              href={telHref(phone ?? '')}
              data-track="call_click"
              data-program-id={program.id}
              className={action === primary ? style.primary : style.secondary}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
                <path d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.15a1.5 1.5 0 0 1 1.46 1.16l.5 2.2a1.5 1.5 0 0 1-.43 1.42l-.9.86a11.04 11.04 0 0 0 5.08 5.08l.86-.9a1.5 1.5 0 0 1 1.42-.43l2.2.5A1.5 1.5 0 0 1 18 13.35v1.15A1.5 1.5 0 0 1 16.5 16H15C8.1 16 2 9.9 2 3v.5Z" />
              </svg>
              {layout === 'bar' ? (
                <>
                  Call<span className="sr-only"> admissions, {phone}</span>
                </>
              ) : (
                <>
                  Call {phone}
                  <span className="sr-only"> (admissions)</span>
                </>
              )}
            </a>
          );
        }
        if (action === 'website') {
          if (program.website === undefined) return null;
          return (
            <a
              key={action}
              href={program.website}
              target="_blank"
              rel="noopener noreferrer"
              data-track="website_click"
              data-program-id={program.id}
              className={action === primary ? style.primary : style.secondary}
            >
              {text.website}
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
                <path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
                <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
              </svg>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          );
        }
        return (
          <button
            key={action}
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setOpen(action);
            }}
            className={action === primary ? style.primary : style.secondary}
          >
            {text[action]}
          </button>
        );
      })}
      {open !== null ? (
        <InquiryDialog
          program={program}
          type={open}
          onClose={() => {
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}
