/**
 * walkTo mid-step (rules `briarwink-2`): walkTo chooses a direction every tick by searching from the
 * occupied cell, and that direction drives the step exactly as a held direction would. The one turn-back
 * of its own is a step ending under an active bloom whose origin is not.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../core/replay.js';
import { registry } from '../index.js';
import { briarwink, briarwinkV1 } from './index.js';
import type { BriarwinkAction } from './types.js';
import { step, stepV1 } from './rules.js';
import { play, cell, fromMap, ticks } from './testkit.js';
import { init } from './rules.js';
import type { BriarwinkState } from './types.js';
import { BRIAR, FLOOR, SPROUT } from './types.js';
import { NB, isOpen, manhattan } from './grid.js';
import { bfsFirstStep } from './walkto.js';
import { Rng, seedRng } from '../../core/rng.js';

const ROOM = `
.......
.......
.......
...G...
.......
.......
.......
.......
.......`;

/** A walkTo batch of up to 30 ticks. */
const walk = (s: BriarwinkState, target: number, count = 30) => play(s, { type: 'tick', walkTo: target, count }).state;

/** Seed 7 after start and one tick left: the gardener is 1 of 8 into a step from (6,0) to (5,0). */
function seed7(run: (s: BriarwinkState, a: BriarwinkAction) => ReturnType<typeof step>): BriarwinkState {
  let s = init(7);
  for (const a of [{ type: 'start' }, { type: 'tick', move: 'left' }] as BriarwinkAction[]) {
    const r = run(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('walkTo mid-step (walkTo chooses a direction every tick)', () => {
  it('BW-052 BW-048 seed 7: walkTo 13 from 1 tick into a step left goes on to (5,0) and arrives after 15 ticks', () => {
    const s = seed7(step);
    expect([s.pAt, s.pTo, s.pProg]).toEqual([cell(6, 0), cell(5, 0), 1]);
    const r = walk(s, 13);
    expect([r.pAt, r.pTo]).toEqual([13, -1]);
    expect(r.lastBatch).toMatchObject({ applied: 15, stoppedBy: 'arrived' });
  });

  it('BW-052 BW-048 seed 7: walkTo 6 (the origin) from the same point arrives after 7 ticks', () => {
    const r = walk(seed7(step), 6);
    expect([r.pAt, r.pTo]).toEqual([6, -1]);
    expect(r.lastBatch).toMatchObject({ applied: 7, stoppedBy: 'arrived' });
  });

  it('BW-048 mid-step, a search direction at right angles waits for arrival', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state; // 2 of 8 from (3,3) toward (4,3), occupying (3,3)
    const r = walk(s, cell(3, 0), 1); // the search from (3,3) says up
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(3, 3), cell(4, 3), 3]);
    const arrived = walk(s, cell(3, 0), 6);
    expect([arrived.pAt, arrived.pTo]).toEqual([cell(4, 3), -1]);
  });

  it('BW-052 mid-step, the search direction onward carries on', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    const r = walk(s, cell(6, 3), 1);
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(3, 3), cell(4, 3), 3]);
  });

  it('BW-047 mid-step, the opposite search direction reverses from the same spot', () => {
    // 5 of 8 toward (4,3): the gardener occupies (4,3), and the search from there for (0,3) says left
    const s = ticks(fromMap(ROOM), 5, 'right').state;
    const r = walk(s, cell(0, 3), 1);
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(4, 3), cell(3, 3), 8 - 5 + 1]);
  });

  it('BW-048 BW-055 mid-step, a target on the occupied cell holds null: the step finishes and stops there', () => {
    // 2 of 8 toward (4,3), still on (3,3): null until progress passes half, then the search says back
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    const r = walk(s, cell(3, 3));
    expect([r.pAt, r.pTo]).toEqual([cell(3, 3), -1]);
    // 2 ticks on (to 4 of 8, occupying (4,3)), a reversal to 5 of 8 back, then 3 ticks to arrive
    expect(r.lastBatch).toMatchObject({ applied: 6, stoppedBy: 'arrived' });
  });

  it('BW-047 mid-step, the opposite search direction cannot reverse onto an origin holding a pod', () => {
    const s = play(fromMap(ROOM), { type: 'tick', move: 'right', plant: true }).state; // pod on (3,3), stepping right
    expect(s.pods[0].cell).toBe(cell(3, 3));
    const more = ticks(s, 4, 'right').state; // 5 of 8: occupying (4,3)
    const r = walk(more, cell(0, 3), 1); // left is the search's way, but the origin holds the pod
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(3, 3), cell(4, 3), 6]);
  });

  it('BW-051 mid-step, a destination that closes while you occupy the origin turns you back, whatever walkTo says', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    // a pod now stands on the destination (as a nudger's push would leave it)
    s.pods = [
      { id: 7, cell: cell(4, 3), bloomIn: 40, reach: 2, cascade: -1, woken: false, fresh: false, wokeNow: false },
    ];
    s.nextPod = 8;
    const r = walk(s, cell(6, 3), 1);
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(4, 3), cell(3, 3), 8 - 2 + 1]);
  });

  it('BW-054 mid-step, a step that ends under an active bloom whose origin is not turns back', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    s.blooms = [{ pod: 50, cascade: 50, left: 10, cells: [cell(4, 3)] }];
    s.cascades = [{ id: 50, relights: 0, pods: 1 }];
    // the target lies beyond the bloom, but the step ends in it: back to (3,3)
    const r = walk(s, cell(6, 3), 1);
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(4, 3), cell(3, 3), 8 - 2 + 1]);
  });

  it('BW-054 a step whose origin is under the bloom too is not turned back by it', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    s.blooms = [{ pod: 50, cascade: 50, left: 10, cells: [cell(3, 3), cell(4, 3)] }];
    s.cascades = [{ id: 50, relights: 0, pods: 1 }];
    s.grace = 75; // not dazzled, to watch the step
    const r = walk(s, cell(6, 3), 1);
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(3, 3), cell(4, 3), 3]);
  });
});

