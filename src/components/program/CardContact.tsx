/**
 * A program's contact actions where programs are listed (directory cards, favorites): Call, a
 * `tel:` link with the program's admissions number when it lists one, and Request Info, which
 *  opens the request dialog (request-dialog.tsx, loaded on the first press). No state and no
 * effect of its own: a card costs nothing more per keystroke.
 */
import { track } from '../../api/engagement.ts';
import { telHref } from '../../lib/display.ts';
import type { InquiryProgram } from '../../api/contracts/inquiries.ts';

type Props = { program: InquiryProgram };

const CALL_CLASS =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md border border-brand-600 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';

type DialogModule = typeof import('./request-dialog.tsx');

/**
 * The dialog's code once loaded. `import()` answers a task later even for a module already
 * loaded; with the module at hand, every click after the first opens the dialog in its own task.
 */
let dialogModule: DialogModule | null = null;
let dialogLoad: Promise<DialogModule> | null = null;

/** Starts loading the dialog's code (on the press, so the click that follows may find it loaded). */
function loadDialog(): Promise<DialogModule> {
  dialogLoad ??= import('./request-dialog.tsx').then(
    (module) => (dialogModule = module),
    (error: unknown) => {
      dialogLoad = null; // the next click tries again
      throw error;
    },
  );
  return dialogLoad;
}

/** Opens the request dialog; a failed load of its code is said in the console and the page stays. */
export function requestInfo(program: InquiryProgram): void {
  if (dialogModule !== null) {
    dialogModule.openRequestDialog(program, 'info');
    return;
  }
  loadDialog()
    .then(({ openRequestDialog }) => {
      openRequestDialog(program, 'info');
    })
    .catch((error: unknown) => {
      console.warn('Could not load the request dialog:', error);
    });
}

export default function CardContact({ program }: Props) {
  return (
    <div className="flex flex-wrap gap-2" data-card-contact>
      {program.phone !== undefined ? (
        <a
          href={telHref(program.phone)}
          // The visible words first (WCAG 2.5.3), then which program: cards sit side by side.
          aria-label={`Call ${program.phone}, ${program.name}`}
          onClick={() => {
            track(program.id, 'call_click');
          }}
          className={CALL_CLASS}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
            <path d="M3.6 2.3a1.5 1.5 0 0 1 2 .1l2 2a1.5 1.5 0 0 1 .2 1.9l-.9 1.3a.6.6 0 0 0 0 .7 11 11 0 0 0 4.8 4.8.6.6 0 0 0 .7 0l1.3-.9a1.5 1.5 0 0 1 1.9.2l2 2a1.5 1.5 0 0 1 .1 2l-1 1.2a3 3 0 0 1-3 .9C8.3 17.2 2.8 11.7 1.5 6.3a3 3 0 0 1 .9-3l1.2-1Z" />
          </svg>
          Call {program.phone}
        </a>
      ) : null}
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerDown={() => {
          loadDialog().catch(() => undefined); // the click says it if the code cannot load
        }}
        onClick={() => {
          requestInfo(program);
        }}
        className={CALL_CLASS}
      >
        Request Info<span className="sr-only"> from {program.name}</span>
      </button>
    </div>
  );
}
