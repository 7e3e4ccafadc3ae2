import type { DirectoryEntry } from '../../../../src/lib/directory/rules.ts';

/** A directory entry with plain defaults; tests set only the fields their rule is about. */
export function program(overrides: Partial<DirectoryEntry> & { id: string }): DirectoryEntry {
  return {
    name: `Program ${overrides.id}`,
    description: 'A residential program.',
    location: 'Springfield',
    state: 'Illinois',
    ageGroups: ['Adults'],
    setting: 'Residential',
    insurance: ['Private Pay'],
    modalities: ['ERP'],
    verified: false,
    path: `/program/${overrides.id}`,
    ...overrides,
  };
}
