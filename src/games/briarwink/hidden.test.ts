/**
 * Hidden information on moonless nights: nothing the player sees (observation or events) may depend
 * on a dimling or pickup on an unlit cell. Each test plays twin gardens that differ only in what is
 * hidden and checks that everything visible stays identical.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../core/game.js';
import { observe } from './observe.js';
import { play, cell, fromMap } from './testkit.js';
import type { BriarwinkState } from './types.js';
import { WIDE_PETAL } from './types.js';

// The gardener at (0,0) lights (2,1), a sprout; (3,1) beside it is unlit, walled in on three sides, so
// a dimling there can only step into the sprout. (6,8) and (0,8) are unlit cells walled in for good.
const WITH_NEIGHBOUR = `
G..#...
..,m#..
...#...
.......
.......
.......
.......
#.....#
.#...#m`;
const WITHOUT = `
G..#...
..,.#..
...#...
.......
.......
.......
.......
#.....#
m#...#m`;

const tick = (s: BriarwinkState) => play(s, { type: 'tick', move: null });

describe('moonless nights: nothing hidden can be inferred from a visible change', () => {
  it("BW-113 a hidden dimling stepping into a lit sprout leaves the sprout's clock, and all else visible, unchanged", () => {
    let a = fromMap(WITH_NEIGHBOUR, { moonless: true });
    let b = fromMap(WITHOUT, { moonless: true });
    const sprout = cell(2, 1);
    let compared = 0;
    let steppingIn = 0;
    for (let i = 0; i < 40; i++) {
      const ra = tick(a);
      const rb = tick(b);
      a = ra.state;
      b = rb.state;
      const oa = observe(a);
      if (oa.dimlings.length > 0) break; // the dimling now stands in the light: seeing it is fair
      if (a.dimlings.some((d) => d.to === sprout)) steppingIn++;
      expect(oa, `tick ${i + 1}`).toEqual(observe(b));
      expect(ra.events, `tick ${i + 1}`).toEqual(rb.events);
      compared++;
    }
    // the scenario did what it is for: the hidden dimling was stepping in, and reset the sprout's clock
    expect(steppingIn).toBeGreaterThanOrEqual(5);
    expect(compared).toBeGreaterThanOrEqual(5);
    expect(a.sproutAge[sprout]).not.toBe(b.sproutAge[sprout]);
  });

  it('BW-113 heartLost and upgradeLost carry no cell on a moonless night (the upgrade drops there, maybe unlit)', () => {
    const bumped = (moonless: boolean): GameEvent[] => {
      const s = fromMap(
        `
.......
.......
.......
...Gm..
.......
.......
.......
.......
.......`,
        { moonless, levels: [1, 0, 0] },
      );
      s.dimlings[0].to = cell(3, 3);
      s.dimlings[0].dir = 3;
      s.dimlings[0].steps = 15;
      s.dimlings[0].prog = 7; // one tick from occupying your cell
      const events = tick(s).events;
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['heartLost', 'upgradeLost']));
      return events.filter((e) => e.type === 'heartLost' || e.type === 'upgradeLost');
    };
    for (const e of bumped(true)) expect(e).not.toHaveProperty('cell');
    for (const e of bumped(false)) expect(e).toHaveProperty('cell', cell(3, 3));
  });

  it('BW-113 a dropped power-up on an unlit cell appears with no cell in its event and no pickup in view', () => {
    const s = fromMap(WITHOUT, { moonless: true });
    s.deferred = [{ cell: cell(4, 6), what: WIDE_PETAL }];
    const r = tick(s);
    const dropped = r.events.find((e) => e.type === 'powerDropped');
    expect(dropped).toBeDefined();
    expect(dropped).not.toHaveProperty('cell');
    expect(r.state.pickups).toEqual([{ cell: cell(4, 6), kind: WIDE_PETAL }]);
    expect(observe(r.state).pickups).toEqual([]);
  });

  it('BW-113 random moonless play: no event that can name a hidden thing carries a cell', () => {
    const hiddenKinds = new Set(['heartLost', 'upgradeLost', 'powerDropped', 'split']);
    // a moonless garden with dimlings about, upgrades to drop and hearts to lose, played by a fixed pattern
    let s = fromMap(
      `
G......
.......
..m.m..
.......
...m...
.......
..m.m..
.......
.......`,
      { moonless: true, levels: [2, 2, 2], hearts: 5 },
    );
    let checked = 0;
    for (let i = 0; i < 600 && s.status === 1; i++) {
      const moves = ['up', 'right', 'down', 'left', null] as const;
      const r = play(s, { type: 'tick', move: moves[(i * 3 + (i >> 3)) % 5], plant: i % 40 === 0 });
      for (const e of r.events) {
        if (hiddenKinds.has(e.type)) {
          expect(e, JSON.stringify(e)).not.toHaveProperty('cell');
          checked++;
        }
        if (e.type === 'moved') expect(e.who, JSON.stringify(e)).toBe('gardener');
      }
      s = r.state;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
