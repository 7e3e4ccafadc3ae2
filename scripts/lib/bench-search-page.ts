/// <reference lib="dom" />
/**
 * Browser side of the search bench (bundled by scripts/lib/bench-browser-search.ts with esbuild,
 * served by the bench's static server, driven by Playwright with real key presses and clicks).
 *
 * A search box, the Filters dialog's controls, a radius and sort choice and a list of cards over
 * `?n=` synthetic programs, wired the way the directory island (features/directory) wires them:
 * the list is sorted when the data loads and when the sort or the visitor's point changes
 * (`sortPrograms`), every change matches with the bitset engine (lib/directory/engine.ts), a
 * change made in the open Filters dialog also recounts the facets (`engine.counts`), and the
 * first 24 cards and the count are written to the DOM. Each sample is the time from the event's
 * timestamp (when the browser received the key or click) to the end of that work.
 */
import {
  EMPTY_FILTERS,
  FACET_OPTIONS,
  distanceTo,
  prepareSearch,
  sortPrograms,
  type DirectoryContext,
  type DirectoryEntry,
  type DirectoryFilters,
  type SortMode,
} from '../../src/lib/directory/rules.ts';
import { createDirectoryEngine } from '../../src/lib/directory/engine.ts';
import { distanceLabel, type RadiusMiles } from '../../src/lib/geo/distance.ts';
import { ERP_HOURS_OPTIONS } from '../../src/lib/fidelity.ts';
import { SYNTHETIC_TODAY, syntheticPrograms } from './bench-search.ts';

type Kind = 'keystroke' | 'facetToggle' | 'near' | 'sort';
type Sample = { kind: Kind; ms: number; results: number };

declare global {
  interface Window {
    benchSearch: { ready: boolean; prepareMs: number; samples: Sample[] };
  }
}

const PAGE_SIZE = 24;
const size = Number(new URLSearchParams(location.search).get('n') ?? '1000');
const programs = syntheticPrograms(size);
window.benchSearch = { ready: false, prepareMs: 0, samples: [] };

let filters: DirectoryFilters = { ...EMPTY_FILTERS };
let sort: SortMode = 'name';
let context: DirectoryContext = { origin: null, today: SYNTHETIC_TODAY };

const loadStart = performance.now();
let sorted = sortPrograms(programs, sort, context);
prepareSearch(sorted);
const engine = createDirectoryEngine(programs);
let order = engine.positions(sorted);
window.benchSearch.prepareMs = performance.now() - loadStart;

const root = document.createElement('main');
root.innerHTML = `
  <label>Search <input id="q" type="search" autocomplete="off"></label>
  <button id="near" type="button">Near Boston</button>
  <button id="near-clear" type="button">Clear place</button>
  <label>Radius <select id="radius"><option value="">Any</option>${[50, 100, 250, 500]
    .map((r) => `<option value="${String(r)}">${String(r)} mi</option>`)
    .join('')}</select></label>
  <label>Sort <select id="sort">${['name', 'rating', 'distance', 'availability']
    .map((s) => `<option value="${s}">${s}</option>`)
    .join('')}</select></label>
  <fieldset id="dialog"></fieldset>
  <p id="count"></p>
  <ul id="cards"></ul>`;
document.body.append(root);
function element(selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`bench page: no ${selector}`);
  return found;
}
const dialog = element('#dialog');
const countEl = element('#count');
const cards = element('#cards');

// The Filters dialog's controls: one checkbox per option, with its count beside it.
const options: { facet: string; value: string }[] = [
  ...(['ageGroups', 'insurance', 'modalities'] as const).flatMap((facet) =>
    FACET_OPTIONS[facet].slice(0, 3).map((value) => ({ facet, value })),
  ),
  { facet: 'reportsOutcomes', value: 'on' },
  { facet: 'openRecently', value: 'on' },
  ...ERP_HOURS_OPTIONS.slice(1, 3).map((hours) => ({ facet: 'erpHours', value: String(hours) })),
];
dialog.innerHTML = options
  .map(
    (o, i) =>
      `<label><input type="checkbox" id="t${String(i)}" data-facet="${o.facet}" value="${o.value}"> ${o.facet} ${o.value} <span></span></label>`,
  )
  .join('');

