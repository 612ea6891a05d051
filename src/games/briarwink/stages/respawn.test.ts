import { describe, it, expect } from 'vitest';
import { cell, fromMap, ticks } from '../testkit.js';
import { bloomCover, playerCell } from '../grid.js';
import { respawnCell } from './respawn.js';

describe('respawn', () => {
  it('BW-097 BW-035 an absent gardener counts down and returns standing, with 75 ticks of grace', () => {
    const s = fromMap('G......\n' + '.......\n'.repeat(7) + '......m', { away: 2, pAt: -1 });
    const a = ticks(s, 1).state;
    expect(a.away).toBe(1);
    expect(playerCell(a)).toBe(-1);
    const b = ticks(a, 1).state;
    expect(b.away).toBe(0);
    expect(playerCell(b)).toBe(cell(0, 0));
    expect(b.pTo).toBe(-1);
    expect(b.grace).toBe(74);
  });
});

describe('the respawn cell', () => {
  it('BW-097 is outside every live pod cross and active bloom first', () => {
    const s = fromMap(`
.......
.......
.......
.......
...o...
.......
.......
.......
......m`);
    s.corner = 0;
    const c = respawnCell(s, bloomCover(s));
    expect(c).toBe(cell(0, 0)); // farthest from the mope is the spawn corner itself
    s.pods[0].cell = cell(1, 0);
    s.pods[0].reach = 2;
    // (0,0) lies in the cross of a pod at (1,0): another cell wins
    const c2 = respawnCell(s, bloomCover(s));
    expect([cell(0, 0), cell(1, 0), cell(2, 0), cell(3, 0), cell(1, 1), cell(1, 2)]).not.toContain(c2);
  });

  it('BW-097 then inside the main garden, then farthest from the nearest dimling', () => {
    const s = fromMap(`
.%.....
%%.....
.......
.......
.......
.......
.......
.......
......m`);
    // (0,0) is walled off from the main garden: not chosen even though it is farthest
    const c = respawnCell(s, bloomCover(s));
    expect(c).not.toBe(cell(0, 0));
    expect(c).toBe(cell(2, 0)); // distance 14 from the mope, ties broken toward the corner
  });

  it('BW-097 then nearest the spawn corner, then the lowest index', () => {
    const s = fromMap(`
.......
.......
.......
.......
...m...
.......
.......
.......
.......`);
    s.corner = 2; // bottom-right spawn corner
    // farthest from (3,4): the four corners at distance 7; nearest to the corner (6,8) is itself
    expect(respawnCell(s, bloomCover(s))).toBe(cell(6, 8));
    s.corner = 0;
    expect(respawnCell(s, bloomCover(s))).toBe(cell(0, 0));
  });

  it('BW-097 and last the lowest index', () => {
    const s = fromMap('+......\n' + '.......\n'.repeat(8));
    s.corner = 0;
    // no dimlings, no pods: (1,0) and (0,1) tie one step from the corner (the corner holds a pickup)
    expect(respawnCell(s, bloomCover(s))).toBe(cell(1, 0));
  });
});
