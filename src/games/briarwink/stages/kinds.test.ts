import { describe, it, expect } from 'vitest';
import { cell, fromMap, ticks } from '../testkit.js';
import { dimlingCell } from '../grid.js';
import {
  DASH,
  FLOOR,
  MOPE,
  NUDGER,
  PEEKER,
  ROOTLING,
  SPRIG,
  SPROUT,
  STARE,
  TANGLER,
  TWINBUD,
  WANDER,
} from '../types.js';
import { sightDir } from './dimlings.js';

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

function withDimling(map: string, kind: number) {
  const s = fromMap(map);
  s.dimlings.forEach((d) => (d.kind = kind));
  return s;
}

describe('peekers', () => {
  const LINE = `
.......
.......
.......
.......
G..p...
.......
.......
.......
.......`;

  it('BW-082 spots you on its row or column within 5 cells over floor, sprout or pond with no pod', () => {
    const s = withDimling(LINE, PEEKER);
    expect(sightDir(s, s.dimlings[0])).toBe(3);
    const pond = withDimling(LINE.replace('G..p...', 'G~,p...'), PEEKER);
    expect(sightDir(pond, pond.dimlings[0])).toBe(3);
    for (const block of ['%', '#', 'o', 'H']) {
      const b = withDimling(LINE.replace('G..p...', `G.${block}p...`), PEEKER);
      expect(sightDir(b, b.dimlings[0]), block).toBe(-1);
    }
    const diag = withDimling(
      LINE.replace('G..p...', '...p...').replace(
        '.......\n.......\n.......\n.......\n',
        '.......\n.......\n.......\nG......\n',
      ),
      PEEKER,
    );
    expect(sightDir(diag, diag.dimlings[0])).toBe(-1);
  });

  it('BW-082 range is 5 cells', () => {
    const five = withDimling(LINE.replace('G..p...', 'G....p.'), PEEKER);
    expect(sightDir(five, five.dimlings[0])).toBe(3);
    const six = withDimling(LINE.replace('G..p...', 'G.....p'), PEEKER);
    expect(sightDir(six, six.dimlings[0])).toBe(-1);
  });

  it('BW-082 a spotted peeker stares 12 ticks, then dashes at 7 ticks a step', () => {
    const s = withDimling(LINE.replace('G..p...', 'G...p..').replace('G', '@'), PEEKER);
    const a = ticks(s, 1).state;
    expect(a.dimlings[0].mode).toBe(STARE);
    const b = ticks(a, 11).state;
    expect(b.dimlings[0].to).toBe(-1); // still staring: 12 ticks in all
    const c = ticks(b, 1).state;
    expect(c.dimlings[0].mode).toBe(DASH);
    expect(c.dimlings[0].to).toBe(cell(3, 4));
    expect(c.dimlings[0].steps).toBe(7);
  });

  it('BW-083 grace does not hide you from it', () => {
    const s = withDimling(LINE.replace('G', '@'), PEEKER);
    expect(sightDir(s, s.dimlings[0])).toBe(3);
  });

  it('BW-082 wanders again when sight breaks', () => {
    const s = withDimling(LINE, PEEKER);
    s.dimlings[0].mode = DASH;
    s.pAt = cell(0, 0); // gone off its row and column
    ticks(s, 0);
    const r = ticks(s, 1).state;
    expect(r.dimlings[0].mode).toBe(WANDER);
  });

  it('BW-103 the dash keeps its 7 ticks when the dimlings grow restless', () => {
    const s = withDimling(LINE, PEEKER);
    s.restless = true;
    s.dimlings[0].mode = STARE;
    s.dimlings[0].wait = 0;
    const r = ticks(s, 1).state;
    expect(r.dimlings[0].steps).toBe(7);
  });
});

