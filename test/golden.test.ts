/**
 * Every registered game's golden runs (golden/<slug>/*.json, the format of test/helpers/golden.ts),
 * replayed through the game's public `init` and `step` and compared after every action: the progress,
 * the score and the hash of the whole wire state, then the outcome. Any change to a rule, a generator
 * or the wire form shows here; when one is meant, bump the game's rules version and re-record with
 * `RECORD_GOLDEN=1 npx vitest run test/golden.test.ts` (then `npx prettier --write golden`).
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { goldenNames, loadGolden, recordRun, replayStates, stepFacts, writeGolden } from './helpers/golden.js';

const runs = registry.games.flatMap((game) =>
  goldenNames(game.spec.slug).map((name) => ({ slug: game.spec.slug, name, game })),
);

describe.skipIf(!process.env.RECORD_GOLDEN)('re-recording', () => {
  it.each(runs)('re-records $slug/$name from its seed and actions', async ({ game, name, slug }) => {
    const old = loadGolden(slug, name);
    await writeGolden(name, recordRun(game, old.seed, old.player, old.actions));
  });
});

describe('golden runs', () => {
  it.each(registry.games.map((g) => g.spec.slug))('%s has golden runs', (slug) => {
    expect(goldenNames(slug).length).toBeGreaterThan(0);
  });

  it.each(runs)('$slug/$name replays step for step as recorded', ({ game, name, slug }) => {
    const run = loadGolden(slug, name);
    expect(run.game).toBe(slug);
    expect(run.rulesVersion).toBe(game.spec.rulesVersion);
    expect(run.actions.length).toBeGreaterThan(0);
    expect(run.steps).toHaveLength(run.actions.length);
    // through the wire, as a client would send them
    const actions = JSON.parse(JSON.stringify(run.actions)) as typeof run.actions;
    const states = replayStates(game, { seed: run.seed, actions });
    states.forEach((s, i) => expect(stepFacts(game, s), `after action ${i}`).toEqual(run.steps[i]));
    const last = states[states.length - 1];
    expect(game.outcome(last)).toEqual(run.outcome);
    expect(game.isGameOver(last)).toBe(run.outcome !== null);
    // only the last action may end the run
    expect(states.slice(0, -1).every((s) => !game.isGameOver(s))).toBe(true);
  });
});
