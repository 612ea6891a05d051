/**
 * The seed's ACTIONS and MOVING rules, one test per sentence, on small boards drawn as text maps.
 */
import { describe, expect, it } from 'vitest';
import { delvewick } from './index.js';
import { act, refusal, fromMap, map, toMap } from './testkit.js';
import { OUT_OF_OIL } from './types.js';

describe('actions', () => {
  it('DW-015 there are exactly two actions, move and wait: anything else is refused as unknown', () => {
    const s = fromMap(`
      #####
      #.M.#
      #####`);
    for (const odd of [
      { type: 'dig' },
      { type: 'move', dir: 'north' },
      { type: 'move' },
      { type: 'wait', dir: 'up' },
      { type: 'move', dir: 'up', extra: 1 },
      null,
      'wait',
      { type: 'move', dir: 'up', big: BigInt(1) },
    ]) {
      const r = delvewick.step(s, odd as never);
      expect(r.ok, String(odd)).toBe(false);
      if (!r.ok) expect(r.reason).toBe('unknown_action');
    }
    const kinds = new Set(delvewick.legalActions(s).map((a) => a.type));
    expect([...kinds].sort()).toEqual(['move', 'wait']);
  });

  it('DW-004 every accepted action costs one unit of oil and advances the world one tick', () => {
    const s = fromMap(
      `
      ######
      #.o..#
      #....#
      #.M..#
      ######`,
      { oil: 10 },
    );
    const moved = act(s, 'right');
    expect(moved.oil).toBe(9);
    expect(toMap(moved)).toBe(
      map(`
      ######
      #....#
      #.o..#
      #..M.#
      ######`),
    );
    const waited = act(moved, 'wait');
    expect(waited.oil).toBe(8);
    expect(toMap(waited)).toBe(
      map(`
      ######
      #....#
      #....#
      #.oM.#
      ######`),
    );
  });

  it('DW-016 lantern oil is a per-level budget, filled up again when the next level starts', () => {
    const s = fromMap(
      `
      #####
      #ME.#
      #####`,
      { oil: 3, level: 1, quota: 0 },
    );
    const next = act(s, 'right');
    expect(next.level).toBe(2);
    expect(next.oil).toBe(46);
  });

  describe('DW-017 an invalid action is refused with ok:false and costs nothing', () => {
    const cases: { rule: string; map: string; move: 'up' | 'down' | 'left' | 'right'; reason: string }[] = [
      { rule: 'moving off the grid', map: 'M..\n...', move: 'up', reason: 'off_grid' },
      { rule: 'moving into bedrock', map: '#M.', move: 'left', reason: 'bedrock' },
      { rule: 'moving into a closed exit', map: 'XM.', move: 'left', reason: 'exit_closed' },
      { rule: 'moving up into a boulder', map: 'O\nM', move: 'up', reason: 'movable_in_the_way' },
      { rule: 'moving down into a geode', map: 'M\nG', move: 'down', reason: 'movable_in_the_way' },
      { rule: 'moving up into a falling boulder', map: 'o\nM', move: 'up', reason: 'movable_in_the_way' },
      { rule: 'moving sideways into a boulder with soil beyond', map: 'MO%', move: 'right', reason: 'cannot_push' },
      { rule: 'moving sideways into a falling boulder', map: '.oM', move: 'left', reason: 'cannot_push' },
      { rule: 'moving sideways into a geode at the grid edge', map: 'GM.', move: 'left', reason: 'cannot_push' },
    ];
    for (const c of cases) {
      it(c.rule, () => {
        const s = fromMap(c.map, { oil: 5 });
        const before = JSON.stringify(delvewick.toWire(s));
        const r = refusal(s, c.move);
        expect(r?.reason).toBe(c.reason);
        expect(r?.message).toContain(`"dir":"${c.move}"`);
        expect(JSON.stringify(delvewick.toWire(s))).toBe(before);
        expect(delvewick.legalActions(s)).not.toContainEqual({ type: 'move', dir: c.move });
      });
    }

    it('DW-017 any action after the run ends', () => {
      const s = act(fromMap('M..', { oil: 1 }), 'right');
      expect(s.end).toBe(OUT_OF_OIL);
      for (const a of ['left', 'right', 'wait'] as const) {
        expect(refusal(s, a)?.reason).toBe('game_over');
      }
      expect(delvewick.legalActions(s)).toEqual([]);
    });
  });

  it('DW-018 wait is always legal while playing, even when no move is', () => {
    const s = fromMap(`
      ###
      #M#
      #O#
      ###`);
    expect(delvewick.legalActions(s)).toEqual([{ type: 'wait' }]);
    expect(refusal(s, 'wait')).toBeNull();
  });
});

describe('moving', () => {
  it('DW-019 moving into soil digs it away and enters it in the same action', () => {
    const s = act(fromMap('#M%%#'), 'right');
    expect(toMap(s)).toBe('#.M%#');
  });

  it('DW-020 moving into a gem at rest collects it and enters its cell', () => {
    const s = act(fromMap('#M*.#\n#####'), 'right');
    expect(toMap(s)).toBe('#.M.#\n#####');
    expect(s.gems).toBe(1);
  });

  it('DW-020 moving into a falling gem collects it too', () => {
    const s = act(
      fromMap(`
        ####
        #..#
        #Mv#
        #%%#
        ####`),
      'right',
    );
    expect(s.gems).toBe(1);
    expect(toMap(s)).toContain('#.M#');
  });

  it('DW-021 moving into empty space, or onto the open exit, enters it', () => {
    expect(toMap(act(fromMap('#M..#'), 'right'))).toBe('#.M.#');
    const s = fromMap('#ME.#', { level: 1, quota: 0 });
    expect(act(s, 'right').level).toBe(2);
  });

  it('DW-022 sideways into a boulder or geode at rest with empty space beyond pushes it one cell, still at rest', () => {
    const s = act(fromMap('#MO.#\n#####'), 'right');
    expect(toMap(s)).toBe('#.MO#\n#####');
    const g = act(fromMap('#.GM#\n#####'), 'left');
    expect(toMap(g)).toBe('#GM.#\n#####');
  });

  it('DW-022 a pushed object over empty space falls in the same tick', () => {
    const s = act(fromMap('#MO.#\n###.#\n###%#'), 'right');
    expect(toMap(s)).toBe('#.M.#\n###o#\n###%#');
  });

  it('DW-023 cannot push two objects in a row', () => {
    expect(refusal(fromMap('#MOO.#'), 'right')).not.toBeNull();
  });

  it('DW-023 cannot push into a non-empty cell: soil, a gem or an exit', () => {
    for (const beyond of ['%', '*', 'X']) {
      expect(refusal(fromMap(`#MO${beyond}#`), 'right'), beyond).not.toBeNull();
    }
  });

  it('DW-023 cannot push vertically', () => {
    expect(refusal(fromMap('#.#\n#M#\n#O#\n#.#'), 'down')).not.toBeNull();
  });

  it('DW-024 digging never happens diagonally: a move only ever touches the cell it enters', () => {
    const s = fromMap(`
      #####
      #%%%#
      #%M%#
      #%%%#
      #####`);
    const after = act(s, 'up');
    expect(toMap(after)).toBe(
      map(`
      #####
      #%M%#
      #%.%#
      #%%%#
      #####`),
    );
    expect(delvewick.legalActions(s).length).toBe(5);
  });
});
