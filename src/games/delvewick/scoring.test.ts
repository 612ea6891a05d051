/**
 * The seed's Scoring section, one test per rule.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import { LEVELS, levelStart } from './generate.js';
import { delvewick } from './index.js';
import { act, play, fromMap } from './testkit.js';
import { WON } from './types.js';

describe('scoring', () => {
  it('DW-006 a gem walked into earns 25, whether it counts toward the quota or is extra', () => {
    // gems spaced out so no chain forms: each is worth exactly 25
    let s = fromMap('#M*.....*.....*#\n################', { quota: 1 });
    s = act(s, 'right');
    expect(s.score).toBe(25);
    s = act(s, 'right', 'right', 'right', 'right', 'right', 'right');
    expect(s.gems).toBe(2);
    expect(s.score).toBe(50);
    s = act(s, 'right', 'right', 'right', 'right', 'right', 'right');
    expect(s.score).toBe(75);
  });

  it('DW-006 a gem caught falling earns 25 too', () => {
    expect(act(fromMap('#v#\n#M#\n###'), 'wait').score).toBe(25);
  });

  it('DW-007 a chain pays 10 for its 2nd gem, 20 for the 3rd and 30 for each one after', () => {
    const { state, events } = play(fromMap('#M*****#\n########'), 'right', 'right', 'right', 'right', 'right');
    const points = events.filter((e) => e.type === 'gem').map((e) => e.points);
    expect(points).toEqual([25, 35, 45, 55, 55]);
    expect(state.score).toBe(215);
    expect(state.chain).toBe(5);
  });

  it('DW-008 a chain continues when the next gem comes 4 ticks after the previous one', () => {
    const s = act(fromMap('#M*...*#\n########'), 'right', 'right', 'right', 'right', 'right');
    expect(s.chain).toBe(2);
    expect(s.score).toBe(25 + 35);
  });

  it('DW-008 a chain resets when the next gem comes 5 or more ticks later', () => {
    const s = act(fromMap('#M*....*#\n#########'), 'right', 'right', 'right', 'right', 'right', 'right');
    expect(s.chain).toBe(1);
    expect(s.score).toBe(50);
  });

  it('DW-008 a caught gem continues a chain like any other', () => {
    const s = act(fromMap('#.v#\n#M*#\n#%%#'), 'right');
    // walked into the gem at (2,1), then the falling gem above landed on the mole the same tick
    expect(s.gems).toBe(2);
    expect(s.score).toBe(25 + 35);
  });

  it('DW-008 a chain resets on a level change', () => {
    const s = act(fromMap('#M*E#\n#####', { quota: 1, level: 1 }), 'right');
    expect(s.chain).toBe(1);
    const next = act(s, 'right');
    expect(next.level).toBe(2);
    expect(next.chain).toBe(0);
    expect(next.chainAge).toBe(0);
  });

  it('DW-009 a geode cracking on landing earns 10', () => {
    const s = act(fromMap('#G#\n#.#\n#%#\n#M#'), 'wait', 'wait');
    expect(s.score).toBe(10);
  });

  it('DW-010 clearing a level earns 100 plus 5 for every unit of oil left', () => {
    const s = act(fromMap('#ME#\n####', { quota: 1, gems: 1, oil: 13, level: 5 }), 'right');
    expect(s.score).toBe(100 + 65);
  });

  it('DW-003 DW-011 clearing level 8 earns 250 more and wins the run', () => {
    const { state, events } = play(fromMap('#ME#\n####', { quota: 1, gems: 1, oil: 2, level: 8 }), 'right');
    expect(state.score).toBe(100 + 10 + 250);
    expect(state.end).toBe(WON);
    expect(events).toContainEqual({ type: 'run_won', points: 250, score: 360 });
  });

  it('DW-005 the score never decreases, over random play on every level', () => {
    const rng = Rng.fromSeed(3);
    for (let level = 1; level <= LEVELS.length; level++) {
      for (let game = 0; game < 20; game++) {
        let s = levelStart(level);
        let last = s.score;
        while (!delvewick.isGameOver(s)) {
          const r = delvewick.step(s, rng.pick(delvewick.legalActions(s)));
          if (!r.ok) throw new Error(r.message);
          s = r.state;
          expect(s.score).toBeGreaterThanOrEqual(last);
          last = s.score;
        }
      }
    }
  });
});
