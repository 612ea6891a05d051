/**
 * Golden runs into the late waves. Random play rarely lives past wave 6, so the rules for waves 13 and
 * later (10 drones, 4 charged) were only ever checked in hand-made positions; these runs reach them by
 * play. Each file in golden/ holds a seed, its actions and, per step, the wave, the score and a hash of
 * the wire state; the test replays the actions through the engine and compares every step. The actions
 * came from the depth-3 lookahead player in lookahead.ts, and one test checks the player still chooses
 * them. Re-record (after a rules change and a RULES_VERSION bump) with
 * `RECORD_GOLDEN=1 npx vitest run src/games/whirlyard/golden-runs.test.ts`, then `npx prettier --write` the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/seal.js';
import { lookaheadAction } from './lookahead.js';
import { init, step } from './rules.js';
import { RULES_VERSION } from './spec.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';
import { toWire } from './wire.js';

interface GoldenRun {
  game: 'whirlyard';
  rulesVersion: string;
  seed: number;
  actions: WhirlyardAction[];
  /** After each action: the wave, the score and the FNV-1a hash of the canonical wire state. */
  steps: { wave: number; score: number; hash: string }[];
}

const SEEDS = [1, 2, 3];
/** Actions per run: enough to be well past wave 15 (each run reaches wave 25 or so). */
const LENGTH = 50;
const DEPTH = 3;
const file = (seed: number) => new URL(`./golden/lookahead-seed-${seed}.json`, import.meta.url);

/** FNV-1a over a string, as 8 hex digits. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const fact = (s: WhirlyardState) => ({ wave: s.wave, score: s.score, hash: fnv(canonicalJson(toWire(s))) });

function advance(s: WhirlyardState, a: WhirlyardAction): WhirlyardState {
  const r = step(s, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.reason}: ${r.message}`);
  return r.state;
}

function load(seed: number): GoldenRun {
  return JSON.parse(readFileSync(file(seed), 'utf8')) as GoldenRun;
}

describe.skipIf(!process.env.RECORD_GOLDEN)('recording', () => {
  it.each(SEEDS)('records the lookahead run from seed %i', (seed) => {
    let s = init(seed);
    const run: GoldenRun = { game: 'whirlyard', rulesVersion: RULES_VERSION, seed, actions: [], steps: [] };
    for (let i = 0; i < LENGTH && !s.over; i++) {
      const a = lookaheadAction(s, DEPTH);
      s = advance(s, a);
      run.actions.push(a);
      run.steps.push(fact(s));
    }
    writeFileSync(file(seed), JSON.stringify(run, null, 1) + '\n');
  });
});

describe('golden runs into the late waves', () => {
  it.each(SEEDS)('WY-042 seed %i replays step for step as recorded and reaches wave 15 and later', (seed) => {
    const run = load(seed);
    expect(run.rulesVersion).toBe(RULES_VERSION);
    let s = init(seed);
    run.actions.forEach((a, i) => {
      s = advance(s, a);
      expect(fact(s), `step ${i}`).toEqual(run.steps[i]);
    });
    expect(s.over).toBe(false);
    expect(s.wave).toBeGreaterThanOrEqual(20);
  });

  it.each(SEEDS)('WY-019 seed %i: every wave from 13 on is laid out with 10 drones, 4 of them charged', (seed) => {
    const run = load(seed);
    let s = init(seed);
    const lateWaves = new Set<number>();
    for (const a of run.actions) {
      s = advance(s, a);
      if (s.waveTurn === 0 && s.wave >= 13) {
        expect(s.drones, `wave ${s.wave}`).toHaveLength(10);
        expect(s.charged.filter(Boolean), `wave ${s.wave}`).toHaveLength(4);
        lateWaves.add(s.wave);
      }
    }
    expect(lateWaves.size).toBeGreaterThanOrEqual(5);
  });

  it('the lookahead player still chooses the recorded actions (seed 1)', () => {
    const run = load(1);
    let s = init(1);
    for (const a of run.actions) {
      expect(lookaheadAction(s, DEPTH)).toEqual(a);
      s = advance(s, a);
    }
  });
});
