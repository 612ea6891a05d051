import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import { cragwake } from './index.js';
import { belayOf, visibleTop } from './reach.js';
import { legalActions, pricedActions } from './rules.js';
import { play, startAt } from './testkit.js';
import { BAND, KIND, NONE, WIDTH, type CragwakeAction, type CragwakeState } from './types.js';

const hold = (s: CragwakeState, r: number, c: number) => (s.cells[(r - s.floor) * WIDTH + c] & KIND) !== NONE;

/** True when a line of steps through holds leads from the climber to the next belay. */
function lineToBelay(s: CragwakeState): boolean {
  const belay = belayOf(s);
  const top = s.floor + BAND - 1;
  // the belay is a full ledge: reaching it, or the band's top row just under it, is reaching it
  const goal = Math.min(belay, top);
  const seen = new Set<number>();
  const queue: [number, number][] = [[s.row, s.col]];
  seen.add(s.row * 8 + s.col);
  while (queue.length) {
    const [r, c] = queue.shift()!;
    if (r >= goal) return true;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nr = r + dr;
        const nc = c + dc;
        if (nc < 0 || nc >= WIDTH || nr < s.floor || nr > top || seen.has(nr * 8 + nc) || !hold(s, nr, nc)) continue;
        seen.add(nr * 8 + nc);
        queue.push([nr, nc]);
      }
    }
  }
  return false;
}

/** Random play that leans upward and breathes on jugs when low, so runs get deep. */
function climber(seed: number): (s: CragwakeState) => CragwakeAction {
  const rng = Rng.fromSeed(seed, 3);
  return (s) => {
    if (s.phase === 'ledge') return { type: 'climbOn' };
    const priced = pricedActions(s);
    const breathe = priced.find((p) => p.action.type === 'breathe')!;
    if (breathe.cost < 0 && s.stamina < 10 && rng.chance(0.8)) return breathe.action;
    const up = priced.filter((p) => p.action.type === 'move' && p.action.row > s.row);
    if (up.length && rng.chance(0.75)) {
      up.sort((a, b) => a.cost - b.cost);
      return up[rng.chance(0.7) ? 0 : rng.int(up.length)].action;
    }
    return rng.pick(priced).action;
  };
}

function* states(runs: number, steps: number): Generator<CragwakeState> {
  for (let k = 0; k < runs; k++) {
    const seed = (k * 2654435761) >>> 0;
    const pitches = [1, 5, 8, 13, 22, 34, 50];
    let s = k % 3 === 0 ? cragwake.init(seed) : startAt(seed, pitches[k % pitches.length], k % 6);
    const choose = climber(seed);
    for (let i = 0; i < steps && s.phase !== 'over'; i++) {
      yield s;
      s = play(s, choose(s)).state;
    }
    yield s;
  }
}

describe('A LINE ALWAYS EXISTS (property)', () => {
  it('CW-055 CW-027 from any state of play, over many seeds and pitches, a line of steps to the next belay exists', () => {
    let checked = 0;
    let deepest = 0;
    for (const s of states(210, 400)) {
      if (s.phase === 'over') continue;
      expect(s.floor + BAND - 1, 'the band reaches at least the row under the belay').toBeGreaterThanOrEqual(
        belayOf(s) - 1,
      );
      expect(lineToBelay(s), `seed ${s.seed} pitch ${s.pitch} turn ${s.turn} at ${s.row},${s.col}`).toBe(true);
      deepest = Math.max(deepest, s.pitch);
      checked++;
    }
    expect(checked).toBeGreaterThan(5000);
    expect(deepest).toBeGreaterThan(34);
  });

  it('CW-055 every hold in the band has a hold within a step in the row above it', () => {
    const stranded: string[] = [];
    for (const s of states(90, 300)) {
      for (let r = s.floor; r < s.floor + BAND - 1; r++) {
        for (let c = 0; c < WIDTH; c++) {
          if (!hold(s, r, c)) continue;
          const ok = (c > 0 && hold(s, r + 1, c - 1)) || hold(s, r + 1, c) || (c < WIDTH - 1 && hold(s, r + 1, c + 1));
          if (!ok) stranded.push(`seed ${s.seed} pitch ${s.pitch} turn ${s.turn} row ${r} col ${c}`);
        }
      }
    }
    expect(stranded.slice(0, 5)).toEqual([]);
  });

  it('CW-073 no fogged row is ever a legal target, and the climber is always on a hold inside the band', () => {
    for (const s of states(90, 300)) {
      expect(hold(s, s.row, s.col)).toBe(true);
      expect(s.row).toBeGreaterThanOrEqual(s.floor);
      for (const a of legalActions(s)) {
        if (a.type !== 'move') continue;
        expect(a.row).toBeLessThanOrEqual(visibleTop(s));
        expect(a.row).toBeGreaterThanOrEqual(s.floor);
      }
    }
  });
});
