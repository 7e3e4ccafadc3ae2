/**
 * /compare in the browser: reads `?ids=a,b,c` (else the browser's selection, then puts it in the
 * URL so the page can be shared), fetches each program's small /compare-data/<id>.json, and fills
 * the table. The URL wins over the local selection on this page; a button offers to make it the
 * selection. `?near=` (ZIP or City, ST) adds a distance row, resolved from the site's own shards.
 */
import { fetchShardFromSite, resolveLocation } from '../../lib/geo/resolve.ts';
import { telHref } from '../../lib/display.ts';
import { track } from '../../api/engagement.ts';
import { compareDataPath, type CompareData } from './data.ts';
import { compareGroups, type CompareCell, type CompareOrigin } from './rows.ts';
import {
  $compare,
  compareHref,
  MAX_COMPARE,
  parseCompareIds,
  removeFromCompare,
  setCompare,
  startCompare,
} from './store.ts';

type Loaded = { found: CompareData[]; missing: number };

const BUTTON =
  'inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The visitor's calendar date, `YYYY-MM-DD` (availability goes stale by their clock). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const shards = new Map<string, Promise<Record<string, CompareData>>>();

/** One fetch per shard file, shared by the programs in it; a failed fetch is not remembered. */
function loadShard(path: string): Promise<Record<string, CompareData>> {
  let pending = shards.get(path);
  if (!pending) {
    pending = fetch(path, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (response.status === 404) return {};
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return (await response.json()) as Record<string, CompareData>;
    });
    pending.catch(() => shards.delete(path));
    shards.set(path, pending);
  }
  return pending;
}

async function loadProgram(id: string): Promise<CompareData | null> {
  const shard = await loadShard(compareDataPath(id));
  const data = Object.hasOwn(shard, id) ? shard[id] : undefined;
  return data?.id === id ? data : null;
}

