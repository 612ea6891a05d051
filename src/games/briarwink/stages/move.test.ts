import { describe, it, expect } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { playerCell } from '../grid.js';
import { FLOOR, QUICK_STEP } from '../types.js';

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

describe('movement', () => {
  it('BW-045 a step takes stepTicks ticks: 8, then 7 and 6 with Quick Step', () => {
    for (const [level, steps] of [
      [0, 8],
      [1, 7],
      [2, 6],
    ]) {
      const s = fromMap(ROOM, { levels: [0, 0, level] });
      const a = ticks(s, steps - 1, 'right').state;
      expect(a.pTo).toBe(cell(4, 3));
      const b = ticks(a, 1, 'right').state;
      expect(b.pAt).toBe(cell(4, 3));
      expect(b.pTo).toBe(-1);
    }
  });

  it('BW-049 BW-044 holding a direction walks exactly stepTicks ticks per tile', () => {
    const s = ticks(fromMap(ROOM), 24, 'left').state;
    expect(s.pAt).toBe(cell(0, 3));
    expect(s.pTo).toBe(-1);
  });

  it('BW-045 a walker occupies the origin until progress reaches half the step rounded up', () => {
    const s = fromMap(ROOM);
    expect(playerCell(ticks(s, 3, 'right').state)).toBe(cell(3, 3));
    expect(playerCell(ticks(s, 4, 'right').state)).toBe(cell(4, 3));
    const quick = fromMap(ROOM, { levels: [0, 0, 1] }); // 7 ticks: half rounded up is 4
    expect(playerCell(ticks(quick, 3, 'right').state)).toBe(cell(3, 3));
    expect(playerCell(ticks(quick, 4, 'right').state)).toBe(cell(4, 3));
  });

  it('BW-046 a direction while idle starts a step only into an enterable neighbour, progress 1', () => {
    const s = ticks(fromMap(ROOM), 1, 'up').state;
    expect([s.pTo, s.pProg]).toEqual([cell(3, 2), 1]);
    for (const block of ['%', '#', 'H', '~', 'X', 'o']) {
      const b = fromMap(ROOM.replace('.......\n...G', `...${block}...\n...G`));
      expect(ticks(b, 1, 'up').state.pTo, block).toBe(-1);
    }
    const sprout = ticks(fromMap(ROOM.replace('.......\n...G', '...,...\n...G')), 1, 'up').state;
    expect(sprout.pTo).toBe(cell(3, 2));
  });

  it('BW-047 mid-step the opposite direction reverses from the same spot', () => {
    const s = ticks(fromMap(ROOM), 3, 'right').state; // 3 of 8 toward (4,3)
    const r = ticks(s, 1, 'left').state; // now 6 of 8 back toward (3,3)
    expect([r.pAt, r.pTo, r.pProg]).toEqual([cell(4, 3), cell(3, 3), 6]);
    expect(ticks(r, 2, 'left').state.pAt).toBe(cell(3, 3));
  });

  it('BW-047 a reversal is refused when a pod now stands on the origin', () => {
    const s = play(fromMap(ROOM), { type: 'tick', move: 'right', plant: false }).state;
    const planted = play(s, { type: 'tick', move: 'right', plant: true }).state; // pod on (3,3), still occupied
    expect(planted.pods[0].cell).toBe(cell(3, 3));
    const r = ticks(planted, 1, 'left').state;
    expect(r.pTo).toBe(cell(4, 3)); // carried on instead
  });

  it('BW-048 mid-step any other direction waits for arrival', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    const r = ticks(s, 6, 'up').state;
    expect([r.pAt, r.pTo]).toEqual([cell(4, 3), -1]);
    expect(ticks(r, 1, 'up').state.pTo).toBe(cell(4, 2));
  });

  it('BW-048 null finishes the step and stops', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    const r = ticks(s, 10, null).state;
    expect([r.pAt, r.pTo]).toEqual([cell(4, 3), -1]);
  });

  it('BW-050 a Quick Step collected mid-step speeds up the next step, not this one', () => {
    const s = fromMap(ROOM.replace('...G...', '...G+..'));
    s.pickups[0].kind = QUICK_STEP;
    const a = ticks(s, 4, 'right').state; // occupies (4,3) and collects
    expect(a.levels[2]).toBe(1);
    expect(a.pSteps).toBe(8);
    const b = ticks(a, 4, 'right').state;
    expect(b.pAt).toBe(cell(4, 3));
    const c = ticks(b, 1, 'right').state;
    expect(c.pSteps).toBe(7);
  });

  it('BW-051 if the destination closes while you still occupy the origin, you turn back', () => {
    const s = ticks(fromMap(ROOM), 2, 'right').state;
    s.terrain[cell(4, 3)] = 6; // thicket appears ahead
    const r = ticks(s, 1, 'right').state;
    expect([r.pAt, r.pTo]).toEqual([cell(4, 3), cell(3, 3)]);
    expect(ticks(r, 2, 'right').state.pAt).toBe(cell(3, 3));
  });

  it('BW-051 ...or stop where you stand when the origin holds your own pod', () => {
    const s = play(fromMap(ROOM, { levels: [0, 1, 0] }), { type: 'tick', move: 'right', plant: true }).state;
    s.pods.push({
      id: 9,
      cell: cell(4, 3),
      bloomIn: 66,
      reach: 2,
      cascade: -1,
      woken: false,
      fresh: false,
      wokeNow: false,
    });
    const r = ticks(s, 1, 'right').state;
    expect([r.pAt, r.pTo, playerCell(r)]).toEqual([cell(3, 3), -1, cell(3, 3)]);
  });

  it('BW-037 you trample a sprout to floor when you step onto it', () => {
    const s = fromMap(ROOM.replace('...G...', '...G,..'));
    expect(ticks(s, 3, 'right').state.terrain[cell(4, 3)]).not.toBe(FLOOR);
    expect(ticks(s, 4, 'right').state.terrain[cell(4, 3)]).toBe(FLOOR);
  });

  it('BW-061 BW-041 you may leave a pod cell but not enter it again', () => {
    const s = play(fromMap(ROOM), { type: 'tick', move: 'right', plant: true }).state;
    const away = ticks(s, 7, 'right').state;
    expect(away.pAt).toBe(cell(4, 3));
    expect(ticks(away, 1, 'left').state.pTo).toBe(-1);
  });
});

