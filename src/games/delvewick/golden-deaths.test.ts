/**
 * Golden runs that die. The eight stored solutions (solutions.json) are the golden runs that win; these
 * are runs from `init` that play the solutions of levels 1-5 and then die on level 6, one for each way a
 * run can end early that we could reach by play: crushed by a falling rock, and out of oil. Each file in
 * golden/ holds the seed, the actions as letters (solutions.ts) and, per step, the level, the score, the
 * oil and a hash of the wire state; the test replays them through the engine step by step. The level-6
 * actions were found by seeded random play; the files are the record. Re-record after a rules change
 * (and a rules version bump) with `RECORD_GOLDEN=1 npx vitest run src/games/delvewick/golden-deaths.test.ts`,
 * then `npx prettier --write` the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/seal.js';
import { delvewick } from './index.js';
import { decodeActions, type SolutionsFile } from './solutions.js';
import { CRUSHED, OUT_OF_OIL, PLAYING, type DelvewickState } from './types.js';
import { toWire } from './wire.js';

interface GoldenDeath {
  rulesVersion: string;
  seed: number;
  ending: 'crushed' | 'out_of_oil';
  actions: string;
  steps: { level: number; score: number; oil: number; hash: string }[];
}

const solutions: SolutionsFile = JSON.parse(readFileSync(new URL('./solutions.json', import.meta.url), 'utf8'));
const PREFIX = solutions.levels
  .slice(0, 5)
  .map((l) => l.actions)
  .join('');
/** The level-6 endings, found by seeded random play from the start of level 6. */
const ENDINGS = [
  { ending: 'crushed', code: CRUSHED, tail: 'dddrwddulddrrrlddlrwlddldrwrurrrrrlrlwlrrwlrudlru' },
  {
    ending: 'out_of_oil',
    code: OUT_OF_OIL,
    tail: 'dwrrludrrwlrlrddruullrudldrudlrduluulddlruulrlrrldrwrrddudduddddlllduw',
  },
] as const;
const file = (ending: string) => new URL(`./golden/dies-${ending}.json`, import.meta.url);

/** FNV-1a over a string, as 8 hex digits. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const fact = (s: DelvewickState) => ({
  level: s.level,
  score: s.score,
  oil: s.oil,
  hash: fnv(canonicalJson(toWire(s))),
});

/** Plays letters from init through the public step, returning every state after an action. */
function play(seed: number, letters: string): DelvewickState[] {
  let s = delvewick.init(seed);
  return decodeActions(letters).map((a, i) => {
    const r = delvewick.step(s, a);
    if (!r.ok) throw new Error(`action ${i} ${JSON.stringify(a)} refused: ${r.reason}: ${r.message}`);
    s = r.state;
    return s;
  });
}

describe.skipIf(!process.env.RECORD_GOLDEN)('recording', () => {
  it.each(ENDINGS)('records the run that ends $ending', ({ ending, tail }) => {
    const states = play(0, PREFIX + tail);
    const run: GoldenDeath = {
      rulesVersion: delvewick.spec.rulesVersion,
      seed: 0,
      ending,
      actions: PREFIX + tail,
      steps: states.map(fact),
    };
    writeFileSync(file(ending), JSON.stringify(run, null, 1) + '\n');
  });
});

describe('golden runs that die', () => {
  it.each(ENDINGS)(
    'DW-042 a run from init clears levels 1-5 and ends $ending on level 6, step for step',
    ({ ending, code }) => {
      const run = JSON.parse(readFileSync(file(ending), 'utf8')) as GoldenDeath;
      expect(run.rulesVersion).toBe(delvewick.spec.rulesVersion);
      const states = play(run.seed, run.actions);
      states.forEach((s, i) => expect(fact(s), `step ${i}`).toEqual(run.steps[i]));
      const last = states[states.length - 1];
      expect(last.level).toBe(6);
      expect(last.end).toBe(code);
      expect(states.slice(0, -1).every((s) => s.end === PLAYING)).toBe(true);
      expect(delvewick.isGameOver(last)).toBe(true);
      expect(delvewick.outcome(last)).toMatchObject({ kind: 'terminated', reason: ending });
      // the ending keeps every point banked: the score never drops on the last step
      expect(last.score).toBeGreaterThanOrEqual(states[states.length - 2].score);
    },
  );
});
