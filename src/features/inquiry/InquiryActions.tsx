import { useState } from 'react';
import InquiryDialog from './InquiryDialog.tsx';
import type { InquiryType } from '../../lib/vocabulary.ts';
import type { InquiryProgram } from './inquiry.ts';

type Action = 'call' | 'website' | 'info';

type Props = {
  program: InquiryProgram;
  /** hero: a row of buttons; stack: full-width column (sidebars); bar: the phone bottom bar. */
  layout: 'hero' | 'stack' | 'bar';
  actions?: readonly Action[];
  labels?: Partial<Record<Action, string>>;
};

const DEFAULT_LABELS: Record<Props['layout'], Record<Action, string>> = {
  hero: { call: 'Request a Call', website: 'Visit Website', info: 'Request Info' },
  stack: { call: 'Request a Call', website: 'Visit Website', info: 'Request Info' },
  bar: { call: 'Request Call', website: 'Website', info: 'Info' },
};

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
export default function InquiryActions({
  program,
  layout,
  actions = ['call', 'website', 'info'],
  labels,
}: Props) {
  const [open, setOpen] = useState<InquiryType | null>(null);
  const text = { ...DEFAULT_LABELS[layout], ...labels };
  const style = STYLES[layout];

  return (
    <div className={style.wrap}>
      {actions.map((action) => {
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
              className={style.secondary}
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
            className={action === 'call' ? style.primary : style.secondary}
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
