/**
 * The Delvewick heuristic: plays each level along the game's beam-search solver
 * (`src/games/delvewick/solver.ts`). It needs the engine's state (`needsState`), since the solver
 * searches on real engine states; it therefore plays in-process only, and the CLI says so.
 *
 * Delvewick has no randomness (every seed plays the same eight levels), so a plan made for a state is
 * exact: the agent follows it as long as each state it meets is the one the plan expected.
 *
 * - At a level's fresh start it takes that level's solution from the solver's committed output
 *   (`solutions.json`, written by `solve-levels.ts` with wider beams than a live call can afford),
 *   checked action by action on the engine before it is trusted.
 * - Anywhere else (a state it did not expect, such as one handed over mid-level) it runs the solver
 *   live from that state, with a narrower beam.
 * - When the solver finds no clear, it falls back to the naive player for the rest of that level:
 *   dig to the nearest gem, then to the exit.
 *
 * Plans are cached per process by the state they start from, so evaluating many seeds solves a state
 * once.
 */
import { delvewick } from '../../games/delvewick/index.js';
// The heuristic plans with the game's own level table, solver and solution book: the same code the
// game's tests check, rather than a copy that could drift from it.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the fixed level table the heuristic plans over
import { LEVELS } from '../../games/delvewick/generate.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the fallback move when no plan applies
import { naiveAction } from '../../games/delvewick/naive.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the level solver, for levels not in the book
import { solveLevel } from '../../games/delvewick/solver.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the solution book's format
import { decodeActions, type SolutionsFile } from '../../games/delvewick/solutions.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the solution book itself
import book from '../../games/delvewick/solutions.json' with { type: 'json' };
import type { DelvewickAction, DelvewickState } from '../../games/delvewick/index.js';
import type { AgentFactory } from '../types.js';

/** Beam width of a live solver call (the committed solutions used up to 8,000; this keeps a call to seconds). */
const LIVE_BEAM = 400;

/** Everything that decides a Delvewick state's future (the seed and the settled flag do not). */
function stateKey(s: DelvewickState): string {
  return `${s.level}|${s.mole}|${s.oil}|${s.gems}|${s.score}|${s.chain}|${s.chainAge}|${s.exitOpen}|${s.end}|${s.grid.join(',')}`;
}

/** A plan: the action to take in each state it passes through. */
type Plan = Map<string, DelvewickAction>;

/** Plans by the key of the state they start from; null when the solver found no clear there. */
const plans = new Map<string, Plan | null>();

/** Plays `actions` from `start` on the engine; the plan when every action is accepted and the level clears. */
function planOf(start: DelvewickState, actions: readonly DelvewickAction[]): Plan | null {
  const plan: Plan = new Map();
  let s = start;
  for (const action of actions) {
    plan.set(stateKey(s), action);
    const r = delvewick.step(s, action);
    if (!r.ok) return null;
    s = r.state;
  }
  const cleared = s.level !== start.level || s.end === 1;
  return cleared ? plan : null;
}

/** True when `s` is the untouched start of its level (so the committed solution applies). */
function atLevelStart(s: DelvewickState): boolean {
  const def = LEVELS[s.level - 1];
  if (!def || s.oil !== def.oil || s.mole !== def.mole || s.gems !== 0 || s.chain !== 0) return false;
  for (let i = 0; i < def.grid.length; i++) if (s.grid[i] !== def.grid[i]) return false;
  return true;
}

/** The plan from `s`: the committed solution at a level's start, else a live solve; cached. */
function planFrom(s: DelvewickState, key: string): Plan | null {
  if (plans.has(key)) return plans.get(key)!;
  let plan: Plan | null = null;
  if (atLevelStart(s)) {
    const stored = (book as SolutionsFile).levels.find((l) => l.level === s.level);
    if (stored) plan = planOf(s, decodeActions(stored.actions));
  }
  if (!plan) {
    const solved = solveLevel(s, { beamWidth: LIVE_BEAM });
    if (solved.cleared) plan = planOf(s, solved.actions);
  }
  plans.set(key, plan);
  return plan;
}

/** Plays every level along the solver's clears, with the naive player as the fallback. Needs the state. */
export const delvewickHeuristic: AgentFactory = () => {
  let plan: Plan | null = null;
  /** The level on which the solver found nothing: play it out naively rather than re-solve each move. */
  let naiveLevel = 0;
  return {
    act(view) {
      const s = view.state as DelvewickState | undefined;
      if (!s) throw new Error('the Delvewick heuristic needs the engine state (needsState): play it in-process');
      const key = stateKey(s);
      let action = plan?.get(key);
      if (!action && naiveLevel !== s.level) {
        plan = planFrom(s, key);
        action = plan?.get(key);
        if (!action) naiveLevel = s.level;
      }
      return action ?? naiveAction(s);
    },
  };
};
delvewickHeuristic.needsState = true;
delvewickHeuristic.games = ['delvewick'];
