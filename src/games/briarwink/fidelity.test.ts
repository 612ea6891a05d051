/**
 * Rules of the seed that had no test of their own, one test each, named after the rule. Each plays the
 * rule through `step` (the interface every client uses) on a garden drawn in the seed's legend.
 */
import { describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import { briarwink as game } from './index.js';
import type { BriarwinkAction } from './types.js';
import { spec } from './spec.js';
import { play, cell, fromMap } from './testkit.js';
import { litMask } from './light.js';
import { observe } from './observe.js';
import type { BriarwinkState } from './types.js';
import { BRIAR, FLOOR, OVER, PLAYING, ROOTLING, SPROUT, WAITING } from './types.js';
import { toWire } from './wire.js';

/** A mope walled in by moonstones in the inner core, which the creep never reaches: the night goes on. */
const PENNED = `
.......
.......
.......
...#...
..#m#..
...#...
.......
.......
G......`;

/** Run `n` ticks in batches of 30 holding `move`; returns the state, every event and each tick's score. */
function batchTicks(
  s: BriarwinkState,
  n: number,
  move: string | null = null,
): { state: BriarwinkState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let st = s;
  for (let done = 0; done < n;) {
    const r = play(st, { type: 'tick', move, count: Math.min(30, n - done) });
    done += r.state.lastBatch.applied;
    events.push(...r.events);
    st = r.state;
  }
  return { state: st, events };
}

describe('rules with no test before', () => {
  it('BW-008 a night never times out', () => {
    // the calm ends early, the creep runs its whole spiral; 20,000 ticks (11 minutes at 30 a second)
    const s = fromMap(PENNED, { calmLeft: 10 });
    const { state, events } = batchTicks(s, 20_000);
    expect(state.status).toBe(PLAYING);
    expect(state.night).toBe(1);
    expect(state.nightTick).toBe(s.nightTick + 20_000);
    expect(state.dimlings).toHaveLength(1);
    expect(events.map((e) => e.type)).not.toContain('nightCleared');
    expect(events.map((e) => e.type)).toContain('thicket'); // the creep did run
  });

  it('BW-019 nothing scores for time, walking, waiting or surviving', () => {
    let s = fromMap(PENNED, { calmLeft: 10 });
    const seen = new Set<number>();
    for (const move of ['up', 'right', 'down', 'left', null, 'up', 'right', null]) {
      for (let i = 0; i < 10; i++) {
        s = play(s, { type: 'tick', move, count: 30 }).state;
        seen.add(s.pAt);
        expect(s.score).toBe(0);
      }
    }
    expect(seen.size).toBeGreaterThan(5); // the gardener did walk about
    expect(s.status).toBe(PLAYING);
  });

  it('BW-043 walkers, pickups, fireflies and the gate never stop a beam', () => {
    // a pod at (0,4) with reach 6: along its row a pickup, a dimling, you (in grace), the open gate, a firefly
    const s = fromMap(
      `
.......
.......
.......
.......
o+m@^..
.......
.......
.......
.......`,
      { fireflies: [cell(5, 4)] },
    );
    s.pods[0].bloomIn = 1;
    s.pods[0].reach = 6;
    const burst = play(s, { type: 'tick', move: null }).events.find((e) => e.type === 'burst');
    expect(burst?.cells).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6].map((x) => cell(x, 4))));
  });

  it('BW-057 walkTo does not avoid future blooms', () => {
    // a pod at (3,1) will cover (3,4) when it bursts; walkTo still takes the straight row through it
    const s = fromMap(
      `
.......
...o...
.......
.......
G......
.......
.......
.......
.......`,
    );
    s.pods[0].reach = 4;
    let st = s;
    const path: number[] = [];
    for (let i = 0; i < 48; i++) {
      st = play(st, { type: 'tick', walkTo: cell(6, 4) }).state;
      path.push(st.pAt);
    }
    expect(path).toContain(cell(3, 4));
    expect(path.every((c) => c >= cell(0, 4) && c <= cell(6, 4))).toBe(true);
    expect(st.pAt).toBe(cell(6, 4)); // 6 steps of 8 ticks: the shortest way
  });

  it('BW-057 walkTo does not avoid dimlings', () => {
    // a mope standing still on (3,4), on the only shortest way: walkTo walks into it and you are bumped
    const s = fromMap(
      `
.......
.......
.......
.......
G..m...
.......
.......
.......
.......`,
    );
    s.dimlings[0].wait = 500;
    const { events } = batchTicks(s, 30);
    const walked = play(s, { type: 'tick', walkTo: cell(6, 4), count: 30 });
    expect(walked.events).toContainEqual(
      expect.objectContaining({ type: 'heartLost', why: 'bumped', cell: cell(3, 4) }),
    );
    expect(events.map((e) => e.type)).not.toContain('heartLost'); // standing still, nothing happens
  });

  it('BW-074 dimlings never avoid blooms', () => {
    // a mope at (3,4) whose only open exit, (4,4), lies under an active bloom: it steps in and is relit
    const s = fromMap(
      `
.......
.......
.......
...#...
..#m*..
...#...
.......
.......
G......`,
    );
    const r = play(s, { type: 'tick', move: null, count: 12 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'relight', dimling: 0, cell: cell(4, 4) }));
  });

  it('BW-114 every relight leaves a firefly that lights the garden for the rest of the night', () => {
    // a mope under a bloom is relit; another stays penned so the night goes on
    const s = fromMap(
      `
.......
.*m*...
.......
...#...
..#m#..
...#...
.......
.......
G......`,
      { moonless: true },
    );
    s.blooms[0].cells.push(cell(2, 1)); // the bloom covers the mope's cell too
    const first = play(s, { type: 'tick', move: null });
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'relight', cell: cell(2, 1) }));
    const later = batchTicks(first.state, 3000).state;
    expect(later.status).toBe(PLAYING);
    expect(later.fireflies).toEqual([cell(2, 1)]);
    expect(observe(later).fireflies).toEqual([cell(2, 1)]);
    // it lights squared distance 2 around it, far from you, on this moonless night
    const lit = litMask(later);
    for (const c of [cell(2, 1), cell(1, 0), cell(3, 2), cell(2, 2)]) expect(lit[c]).toBe(1);
    expect(lit[cell(5, 1)]).toBe(0);
  });

  it('BW-020 endRun mid-night pays no night bonus, and cascades still open stay unpaid', () => {
    const s = fromMap(PENNED, { score: 700, cascades: [{ id: 4, relights: 3, pods: 4 }] });
    const r = play(s, { type: 'endRun' });
    expect(r.state.score).toBe(700);
    expect(r.events.map((e) => e.type)).toEqual(['runEnded']);
  });
});

