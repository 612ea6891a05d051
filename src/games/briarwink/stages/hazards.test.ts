import { describe, it, expect } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { playerCell } from '../grid.js';
import { EXTRA_POD, OVER, QUICK_STEP, WIDE_PETAL } from '../types.js';

const BUMP = `
.......
.......
.......
...Gm..
.......
.......
.......
.......
.......`;

describe('hearts', () => {
  it('BW-092 you start with 3 hearts', () => {
    expect(fromMap(BUMP).hearts).toBe(3);
  });

  it('BW-093 BW-005 an active bloom on your occupied cell costs a heart (dazzled), your own blooms too', () => {
    const s = play(fromMap(BUMP.replace('m', '.')), { type: 'tick', move: null, plant: true }).state;
    s.pods[0].bloomIn = 1;
    const r = ticks(s, 1);
    expect(r.state.hearts).toBe(2);
    expect(r.events.find((e) => e.type === 'heartLost')?.why).toBe('dazzled');
  });

  it('BW-093 a dimling that is not shimmering on your cell costs a heart (bumped)', () => {
    const s = fromMap(BUMP);
    const d = s.dimlings[0];
    d.at = cell(3, 3);
    d.wait = 50;
    const r = ticks(s, 1);
    expect(r.events.find((e) => e.type === 'heartLost')?.why).toBe('bumped');
    const shimmering = fromMap(BUMP);
    shimmering.dimlings[0].at = cell(3, 3);
    shimmering.dimlings[0].shimmer = 10;
    shimmering.dimlings[0].wait = 50;
    expect(ticks(shimmering, 1).state.hearts).toBe(3);
  });

  it('BW-093 swapping cells with a dimling on the same tick costs a heart', () => {
    const s = fromMap(BUMP);
    s.pTo = cell(4, 3);
    s.pDir = 1;
    s.pProg = 3;
    const d = s.dimlings[0];
    d.to = cell(3, 3);
    d.dir = 3;
    d.steps = 15;
    d.prog = 7;
    const r = ticks(s, 1, 'right');
    expect(r.events.find((e) => e.type === 'heartLost')?.why).toBe('swapped');
  });

  it('BW-094 relights resolve first: a dimling relit on the tick it reaches you costs nothing', () => {
    // you step off (3,3) to (4,3) as a mope steps from (4,3) onto (3,3), where a bloom lingers:
    // it is relit there before the swap could cost you a heart
    const s = fromMap(BUMP);
    s.pTo = cell(4, 3);
    s.pDir = 1;
    s.pProg = 3;
    const d = s.dimlings[0];
    d.to = cell(3, 3);
    d.dir = 3;
    d.steps = 15;
    d.prog = 7;
    s.blooms.push({ pod: 3, cascade: 3, left: 5, cells: [cell(3, 3)] });
    s.cascades.push({ id: 3, relights: 0, pods: 1 });
    const r = ticks(s, 1, 'right');
    expect(r.state.dimlings).toHaveLength(0);
    expect(r.state.hearts).toBe(3);
    expect(playerCell(r.state)).toBe(cell(4, 3));
  });

  it('BW-095 no heart is lost during grace or while away', () => {
    const s = fromMap(BUMP.replace('G', '@'));
    s.dimlings[0].at = cell(3, 3);
    s.dimlings[0].wait = 50;
    expect(ticks(s, 5).state.hearts).toBe(3);
  });

  it('BW-035 at most one heart a tick', () => {
    const s = fromMap(BUMP);
    s.dimlings[0].at = cell(3, 3);
    s.dimlings[0].wait = 50;
    s.blooms.push({ pod: 3, cascade: 3, left: 5, cells: [cell(3, 4)] });
    s.cascades.push({ id: 3, relights: 0, pods: 1 });
    s.pAt = cell(3, 4);
    s.dimlings[0].at = cell(3, 4);
    s.dimlings[0].kind = 5;
    s.dimlings[0].shimmer = 0;
    const r = ticks(s, 1);
    expect(r.events.filter((e) => e.type === 'heartLost')).toHaveLength(1);
  });

  it('BW-096 BW-097 after a loss you are away 24 ticks and return with 75 ticks of grace', () => {
    const s = fromMap(BUMP);
    s.dimlings[0].at = cell(3, 3);
    s.dimlings[0].wait = 99;
    const lost = ticks(s, 1).state;
    expect(lost.away).toBe(24);
    expect(playerCell(lost)).toBe(-1);
    const still = ticks(lost, 23).state;
    expect(playerCell(still)).toBe(-1);
    const back = ticks(still, 1).state;
    expect(playerCell(back)).toBeGreaterThanOrEqual(0);
    expect(back.grace).toBe(74); // 75 on return, one counted by this tick's counters
    const moving = ticks(back, 1, 'up').state;
    expect(moving.pTo).toBeGreaterThanOrEqual(0);
  });

  it('BW-096 your highest upgrade loses one level (ties Wide Petal, Extra Pod, Quick Step) and drops as a pickup', () => {
    for (const [levels, lost] of [
      [[1, 1, 1], WIDE_PETAL],
      [[0, 1, 1], EXTRA_POD],
      [[1, 1, 2], QUICK_STEP],
      [[2, 2, 0], WIDE_PETAL],
    ] as const) {
      const s = fromMap(BUMP, { levels: levels.slice() });
      s.dimlings[0].at = cell(3, 3);
      s.dimlings[0].wait = 99;
      const r = ticks(s, 1).state;
      expect(r.levels[lost]).toBe(levels[lost] - 1);
      expect(r.pickups).toEqual([{ cell: cell(3, 3), kind: lost }]);
    }
    const none = fromMap(BUMP);
    none.dimlings[0].at = cell(3, 3);
    none.dimlings[0].wait = 99;
    expect(ticks(none, 1).state.pickups).toEqual([]);
  });

  it('BW-096 the dropped level waits until the cell has no active bloom', () => {
    const s = fromMap(BUMP.replace('m', '.'), { levels: [1, 0, 0] });
    s.blooms.push({ pod: 3, cascade: 3, left: 5, cells: [cell(3, 3)] });
    s.cascades.push({ id: 3, relights: 0, pods: 1 });
    const r = ticks(s, 1).state;
    expect(r.deferred).toEqual([{ cell: cell(3, 3), what: WIDE_PETAL }]);
    const later = ticks(r, 5).state;
    expect(later.pickups).toEqual([{ cell: cell(3, 3), kind: WIDE_PETAL }]);
  });

  it('BW-098 BW-009 at 0 hearts the run is finished and the tick ends', () => {
    const s = fromMap(BUMP, { hearts: 1 });
    s.dimlings[0].at = cell(3, 3);
    s.dimlings[0].wait = 99;
    const r = ticks(s, 1);
    expect(r.state.status).toBe(OVER);
    expect(r.events.map((e) => e.type)).toContain('runOver');
  });
});
