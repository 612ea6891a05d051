/**
 * `npm run bench -- --fishing`: does abandoning bad starts pay on the ranked board? Not a speed figure:
 * a simulation over real runs. The built-in heuristic plays a pool of seeds to the game's budget; for
 * each seed we keep its final score and its score after the first `peek` actions (what a player sees
 * before deciding to go on). Two players make ranked attempts on seeds drawn from the pool:
 *
 * - the **steady** player plays every start through;
 * - the **fisher** looks at each start's first `peek` actions and abandons it when that early score is
 *   below the pool's median early score. An abandoned session ends at the score it had (attempts.ts),
 *   and counts.
 *
 * Under the board as it was (each player's best finished run; abandoned sessions never listed), the
 * fisher keeps starting until 20 starts are played through, and lists the best; the steady player
 * lists the best of 20. Under the board now (the mean of the last 20 attempts, every one counting),
 * both make 20 attempts. Printed: each statistic's expectation over many simulated players, and how
 * often the fisher ranks above a steady player.
 */
import { builtinAgent } from '../src/agents/index.js';
import { meterFor } from '../src/agents/budgets.js';
import { playRun } from '../src/agents/play.js';
import { Rng } from '../src/core/rng.js';
import { registry } from '../src/games/index.js';

interface Seeded {
  seed: number;
  early: number;
  final: number;
}

/** Final and early scores of the heuristic on seeds 1..n of `slug`. */
async function pool(slug: string, n: number, peek: number): Promise<Seeded[]> {
  const game = registry.get(slug)!;
  const factory = (await builtinAgent('heuristic', slug))!;
  const out: Seeded[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const run = await playRun(game, factory, seed, { budget: meterFor(slug) });
    let state = game.init(seed);
    for (const a of run.actions.slice(0, peek)) {
      const r = game.step(state, a);
      if (!r.ok) throw new Error('a recorded action was refused on replay');
      state = r.state;
    }
    out.push({ seed, early: game.score(state), final: run.score });
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function benchFishing(slug = 'cragwake', seeds = 120, peek = 100, players = 4000): Promise<void> {
  const t0 = performance.now();
  const runs = await pool(slug, seeds, peek);
  const earlies = runs.map((r) => r.early).sort((a, b) => a - b);
  const median = earlies[Math.floor(earlies.length / 2)];
  const rng = Rng.fromSeed(37, 1);
  const draw = () => runs[rng.below(runs.length)];
  const ATTEMPTS = 20;
  const oldSteady: number[] = [];
  const oldFisher: number[] = [];
  const newSteady: number[] = [];
  const newFisher: number[] = [];
  let starts = 0;
  for (let p = 0; p < players; p++) {
    // The board as it was: the best finished run.
    oldSteady.push(Math.max(...Array.from({ length: ATTEMPTS }, () => draw().final)));
    const kept: number[] = [];
    while (kept.length < ATTEMPTS) {
      const r = draw();
      starts++;
      if (r.early >= median) kept.push(r.final);
    }
    oldFisher.push(Math.max(...kept));
    // The board now: the mean of the last 20 attempts, an abandoned one at its early score.
    newSteady.push(mean(Array.from({ length: ATTEMPTS }, () => draw().final)));
    newFisher.push(
      mean(
        Array.from({ length: ATTEMPTS }, () => {
          const r = draw();
          return r.early >= median ? r.final : r.early;
        }),
      ),
    );
  }
  const above = (a: number[], b: number[]) => a.filter((x, i) => x > b[i]).length / a.length;
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `Fishing on ${slug}: the heuristic on seeds 1-${seeds} to the budget; a fisher abandons a start whose score after ${peek} actions is below the median (${fmt(median)}); ${players} simulated players of each kind, 20 attempts each (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  seed pool: final score mean ${fmt(mean(runs.map((r) => r.final)))}, early score mean ${fmt(mean(earlies))}`,
  );
  console.log('| board | steady player (expected) | fisher (expected) | fisher ranks above steady |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| best finished run (before; the fisher starts ${(starts / players).toFixed(1)} sessions for 20 played through) | ${fmt(mean(oldSteady))} | ${fmt(mean(oldFisher))} | ${(100 * above(oldFisher, oldSteady)).toFixed(1)} % |`,
  );
  console.log(
    `| mean of the last 20 attempts, every start counted (now) | ${fmt(mean(newSteady))} | ${fmt(mean(newFisher))} | ${(100 * above(newFisher, newSteady)).toFixed(1)} % |`,
  );
}
