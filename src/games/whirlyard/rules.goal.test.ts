/**
 * Seed file rules, one test per sentence: Goal, and the action grammar.
 * Positions are text maps: R rover, d drone, C charged drone, # scrap, . empty; (0,0) is top left.
 */
import { describe, expect, it } from 'vitest';
import { observe, renderRows } from './observe.js';
import { legalActions } from './rules.js';
import { ACTION_SCHEMA } from './spec.js';
import { END_A, PULSE_A, WAIT_A, clearInto, fromMap, move, moveNames, play } from './testkit.js';
import { toWire } from './wire.js';

describe('Goal', () => {
  it('WY-001 the board is 6 by 6: the rover cannot step past its edges', () => {
    const topLeft = fromMap(`
      R.....
      ......
      ......
      ......
      ......
      .....d`);
    expect(moveNames(topLeft)).toEqual(['e', 's', 'se']);
    const bottomRight = fromMap(`
      d.....
      ......
      ......
      ......
      ......
      .....R`);
    expect(moveNames(bottomRight)).toEqual(['nw', 'n', 'w']);
    expect(renderRows(topLeft).map((r) => r.length)).toEqual([6, 6, 6, 6, 6, 6]);
  });

  it('WY-001 drones herded into each other or into scrap are destroyed', () => {
    const s = fromMap(`
      ......
      .....d
      ..R..d
      ......
      .#....
      d.....`);
    const { state, events } = play(s, WAIT_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => e.cause)).toEqual([
      'scrap',
      'collision',
      'collision',
    ]);
    expect(state.wave).toBe(2); // all four gone: the wave was cleared
  });

  it('WY-002 the yard is endless: waves keep coming however far the run goes', () => {
    const s = fromMap(
      `
      ......
      ......
      ..Rd..
      ......
      ......
      ......`,
      { wave: 99 },
    );
    const { state } = play(s, PULSE_A);
    expect([state.wave, state.drones.length, state.over]).toEqual([100, 10, false]);
  });

  it('WY-002 clearing a wave carries the run on into the next wave', () => {
    const { state } = play(clearInto(2, 3), WAIT_A);
    expect(state.wave).toBeGreaterThanOrEqual(2);
    const s = fromMap(`
      ......
      ......
      ..R...
      ...d..
      ......
      ......`);
    const after = play(s, PULSE_A).state;
    expect([after.wave, after.over]).toEqual([2, false]);
  });

  it('WY-003 end_run banks the score at any time', () => {
    const s = fromMap(
      `
      ......
      ......
      ..R...
      ......
      ......
      d.....`,
      { score: 230, turn: 4, waveTurn: 4 },
    );
    const { state } = play(s, END_A);
    expect([state.over, state.endReason, state.score]).toEqual([true, 'ended', 230]);
  });

  it('WY-004 otherwise the run ends when a drone reaches the rover', () => {
    const s = fromMap(`
      ......
      .d....
      ..R...
      ......
      ......
      ......`);
    const { state, events } = play(s, WAIT_A);
    expect([state.over, state.endReason]).toEqual([true, 'caught']);
    expect(events.at(-1)).toMatchObject({ type: 'caught', x: 2, y: 2 });
    expect(legalActions(state)).toEqual([]);
  });

  it('WY-005 coordinates are zero-based (x,y) with x growing to the right and y growing downward', () => {
    const s = fromMap(`
      d.....
      ......
      ..R...
      ......
      ......
      ......`);
    expect(observe(s).rover).toEqual({ x: 2, y: 2 });
    expect(observe(s).drones[0]).toEqual({ x: 0, y: 0, charged: false });
    expect(observe(play(s, move('e')).state).rover).toEqual({ x: 3, y: 2 });
    expect(observe(play(s, move('s')).state).rover).toEqual({ x: 2, y: 3 });
  });

  it("WY-006 a cell's index is y * 6 + x", () => {
    const s = fromMap(`
      ......
      ....R.
      ......
      ...#..
      ......
      .d....`);
    expect(s.rover).toBe(1 * 6 + 4);
    expect(s.drones).toEqual([5 * 6 + 1]);
    expect((toWire(s).data as { scrap: number[] }).scrap).toEqual([3 * 6 + 3]);
  });
});

describe('Action grammar', () => {
  it("WY-043 the spec publishes the seed file's action grammar unchanged", () => {
    const only = (type: string) => ({
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: type } },
      required: ['type'],
    });
    expect(ACTION_SCHEMA).toEqual({
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            type: { const: 'move' },
            direction: { type: 'string', enum: ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'] },
          },
          required: ['type', 'direction'],
        },
        only('wait'),
        only('pulse'),
        only('end_run'),
      ],
    });
  });
});
