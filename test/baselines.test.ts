/**
 * docs/baselines.md stays true: the random rows of its table are re-run over each game's whole `test`
 * suite (random runs are short), and the per-seed slices (random and heuristic) are re-run seed by seed, through the same
 * harness `gameboard eval` uses (std and the 95 % interval included). A rule change that moves a figure
 * fails here until the table is regenerated with the commands the page shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/agents/harness/index.js';
import { registry } from '../src/games/index.js';

const page = readFileSync(new URL('../docs/baselines.md', import.meta.url), 'utf8');

/** The text of the section under the heading `## title`. */
function section(title: string): string {
  const start = page.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`docs/baselines.md has no section "${title}"`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The cells of every table row of `text` whose first cell is `first`. */
function rows(text: string, first: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`| ${first} |`))
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
}

describe('docs/baselines.md', () => {
  const table = rows(section('The table (`test` suite, 100 seeds per game)'), 'random');
  it('has a random row for every game', () => {
    expect(table.map((r) => r[1])).toEqual(registry.slugs());
  });
  it('has a heuristic row for every game, each above random', () => {
    const heuristic = rows(section('The table (`test` suite, 100 seeds per game)'), 'heuristic');
    expect(heuristic.map((r) => r[1])).toEqual(registry.slugs());
    for (const h of heuristic) expect(Number(h[3])).toBeGreaterThan(10 * Number(table.find((r) => r[1] === h[1])![3]));
  });

  for (const game of registry.games) {
    const slug = game.spec.slug;
    it(`random on ${slug} over the test suite: the table's figures still hold`, async () => {
      const row = table.find((r) => r[1] === slug)!;
      const { summary } = await evaluate({ game: slug, agent: 'random', seeds: game.spec.suites.test, workers: 0 });
      const [, , runs, mean, std, ci95, median, p10p90, max, far, ended] = row;
      expect(Number(runs)).toBe(summary.runs);
      expect(Number(mean)).toBe(summary.mean);
      expect(Number(std)).toBe(summary.std);
      expect(ci95).toBe(`${summary.ci95[0]} to ${summary.ci95[1]}`);
      expect(Number(median)).toBe(summary.median);
      expect(p10p90).toBe(`${summary.p10} / ${summary.p90}`);
      expect(Number(max)).toBe(summary.max);
      expect(far).toBe(`${summary.progress.label} ${summary.progress.mean} / ${summary.progress.max}`);
      const counted = Object.fromEntries(
        ended.split(', ').map((part) => [part.split(' ')[0], Number(part.split(' ')[1])] as const),
      );
      expect(counted).toEqual(summary.outcomes);
    });

    for (const [agent, title] of [
      ['random', 'A per-seed slice'],
      ['heuristic', 'A per-seed slice of the heuristic'],
    ]) {
      it(`${agent} on ${slug}: the per-seed slice replays seed by seed`, async () => {
        const slice = rows(section(title), slug);
        expect(slice.length).toBeGreaterThanOrEqual(3);
        const seeds = slice.map((r) => Number(r[1]));
        expect(seeds).toEqual(game.spec.suites.test.slice(0, slice.length));
        const { results } = await evaluate({ game: slug, agent, seeds, workers: 0 });
        expect(slice.map((r) => r.slice(1))).toEqual(
          results.map((r) => [
            String(r.seed),
            String(r.score),
            String(r.steps),
            String(r.progress),
            `${r.outcome.kind}:${r.outcome.reason}`,
          ]),
        );
      });
    }
  }
});
