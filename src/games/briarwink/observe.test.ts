import { describe, it, expect } from 'vitest';
import { briarwink as game } from './index.js';
import { cell, fromMap, ticks } from './testkit.js';
import { observe, playerView } from './observe.js';
import { litMask } from './light.js';
import { toWire } from './wire.js';
import { DASH, PEEKER, WIDE_PETAL } from './types.js';

const DARK = `
G......
.......
.......
.......
.......
.......
.......
...m..+
.......`;

describe('the observation', () => {
  it('BW-115 text follows the seed order: header, stats, score, pressure, map, pods, blooms, dimlings, pickups, gate, sprouts, fireflies, unlit', () => {
    const s = fromMap(DARK, { moonless: true });
    const text = observe(s).text;
    const order = [
      'Briarwink - night',
      'You:',
      'Score',
      'Pressure:',
      'Map',
      'Pods:',
      'Blooms:',
      'Dimlings:',
      'Pickups:',
      'Gate:',
      'Sprouts:',
      'Fireflies:',
      'Unlit cells',
    ];
    const at = order.map((o) => text.indexOf(o));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at.slice().sort((a, b) => a - b)).toEqual(at);
  });

  it('BW-116 BW-001 BW-002 the map is 7 x 9 in the seed legend', () => {
    const s = fromMap(`
G.%,#H~
X+.....
.......
.......
.......
.......
.......
.......
......m`);
    s.marks.push(cell(2, 1));
    const o = observe(s);
    expect(o.map).toEqual([
      'G.%,#H~',
      'X+x....',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '......m',
    ]);
  });

  it('BW-117 player holds exactly the seed fields, -1 for none or away', () => {
    const s = fromMap(DARK);
    const p = playerView(s);
    expect(Object.keys(p)).toEqual([
      'night',
      'band',
      'hearts',
      'podsOut',
      'podCap',
      'reach',
      'stepTicks',
      'grace',
      'respawnIn',
      'score',
      'nightsCleared',
      'relitTotal',
      'dimlingsLeft',
      'calmLeft',
      'creepNextIn',
      'regrowNextIn',
      'moonless',
      'x',
      'y',
    ]);
    expect([p.grace, p.respawnIn, p.x, p.y]).toEqual([-1, -1, 0, 0]);
    const away = playerView({ ...s, away: 10, pAt: -1 });
    expect([away.x, away.y, away.respawnIn]).toEqual([-1, -1, 10]);
  });

  it('BW-118 turn is the tick count', () => {
    const s = ticks(fromMap(DARK), 7).state;
    expect(observe(s).turn).toBe(s.tick);
    expect(observe(s).turn).toBe(7);
  });

  it('BW-033 lastBatch travels in the observation', () => {
    const s = fromMap(DARK);
    const r = game.step(s, { type: 'tick', move: 'right', count: 3 });
    expect(r.ok && observe(r.state).lastBatch).toEqual({
      requested: 3,
      applied: 3,
      stoppedBy: 'count',
      eventsDropped: 0,
    });
  });
});

describe('moonless nights', () => {
  it('BW-112 a cell is lit within squared distance 6 of you, 2 of a firefly or the open gate, 1 of a pod, or under a bloom', () => {
    const s = fromMap(DARK, { moonless: true });
    let lit = litMask(s);
    expect(lit[cell(2, 1)]).toBe(1); // 4 + 1 = 5
    expect(lit[cell(2, 2)]).toBe(0); // 8
    s.fireflies = [cell(3, 5)];
    s.gate = cell(6, 0);
    s.pods.push({
      id: 0,
      cell: cell(0, 8),
      bloomIn: 50,
      reach: 2,
      cascade: -1,
      woken: false,
      fresh: false,
      wokeNow: false,
    });
    s.blooms.push({ pod: 1, cascade: 1, left: 3, cells: [cell(6, 8)] });
    lit = litMask(s);
    expect([lit[cell(4, 6)], lit[cell(5, 6)]]).toEqual([1, 0]); // firefly: 2 and 5
    expect([lit[cell(5, 1)], lit[cell(4, 1)]]).toEqual([1, 0]); // gate: 2 and 5
    expect([lit[cell(0, 7)], lit[cell(1, 7)]]).toEqual([1, 0]); // pod: 1 and 2
    expect(lit[cell(6, 8)]).toBe(1);
  });

  it('BW-113 dimlings and pickups on unlit cells are hidden from everything readable', () => {
    const s = fromMap(DARK, { moonless: true });
    const o = observe(s);
    expect(o.map[7]).toBe('.......');
    expect(o.dimlings).toEqual([]);
    expect(o.pickups).toEqual([]);
    expect(o.text).toContain('Dimlings: none seen');
    expect(o.text).toContain('Pickups: none seen');
    // the wire's readable part holds no dimlings, pickups, hidden power-ups or generator state
    const w = toWire(s);
    for (const key of ['d', 'pu', 'hd', 'df', 'rng', 'nd', 'lr']) {
      expect(w.data).not.toHaveProperty(key);
      expect(w.secret).toHaveProperty(key);
    }
  });

  it('BW-113 on a moonlit night the same garden shows them', () => {
    const o = observe(fromMap(DARK));
    expect(o.map[7]).toBe('...m..+');
  });

  it('BW-113 a spotted or dashing peeker always shows its eyes', () => {
    const s = fromMap(DARK, { moonless: true });
    s.dimlings[0].kind = PEEKER;
    s.dimlings[0].mode = DASH;
    expect(observe(s).map[7]).toBe('...P...');
  });

  it('BW-113 terrain, pods, blooms, marks, sprouts and fireflies always show', () => {
    const s = fromMap(DARK.replace('...m..+', '%,.m..+'), { moonless: true });
    s.fireflies = [cell(6, 8)];
    s.marks = [cell(6, 6)];
    const o = observe(s);
    expect(o.map[7].slice(0, 2)).toBe('%,');
    expect(o.marks).toEqual([cell(6, 6)]);
    expect(o.fireflies).toEqual([cell(6, 8)]);
    void WIDE_PETAL;
  });

  it('BW-113 no sprout shows its clock on a moonless night, lit or not (a hidden walker would reset it)', () => {
    const s = fromMap(DARK.replace('...m..+', ',..m..+'), { moonless: true });
    s.sproutAge[cell(0, 7)] = 20;
    s.terrain[cell(0, 1)] = 1; // a lit sprout next to you
    s.sproutAge[cell(0, 1)] = 30;
    const o = observe(s);
    expect(o.sprouts).toEqual([
      { cell: cell(0, 1), maturesIn: -1 },
      { cell: cell(0, 7), maturesIn: -1 },
    ]);
    expect(o.text).toContain('(0,7) matures in ?');
    expect(toWire(s).data).not.toHaveProperty('sa');
    expect(observe({ ...s, moonless: false }).sprouts[0]).toEqual({ cell: cell(0, 1), maturesIn: 120 });
  });

  it('BW-113 events never give away where a hidden sprig or dropped power-up appears', () => {
    const s = fromMap(DARK, { moonless: true });
    s.deferred.push({ cell: cell(6, 6), what: -1 });
    const r = game.step(s, { type: 'tick', move: null });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const split = r.events.find((e) => e.type === 'split');
      expect(split).toBeDefined();
      expect(split).not.toHaveProperty('cell');
    }
  });
});
