/**
 * The layers are kept by the linter (eslint.config.js): each rule below is shown to fail on a
 * real file given one forbidden import, and to pass on the file as it is.
 */
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rule ids ESLint reports for `file` with `extra` appended to its text. */
async function ruleIdsWith(file: string, extra: string): Promise<string[]> {
  const text = `${readFileSync(file, 'utf8')}\n${extra}\n`;
  const [result] = await eslint.lintText(text, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first lint reads the whole import graph with the TypeScript parser: a minute on a busy machine.
describe('the layers the linter keeps', { timeout: 240_000 }, () => {
  it.each([
    [
      'a feature importing another feature',
      'src/features/admin/AdminPage.tsx',
      "import '../favourites/FavouritesPage.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'src/lib importing a feature',
      'src/lib/dates.ts',
      "import '../features/admin/AdminPage.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'src/ui importing a feature',
      'src/ui/format.ts',
      "import '../features/admin/AdminPage.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'src/api importing a feature',
      'src/api/client.ts',
      "import '../features/admin/AdminPage.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'a function importing scripts/',
      'netlify/functions/health.mts',
      "import '../../scripts/lib/runtime.ts';",
      'import-x/no-restricted-paths',
    ],
    [
      'a function importing another function',
      'netlify/functions/health.mts',
      "import './me.mts';",
      'no-restricted-imports',
    ],
    [
      'src/ importing netlify/',
      'src/lib/dates.ts',
      "import '../../netlify/functions/_shared/db.ts';",
      'import-x/no-restricted-paths',
    ],
    [
      'src/ importing a type from netlify/',
      'src/api/contracts/admin.ts',
      "import type { Tx } from '../../../netlify/functions/_shared/db.ts';\nexport type AdminTx = Tx;",
      'import-x/no-restricted-paths',
    ],
    [
      'the build-time loader importing netlify/ beyond its two queries',
      'src/lib/content/listing-loader.ts',
      "import '../../../netlify/functions/_shared/db.ts';",
      'import-x/no-restricted-paths',
    ],
    [
      'a component importing a feature',
      'src/components/program/ProgramCard.tsx',
      "import '../../features/compare/CompareToggle.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'a feature importing src/islands',
      'src/features/directory/Directory.tsx',
      "import '../../islands/card-parts.tsx';",
      'import-x/no-restricted-paths',
    ],
    [
      'an import circle',
      'src/lib/dates.ts',
      "import { AVAILABILITY_STATUSES } from './availability.ts';\nexport const circle = AVAILABILITY_STATUSES;",
      'import-x/no-cycle',
    ],
  ])('%s fails lint', async (_, file, extra, rule) => {
    expect(await ruleIdsWith(file, extra)).toContain(rule);
  });

  it.each([
    ['src/features/admin/AdminPage.tsx'],
    ['src/lib/directory/rules.ts'],
    ['netlify/functions/health.mts'],
    ['src/components/program/ProgramCard.tsx'],
    ['src/lib/content/listing-loader.ts'],
    ['src/islands/card-parts.tsx'],
  ])('%s as it is passes', async (file) => {
    const [result] = await eslint.lintFiles([file]);
    expect(result?.messages ?? []).toEqual([]);
  });
});
