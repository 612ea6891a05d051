/**
 * The gravity pass skips what cannot move on a settled board. These tests hold the shortcut to the
 * plain full pass: a state marked unsettled always gets the full bottom-to-top scan.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../core/rng.js';
import { levelStart } from '../generate.js';
import { delvewick } from '../index.js';
import { checkMove, MOVE_OK, WAIT } from '../moves.js';
import { advance } from '../rules.js';
import { fromMap } from '../testkit.js';
import { PLAYING, type DelvewickState } from '../types.js';

const wire = (s: DelvewickState) => JSON.stringify(delvewick.toWire(s));

describe('the settled-board shortcut', () => {
  it('never changes the outcome: random play on every level matches a full pass after every step', () => {
    const rng = Rng.fromSeed(77);
    let shortcuts = 0;
    for (let level = 1; level <= 8; level++) {
      for (let game = 0; game < 30; game++) {
        let s = levelStart(level);
        for (let i = 0; i < 120 && s.end === PLAYING && s.level === level; i++) {
          const dirs = [WAIT, 0, 1, 2, 3].filter((d) => d === WAIT || checkMove(s, d) === MOVE_OK);
          const dir = dirs[rng.int(dirs.length)];
          const fast = advance(s, dir, null);
          const full = advance({ ...s, settled: false }, dir, null);
          expect(wire(fast)).toBe(wire(full));
          expect(fast.settled).toBe(full.settled);
          if (s.settled) shortcuts++;
          s = fast;
        }
      }
    }
    expect(shortcuts).toBeGreaterThan(1000);
  });

  it('a board is settled only after a pass in which nothing moved', () => {
    let s = fromMap('#O#\n#.#\n#%#\n#M#');
    expect(s.settled).toBe(false);
    s = advance(s, WAIT, null);
    expect(s.settled).toBe(false);
    s = advance(s, WAIT, null);
    expect(s.settled).toBe(true);
  });
});