describe('walkTo', () => {
  it('BW-052 walks a shortest path, expanding up, right, down, left (up wins a tie)', () => {
    const s = fromMap(ROOM);
    const r = play(s, { type: 'tick', walkTo: cell(4, 2) }).state;
    expect(r.pTo).toBe(cell(3, 2));
    const r2 = play(s, { type: 'tick', walkTo: cell(4, 4) }).state;
    expect(r2.pTo).toBe(cell(4, 3)); // right before down
  });

  it('BW-056 routes around pods and active blooms', () => {
    const s = fromMap(`
.......
.......
.......
...Go..
...*...
.......
.......
.......
.......`);
    const r = play(s, { type: 'tick', walkTo: cell(5, 3) }).state;
    expect(r.pTo).toBe(cell(3, 2)); // right is a pod, down is a bloom: go up and round
  });

  it('BW-053 an unreachable target sends you to the reachable cell nearest it', () => {
    const s = fromMap(`
.......
.......
..%%%..
..%G%..
..%.%..
..%.%..
..%%%..
.......
.......`);
    // target (3,8) is walled off; nearest reachable by Manhattan is (3,5)
    const r = play(s, { type: 'tick', walkTo: cell(3, 8), count: 30 }).state;
    expect(r.pAt).toBe(cell(3, 5));
  });

  it('BW-053 ties on Manhattan distance go to the shorter search distance, then the lower index', () => {
    const s = fromMap(`
.......
.......
.......
%%%G%%%
.......
.......
.......
.......
.......`);
    // target (3,0) reachable; (0,0) target: (2,3)... use an unreachable target behind briar
    const t = fromMap(`
%%%%%%%
%.....%
%%%%%%%
...G...
.......
.......
.......
.......
.......`);
    const r = play(t, { type: 'tick', walkTo: cell(3, 1), count: 30 }).state;
    expect(r.pAt).toBe(cell(3, 3)); // already the nearest: stay put
    expect(r.pTo).toBe(-1);
    void s;
    const u = fromMap(`
%%%%%%%
%.....%
%%%%%%%
G......
.......
.......
.......
.......
.......`);
    // target (6,1): nearest reachable are (6,3) by Manhattan 2
    let v = u;
    for (let i = 0; i < 3; i++) v = play(v, { type: 'tick', walkTo: cell(6, 1), count: 30 }).state;
    expect(v.pAt).toBe(cell(6, 3));
    // equal Manhattan (3,1) vs (3,... ) from (3,3): (2,3) and (4,3) tie for target (3,1)? no: use lowest index
    const w = fromMap(`
%%%%%%%
%%%.%%%
%%%%%%%
%%.%.%%
%%...%%
%%%G%%%
%%%%%%%
%%%%%%%
%%%%%%%`);
    // target (3,1): (2,3), (4,3) and (3,4) are all Manhattan 3; (3,4) is the fewest steps away
    let x = w;
    for (let i = 0; i < 2; i++) x = play(x, { type: 'tick', walkTo: cell(3, 1), count: 30 }).state;
    expect(x.pAt).toBe(cell(3, 4));
    const y = fromMap(`
%%%%%%%
%%%.%%%
%%%%%%%
%%.%.%%
%%.%.%%
%%.G.%%
%%%%%%%
%%%%%%%
%%%%%%%`);
    // now (2,3) and (4,3) tie on Manhattan 3 and on 3 steps: the lower index wins
    let z = y;
    for (let i = 0; i < 2; i++) z = play(z, { type: 'tick', walkTo: cell(3, 1), count: 30 }).state;
    expect(z.pAt).toBe(cell(2, 3));
  });

  it('BW-054 turns back when the current step ends under an active bloom and its origin does not', () => {
    const s = play(fromMap(ROOM), { type: 'tick', walkTo: cell(6, 3), count: 3 }).state; // 3 of 8 to the right
    s.blooms.push({ pod: 50, cascade: 50, left: 10, cells: [cell(4, 3)] });
    s.cascades.push({ id: 50, relights: 0, pods: 1 });
    const r = play(s, { type: 'tick', walkTo: cell(6, 3) }).state;
    expect(r.pTo).toBe(cell(3, 3));
  });

  it('BW-055 once standing on the target you stay', () => {
    const s = fromMap(ROOM);
    const r = play(s, { type: 'tick', walkTo: cell(3, 3), count: 5 }).state;
    expect([r.pAt, r.pTo, r.lastBatch.applied]).toEqual([cell(3, 3), -1, 1]);
  });
});