describe('rootlings', () => {
  it('BW-084 walk floor and briar alike: 16 ticks into an open cell, 24 into briar', () => {
    const s = fromMap(`
G......
.......
.......
..###..
..#r%..
..#.#..
.......
.......
.......`);
    s.dimlings[0].kind = ROOTLING;
    s.dimlings[0].dir = 1;
    const r = ticks(s, 1).state;
    expect(r.dimlings[0].to).toBe(cell(4, 4));
    expect(r.dimlings[0].steps).toBe(24);
    const t = fromMap(`
G......
.......
.......
..###..
..#r#..
..#.#..
.......
.......
.......`);
    t.dimlings[0].kind = ROOTLING;
    expect(ticks(t, 1).state.dimlings[0].steps).toBe(16);
  });

  it('BW-084 a beam that covers and clears its briar relights it', () => {
    const s = fromMap(`
G......
.......
.......
.......
.o.R%..
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[0].reach = 4;
    s.dimlings[0].wait = 50;
    const r = ticks(s, 1);
    expect(r.state.dimlings).toHaveLength(0);
    expect(r.events.find((e) => e.type === 'relight')?.points).toBe(100);
    expect(r.state.terrain[cell(4, 4)]).not.toBe(0); // the beam stopped at the first briar
  });
});

describe('nudgers', () => {
  const PUSH = `
G......
.......
.......
..###..
..#no..
..###..
.......
.......
.......`;

  it('BW-085 BW-041 step every 13 ticks and push a pod one cell, keeping bloomIn, reach and cascade', () => {
    const s = withDimling(PUSH, NUDGER);
    s.pods[0].bloomIn = 40;
    s.pods[0].reach = 3;
    const r = ticks(s, 1).state;
    expect(r.pods[0].cell).toBe(cell(5, 4));
    expect(r.pods[0].bloomIn).toBe(39);
    expect(r.pods[0].reach).toBe(3);
    expect(r.dimlings[0].steps).toBe(13);
  });

  it('BW-085 only when the cell beyond is floor or sprout with no pod, pickup, gardener or walker', () => {
    for (const beyond of ['%', '#', '~', 'o', '+', 'G', 'm', ',']) {
      const map = PUSH.replace('G......', '.......').replace('..#no..', `..#no${beyond}.`);
      const s = withDimling(
        map.replace('.......\n.......\n.......\n..###', 'G......\n.......\n.......\n..###'),
        NUDGER,
      );
      s.dimlings.forEach((d, i) => (d.kind = i === 0 ? NUDGER : MOPE));
      if (beyond === 'm') s.dimlings[1].wait = 99;
      if (beyond === 'G') {
        s.pAt = cell(5, 4);
      }
      const r = ticks(s, 1).state;
      const pushed = r.pods[0].cell === cell(5, 4);
      expect(pushed, beyond).toBe(beyond === ',');
    }
  });

  it("BW-085 not onto a walker's destination", () => {
    const s = withDimling(PUSH.replace('..###..\n\n', ''), NUDGER);
    s.dimlings.push({
      id: 1,
      kind: MOPE,
      at: cell(5, 3),
      to: cell(5, 4),
      prog: 2,
      steps: 15,
      dir: 2,
      mode: 0,
      wait: 0,
      moves: 0,
      shimmer: 0,
    });
    s.terrain[cell(5, 3)] = 0;
    const r = ticks(s, 1).state;
    expect(r.pods[0].cell).toBe(cell(4, 4));
  });
});

