/**
 * Opens the request dialog (features/inquiry/InquiryDialog.tsx) from places that list programs:
 * directory cards, the favorites page and /compare. Loaded on the first "Request Info" click, so
 * the pages that list programs do not carry the dialog's code; the dialog mounts in a root of its
 * own and leaves with it when it closes (the native dialog hands the focus back to the button).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import InquiryDialog from '../../features/inquiry/InquiryDialog.tsx';
import type { InquiryProgram } from '../../api/contracts/inquiries.ts';
import type { InquiryType } from '../../lib/vocabulary.ts';

export type { InquiryProgram };

export function openRequestDialog(program: InquiryProgram, type: InquiryType): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    createElement(InquiryDialog, {
      program,
      type,
      onClose: () => {
        // After the close event's own work (focus back on the button, the toast moved home).
        setTimeout(() => {
          root.unmount();
          host.remove();
        }, 0);
      },
    }),
  );
}
