import { describe, it, expect } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { canPlant } from './plant.js';
import { BRIAR, FLOOR, MOPE, PEEKER, POND, REGROWN, SPROUT, TWINBUD, WIDE_PETAL } from '../types.js';
import { bloomCover } from '../grid.js';

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

/** A pod at (x,y) about to burst on the next tick. */
function due(s: ReturnType<typeof fromMap>, c: number, reach = 2, id = s.nextPod) {
  s.pods.push({ id, cell: c, bloomIn: 1, reach, cascade: -1, woken: false, fresh: false, wokeNow: false });
  s.nextPod = Math.max(s.nextPod, id + 1);
}

describe('planting', () => {
  it('BW-058 plants on your occupied cell when present, under the cap, on floor or sprout with no pod, not the gate', () => {
    expect(canPlant(fromMap(ROOM))).toBe(true);
    expect(canPlant(fromMap(ROOM.replace('G', '@')))).toBe(true);
    expect(canPlant(fromMap(ROOM, { away: 5, pAt: -1 }))).toBe(false);
    const one = play(fromMap(ROOM), { type: 'tick', move: null, plant: true }).state;
    expect(canPlant(one)).toBe(false); // pod cap 1, and a pod on the cell
    const sprout = fromMap(ROOM);
    sprout.terrain[cell(3, 3)] = SPROUT;
    expect(canPlant(sprout)).toBe(true);
    const gate = fromMap(ROOM, { gate: cell(3, 3) });
    expect(canPlant(gate)).toBe(false);
    const two = fromMap(ROOM, { levels: [0, 1, 0] });
    const a = play(two, { type: 'tick', move: 'right', plant: true }).state;
    const b = ticks(a, 7, 'right').state;
    expect(play(b, { type: 'tick', move: null, plant: true }).state.pods).toHaveLength(2);
  });

  it('BW-059 the pod keeps the reach you had at planting', () => {
    const s = fromMap(ROOM.replace('...G...', '...G+..'));
    const a = play(s, { type: 'tick', move: 'right', plant: true }).state;
    const b = ticks(a, 4, 'right').state;
    expect(b.levels[WIDE_PETAL]).toBe(1);
    expect(b.pods[0].reach).toBe(2);
  });

  it('BW-060 BW-004 starts at bloomIn 66, counts down from the next tick and bursts at 0', () => {
    const a = play(fromMap(ROOM), { type: 'tick', move: null, plant: true }).state;
    expect(a.pods[0].bloomIn).toBe(66);
    const b = ticks(a, 65, 'up').state;
    expect(b.pods[0].bloomIn).toBe(1);
    const c = ticks(b, 1, 'up').state;
    expect(c.pods).toHaveLength(0);
    expect(c.blooms).toHaveLength(1);
    expect(c.blooms[0].cells).toContain(cell(3, 3));
  });
});

