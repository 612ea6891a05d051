/**
 * Delvewick bench cases beyond level 1. The shared bench's random play rarely leaves level 1 (40 oil),
 * so these cases walk all eight levels along the committed solutions (solutions.json), whose boards
 * are up to 26 x 15 and include level 7's avalanche, and branch into seeded random play along the way.
 * `npm run bench -- --engines` finds this file by the game's slug (bench/engines.ts `benchCasesFor`).
 */
import type { GameAction } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import type { EngineCase, ReplayCase } from '../../core/shells.js';
import { delvewick } from './index.js';
import { decodeActions, type SolutionsFile } from './solutions.js';
import book from './solutions.json' with { type: 'json' };
import { PLAYING, type DelvewickAction, type DelvewickState } from './types.js';

/** The winning run: every level's committed solution, in order. */
function winningActions(): DelvewickAction[] {
  return (book as SolutionsFile).levels.flatMap((l) => decodeActions(l.actions));
}

/**
 * (state, action) pairs along the winning run, and from every fourth state on it a short seeded
 * random branch (up to 12 steps), so the pairs hold falling rock, pushes and digging on every level.
 */
function levelPairs(): Array<[unknown, GameAction]> {
  const rng = Rng.fromSeed(2026, 3);
  const pairs: Array<[unknown, GameAction]> = [];
  let s: DelvewickState = delvewick.init(1);
  winningActions().forEach((action, k) => {
    if (k % 4 === 0) {
      let b = s;
      for (let i = 0; i < 12 && b.end === PLAYING; i++) {
        const a = rng.pick(delvewick.legalActions(b));
        pairs.push([b, a]);
        const r = delvewick.step(b, a);
        if (!r.ok) throw new Error(`bench branch: a legal action was refused: ${r.message}`);
        b = r.state;
      }
    }
    pairs.push([s, action]);
    const r = delvewick.step(s, action);
    if (!r.ok) throw new Error(`bench: the committed solution was refused at action ${k}: ${r.message}`);
    s = r.state;
  });
  return pairs;
}

/** Step + legalActions over states from all eight levels. */
export function engineCases(): EngineCase[] {
  return [{ name: 'delvewick: step + legalActions, levels 1-8 (solutions and branches)', pairs: levelPairs() }];
}

/** Replay verification of the winning run (all eight levels), five times over. */
export function replayCases(): ReplayCase[] {
  const actions = winningActions();
  const runs = [1, 2, 3, 4, 5].map((seed) => ({ seed, actions }));
  return [{ name: 'delvewick: replay verification, the winning run', runs, units: runs.length * actions.length }];
}