describe('twinbuds and sprigs', () => {
  it('BW-086 a relit twinbud queues a split; two sprigs appear once the cell has no active bloom', () => {
    const s = fromMap(`
G......
.......
.......
.......
.o.t...
.......
.......
.......
.......`);
    s.dimlings[0].kind = TWINBUD;
    s.dimlings[0].wait = 99;
    s.pods[0].bloomIn = 1;
    const r = ticks(s, 1).state;
    expect(r.dimlings).toHaveLength(0);
    expect(r.deferred).toEqual([{ cell: cell(3, 4), what: -1 }]);
    const r2 = ticks(r, 17).state; // the bloom is active 18 ticks counting its burst tick
    expect(r2.dimlings).toHaveLength(0);
    const r3 = ticks(r2, 1).state;
    expect(r3.dimlings.map((d) => d.kind)).toEqual([SPRIG, SPRIG]);
    expect(r3.dimlings.every((d) => d.at === cell(3, 4))).toBe(true);
  });

  it('BW-086 sprigs head apart along the axis with more open exits, horizontal on a tie', () => {
    const vertical = fromMap(`
G......
.......
.......
..#.#..
..#t#..
..#.#..
.......
.......
.......`);
    vertical.dimlings[0].kind = TWINBUD;
    vertical.dimlings[0].wait = 99;
    vertical.deferred.push({ cell: cell(3, 4), what: -1 });
    vertical.dimlings = [];
    const v = ticks(vertical, 1).state;
    expect(v.dimlings.map((d) => d.dir)).toEqual([0, 2]);
    const v2 = ticks(v, 1).state;
    expect(v2.dimlings.map((d) => d.to)).toEqual([cell(3, 3), cell(3, 5)]);
    const tie = fromMap(EMPTY);
    tie.deferred.push({ cell: cell(3, 4), what: -1 });
    const h = ticks(tie, 2).state;
    expect(h.dimlings.map((d) => d.to)).toEqual([cell(2, 4), cell(4, 4)]);
    expect(h.dimlings[0].steps).toBe(10);
  });

  it('BW-087 a sprig shimmers for its first 15 ticks: it cannot cost a heart but can still be relit', () => {
    const s = fromMap(`
.......
.......
.......
.......
...G...
.......
.......
.......
.......`);
    s.deferred.push({ cell: cell(3, 4), what: -1 });
    const a = ticks(s, 1).state;
    expect(a.dimlings).toHaveLength(2);
    expect(a.hearts).toBe(3);
    const b = ticks(a, 5).state;
    expect(b.hearts).toBe(3);
    // a shimmering sprig under a bloom is relit
    const c = fromMap(EMPTY.replace('.......\n.......\n.......\n.......\n', '.......\n.......\n.......\n...*...\n'));
    c.dimlings.push({
      id: 0,
      kind: SPRIG,
      at: cell(3, 4),
      to: -1,
      prog: 0,
      steps: 0,
      dir: -1,
      mode: 0,
      wait: 9,
      moves: 0,
      shimmer: 10,
    });
    c.nextDimling = 1;
    c.dimlings[0].at = c.blooms[0].cells[0];
    expect(ticks(c, 1).state.dimlings).toHaveLength(0);
  });
});