describe('rules briarwink-1 (kept to replay stored runs)', () => {
  it('walkTo mid-step turned back whenever the first step was not onward: 9 and 1 ticks on the seed 7 examples', () => {
    const s = seed7(stepV1);
    const a = stepV1(s, { type: 'tick', walkTo: 13, count: 30 });
    const b = stepV1(s, { type: 'tick', walkTo: 6, count: 30 });
    expect(a.ok && a.state.lastBatch.applied).toBe(9);
    expect(b.ok && b.state.lastBatch.applied).toBe(1);
  });

  it('differs from the current rules only in walkTo: a move-only run plays identically under both', () => {
    let a = init(11);
    let b = a;
    const moves: BriarwinkAction[] = [{ type: 'start' }];
    for (let i = 0; i < 120; i++)
      moves.push({
        type: 'tick',
        move: ['up', 'right', 'down', 'left', null][(i * 7) % 5],
        plant: i % 9 === 0,
        count: 5,
      });
    for (const m of moves) {
      const ra = step(a, m);
      const rb = stepV1(b, m);
      expect(ra.ok && rb.ok).toBe(true);
      if (!ra.ok || !rb.ok) return;
      a = ra.state;
      b = rb.state;
      expect(b).toEqual(a);
      if (a.status !== 1) break;
    }
  });
});

