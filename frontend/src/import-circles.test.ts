/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module of the frontend reaches itself through its imports: static, type-only, re-exports
 * and `import()` alike, since each is an arrow a reader follows.
 */
const SRC = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => resolveImport(file, fileName))
        .filter((target): target is string => target !== null);
      return [file, targets];
    }),
  );
}

/** The graph's circles: each strongly connected set of more than one module, or a self-import. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || graph.get(node)?.includes(node)) found.push(members);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((members) => members.map((path) => relative(SRC, path)).sort());
}

describe('the frontend’s imports', () => {
  it('given every module under src, when their imports are followed, then none comes back to where it started', () => {
    expect(circles(importGraph(sourceFiles(SRC)))).toEqual([]);
  });

  it('given two modules that import each other, when followed, then the circle is found', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    const c = join(SRC, 'c.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a, c]],
      [c, []],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts']]);
  });
});
