/**
 * Parts of rule sentences that the tests named after those rules did not reach: a peeker whose dash is
 * blocked, restless paces, grace, and the default batch. Each plays through `step` on a garden drawn in
 * the seed's legend.
 */
import { describe, expect, it } from 'vitest';
import { play, cell, fromMap, ticks } from './testkit.js';
import { DASH, MOPE, NUDGER, PEEKER, SPRIG, STARE, TANGLER, WANDER } from './types.js';

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

describe('clauses of rules', () => {
  it('BW-082 a peeker whose next cell toward you is blocked (a pond it sees across) wanders instead of dashing', () => {
    const open = fromMap(LINE);
    const pond = fromMap(LINE.replace('G..p...', 'G.~p...'));
    for (const s of [open, pond]) {
      s.dimlings[0].kind = PEEKER;
      s.dimlings[0].mode = STARE;
      s.dimlings[0].wait = 0;
    }
    expect(ticks(open, 1).state.dimlings[0].mode).toBe(DASH); // the control: it dashes when it can
    const { state } = ticks(pond, 40);
    expect(state.dimlings[0].mode).not.toBe(DASH);
    const first = ticks(pond, 1).state.dimlings[0];
    expect(first.mode).toBe(WANDER);
    expect(first.to).not.toBe(cell(2, 4));
  });

  it('BW-103 once restless, every dimling steps 2 ticks faster', () => {
    const paces: [number, number][] = [
      [MOPE, 15],
      [PEEKER, 12],
      [NUDGER, 13],
      [SPRIG, 10],
      [TANGLER, 20],
    ];
    for (const [kind, pace] of paces) {
      for (const restless of [false, true]) {
        const s = fromMap(
          LINE.replace('G..p...', '...p...').replace(
            '.......\n.......\n.......\n.......\n',
            '.......\n.......\n.......\n......G\n',
          ),
          { restless },
        );
        s.dimlings[0].kind = kind;
        s.dimlings[0].shimmer = 0;
        const d = ticks(s, 1).state.dimlings[0];
        expect(d.to, `kind ${kind}`).not.toBe(-1);
        expect(d.steps, `kind ${kind} restless ${restless}`).toBe(restless ? pace - 2 : pace);
      }
    }
  });

  it('BW-097 in grace after a return, moving and planting work as normal', () => {
    const s = fromMap(LINE.replace('G..p...', '@......'));
    expect(s.grace).toBe(75);
    const r = play(s, { type: 'tick', move: 'right', plant: true, count: 8 }).state;
    expect(r.pods.map((p) => p.cell)).toEqual([cell(0, 4)]);
    expect(r.pAt).toBe(cell(1, 4));
    expect(r.grace).toBeGreaterThan(0);
  });

  it('BW-031 count defaults to 1', () => {
    const s = fromMap(LINE);
    const r = play(s, { type: 'tick', move: 'right' }).state;
    expect(r.tick).toBe(s.tick + 1);
    expect(r.lastBatch).toMatchObject({ requested: 1, applied: 1 });
  });

  it('README decision 50: a step under way when the dimlings grow restless keeps its length; the next is 2 faster', () => {
    const s = fromMap(
      LINE.replace('G..p...', '...m...').replace(
        '.......\n.......\n.......\n.......\n',
        '.......\n.......\n.......\n......G\n',
      ),
      { calmLeft: 3 },
    );
    let st = ticks(s, 1).state;
    const first = st.dimlings[0];
    expect(first.steps).toBe(15);
    expect(st.restless).toBe(false);
    let turned = false;
    for (let i = 0; i < 14; i++) {
      st = ticks(st, 1).state;
      turned ||= st.restless;
      if (st.dimlings[0].to === first.to) expect(st.dimlings[0].steps).toBe(15);
    }
    expect(turned).toBe(true);
    // the step it starts after arriving is a restless one
    const next = ticks(st, 2).state.dimlings[0];
    expect(next.to).not.toBe(first.to);
    expect(next.steps).toBe(13);
  });
});
