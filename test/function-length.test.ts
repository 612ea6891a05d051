/**
 * No function in src/server, src/mcp or src/web/pages is longer than 120 lines (a function, arrow or method
 * with a body, from its first line to its last, read with the TypeScript compiler's parser): a long closure
 * is split into named parts at module level (hooks and components for a page, a presenter and plugins for
 * routes) that can be read, tested and changed one at a time.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = ['src/server', 'src/mcp', 'src/web/pages'];
const MAX_LINES = 120;

/**
 * Functions over the limit while they are being split, as `file:name`. Only src/server's, and the list
 * must shrink to empty: remove an entry as soon as its function is split, never add one.
 */
const BEING_SPLIT = new Set<string>([]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** A function's name as a reader finds it: its own, its variable's or property's, or the route it handles. */
function nameOf(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(source);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const route = parent.arguments.find(ts.isStringLiteralLike);
    const method = /\.(get|post|put|patch|delete|route)$/.exec(callee)?.[1];
    if (method && route) return `${method.toUpperCase()} ${route.text}`;
    return `(a function passed to ${callee})`;
  }
  return '(an anonymous function)';
}

interface Measured {
  where: string;
  key: string;
  lines: number;
}

function measure(file: string): Measured[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const rel = relative(ROOT, file);
  const out: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const name = nameOf(fn, source);
      out.push({ where: `${rel}:${first + 1} ${name}`, key: `${rel}:${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const measured = DIRS.flatMap((d) => sources(join(ROOT, d))).flatMap(measure);

describe('function length', () => {
  it(`finds the functions it measures (${measured.length} of them)`, () => {
    // A parser that found nothing would pass the test below on any code.
    expect(measured.length).toBeGreaterThan(200);
    expect(measured.some((m) => m.key === 'src/web/pages/play.tsx:PlayPage')).toBe(true);
  });

  it(`no function in ${DIRS.join(', ')} is over ${MAX_LINES} lines`, () => {
    const long = measured
      .filter((m) => m.lines > MAX_LINES && !BEING_SPLIT.has(m.key))
      .map((m) => `${m.where}: ${m.lines} lines`);
    expect(long, `functions over ${MAX_LINES} lines (split them into named parts)`).toEqual([]);
  });

  it('the functions being split are still there and still long (else their entry goes)', () => {
    const stale = [...BEING_SPLIT].filter((key) => !measured.some((m) => m.key === key && m.lines > MAX_LINES));
    expect(stale, 'entries of BEING_SPLIT to remove').toEqual([]);
  });
});