describe('stored runs of rules briarwink-1 stay replayable under their own version', () => {
  /** A walkTo-heavy run on seed 22 that scores differently under the two versions. */
  const actions: BriarwinkAction[] = [{ type: 'start' }];
  for (let i = 0; i < 200; i++)
    actions.push(
      i % 4 === 0
        ? { type: 'tick', move: ['up', 'right', 'down', 'left'][(i * 22) % 4], plant: true }
        : { type: 'tick', walkTo: (i * 17 + 110) % 63, count: 3 + (i % 5) },
    );
  const played = (run: typeof step) => {
    let s = init(22);
    for (const a of actions) {
      const r = run(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    return s.score;
  };

  it('the registry plays new games on briarwink-2 and keeps briarwink-1 only for replays', () => {
    expect(registry.get('briarwink')).toBe(briarwink);
    expect(briarwink.spec.rulesVersion).toBe('briarwink-2');
    expect(registry.forVersion('briarwink', 'briarwink-2')).toBe(briarwink);
    expect(registry.forVersion('briarwink', 'briarwink-1')).toBe(briarwinkV1);
    expect(registry.forVersion('briarwink', 'briarwink-0')).toBeUndefined();
    expect(registry.games).not.toContain(briarwinkV1);
  });

  it('a briarwink-1 run replays to the score it was played for, and is never re-scored by briarwink-2', () => {
    const v1Score = played(stepV1);
    expect(v1Score).not.toBe(played(step)); // the walkTo change matters for this run
    const run = { game: 'briarwink', rulesVersion: 'briarwink-1', seed: 22, actions };
    const kept = replay(registry.forVersion(run.game, run.rulesVersion)!, run);
    expect(kept).toMatchObject({ ok: true, score: v1Score, steps: actions.length });
    const current = replay(registry.get('briarwink')!, run);
    expect(current).toMatchObject({ ok: false, error: 'wrong_rules_version' });
  });
});

/**
 * The reference the flood search in walkto.ts must answer like: a queue search from `from` expanding
 * up, right, down, left, each cell keeping the first step of whoever reached it first; the target's
 * first step, or else that of the reachable cell nearest the target (Manhattan, then steps, then index).
 */
function queueSearch(open: boolean[], from: number, target: number): number {
  if (from === target) return -1;
  const first = new Map<number, number>([[from, -1]]);
  const queue = [from];
  let best = from;
  let key = [manhattan(from, target), 0, from];
  const dist = new Map<number, number>([[from, 0]]);
  for (let q = 0; q < queue.length; q++) {
    const c = queue[q];
    if (c !== from) {
      if (c === target) return first.get(c)!;
      const k = [manhattan(c, target), dist.get(c)!, c];
      if (k[0] < key[0] || (k[0] === key[0] && (k[1] < key[1] || (k[1] === key[1] && k[2] < key[2])))) {
        best = c;
        key = k;
      }
    }
    for (let d = 0; d < 4; d++) {
      const n = NB[c * 4 + d];
      if (n < 0 || first.has(n) || !open[n]) continue;
      first.set(n, c === from ? d : first.get(c)!);
      dist.set(n, dist.get(c)! + 1);
      queue.push(n);
    }
  }
  return best === from ? -1 : first.get(best)!;
}

describe('the walkTo search', () => {
  it('answers as a queue search expanding URDL, over 20,000 random gardens of briar, pods and blooms', () => {
    const rng = new Rng(seedRng(2024, 5));
    for (let i = 0; i < 20_000; i++) {
      const density = rng.next();
      const terrain = Array.from({ length: 63 }, () =>
        rng.chance(density) ? BRIAR : rng.chance(0.2) ? SPROUT : FLOOR,
      );
      const pods = Array.from({ length: rng.int(4) }, () => ({ cell: rng.int(63) }));
      const cover = Array.from({ length: 63 }, () => (rng.chance(0.1) ? 0 : -1));
      // the search reads the cover only when the state has an active bloom, as a real cover would need
      const s = { terrain, pods, blooms: cover.includes(0) ? [{}] : [] } as unknown as BriarwinkState;
      const open = terrain.map((t, c) => cover[c] < 0 && isOpen(t) && !pods.some((p) => p.cell === c));
      const from = rng.int(63);
      const target = rng.chance(0.3) ? NB[from * 4 + rng.int(4)] : rng.int(63);
      if (target < 0) continue;
      expect(bfsFirstStep(s, from, target, cover), `garden ${i}: from ${from} to ${target}`).toBe(
        queueSearch(open, from, target),
      );
    }
  });
});
