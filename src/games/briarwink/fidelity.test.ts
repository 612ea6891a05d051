/**
 * Rules of the seed that had no test of their own, one test each, named after the rule. Each plays the
 * rule through `step` (the interface every client uses) on a garden drawn in the seed's legend.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../core/game.js';
import { act, cell, garden } from './testkit.js';
import { litMask } from './light.js';
import { observe } from './observe.js';
import type { State } from './types.js';
import { PLAYING } from './types.js';

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
function play(s: State, n: number, move: string | null = null): { state: State; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let st = s;
  for (let done = 0; done < n;) {
    const r = act(st, { type: 'tick', move, count: Math.min(30, n - done) });
    done += r.state.lastBatch.applied;
    events.push(...r.events);
    st = r.state;
  }
  return { state: st, events };
}

describe('rules with no test before', () => {
  it('a night never times out', () => {
    // the calm ends early, the creep runs its whole spiral; 20,000 ticks (11 minutes at 30 a second)
    const s = garden(PENNED, { calmLeft: 10 });
    const { state, events } = play(s, 20_000);
    expect(state.status).toBe(PLAYING);
    expect(state.night).toBe(1);
    expect(state.nightTick).toBe(s.nightTick + 20_000);
    expect(state.dimlings).toHaveLength(1);
    expect(events.map((e) => e.type)).not.toContain('nightCleared');
    expect(events.map((e) => e.type)).toContain('thicket'); // the creep did run
  });

  it('nothing scores for time, walking, waiting or surviving', () => {
    let s = garden(PENNED, { calmLeft: 10 });
    const seen = new Set<number>();
    for (const move of ['up', 'right', 'down', 'left', null, 'up', 'right', null]) {
      for (let i = 0; i < 10; i++) {
        s = act(s, { type: 'tick', move, count: 30 }).state;
        seen.add(s.pAt);
        expect(s.score).toBe(0);
      }
    }
    expect(seen.size).toBeGreaterThan(5); // the gardener did walk about
    expect(s.status).toBe(PLAYING);
  });

  it('walkers, pickups, fireflies and the gate never stop a beam', () => {
    // a pod at (0,4) with reach 6: along its row a pickup, a dimling, you (in grace), the open gate, a firefly
    const s = garden(
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
    const burst = act(s, { type: 'tick', move: null }).events.find((e) => e.type === 'burst');
    expect(burst?.cells).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6].map((x) => cell(x, 4))));
  });

  it('walkTo does not avoid future blooms', () => {
    // a pod at (3,1) will cover (3,4) when it bursts; walkTo still takes the straight row through it
    const s = garden(
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
      st = act(st, { type: 'tick', walkTo: cell(6, 4) }).state;
      path.push(st.pAt);
    }
    expect(path).toContain(cell(3, 4));
    expect(path.every((c) => c >= cell(0, 4) && c <= cell(6, 4))).toBe(true);
    expect(st.pAt).toBe(cell(6, 4)); // 6 steps of 8 ticks: the shortest way
  });

  it('walkTo does not avoid dimlings', () => {
    // a mope standing still on (3,4), on the only shortest way: walkTo walks into it and you are bumped
    const s = garden(
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
    const { events } = play(s, 30);
    const walked = act(s, { type: 'tick', walkTo: cell(6, 4), count: 30 });
    expect(walked.events).toContainEqual(
      expect.objectContaining({ type: 'heartLost', why: 'bumped', cell: cell(3, 4) }),
    );
    expect(events.map((e) => e.type)).not.toContain('heartLost'); // standing still, nothing happens
  });

  it('dimlings never avoid blooms', () => {
    // a mope at (3,4) whose only open exit, (4,4), lies under an active bloom: it steps in and is relit
    const s = garden(
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
    const r = act(s, { type: 'tick', move: null, count: 12 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'relight', dimling: 0, cell: cell(4, 4) }));
  });

  it('every relight leaves a firefly that lights the garden for the rest of the night', () => {
    // a mope under a bloom is relit; another stays penned so the night goes on
    const s = garden(
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
    const first = act(s, { type: 'tick', move: null });
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'relight', cell: cell(2, 1) }));
    const later = play(first.state, 3000).state;
    expect(later.status).toBe(PLAYING);
    expect(later.fireflies).toEqual([cell(2, 1)]);
    expect(observe(later).fireflies).toEqual([cell(2, 1)]);
    // it lights squared distance 2 around it, far from you, on this moonless night
    const lit = litMask(later);
    for (const c of [cell(2, 1), cell(1, 0), cell(3, 2), cell(2, 2)]) expect(lit[c]).toBe(1);
    expect(lit[cell(5, 1)]).toBe(0);
  });

  it('endRun mid-night pays no night bonus, and cascades still open stay unpaid', () => {
    const s = garden(PENNED, { score: 700, cascades: [{ id: 4, relights: 3, pods: 4 }] });
    const r = act(s, { type: 'endRun' });
    expect(r.state.score).toBe(700);
    expect(r.events.map((e) => e.type)).toEqual(['runEnded']);
  });
});