describe('tanglers', () => {
  const LANE = `
G......
.......
.......
.#####.
T......
.#####.
.......
.......
.......`;

  it('BW-088 each time its occupied cell has changed 2 times, the floor cell it just left sprouts', () => {
    const s = withDimling(LANE, TANGLER);
    s.dimlings[0].dir = 1;
    const r = ticks(s, 40).state; // 20 ticks a step: two changes of cell
    expect(r.dimlings[0].moves).toBe(2);
    expect(r.terrain[cell(1, 4)]).toBe(SPROUT);
    expect(r.terrain[cell(0, 4)]).not.toBe(SPROUT);
  });

  it('BW-088 not on a pickup, pod, the gate, your cell, or past 12 sprouts', () => {
    for (const what of ['+', '^', 'G', 'cap']) {
      const s = withDimling(
        LANE.replace('T......', what === 'cap' ? 'T......' : `T${what === 'G' ? '.' : what}.....`),
        TANGLER,
      );
      s.dimlings[0].dir = 1;
      if (what === 'G') s.pAt = cell(1, 4);
      if (what === 'cap') for (let c = 56; c < 63; c++) s.terrain[c] = SPROUT;
      if (what === 'cap') for (let c = 42; c < 47; c++) s.terrain[c] = SPROUT;
      // walk it through (1,4) by hand: the pickup/gate/you stay put on (1,4)
      const d = s.dimlings[0];
      d.moves = 1;
      d.at = cell(1, 4);
      d.to = cell(2, 4);
      d.prog = 9;
      d.steps = 20;
      if (what === '^') s.gate = cell(1, 4);
      const r = ticks(s, 1).state;
      expect(r.dimlings[0].moves, what).toBe(2);
      expect(r.terrain[cell(1, 4)], what).not.toBe(SPROUT);
    }
  });

  it('BW-088 the floor cell it just left does not sprout when it holds a pod', () => {
    // walk it by hand off (1,4) on its 2nd change of cell, with and without a pod left on (1,4)
    const leave = (withPod: boolean) => {
      const s = withDimling(LANE, TANGLER);
      const d = s.dimlings[0];
      d.moves = 1;
      d.at = cell(1, 4);
      d.to = cell(2, 4);
      d.dir = 1;
      d.prog = 9;
      d.steps = 20;
      if (withPod)
        s.pods.push({
          id: 0,
          cell: cell(1, 4),
          bloomIn: 40,
          reach: 2,
          cascade: -1,
          woken: false,
          fresh: false,
          wokeNow: false,
        });
      s.nextPod = s.pods.length;
      return ticks(s, 1);
    };
    const bare = leave(false);
    expect(bare.state.dimlings[0].moves).toBe(2);
    expect(bare.state.terrain[cell(1, 4)]).toBe(SPROUT); // the control: it would sprout
    const podded = leave(true);
    expect(podded.state.dimlings[0].moves).toBe(2);
    expect(dimlingCell(podded.state.dimlings[0])).toBe(cell(2, 4));
    expect(podded.state.terrain[cell(1, 4)]).toBe(FLOOR);
    expect(podded.state.pods.map((p) => p.cell)).toEqual([cell(1, 4)]);
    expect(podded.events.filter((e) => e.type === 'sprout')).toHaveLength(0);
  });

  it('BW-088 not in the pocket during the hush', () => {
    const s = withDimling(
      LANE.replace('G......', '......G')
        .replace('.......\n.......\n.#####', 'T......\n.......\n.#####')
        .replace('T......\n.#####.\n.......', '.......\n.#####.\n.......'),
      TANGLER,
    );
    const d = s.dimlings[0];
    d.moves = 1;
    d.at = cell(1, 1);
    d.to = cell(2, 1);
    d.prog = 9;
    d.steps = 20;
    s.terrain[cell(1, 0)] = 0;
    s.nightTick = 10;
    // (1,1) is not a pocket cell of corner 0; use (1,0) instead
    d.at = cell(1, 0);
    d.to = cell(2, 0);
    expect(ticks(s, 1).state.terrain[cell(1, 0)]).not.toBe(SPROUT);
    s.nightTick = 500;
    expect(ticks(s, 1).state.terrain[cell(1, 0)]).toBe(SPROUT);
  });
});

describe('kinds and paces', () => {
  it('BW-080 BW-081 BW-084 BW-085 BW-086 BW-087 BW-088 paces: mope 15, peeker 12, rootling 16, nudger 13, twinbud 14, sprig 10, tangler 20', () => {
    const paces: [number, number][] = [
      [MOPE, 15],
      [PEEKER, 12],
      [ROOTLING, 16],
      [NUDGER, 13],
      [TWINBUD, 14],
      [SPRIG, 10],
      [TANGLER, 20],
    ];
    for (const [kind, pace] of paces) {
      const s = fromMap(`
.......
.......
.......
..###..
..#m...
..###..
.......
.......
......G`);
      s.dimlings[0].kind = kind;
      expect(ticks(s, 1).state.dimlings[0].steps, String(kind)).toBe(pace);
      s.restless = true;
      expect(ticks(s, 1).state.dimlings[0].steps, String(kind)).toBe(Math.max(6, pace - 2));
    }
  });

  it('BW-045 BW-044 occupied cells of dimlings follow the half-step rule', () => {
    const s = fromMap(EMPTY.replace('.......\n.......\n.......\n.......\n', '.......\n.......\n.......\n...m...\n'));
    const d = s.dimlings[0];
    const from = d.at;
    d.to = from + 1;
    d.steps = 15;
    d.prog = 7;
    expect(dimlingCell(d)).toBe(from);
    d.prog = 8;
    expect(dimlingCell(d)).toBe(from + 1);
  });
});