function render(results: readonly DirectoryEntry[], count: number): void {
  countEl.textContent = `${count.toLocaleString('en-US')} found`;
  const fragment = document.createDocumentFragment();
  for (const program of results) {
    const li = document.createElement('li');
    const miles = distanceTo(program, context.origin);
    li.innerHTML = `<a href="${program.path}">${program.name}</a> <span>${program.location}, ${program.state}</span>${
      miles === null ? '' : ` <span>${distanceLabel(miles)}</span>`
    }`;
    fragment.append(li);
  }
  cards.replaceChildren(fragment);
}

function renderCounts(): void {
  const counts = engine.counts(filters, context) as unknown as Record<
    string,
    number | Record<string, number>
  >;
  for (const input of dialog.querySelectorAll<HTMLInputElement>('input')) {
    const facet = counts[input.dataset['facet'] ?? ''];
    const n = typeof facet === 'number' ? facet : (facet?.[input.value] ?? 0);
    const span = input.parentElement?.querySelector('span');
    if (span) span.textContent = `(${String(n)})`;
  }
}

function update(kind: Kind, event: Event, { resort = false, counts = false } = {}): void {
  if (resort) {
    sorted = sortPrograms(programs, sort, context);
    order = engine.positions(sorted);
  }
  const match = engine.match(filters, context);
  if (counts) renderCounts();
  render(engine.take(order, match.bits, PAGE_SIZE), match.count);
  window.benchSearch.samples.push({ kind, ms: performance.now() - event.timeStamp, results: match.count });
}

root.querySelector('#q')?.addEventListener('input', (event) => {
  filters = { ...filters, query: (event.target as HTMLInputElement).value };
  update('keystroke', event);
});

dialog.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  const facet = input.dataset['facet'];
  if (facet === 'reportsOutcomes' || facet === 'openRecently')
    filters = { ...filters, [facet]: input.checked };
  else if (facet === 'erpHours') {
    // Single-select: choosing one replaces another.
    for (const other of dialog.querySelectorAll<HTMLInputElement>('[data-facet="erpHours"]')) {
      if (other !== input) other.checked = false;
    }
    filters = { ...filters, erpHours: input.checked ? (Number(input.value) as 10) : null };
  } else if (facet === 'ageGroups' || facet === 'insurance' || facet === 'modalities') {
    const list = filters[facet] as readonly string[];
    const next = input.checked ? [...list, input.value] : list.filter((v) => v !== input.value);
    filters = { ...filters, [facet]: next };
  }
  update('facetToggle', event, { counts: true });
});

root.querySelector('#radius')?.addEventListener('change', (event) => {
  const value = (event.target as HTMLSelectElement).value;
  filters = { ...filters, radius: value === '' ? null : (Number(value) as RadiusMiles) };
  update('facetToggle', event, { counts: true });
});

root.querySelector('#sort')?.addEventListener('change', (event) => {
  sort = (event.target as HTMLSelectElement).value as SortMode;
  update('sort', event, { resort: true });
});

// A resolved "Near" place (the lookup itself is the geo bench): the point, a 250-mile radius and
// the Distance sort, as the island does when a place is entered with the default sort.
root.querySelector('#near')?.addEventListener('click', (event) => {
  context = { ...context, origin: { lat: 42.3601, lng: -71.0589 } };
  filters = { ...filters, near: '02108', radius: 250 };
  sort = 'distance';
  update('near', event, { resort: true });
});
root.querySelector('#near-clear')?.addEventListener('click', (event) => {
  context = { ...context, origin: null };
  filters = { ...filters, near: '', radius: null };
  sort = 'name';
  update('near', event, { resort: true });
});

render(sorted.slice(0, PAGE_SIZE), sorted.length);
window.benchSearch.ready = true;
