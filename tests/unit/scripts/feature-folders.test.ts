/**
 * README.md (the source tree) and docs/architecture.md (the layers) name every feature folder:
 * each folder of src/features appears in both as `name/`, on its own (not as the tail of another
 * name such as provider-auth/ for auth/ or of a longer path).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** True when `text` names the folder `name` as `name/`, not inside a longer name or path. */
export function namesFolder(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`(?<![\w/-])${escaped}/`).test(text);
}

describe('the docs list every feature folder', () => {
  it('reads folder names, not tails of other names', () => {
    expect(namesFolder('provider-auth/ and src/features/auth/', 'auth')).toBe(false);
    expect(namesFolder('directory/, `auth/`', 'auth')).toBe(true);
  });

  it('finds the feature folders', () => {
    expect(FEATURES).toContain('directory');
  });

  it.each(['README.md', 'docs/architecture.md'])('%s names each of them', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(FEATURES.filter((name) => !namesFolder(text, name))).toEqual([]);
  });
});
