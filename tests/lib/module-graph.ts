/**
 * The modules a browser loads with a source file before any of its code runs: the file and,
 * recursively, every module it imports statically (`import … from`, `export … from`), read with
 * the TypeScript parser. Type-only imports are left out (the bundler drops them); `import()` calls
 * are not followed: they are listed apart, as what loads later. Relative paths are followed;
 * packages (`zod`, `react`) are listed by name and not entered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ModuleGraph {
  /** Source files reached statically, relative to the project (`src/…`). */
  files: Set<string>;
  /** Packages imported statically somewhere in `files`. */
  packages: Set<string>;
  /** `import('…')` targets written in `files`, resolved like the files. */
  dynamic: Set<string>;
}

const ROOT = resolve(import.meta.dirname, '../..');

function imports(file: string): { static: string[]; dynamic: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = { static: [] as string[], dynamic: [] as string[] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import type { … }` is erased; `import { type A }` is kept (verbatimModuleSyntax).
      if (node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword)
        found.static.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.static.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.dynamic.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `src/lib/dates.ts` for a relative specifier, the package name (`zod`, `@nanostores/react`) otherwise. */
function target(from: string, specifier: string): { file: string } | { pkg: string } {
  if (specifier.startsWith('.')) {
    const file = resolve(dirname(from), specifier);
    const found = [file, `${file}.ts`, `${file}.tsx`].find((f) => existsSync(f));
    return { file: found ?? file };
  }
  const parts = specifier.split('/');
  return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier) };
}

/** The static graph of `entries` (paths relative to the project). */
export function staticGraph(...entries: string[]): ModuleGraph {
  const graph: ModuleGraph = { files: new Set(), packages: new Set(), dynamic: new Set() };
  const queue = entries.map((e) => resolve(ROOT, e));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const name = relative(ROOT, file);
    if (graph.files.has(name)) continue;
    graph.files.add(name);
    const found = imports(file);
    for (const specifier of found.static) {
      const t = target(file, specifier);
      if ('pkg' in t) graph.packages.add(t.pkg);
      else queue.push(t.file);
    }
    for (const specifier of found.dynamic) {
      const t = target(file, specifier);
      graph.dynamic.add('pkg' in t ? t.pkg : relative(ROOT, t.file));
    }
  }
  return graph;
}
