/**
 * The seed's GRAVITY rules, one test per sentence, each a before map, one or more ticks, and an after map.
 */
import { describe, expect, it } from 'vitest';
import { act, play, fromMap, map, toMap } from '../testkit.js';
import { CRUSHED, PLAYING } from '../types.js';

describe('gravity', () => {
  it('DW-031 runs exactly one pass per accepted action: a boulder falls one cell per tick', () => {
    let s = fromMap(`
      #####
      #O..#
      #...#
      #...#
      #..M#
      #####`);
    s = act(s, 'wait');
    expect(toMap(s)).toContain('#o..#\n#...#\n#..M#');
    s = act(s, 'wait');
    expect(toMap(s)).toContain('#...#\n#o..#\n#..M#');
  });

  it('DW-031 scans rows from the bottom up, so a stacked column falls together', () => {
    const s = act(
      fromMap(`
        ####
        #O.#
        #*.#
        #..#
        #.M#
        ####`),
      'wait',
    );
    expect(toMap(s)).toBe(
      map(`
        ####
        #..#
        #o.#
        #v.#
        #.M#
        ####`),
    );
  });

  it('DW-031 left-to-right order decides a contested cell: the left object takes it, the right one goes elsewhere', () => {
    const s = act(
      fromMap(`
        #######
        #%O.O.#
        #%*.*.#
        #*****#
        #M%%%%#
        #######`),
      'wait',
    );
    expect(toMap(s)).toBe(
      map(`
        #######
        #%.o.o#
        #%*.*.#
        #*****#
        #M%%%%#
        #######`),
    );
  });

  it('DW-031 each movable acts at most once per pass: an object that rolled right does not also fall', () => {
    const s = act(
      fromMap(`
        #####
        #%O.#
        #%*.#
        #%%.#
        #M%%#
        #####`),
      'wait',
    );
    expect(toMap(s)).toBe(
      map(`
        #####
        #%.o#
        #%*.#
        #%%.#
        #M%%#
        #####`),
    );
  });

  it('DW-032 fall: an object with an empty cell below moves down one and is falling', () => {
    const s = act(fromMap('#G#\n#.#\n#M#'), 'wait');
    expect(toMap(s)).toBe('#.#\n#g#\n#M#');
  });

  describe('the mole below', () => {
    it('DW-033 an object at rest directly above the mole stays put: the mole supports it indefinitely', () => {
      let s = fromMap('#O#\n#M#\n#%#');
      for (let i = 0; i < 10; i++) s = act(s, 'wait');
      expect(toMap(s)).toBe('#O#\n#M#\n#%#');
      expect(s.end).toBe(PLAYING);
    });

    it('DW-034 a falling boulder moves into the mole cell and the run ends', () => {
      const { state, events } = play(fromMap('#o#\n#M#\n#%#'), 'wait');
      expect(state.end).toBe(CRUSHED);
      expect(toMap(state)).toBe('#.#\n#o#\n#%#');
      expect(events).toContainEqual({ type: 'crushed', by: 'boulder', x: 1, y: 1 });
    });

    it('DW-034 a falling geode moves into the mole cell and the run ends', () => {
      const s = act(fromMap('#g#\n#M#\n#%#'), 'wait');
      expect(s.end).toBe(CRUSHED);
      expect(toMap(s)).toBe('#.#\n#g#\n#%#');
    });

    it('DW-034 a falling gem moves into the mole cell and is caught, scoring like any gem', () => {
      const { state, events } = play(fromMap('#v#\n#M#\n#%#'), 'wait');
      expect(state.end).toBe(PLAYING);
      expect(state.gems).toBe(1);
      expect(state.score).toBe(25);
      expect(toMap(state)).toBe('#.#\n#M#\n#%#');
      expect(events).toContainEqual({ type: 'gem', how: 'caught', x: 1, y: 0, points: 25, chain: 1 });
    });
  });

  describe('roll', () => {
    it('DW-013 an object on a rounded object rolls left when the left and down-left cells are empty', () => {
      for (const under of ['O', '*', 'G']) {
        const s = act(fromMap(`#...#\n#.O.#\n#.${under}.#\n#M%%#`), 'wait');
        expect(toMap(s), `on ${under}`).toBe(`#...#\n#o..#\n#.${under}.#\n#M%%#`);
      }
    });

    it('DW-035 an object rolls right when it cannot roll left', () => {
      const s = act(fromMap('#...#\n#%*.#\n#.O.#\n#M%%#'), 'wait');
      expect(toMap(s)).toBe('#...#\n#%.v#\n#.O.#\n#M%%#');
    });

    it('DW-035 an object rolls only if both the side cell and the cell below it are empty', () => {
      const s = act(fromMap('#...#\n#.O.#\n#%O%#\n#M%%#'), 'wait');
      expect(toMap(s)).toBe('#...#\n#.O.#\n#%O%#\n#M%%#');
    });

    it('DW-035 the mole cell never counts as empty for a roll', () => {
      const s = act(fromMap('#....#\n#.O..#\n#MO..#\n#%%%%#'), 'wait');
      // down-left is the mole: the boulder may not roll left, so it rolls right
      expect(toMap(s)).toBe('#....#\n#..o.#\n#MO..#\n#%%%%#');
    });

    it('DW-035 a rolled object is falling, and keeps falling on the next tick', () => {
      let s = act(fromMap('#....#\n#..O.#\n#..O.#\n#M.%%#\n######'), 'wait');
      expect(toMap(s)).toBe('#....#\n#.o..#\n#..O.#\n#M.%%#\n######');
      s = act(s, 'wait');
      expect(toMap(s)).toBe('#....#\n#....#\n#.oO.#\n#M.%%#\n######');
    });

    it('DW-013 soil, bedrock and exits are flat: nothing rolls off them', () => {
      for (const flat of ['%', '#', 'X']) {
        const s = act(fromMap(`#...#\n#.O.#\n#.${flat}.#\n#M%%#`), 'wait');
        expect(toMap(s), `on ${flat}`).toBe(`#...#\n#.O.#\n#.${flat}.#\n#M%%#`);
      }
    });
  });

  describe('land', () => {
    it('DW-036 a falling object that can neither fall nor roll comes to rest', () => {
      let s = fromMap('#O#\n#.#\n#%#\n#M#');
      s = act(s, 'wait');
      expect(toMap(s)).toBe('#.#\n#o#\n#%#\n#M#');
      s = act(s, 'wait');
      expect(toMap(s)).toBe('#.#\n#O#\n#%#\n#M#');
    });

    it('DW-036 a geode that lands after a fall cracks into a gem at rest, for 10 points', () => {
      let s = fromMap('#G#\n#.#\n#%#\n#M#');
      s = act(s, 'wait');
      expect(toMap(s)).toBe('#.#\n#g#\n#%#\n#M#');
      const { state, events } = play(s, 'wait');
      expect(toMap(state)).toBe('#.#\n#*#\n#%#\n#M#');
      expect(state.score).toBe(10);
      expect(events).toContainEqual({ type: 'crack', x: 1, y: 1, points: 10 });
    });

    it('DW-036 a geode that never falls stays a geode', () => {
      let s = fromMap('#G#\n#%#\n#M#');
      for (let i = 0; i < 5; i++) s = act(s, 'wait');
      expect(toMap(s)).toBe('#G#\n#%#\n#M#');
      expect(s.score).toBe(0);
    });

    it('DW-036 the gem a geode mints counts toward the quota when collected', () => {
      let s = fromMap('####\n#G.#\n#.M#\n#%%#', { quota: 1 });
      s = act(s, 'wait', 'wait');
      expect(toMap(s)).toBe('####\n#..#\n#*M#\n#%%#');
      s = act(s, 'left');
      expect(s.gems).toBe(1);
      expect(s.exitOpen).toBe(true);
    });
  });

  it('DW-037 movables never enter an exit cell', () => {
    let s = fromMap('#O.#\n#X.#\n#M.#', { quota: 5 });
    s = act(s, 'wait', 'wait');
    expect(toMap(s)).toBe('#O.#\n#X.#\n#M.#');
    // a boulder rolls off a gem and falls towards an open exit: it stops above it, it never enters it
    let open = fromMap('#.#.#\n#.O.#\n#.*.#\n#E#M#');
    open = act(open, 'wait', 'wait', 'wait', 'wait');
    expect(toMap(open)).toBe('#.#.#\n#...#\n#O*.#\n#E#M#');
  });

  it('DW-038 a long cascade takes several ticks to settle, and moves only when the mole acts', () => {
    const start = fromMap(`
      ######
      #O...#
      #O...#
      #O...#
      #*...#
      #M%%%#`);
    let s = act(start, 'wait');
    const paused = toMap(s);
    expect(paused).not.toBe(toMap(start));
    // nothing happens between actions: reading the state again shows the same paused avalanche
    expect(toMap(s)).toBe(paused);
    let ticks = 1;
    while (toMap(s).match(/[ovg]/)) {
      s = act(s, 'wait');
      ticks++;
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('DW-039 stepping out from under an object at rest lets it fall that same tick', () => {
    const s = act(fromMap('#O.#\n#M.#\n#%%#'), 'right');
    expect(toMap(s)).toBe('#..#\n#oM#\n#%%#');
  });

  it('DW-040 something already falling does not stop for the mole: stepping under a falling boulder is fatal', () => {
    const s = act(fromMap('#o.#\n#.M#\n#%%#'), 'left');
    expect(s.end).toBe(CRUSHED);
  });

  it('DW-040 stepping under a falling gem catches it', () => {
    const s = act(fromMap('#v.#\n#.M#\n#%%#'), 'left');
    expect(s.gems).toBe(1);
    expect(s.end).toBe(PLAYING);
  });

  it('DW-041 gems are indestructible: a boulder falling onto a gem stops on it or rolls off, the gem stays', () => {
    let s = fromMap('#.o.#\n#.*.#\n#%%%#\n#M%%#');
    s = act(s, 'wait', 'wait', 'wait');
    expect(toMap(s)).toBe('#...#\n#O*.#\n#%%%#\n#M%%#');
  });
});
