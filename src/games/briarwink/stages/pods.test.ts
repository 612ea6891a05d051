import { describe, it, expect } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { newCtx } from './ctx.js';
import { podTimers } from './pods.js';
import { NUDGER } from '../types.js';

const ROOM = `
G......
.......
.......
.......
...o...
.......
.......
.......
.......`;

describe('pod timers', () => {
  it('BW-060 BW-035 every pod but one planted this tick counts down 1', () => {
    const s = fromMap(ROOM, { levels: [0, 1, 0] });
    const r = play(s, { type: 'tick', move: null, plant: true }).state;
    expect(r.pods.map((p) => p.bloomIn)).toEqual([65, 66]);
  });

  it('BW-068 BW-071 then any pod under an active bloom is woken into the lowest covering cascade', () => {
    const s = fromMap(ROOM);
    s.blooms.push({ pod: 8, cascade: 8, left: 5, cells: [cell(3, 4)] });
    s.blooms.push({ pod: 5, cascade: 5, left: 5, cells: [cell(3, 4)] });
    s.cascades.push({ id: 5, relights: 0, pods: 1 }, { id: 8, relights: 0, pods: 1 });
    podTimers(s, newCtx(-1, -1, false, []));
    expect(s.pods[0]).toMatchObject({ woken: true, wokeNow: true, bloomIn: 3, cascade: 5 });
  });

  it('BW-068 a pod pushed into a lingering bloom wakes too', () => {
    const s = fromMap(`
G......
.......
.......
..###..
..#no*.
..###..
.......
.......
.......`);
    s.dimlings[0].kind = NUDGER;
    const r = ticks(s, 1).state;
    expect(r.pods[0].cell).toBe(cell(5, 4));
    expect(r.pods[0].woken).toBe(true);
    expect(r.pods[0].bloomIn).toBe(3);
  });
});
