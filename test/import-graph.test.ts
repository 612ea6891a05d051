/**
 * The import graph of src/, read with the TypeScript compiler's parser: no cycle of imports that carry
 * values (a cycle through `import type` is erased at compile time and harmless), and no arrow pointing up
 * the layers: src/core imports nothing of the project outside src/core, and the games import only core
 * and their own folder.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The project file a relative specifier names, or null (a package, or a non-TypeScript file). */
function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate)) return candidate;
  return null;
}

/** Whether an import or export declaration brings a value (not only types) from its module. */
function carriesValue(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // a side-effect import runs the module
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings) return false;
    if (ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.some((e) => !e.isTypeOnly);
  }
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return true;
  return clause.elements.some((e) => !e.isTypeOnly);
}

/** Every project file each file imports values from. */
function valueGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const out: string[] = [];
    for (const node of source.statements) {
      if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
      if (!carriesValue(node)) continue;
      const target = resolveSpecifier(file, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target) out.push(target);
    }
    graph.set(file, out);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const rel = (f: string) => relative(ROOT, f);

describe('the import graph of src/', () => {
  const graph = valueGraph();

  it('reads every source file and finds its value imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    // A known arrow: the project registry imports the games' index files as values.
    expect(graph.get(join(SRC, 'games/index.ts'))).toContain(join(SRC, 'games/whirlyard/index.ts'));
  });

  it('has no cycle of imports that carry values', () => {
    expect(cycles(graph).map((c) => c.map(rel).sort())).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toHaveLength(1);
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, []],
        ]),
      ),
    ).toHaveLength(0);
  });

  it('points no arrow up the layers: core imports only core, games only core and their own folder', () => {
    const up: string[] = [];
    for (const [file, targets] of graph) {
      const r = rel(file);
      for (const t of targets.map(rel)) {
        if (r.startsWith('src/core/') && !t.startsWith('src/core/')) up.push(`${r} -> ${t}`);
        const game = /^src\/games\/([a-z]+)\//.exec(r)?.[1];
        if (game && !t.startsWith('src/core/') && !t.startsWith(`src/games/${game}/`)) up.push(`${r} -> ${t}`);
      }
    }
    expect(up).toEqual([]);
  });
});