/** A random tick (move or walkTo, sometimes planting, count 1-30), or start while waiting. */
function randomAction(s: BriarwinkState, rng: Rng): BriarwinkAction {
  if (s.status === WAITING) return { type: 'start' };
  const plant = rng.chance(0.3);
  const count = 1 + rng.int(30);
  return rng.chance(0.5)
    ? { type: 'tick', walkTo: rng.int(63), plant, count }
    : { type: 'tick', move: [null, 'up', 'right', 'down', 'left'][rng.int(5)], plant, count };
}

describe('rules named in the rules index with no test before', () => {
  it('BW-003 dimlings wander the garden, keeping off moonstones and briar', () => {
    for (let seed = 0; seed < 6; seed++) {
      let s = play(game.init(seed), { type: 'start' }).state;
      const visited = s.dimlings.map((d) => new Set([d.at]));
      for (let t = 0; t < 600 && s.status === PLAYING; t++) {
        s = play(s, { type: 'tick', move: null }).state;
        for (const d of s.dimlings) {
          visited[d.id]?.add(d.at);
          if (d.kind !== ROOTLING) expect([FLOOR, SPROUT], `seed ${seed} dimling ${d.id}`).toContain(s.terrain[d.at]);
          else expect([FLOOR, SPROUT, BRIAR], `seed ${seed} rootling`).toContain(s.terrain[d.at]);
        }
      }
      // every dimling moves (briar may pen one in to a cell or two), and together they roam
      for (const cells of visited) expect(cells.size, `seed ${seed}`).toBeGreaterThan(1);
      expect(new Set(visited.flatMap((c) => [...c])).size, `seed ${seed}`).toBeGreaterThan(2 * visited.length);
    }
  });

  it('BW-010 the score never falls, over random play on many seeds', () => {
    const rng = Rng.fromSeed(10);
    let rose = 0;
    for (let seed = 0; seed < 12; seed++) {
      let s = game.init(seed);
      for (let k = 0; k < 150 && s.status !== OVER; k++) {
        const next = play(s, randomAction(s, rng)).state;
        expect(next.score, `seed ${seed} action ${k}`).toBeGreaterThanOrEqual(s.score);
        if (next.score > s.score) rose++;
        s = next;
      }
    }
    expect(rose).toBeGreaterThan(10); // the runs did score, so the check had something to see
  });

  it('BW-030 the clock is 30 ticks a second, and nothing moves between requests', () => {
    expect(spec.ticksPerSecond).toBe(30);
    const s = play(game.init(3), { type: 'start' }).state;
    const before = JSON.stringify(toWire(s));
    const tickNow = JSON.stringify(toWire(play(s, { type: 'tick', move: null }).state));
    // A second of the clock passes (timers and Date alike) between requests: nothing moves, and the
    // next tick is the one it would have been at once.
    vi.useFakeTimers();
    try {
      vi.advanceTimersByTime(1000);
      expect(JSON.stringify(toWire(s))).toBe(before);
      expect(JSON.stringify(toWire(play(s, { type: 'tick', move: null }).state))).toBe(tickNow);
    } finally {
      vi.useRealTimers();
    }
    const one = play(s, { type: 'tick', move: null }).state;
    expect(one.tick).toBe(s.tick + 1);
    // a second's worth of ticks is one batch of 30, whenever it is sent
    const second = play(s, { type: 'tick', move: null, count: 30 }).state;
    expect(second.tick).toBe(s.tick + 30);
    expect(toWire(play(s, { type: 'tick', move: null }).state)).toEqual(toWire(one));
  });

  it('BW-111 a moonless night plays exactly like the same night with the moon up', () => {
    const map = `
G......
.......
..p.%..
.%...n.
...t...
.r%....
.......
....m..
.......`;
    for (let trial = 0; trial < 6; trial++) {
      let dark = fromMap(map, { night: 13, moonless: true });
      let lit = fromMap(map, { night: 13, moonless: false });
      const rng = Rng.fromSeed(trial);
      for (let k = 0; k < 60 && dark.status === PLAYING; k++) {
        const a = randomAction(dark, rng);
        const d = play(dark, a);
        const l = play(lit, a);
        expect({ ...d.state, moonless: false }, `trial ${trial} action ${k}`).toEqual(l.state);
        expect(d.events.map((e) => e.type)).toEqual(l.events.map((e) => e.type));
        dark = d.state;
        lit = l.state;
      }
      expect(dark.moonless).toBe(true);
    }
  });

  it('BW-120 the whole run is a pure function of the seed and the actions', () => {
    const rng = Rng.fromSeed(120);
    const actions: BriarwinkAction[] = [];
    let s = game.init(5);
    for (let k = 0; k < 120 && s.status !== OVER; k++) {
      const a = randomAction(s, rng);
      actions.push(a);
      s = play(s, a).state;
    }
    const replay = (seed: number) =>
      actions.reduce((st, a) => (st.status === OVER ? st : play(st, a).state), game.init(seed));
    expect(toWire(replay(5))).toEqual(toWire(s));
    expect(observe(replay(5)).text).toBe(observe(s).text);
    expect(toWire(replay(6))).not.toEqual(toWire(s)); // another seed, another garden
  });
});

describe('README decision 49', () => {
  it('while away the gardener occupies no cell: inputs do nothing and, on a moonless night, light nothing', () => {
    const s = fromMap(
      `
.......
.......
.......
...G...
.......
.......
.......
.......
.......`,
      { moonless: true },
    );
    s.away = 10;
    for (const a of [
      { type: 'tick', move: 'right', plant: true, count: 5 },
      { type: 'tick', walkTo: 0, plant: true, count: 5 },
    ] as BriarwinkAction[]) {
      const r = play(s, a).state;
      expect(r.away).toBe(5);
      expect(r.pods).toHaveLength(0);
      expect(r.pAt).toBe(s.pAt);
      expect(litMask(r).some((v) => v === 1)).toBe(false);
    }
    // once back, the same cell is lit around you again
    const back = play(s, { type: 'tick', move: null, count: 10 }).state;
    expect(back.away).toBe(0);
    expect(litMask(back)[back.pAt]).toBe(1);
  });
});
