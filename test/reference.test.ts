/**
 * The normalised score's reference points (src/agents/reference.ts) are the figures docs/baselines.md
 * publishes, for the rules versions the games have today; the `dev` rows are re-run here through the
 * harness `gameboard eval` uses (random and heuristic runs are short on 20 seeds).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/agents/harness/index.js';
import { normalisedScore, referenceMeans, referenceOf } from '../src/agents/reference.js';
import { registry } from '../src/games/index.js';

const page = readFileSync(new URL('../docs/baselines.md', import.meta.url), 'utf8');

/** The mean column of the `agent` row for `game` in the section titled `title`. */
function tableMean(title: string, agent: string, game: string): number {
  const start = page.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`docs/baselines.md has no section "${title}"`);
  const end = page.indexOf('\n## ', start + 1);
  const row = page
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .find((l) => l.startsWith(`| ${agent} | ${game} |`));
  if (!row) throw new Error(`no ${agent} row for ${game} under "${title}"`);
  return Number(row.split('|')[4].trim());
}

const TITLES = { test: 'The table (`test` suite, 100 seeds per game)', dev: 'The `dev` suite (20 seeds per game)' };

describe('normalised score reference', () => {
  it('covers every registered game, at its current rules version', () => {
    for (const game of registry.games) expect(referenceOf(game.spec.slug)?.rulesVersion).toBe(game.spec.rulesVersion);
    expect(referenceOf('nosuchgame')).toBeUndefined();
  });

  for (const game of registry.games) {
    const slug = game.spec.slug;
    for (const suite of ['dev', 'test'] as const) {
      it(`${slug} ${suite}: the reference means are docs/baselines.md's`, () => {
        const ref = referenceMeans(slug, suite)!;
        expect(ref.random).toBe(tableMean(TITLES[suite], 'random', slug));
        expect(ref.heuristic).toBe(tableMean(TITLES[suite], 'heuristic', slug));
      });
    }
    for (const agent of ['random', 'heuristic'] as const) {
      it(`${slug} dev: ${agent}'s mean re-runs to the reference`, async () => {
        const { summary } = await evaluate({ game: slug, agent, seeds: game.spec.suites.dev, workers: 0 });
        expect(summary.mean).toBe(referenceMeans(slug, 'dev')![agent]);
      });
    }
  }

  it('puts random at 0 and the heuristic at 100, linearly between and beyond', () => {
    const ref = referenceMeans('cragwake', 'test')!;
    expect(normalisedScore('cragwake', 'test', ref.random)).toBe(0);
    expect(normalisedScore('cragwake', 'test', ref.heuristic)).toBe(100);
    const mid = (ref.random + ref.heuristic) / 2;
    expect(normalisedScore('cragwake', 'test', mid)).toBeCloseTo(50, 10);
    expect(normalisedScore('cragwake', 'test', 2 * ref.heuristic - ref.random)).toBeCloseTo(200, 10);
    expect(normalisedScore('cragwake', 'test', ref.random - (ref.heuristic - ref.random))).toBeCloseTo(-100, 10);
  });

  it('has no reference for held-out seeds, another rules version or an unknown game', () => {
    expect(normalisedScore('cragwake', 'held-out', 1000)).toBeNull();
    expect(normalisedScore('cragwake', null, 1000)).toBeNull();
    expect(normalisedScore('cragwake', 'test', 1000, 'cragwake-1')).toBeNull();
    expect(normalisedScore('cragwake', 'test', 1000, referenceOf('cragwake')!.rulesVersion)).not.toBeNull();
    expect(normalisedScore('nosuchgame', 'test', 1000)).toBeNull();
    expect(normalisedScore('__proto__', 'test', 1000)).toBeNull();
  });
});
