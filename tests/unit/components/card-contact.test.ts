/**
 * A card's Request Info (src/components/program/CardContact.tsx): once the dialog's code is
 * loaded, a click opens the dialog in its own task (inp.requestInfo.shown, docs/budgets.md);
 * `import()` would answer a task later even for a module already loaded.
 */
import { describe, expect, it, vi } from 'vitest';

const openRequestDialog = vi.fn();
vi.mock('../../../src/components/program/request-dialog.tsx', () => ({ openRequestDialog }));

const { requestInfo } = await import('../../../src/components/program/CardContact.tsx');
const program = { id: 'pine-hollow-ocd', name: 'Pine Hollow OCD Residence' };

describe('requestInfo', () => {
  it('opens the dialog once its code is in, then at once on every later click', async () => {
    requestInfo(program);
    expect(openRequestDialog).not.toHaveBeenCalled(); // the first click waits for the code
    await vi.waitFor(() => {
      expect(openRequestDialog).toHaveBeenCalledTimes(1);
    });
    requestInfo(program);
    expect(openRequestDialog).toHaveBeenCalledTimes(2); // no await in between: the same task
    expect(openRequestDialog).toHaveBeenLastCalledWith(program, 'info');
  });
});
