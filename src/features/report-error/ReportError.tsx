import { useState } from 'react';
import { REPORT_MESSAGES as M } from '../../api/contracts/reports.ts';
import { secondaryButton } from '../../ui/buttons.ts';
import ReportDialog from './ReportDialog.tsx';

type Props = {
  program: { id: string; name: string };
};

/**
 * "Report an error" on a program's page: a small card at the end of the sidebar with a secondary
 * button, server-rendered as a real `<button>` and hydrated on first interaction
 * (`client:interaction`); the dialog mounts only when opened.
 */
export default function ReportError({ program }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5" data-report-error>
      <p className="text-sm text-muted">{M.prompt}</p>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
        className={`${secondaryButton} mt-3 w-full`}
      >
        {M.button}
      </button>
      {open ? (
        <ReportDialog
          program={program}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
