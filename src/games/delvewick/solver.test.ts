/**
 * Proof that every level can be cleared: the committed solutions (solutions.json, written by
 * solve-levels.ts) are replayed through the public engine, the solver is run live on level 1, and the
 * naive player (always dig to the nearest gem) is shown to fail the later levels.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVELS, levelStart } from './generate.js';
import { delvewick } from './index.js';
import { naiveClears } from './naive.js';
import { decodeActions, encodeActions, type SolutionsFile } from './solutions.js';
import { solveLevel } from './solver.js';
import { PLAYING, WON, type DelvewickAction, type DelvewickState } from './types.js';

const solutions: SolutionsFile = JSON.parse(readFileSync(new URL('./solutions.json', import.meta.url), 'utf8'));

/** Plays `actions` through the public step; every one must be accepted. */
function replay(start: DelvewickState, actions: DelvewickAction[]): DelvewickState[] {
  const states = [start];
  let s = start;
  for (const [i, a] of actions.entries()) {
    const r = delvewick.step(s, a);
    if (!r.ok) throw new Error(`action ${i} ${JSON.stringify(a)} refused: ${r.reason}: ${r.message}`);
    s = r.state;
    states.push(s);
  }
  return states;
}

describe('stored solutions', () => {
  it('were found under the current rules version', () => {
    expect(solutions.rulesVersion).toBe(delvewick.spec.rulesVersion);
    expect(solutions.levels.map((l) => l.level)).toEqual(LEVELS.map((l) => l.number));
  });

  for (const stored of solutions.levels) {
    it(`level ${stored.level} ${stored.name}: the solution clears it within its oil and earns what it records`, () => {
      const start = levelStart(stored.level);
      const states = replay(start, decodeActions(stored.actions));
      const last = states[states.length - 1];
      const beforeExit = states[states.length - 2];
      // Only the final action leaves the level, and nothing ends the run on the way.
      expect(states.slice(0, -1).every((s) => s.level === stored.level && s.end === PLAYING)).toBe(true);
      expect(stored.level === 8 ? last.end === WON : last.level === stored.level + 1).toBe(true);
      expect(beforeExit.gems).toBeGreaterThanOrEqual(LEVELS[stored.level - 1].quota);
      expect(states.length - 2).toBeLessThan(LEVELS[stored.level - 1].oil);
      expect([last.score - start.score, beforeExit.gems, beforeExit.oil]).toEqual([
        stored.points,
        stored.gems,
        stored.oilLeft,
      ]);
    });
  }

  it('DW-042 played back to back from init, the eight solutions win the run with the recorded score', () => {
    const actions = solutions.levels.flatMap((l) => decodeActions(l.actions));
    for (const seed of [0, 7, 0xffffffff]) {
      const states = replay(delvewick.init(seed), actions);
      const last = states[states.length - 1];
      expect(last.end).toBe(WON);
      expect(delvewick.observe(last).endReason).toBe('won');
      expect(last.score).toBe(solutions.runScore);
      expect(delvewick.seedOf(last)).toBe(seed);
    }
  });
});

describe('the solver', () => {
  it('clears level 1 live, deterministically, with a clear the engine accepts', () => {
    const a = solveLevel(levelStart(1), { beamWidth: 1000, perCell: 4 });
    const b = solveLevel(levelStart(1), { beamWidth: 1000, perCell: 4 });
    expect(a.cleared).toBe(true);
    expect(encodeActions(a.actions)).toBe(encodeActions(b.actions));
    const states = replay(levelStart(1), a.actions);
    expect(states[states.length - 1].level).toBe(2);
    expect(states[states.length - 1].score).toBe(a.points);
  });

  it('starts from any state: half-way through a level it still finds the way out', () => {
    const stored = solutions.levels[1];
    const half = decodeActions(stored.actions).slice(0, Math.floor(stored.actions.length / 2));
    const states = replay(levelStart(2), half);
    const mid = states[states.length - 1];
    const rest = solveLevel(mid, { beamWidth: 500, perCell: 4 });
    expect(rest.cleared).toBe(true);
    expect(replay(mid, rest.actions).pop()?.level).toBe(3);
  });
});

describe('the naive player (always dig towards the nearest gem, then to the exit)', () => {
  it('clears the first level, so it is a fair baseline', () => {
    expect(naiveClears(levelStart(1))).toBe(true);
  });

  for (const level of LEVELS.slice(1)) {
    it(`does not clear level ${level.number} ${level.name}`, () => {
      expect(naiveClears(levelStart(level.number))).toBe(false);
    });
  }
});
