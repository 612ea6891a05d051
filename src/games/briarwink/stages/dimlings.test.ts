import { describe, it, expect } from 'vitest';
import { Rng, seedRng } from '../../../core/rng.js';
import { cell, dimling, fromMap, ticks } from '../testkit.js';
import { NB } from '../grid.js';
import { MOPE } from '../types.js';
import { newCtx } from './ctx.js';
import { actDimling, wander } from './dimlings.js';

const EMPTY = `
G......
.......
.......
.......
.......
.......
.......
.......
.......`;

describe('wandering', () => {
  it('BW-077 an idle dimling takes its only open exit without a draw', () => {
    const s = fromMap(`
G......
.......
.......
..###..
..#m...
..###..
.......
.......
.......`);
    const r = ticks(s, 1).state;
    expect(r.dimlings[0].to).toBe(cell(4, 4));
    expect(r.rng).toEqual(s.rng);
  });

  it('BW-077 drops the way it came unless that is the only exit', () => {
    const corridor = fromMap(`
G......
.......
.......
.#####.
..m....
.#####.
.......
.......
.......`);
    corridor.dimlings[0].dir = 1; // came from the left, heading right
    // exits: left (back) and right: the back way is dropped, so it goes on right
    for (let seed = 0; seed < 20; seed++) {
      corridor.rng = seedRng(seed);
      expect(ticks(corridor, 1).state.dimlings[0].to).toBe(cell(3, 4));
    }
    const deadEnd = fromMap(`
G......
.......
.......
..###..
..#m#..
..#.#..
.......
.......
.......`);
    deadEnd.dimlings[0].dir = 0; // came up from below: the only exit is back down
    expect(ticks(deadEnd, 1).state.dimlings[0].to).toBe(cell(3, 5));
  });

  it('BW-077 keeps straight on a 70 percent draw, otherwise picks uniformly (straight included)', () => {
    const s = fromMap(`
G......
.......
.......
.......
...m...
.......
.......
.......
.......`);
    s.dimlings[0].dir = 1;
    let straight = 0;
    const N = 4000;
    for (let seed = 0; seed < N; seed++) {
      s.rng = seedRng(seed);
      const t = newCtx(-1, -1, false, []);
      const d = { ...s.dimlings[0] };
      wander(s, t, d);
      expect(d.dir).not.toBe(3); // never back the way it came
      if (d.dir === 1) straight++;
    }
    // 0.7 + 0.3 * 1/3 = 0.8
    expect(straight / N).toBeGreaterThan(0.77);
    expect(straight / N).toBeLessThan(0.83);
  });

  it('BW-078 with no exit it waits 8 ticks before deciding again', () => {
    const s = fromMap(`
G......
.......
.......
..###..
..#m%..
..###..
.......
.......
.......`);
    const a = ticks(s, 1).state; // fails to find an exit
    a.terrain[cell(4, 4)] = 0; // the way opens at once
    const b = ticks(a, 7).state;
    expect(b.dimlings[0].to).toBe(-1);
    const c = ticks(b, 1).state;
    expect(c.dimlings[0].to).toBe(cell(4, 4));
  });

  it('BW-079 choices draw from the seeded stream in ascending id', () => {
    // Two idle mopes on open ground, each with three exits (the way back dropped) and straight open,
    // so each choice is a 70 % straight draw and, failing it, a uniform pick. The mope with id 0 stands
    // to the right of the one with id 1 (the list stays in ascending id), so neither the map order nor
    // the list position hides which one draws first.
    const first = { at: cell(5, 4), dir: 0 }; // id 0, heading up: exits up, right, left
    const second = { at: cell(1, 4), dir: 1 }; // id 1, heading right: exits up, right, down
    const choose = (rng: Rng, dir: number): number => {
      const exits = [0, 1, 2, 3].filter((e) => e !== ((dir + 2) & 3));
      return rng.chance(0.7) ? dir : rng.pick(exits);
    };
    let checked = 0;
    for (let seed = 0; checked < 6 && seed < 200; seed++) {
      const byId = new Rng(seedRng(seed, 7));
      const want = [choose(byId, first.dir), choose(byId, second.dir)];
      const reversed = new Rng(seedRng(seed, 7));
      const other = [0, 0];
      other[1] = choose(reversed, second.dir);
      other[0] = choose(reversed, first.dir);
      if (want[0] === other[0] && want[1] === other[1]) continue; // this stream cannot tell the orders apart
      checked++;
      const s = fromMap(EMPTY);
      s.dimlings = [
        { ...dimling(0, MOPE, first.at), dir: first.dir },
        { ...dimling(1, MOPE, second.at), dir: second.dir },
      ];
      s.nextDimling = 2;
      s.rng = seedRng(seed, 7);
      const r = ticks(s, 1).state;
      expect(r.dimlings.map((d) => d.to)).toEqual([NB[first.at * 4 + want[0]], NB[second.at * 4 + want[1]]]);
      expect(r.rng).toEqual(byId.state()); // exactly these draws, from the night's stream
    }
    expect(checked).toBe(6);
  });

  it('BW-075 BW-041 BW-042 dimlings never enter pods, briar, stone, hedge, thicket, pond, creep marks or the open gate', () => {
    for (const block of ['o', '%', '#', 'H', 'X', '~', 'x', '^']) {
      const s = fromMap(`
G......
.......
.......
..###..
..#m${block}..
..###..
.......
.......
.......`);
      expect(ticks(s, 1).state.dimlings[0].to, block).toBe(-1);
    }
  });

  it('BW-076 dimlings keep out of the spawn pocket during the opening hush of 150 ticks', () => {
    const s = fromMap(`
.....G.
#......
m......
.......
.......
.......
.......
.......
.......`);
    s.dimlings[0].dir = 0;
    s.nightTick = 100; // hush: (0,1) is a pocket cell of corner 0 and blocked by a stone anyway; (0,3) below
    // the mope at (0,2) is itself in the pocket; it may only leave it: right or down
    const hushed = ticks(s, 1).state;
    expect([cell(1, 2), cell(0, 3)]).toContain(hushed.dimlings[0].to);
    const t = fromMap(`
.....G.
m......
.#.....
.......
.......
.......
.......
.......
.......`);
    t.dimlings[0].at = cell(1, 1);
    t.dimlings[0].dir = 3;
    t.terrain[cell(1, 0)] = 4;
    t.terrain[cell(2, 1)] = 4;
    t.nightTick = 10;
    // from (1,1): up stone, right stone, down stone, left (0,1) is a pocket cell: no exit during the hush
    expect(ticks(t, 1).state.dimlings[0].to).toBe(-1);
    t.nightTick = 150;
    expect(ticks(t, 1).state.dimlings[0].to).toBe(cell(0, 1));
  });

  it('BW-073 dimlings pass through each other', () => {
    const s = fromMap(`
G......
.......
.......
.#####.
.mm....
.#####.
.......
.......
.......`);
    s.dimlings[0].dir = 1;
    s.dimlings[0].at = cell(1, 4);
    const r = ticks(s, 1).state;
    expect(r.dimlings[0].to).toBe(cell(2, 4));
  });

  it('BW-080 a mope steps every 15 ticks', () => {
    const s = fromMap(`
G......
.......
.......
.#####.
.m.....
.#####.
.......
.......
.......`);
    s.dimlings[0].dir = 1;
    const r = ticks(s, 15).state;
    expect(r.dimlings[0].at).toBe(cell(2, 4));
    expect(r.dimlings[0].to).toBe(-1);
  });

  it('BW-051 a dimling whose destination closes while it still occupies the origin turns back', () => {
    const s = fromMap(
      EMPTY.replace('.......\n.......\n.......\n.......\n.......', '.......\n.......\n.......\n..m....\n.......'),
    );
    const d = s.dimlings[0];
    d.to = cell(3, 4);
    d.dir = 1;
    d.prog = 3;
    d.steps = 15;
    s.marks.push(cell(3, 4));
    actDimling(s, newCtx(-1, -1, false, []), d);
    expect([d.at, d.to, d.prog]).toEqual([cell(3, 4), cell(2, 4), 13]);
  });
});