async function loadPrograms(ids: readonly string[]): Promise<Loaded> {
  const results = await Promise.all(ids.map(loadProgram));
  const found = results.filter((p): p is CompareData => p !== null);
  return { found, missing: results.length - found.length };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const CONTACT =
  'inline-flex min-h-11 cursor-pointer items-center rounded-md border border-brand-600 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/**
 * A column's contact actions: Call (a `tel:` link, when the program lists a phone) and Request
 * Info, which opens the request dialog (components/program/request-dialog.tsx, loaded on the
 * first click, as on directory cards).
 */
function contactActions(program: CompareData): HTMLElement {
  const box = el('div', 'mt-2 flex flex-col items-start gap-2');
  box.dataset['compareContact'] = program.id;
  // Shards built before phones were added have none: no Call link rather than "Call undefined".
  if (typeof program.phone === 'string' && program.phone !== '') {
    const call = el('a', CONTACT, `Call ${program.phone}`);
    call.href = telHref(program.phone);
    call.setAttribute('aria-label', `Call ${program.phone}, ${program.name}`);
    call.addEventListener('click', () => {
      track(program.id, 'call_click');
    });
    box.append(call);
  }
  const request = el('button', `${CONTACT} print:hidden`, 'Request Info');
  request.type = 'button';
  request.setAttribute('aria-haspopup', 'dialog');
  request.append(el('span', 'sr-only', ` from ${program.name}`));
  request.addEventListener('click', () => {
    import('../../components/program/request-dialog.tsx')
      .then(({ openRequestDialog }) => {
        openRequestDialog(
          {
            id: program.id,
            name: program.name,
            phone: program.phone ?? undefined,
            email: program.email ?? undefined,
          },
          'info',
        );
      })
      .catch((error: unknown) => {
        console.warn('Could not load the request dialog:', error);
      });
  });
  box.append(request);
  return box;
}

function cellContent(cell: CompareCell): HTMLElement[] {
  const nodes: HTMLElement[] = [];
  if (cell.items && cell.items.length > 1) {
    const list = el('ul', 'space-y-0.5');
    for (const item of cell.items) list.append(el('li', '', item));
    nodes.push(list);
  } else {
    const tone =
      cell.tone === 'open'
        ? 'font-semibold text-emerald-800'
        : cell.tone === 'warn'
          ? 'font-semibold text-amber-900'
          : cell.missing
            ? 'text-muted italic'
            : '';
    nodes.push(el('p', tone, cell.text));
  }
  if (cell.detail) nodes.push(el('p', 'mt-1 text-sm text-muted', cell.detail));
  return nodes;
}

export function mountComparePage(): void {
  const root = document.querySelector<HTMLElement>('[data-compare-root]');
  const status = document.querySelector<HTMLElement>('[data-compare-status]');
  if (!root || !status) return;
  startCompare();

  const params = new URLSearchParams(location.search);
  const near = (params.get('near') ?? '').trim();
  const fromUrl = params.has('ids');
  let ids = fromUrl ? parseCompareIds(params.get('ids')) : $compare.get().map((p) => p.id);
  let programs: CompareData[] = [];
  let origin: CompareOrigin | null = null;
  let notes: string[] = [];

  const updateUrl = () => {
    const href = compareHref(
      programs.map((p) => p.id),
      near ? { near } : undefined,
    );
    history.replaceState(history.state, '', href);
  };

  const render = (focusColumn: number | null) => {
    const today = localToday();
    const nodes: HTMLElement[] = [];
    if (programs.length === 0) {
      status.textContent = 'No programs to compare yet.';
      const empty = el('div', 'rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center');
      const heading = el('h2', 'text-xl font-semibold', 'No programs to compare yet');
      heading.tabIndex = -1;
      heading.setAttribute('data-compare-empty', '');
      empty.append(
        heading,
        el(
          'p',
          'mt-2 text-muted',
          `Choose up to ${MAX_COMPARE} programs with the Compare button on program cards or profiles.`,
        ),
      );
      const browse = el(
        'a',
        'mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700',
        'Browse programs',
      );
      browse.href = '/';
      empty.append(browse);
      nodes.push(
        ...notes.map((note) => el('p', 'mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950', note)),
      );
      nodes.push(empty);
      root.replaceChildren(...nodes);
      if (focusColumn !== null) heading.focus();
      return;
    }

    status.textContent = `Comparing ${plural(programs.length, 'program', 'programs')}.`;
    for (const note of notes)
      nodes.push(el('p', 'mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950', note));

    // Actions: print; make the shared list my selection; add more.
    const actions = el('div', 'mb-4 flex flex-wrap items-center gap-3 print:hidden');
    const local = $compare.get().map((p) => p.id);
    const shown = programs.map((p) => p.id);
    if (local.join(',') !== shown.join(',')) {
      const replace = el(
        'button',
        BUTTON,
        local.length === 0 ? 'Keep these as my selection' : 'Replace my selection with these',
      );
      replace.type = 'button';
      replace.addEventListener('click', () => {
        setCompare(programs.map((p) => ({ id: p.id, name: p.name })));
        status.textContent = 'Your selection is now these programs.';
        render(null);
      });
      actions.append(replace);
    }
    const print = el('button', BUTTON, 'Print');
    print.type = 'button';
    print.addEventListener('click', () => {
      window.print();
    });
    actions.append(print);
    if (programs.length < MAX_COMPARE) {
      const more = el(
        'a',
        'inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline',
      );
      more.href = '/';
      more.textContent = 'Add programs from the directory';
      actions.append(more);
    }
    nodes.push(actions);

    const region = el(
      'div',
      // scroll-pl-40: a focused cell or button scrolls clear of the sticky first column (WCAG 2.4.11).
      'compare-scroll relative scroll-pl-40 overflow-x-auto rounded-xl border border-slate-200 bg-white',
    );
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', 'Comparison table');
    region.tabIndex = 0;
    const table = el('table', 'compare-table w-full border-collapse text-left text-sm');
    const caption = el(
      'caption',
      'sr-only',
      `${plural(programs.length, 'program', 'programs')} compared side by side`,
    );
    const thead = el('thead');
    const headRow = el('tr');
    headRow.append(el('td', 'sticky left-0 z-10 w-40 min-w-32 bg-white p-3'));
    programs.forEach((program, index) => {
      const th = el('th', 'min-w-44 border-l border-slate-200 p-3 align-top');
      th.scope = 'col';
      const link = el('a', 'text-base font-semibold text-brand-800 hover:underline', program.name);
      link.href = program.path;
      const remove = el('button', `${BUTTON} mt-2 print:hidden`);
      remove.type = 'button';
      remove.setAttribute('data-compare-remove', program.id);
      remove.append('Remove', el('span', 'sr-only', ` ${program.name}`));
      remove.addEventListener('click', () => {
        programs = programs.filter((p) => p.id !== program.id);
        ids = programs.map((p) => p.id);
        removeFromCompare(program.id);
        updateUrl();
        render(index);
      });
      th.append(link, contactActions(program), remove);
      headRow.append(th);
    });
    thead.append(headRow);
    table.append(caption, thead);

    for (const group of compareGroups(programs, today, origin)) {
      const tbody = el('tbody');
      const groupRow = el('tr');
      const groupHead = el(
        'th',
        'border-t border-slate-200 bg-brand-50 px-3 py-2 text-base font-semibold text-brand-900',
        group.label,
      );
      groupHead.scope = 'rowgroup';
      groupHead.colSpan = programs.length + 1;
      groupRow.append(groupHead);
      tbody.append(groupRow);
      for (const row of group.rows) {
        const tr = el('tr', 'border-t border-slate-200');
        tr.dataset['compareRow'] = row.key;
        const th = el('th', 'sticky left-0 z-10 bg-white p-3 align-top font-medium text-muted', row.label);
        th.scope = 'row';
        tr.append(th);
        for (const cell of row.cells) {
          const td = el('td', 'border-l border-slate-200 p-3 align-top');
          td.append(...cellContent(cell));
          tr.append(td);
        }
        tbody.append(tr);
      }
      table.append(tbody);
    }
    region.append(table);
    nodes.push(region);
    root.replaceChildren(...nodes);

    if (focusColumn !== null) {
      const buttons = root.querySelectorAll<HTMLButtonElement>('[data-compare-remove]');
      buttons[Math.min(focusColumn, buttons.length - 1)]?.focus();
    }
  };

  const load = async () => {
    status.textContent = 'Loading the programs…';
    try {
      const [loaded, place] = await Promise.all([
        loadPrograms(ids),
        near ? resolveLocation(near, fetchShardFromSite) : Promise.resolve(null),
      ]);
      programs = loaded.found;
      notes = [];
      if (loaded.missing > 0) {
        notes.push(
          `${plural(loaded.missing, 'program', 'programs')} in this link ${loaded.missing === 1 ? 'is' : 'are'} no longer listed and ${loaded.missing === 1 ? 'was' : 'were'} left out.`,
        );
      }
      if (place) {
        if (place.ok) origin = { point: place.point, label: place.label };
        else notes.push(`Distances are not shown: ${place.message}`);
      }
      if (fromUrl || programs.length > 0) updateUrl();
      render(null);
    } catch (error) {
      console.warn('Could not load the programs to compare:', error);
      status.textContent = 'The programs could not be loaded.';
      const box = el('div', 'rounded-md border border-red-300 bg-red-50 p-4 text-red-900');
      box.setAttribute('role', 'alert');
      box.append(
        el('p', 'font-semibold', 'The programs could not be loaded. Check your connection and try again.'),
      );
      const retry = el('button', `${BUTTON} mt-3`, 'Try again');
      retry.type = 'button';
      retry.addEventListener('click', () => {
        void load();
      });
      box.append(retry);
      root.replaceChildren(box);
    }
  };

  void load();
}
