import { describe, it, expect } from 'vitest';
import { cell, fromMap } from '../testkit.js';
import { newCtx } from './ctx.js';
import { deferredSpawns } from './deferred.js';
import { EXTRA_POD } from '../types.js';

const ROOM = `
.......
.......
.......
...G...
.......
.......
.......
.......
......m`;

describe('deferred spawns', () => {
  it('BW-096 a dropped power-up appears once its cell has no active bloom', () => {
    const s = fromMap(ROOM);
    s.deferred.push({ cell: cell(1, 1), what: EXTRA_POD });
    s.blooms.push({ pod: 1, cascade: 1, left: 2, cells: [cell(1, 1)] });
    deferredSpawns(s, newCtx(-1, -1, false, []));
    expect(s.pickups).toEqual([]);
    s.blooms = [];
    deferredSpawns(s, newCtx(-1, -1, false, []));
    expect(s.pickups).toEqual([{ cell: cell(1, 1), kind: EXTRA_POD }]);
    expect(s.deferred).toEqual([]);
  });

  it('BW-035 a power-up that appears under you is collected', () => {
    const s = fromMap(ROOM);
    s.deferred.push({ cell: cell(3, 3), what: EXTRA_POD });
    deferredSpawns(s, newCtx(-1, -1, false, []));
    expect(s.pickups).toEqual([]);
    expect(s.levels[EXTRA_POD]).toBe(1);
    expect(s.score).toBe(25);
  });
});
