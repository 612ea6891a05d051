/**
 * `gameboard compare A B` and `gameboard replay verify` over result files that `gameboard eval`
 * wrote, run as processes: the pairing over common seeds, the figures against the files' own runs,
 * the fixed-seed bootstrap (the same interval every time), the refusals (exit 2), and the verification
 * of every run in a file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapInterval } from '../src/cli/compare.js';
import { gameboard } from './helpers/cli.js';

let dir: string;
let a: string;
let b: string;
let other: string;

/** Lines of a .jsonl file, parsed. */
function jsonl(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-compare-'));
  a = join(dir, 'random.jsonl');
  b = join(dir, 'first.json');
  other = join(dir, 'cragwake.jsonl');
  const first = join(dir, 'first.mjs');
  writeFileSync(first, 'export default () => ({ act: (view) => view.legalActions[0] });\n');
  const made = await Promise.all([
    gameboard(['eval', '--game', 'whirlyard', '--seeds', '1-20', '--workers', '0', '--out', a]),
    // B shares seeds 5-20 with A only, and is a .json file.
    gameboard(['eval', '--game', 'whirlyard', '--seeds', '5-24', '--workers', '0', '--agent', first, '--out', b]),
    gameboard(['eval', '--game', 'cragwake', '--seeds', '1-3', '--workers', '0', '--out', other]),
  ]);
  for (const m of made) expect(m.code, m.stderr).toBe(0);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gameboard compare', () => {
  it('pairs the common seeds; its figures follow from the two files; the same output every time', async () => {
    const runsA = new Map(
      jsonl(a)
        .filter((l) => l.kind === 'run')
        .map((r) => [r.seed as number, r.score as number]),
    );
    const runsB = new Map(
      (JSON.parse(readFileSync(b, 'utf8')) as { runs: { seed: number; score: number }[] }).runs.map((r) => [
        r.seed,
        r.score,
      ]),
    );
    const diffs = [...runsA].filter(([s]) => runsB.has(s)).map(([s, x]) => x - runsB.get(s)!);
    const r = await gameboard(['compare', a, b, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as {
      n: number;
      meanDifference: number;
      ci95: [number, number];
      wins: number;
      ties: number;
      losses: number;
      unpaired: number;
    };
    expect(c.n).toBe(16);
    expect(c.unpaired).toBe(8);
    expect(c.meanDifference).toBeCloseTo(diffs.reduce((s, d) => s + d, 0) / diffs.length, 2);
    expect([c.wins, c.ties, c.losses]).toEqual([
      diffs.filter((d) => d > 0).length,
      diffs.filter((d) => d === 0).length,
      diffs.filter((d) => d < 0).length,
    ]);
    expect(c.ci95[0]).toBeLessThanOrEqual(c.meanDifference);
    expect(c.ci95[1]).toBeGreaterThanOrEqual(c.meanDifference);
    const text = await gameboard(['compare', a, b]);
    const again = await gameboard(['compare', a, b]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(again.stdout);
    expect(text.stdout).toMatch(/^paired seeds\s+16 /m);
    expect(text.stdout).toMatch(/^mean difference\s+-?[\d.]+ \(A − B\)$/m);
    expect(text.stdout).toMatch(
      /^95% interval\s+-?[\d.]+ to -?[\d.]+ \(paired bootstrap, 10,000 resamples, seed \d+\)$/m,
    );
    expect(text.stdout).toMatch(/^wins \/ ties \/ losses\s+\d+ \/ \d+ \/ \d+/m);
  }, 120_000);

  it('refuses files of another game, rules version or budget: exit 2 and one line', async () => {
    const lines = readFileSync(a, 'utf8');
    const capped = join(dir, 'capped.jsonl');
    writeFileSync(
      capped,
      lines.replace('"budget":{"limit":1000,', '"budget":{"limit":5,').replace('"maxSteps":null', '"maxSteps":5'),
    );
    const older = join(dir, 'older.jsonl');
    writeFileSync(older, lines.replace(/"rulesVersion":"[^"]+"/, '"rulesVersion":"whirlyard-0"'));
    for (const [file, why] of [
      [other, /game "whirlyard" against "cragwake"/],
      [capped, /budget .* against/],
      [older, /rulesVersion .* against "whirlyard-0"/],
    ] as const) {
      const r = await gameboard(['compare', a, file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^gameboard: Cannot compare .* with .*: their runs were not played alike/);
      expect(r.stderr).toMatch(why);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const notResults = join(dir, 'nothing.jsonl');
    writeFileSync(notResults, '{"hello":1}\n');
    const r = await gameboard(['compare', a, notResults]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no \{"kind":"header"\} line/);
  }, 120_000);

  it('the bootstrap: a fixed seed gives a fixed interval, narrower with more pairs', () => {
    const diffs = Array.from({ length: 50 }, (_, i) => (i % 7) - 3);
    expect(bootstrapInterval(diffs, 2000)).toEqual(bootstrapInterval(diffs, 2000));
    const [lo, hi] = bootstrapInterval(diffs, 2000);
    const wide = bootstrapInterval(diffs.slice(0, 10), 2000);
    expect(hi - lo).toBeLessThan(wide[1] - wide[0]);
    expect(bootstrapInterval([4, 4, 4], 500)).toEqual([4, 4]);
  });
});

describe('gameboard replay verify of a result file', () => {
  it('verifies every run of a .jsonl and a .json file, or one seed; a tampered score is INVALID (exit 1)', async () => {
    const all = await gameboard(['replay', 'verify', a]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^valid: 20 of 20 whirlyard runs in .* replay to the score and steps the file claims$/m);
    const one = await gameboard(['replay', 'verify', b, '--seed', '7']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^seed 7: valid, \d+ actions, score \d+$/m);
    const tampered = join(dir, 'tampered.jsonl');
    writeFileSync(
      tampered,
      readFileSync(a, 'utf8').replace(
        /("kind":"run","seed":3,"score":)(\d+)/,
        (_, head: string, n: string) => `${head}${Number(n) + 1}`,
      ),
    );
    const bad = await gameboard(['replay', 'verify', tampered]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^seed 3: INVALID: the file says score \d+/m);
    expect(bad.stdout).toMatch(/^INVALID: 19 of 20/m);
    const missing = await gameboard(['replay', 'verify', a, '--seed', '999']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no completed run of seed 999/);
  }, 120_000);
});
