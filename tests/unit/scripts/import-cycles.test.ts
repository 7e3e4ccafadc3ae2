/**
 * No files import each other in a circle, type imports included. import-x/no-cycle (eslint)
 * skips `import type`, but a circle of type imports still ties two layers together (a contract
 * importing its types back from the server that imports the contract), so this counts them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'netlify', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [resolve(path)] : [];
  });
}

/** The code of a file: an .astro file's frontmatter and scripts, any other file whole. */
function code(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return [frontmatter, ...scripts].join('\n');
}

/** The groups of files that reach each other through their relative imports (strongly connected components). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

describe('import circles, type imports included', () => {
  it('there are none', () => {
    const files = new Set(ROOTS.flatMap((root) => sourceFiles(root)));
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(code(file), true, true);
      graph.set(
        file,
        importedFiles
          .map((imported) => imported.fileName)
          .filter((name) => name.startsWith('.'))
          .map((name) => resolve(dirname(file), name))
          .filter((target) => existsSync(target) && files.has(target)),
      );
    }
    expect(circles(graph).map((group) => group.map((file) => relative('.', file)))).toEqual([]);
  });
});
