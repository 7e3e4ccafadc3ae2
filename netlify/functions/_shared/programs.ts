/**
 * The server-side program index (generated from `content/programs` by
 * `scripts/gen-program-index.ts`; esbuild bundles the JSON into each function that imports it).
 */
import type { ProgramIndexEntry } from '../../../scripts/gen-program-index.ts';
import generated from './program-index.generated.json' with { type: 'json' };

export type { ProgramIndexEntry };

const entries: readonly ProgramIndexEntry[] = generated;
const byId = new Map(entries.map((p) => [p.id, p]));

export function findProgram(id: string): ProgramIndexEntry | undefined {
  return byId.get(id);
}

export function isKnownProgram(id: string): boolean {
  return byId.has(id);
}

export function allPrograms(): readonly ProgramIndexEntry[] {
  return entries;
}