describe('bursts and beams', () => {
  it('BW-062 a beam follows the tile rules and stops at the edge', () => {
    const s = fromMap(`
.......
...#...
...,...
.%.o.~.
...%...
...%...
.......
.......
G......`);
    due(s, cell(3, 3), 3);
    const r = ticks(s, 1).state;
    const cells = r.blooms[0].cells.slice().sort((a, b) => a - b);
    // up: sprout covered and cleared, stone not covered; left: 2 floor + briar covered, cleared, stop;
    // right: floor, pond covered and continue, floor to the edge at reach 3; down: first briar only
    expect(cells).toEqual(
      [cell(3, 2), cell(1, 3), cell(2, 3), cell(3, 3), cell(4, 3), cell(5, 3), cell(6, 3), cell(3, 4)].sort(
        (a, b) => a - b,
      ),
    );
    expect(r.terrain[cell(3, 2)]).toBe(FLOOR);
    expect(r.terrain[cell(1, 3)]).toBe(FLOOR);
    expect(r.terrain[cell(3, 4)]).toBe(FLOOR);
    expect(r.terrain[cell(3, 5)]).toBe(BRIAR);
    expect(r.terrain[cell(5, 3)]).toBe(POND);
  });

  it('BW-063 BW-005 a beam that reaches another pod covers it, wakes it (bloomIn at most 3) and stops', () => {
    const s = fromMap(`
G......
.......
.......
.o.o.%.
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[1].bloomIn = 40;
    const r = ticks(s, 1).state;
    expect(r.blooms[0].cells).toContain(cell(3, 3));
    expect(r.blooms[0].cells).not.toContain(cell(4, 3));
    expect(r.pods[0].bloomIn).toBe(3);
    expect(r.pods[0].woken).toBe(true);
    expect(r.pods[0].cascade).toBe(0);
    const later = ticks(r, 3).state;
    expect(later.pods).toHaveLength(0);
    expect(later.terrain[cell(5, 3)]).toBe(FLOOR); // the chained bloom cleared the briar
  });

  it('BW-069 a pod woken this tick never bursts this tick', () => {
    const s = fromMap(`
G......
.......
.......
.o.o...
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[1].bloomIn = 2; // would reach 0 next tick too, had it not been woken
    const r = ticks(s, 1).state;
    expect(r.pods.map((p) => p.id)).toEqual([1]);
    const r2 = ticks(r, 1).state;
    expect(r2.pods).toHaveLength(0);
  });

  it('BW-015 BW-064 clearing original briar pays 10 and reveals its hidden power-up at once; regrown briar and sprouts pay 0', () => {
    const s = fromMap(`
G......
.......
.......
.%.o,%.
.......
.......
.......
.......
.......`);
    s.terrain[cell(5, 3)] = REGROWN;
    s.hidden = [cell(1, 3), WIDE_PETAL];
    due(s, cell(3, 3), 2);
    const r = ticks(s, 1);
    expect(r.state.score).toBe(10);
    expect(r.state.pickups).toEqual([{ cell: cell(1, 3), kind: WIDE_PETAL }]);
    expect(r.state.hidden).toEqual([]);
    expect(r.state.terrain[cell(5, 3)]).toBe(FLOOR);
  });

  it('BW-065 power-ups are bloom-proof', () => {
    const s = fromMap(
      ROOM.replace('...G...', '...G...').replace('.......\n.......\n.......\n...G', '.......\n.......\n...+...\n...G'),
    );
    due(s, cell(3, 1), 2);
    const r = ticks(s, 1).state;
    expect(bloomCover(r)[cell(3, 2)]).toBeGreaterThanOrEqual(0);
    expect(r.pickups).toHaveLength(1);
  });

  it('BW-066 a bloom is active for 18 ticks counting its burst tick', () => {
    const s = fromMap(ROOM.replace('...G...', '......G'));
    due(s, cell(0, 0), 2);
    const burst = ticks(s, 1).state;
    expect(burst.blooms).toHaveLength(1);
    expect(ticks(burst, 17).state.blooms).toHaveLength(1);
    expect(ticks(burst, 18).state.blooms).toHaveLength(0);
  });

  it('BW-067 a walker that steps into a lingering bloom later is affected', () => {
    // a mope whose only exit is the bloom's cell: it starts the step at once (no draw) and occupies
    // the bloom cell on the tick its progress reaches 8 of 15, while the bloom still has ticks left
    const s = fromMap(`
G......
.......
.......
.......
.......
.......
.......
*......
m#.....`);
    const seven = ticks(s, 7);
    expect(seven.state.dimlings).toHaveLength(1);
    expect(seven.state.dimlings[0].to).toBe(cell(0, 7));
    expect(seven.events.filter((e) => e.type === 'relight')).toHaveLength(0);
    const eight = ticks(seven.state, 1);
    expect(eight.state.blooms).toHaveLength(1); // the bloom burst earlier and is still lingering
    expect(eight.state.dimlings).toHaveLength(0);
    expect(eight.events.filter((e) => e.type === 'relight')).toEqual([
      expect.objectContaining({ dimling: 0, cell: cell(0, 7), cascade: 100 }),
    ]);
    // the gardener too: dazzled on the tick they come to occupy the lingering bloom's cell (4 of 8)
    const g = fromMap(`
G*.....
.......
.......
.......
.......
.......
.......
.......
......m`);
    g.dimlings[0].wait = 100;
    const three = ticks(g, 3, 'right');
    expect(three.state.hearts).toBe(g.hearts);
    const four = ticks(three.state, 1, 'right');
    expect(four.state.hearts).toBe(g.hearts - 1);
    expect(four.events).toContainEqual(
      expect.objectContaining({ type: 'heartLost', why: 'dazzled', cell: cell(1, 0) }),
    );
    // force the point: a mope mid-step into the bloom is relit once it occupies the bloom cell
    const t = fromMap(`
G......
.......
.......
.......
.......
.......
.......
*......
m......`);
    t.dimlings[0].to = cell(0, 7);
    t.dimlings[0].dir = 0;
    t.dimlings[0].steps = 15;
    t.dimlings[0].prog = 6;
    const a = ticks(t, 1).state;
    expect(a.dimlings).toHaveLength(1); // progress 7 of 15: still on its origin
    const b = ticks(a, 1).state;
    expect(b.dimlings).toHaveLength(0); // progress 8: occupies the bloom cell
  });

  it('BW-068 a pod planted into a lingering bloom wakes at the pod stage', () => {
    const s = fromMap(ROOM.replace('...G...', '...@...'));
    s.blooms.push({ pod: 70, cascade: 70, left: 10, cells: [cell(3, 3)] });
    s.cascades.push({ id: 70, relights: 0, pods: 1 });
    const r = play(s, { type: 'tick', move: null, plant: true }).state;
    expect(r.pods[0].woken).toBe(true);
    expect(r.pods[0].bloomIn).toBe(3);
    expect(r.pods[0].cascade).toBe(70);
  });
});

describe('cascades and scoring', () => {
  it('BW-070 BW-012 a pod bursting on its own timer opens a cascade with its pod id; pods it wakes join it', () => {
    const s = fromMap(`
G......
.......
.......
.o.o...
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[0].id = 7;
    s.pods[1].id = 8;
    const r = ticks(s, 1).state;
    expect(r.cascades.map((c) => c.id)).toEqual([7]);
    expect(r.pods[0].cascade).toBe(7);
    const r2 = ticks(r, 3).state;
    expect(r2.blooms.map((b) => b.cascade)).toEqual([7, 7]);
    expect(r2.cascades[0].pods).toBe(2);
  });

  it('BW-071 a woken pod joins the lowest cascade when several blooms qualify', () => {
    const s = fromMap(`
G......
.......
.......
.o.o.o.
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[2].bloomIn = 1;
    s.pods[0].id = 5;
    s.pods[1].id = 6;
    s.pods[2].id = 2;
    const r = ticks(s, 1).state;
    expect(r.pods[0].cascade).toBe(2);
  });

  it('BW-072 a dimling under several blooms is relit by the lowest covering cascade', () => {
    const s = fromMap(`
G......
.......
.......
.o.m.o.
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[1].bloomIn = 1;
    s.pods[0].id = 9;
    s.pods[1].id = 4;
    const r = ticks(s, 1);
    const relight = r.events.find((e) => e.type === 'relight');
    expect(relight?.cascade).toBe(4);
  });

  it('BW-013 BW-012 relights on one tick in one cascade go by base value then id; the k-th pays base x min(k, 8)', () => {
    const s = fromMap(`
G......
.......
.......
ptmo...
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[0].reach = 3;
    const r = ticks(s, 1);
    const rel = r.events.filter((e) => e.type === 'relight');
    expect(rel.map((e) => e.kind)).toEqual(['mope', 'peeker', 'twinbud']);
    expect(rel.map((e) => e.points)).toEqual([50, 160, 360]);
  });

  it('BW-012 the multiplier stops growing at 8', () => {
    const s = fromMap(ROOM.replace('...G...', 'G......'));
    s.dimlings = [];
    for (let i = 0; i < 10; i++)
      s.dimlings.push({
        id: i,
        kind: MOPE,
        at: cell(3, 5),
        to: -1,
        prog: 0,
        steps: 0,
        dir: -1,
        mode: 0,
        wait: 50,
        moves: 0,
        shimmer: 0,
      });
    due(s, cell(3, 4), 2);
    const r = ticks(s, 1);
    const pts = r.events.filter((e) => e.type === 'relight').map((e) => e.points);
    expect(pts).toEqual([50, 100, 150, 200, 250, 300, 350, 400, 400, 400]);
  });

  it('BW-013 relights into a lingering bloom still count for its cascade', () => {
    const s = fromMap(`
G......
.......
.......
.*mm...
.......
.......
.......
.......
.......`);
    s.cascades[0].relights = 2;
    s.dimlings[0].at = cell(1, 3); // standing in the bloom
    const r = ticks(s, 1);
    const rel = r.events.filter((e) => e.type === 'relight');
    expect(rel[0].k).toBe(3);
    expect(rel[0].points).toBe(150);
  });

  it('BW-014 a closing cascade pays 50 x (min(pods, 8) - 1), only if it relit a dimling', () => {
    const mk = (withMope: boolean) => {
      const s = fromMap(`
G......
.......
.......
.o.o.${withMope ? 'm' : '.'}.
.......
.......
.......
.......
.......`);
      s.pods[0].bloomIn = 1;
      s.dimlings.forEach((d) => (d.wait = 100));
      return ticks(s, 30);
    };
    const paid = mk(true);
    const close = paid.events.find((e) => e.type === 'cascadeClosed');
    expect(close).toMatchObject({ pods: 2, points: 50 });
    const unpaid = mk(false);
    expect(unpaid.events.find((e) => e.type === 'cascadeClosed')).toMatchObject({ pods: 2, points: 0 });
    expect(unpaid.state.score).toBe(0);
  });

  it('BW-011 kinds pay their base values', () => {
    for (const [kind, base] of [
      [MOPE, 50],
      [PEEKER, 80],
      [TWINBUD, 120],
    ]) {
      const s = fromMap(ROOM.replace('...G...', 'G......'));
      s.dimlings = [
        { id: 0, kind, at: cell(3, 5), to: -1, prog: 0, steps: 0, dir: -1, mode: 0, wait: 50, moves: 0, shimmer: 0 },
      ];
      due(s, cell(3, 4));
      expect(ticks(s, 1).state.score).toBe(base);
    }
  });
});
