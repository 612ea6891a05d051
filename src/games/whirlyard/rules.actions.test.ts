/**
 * Seed file rules, one test per sentence: moves, wait, pulse, charges and clocks.
 * Positions are text maps: R rover, d drone, C charged drone, # scrap, . empty; (0,0) is top left.
 */
import { describe, expect, it } from 'vitest';
import { whirlyard } from './index.js';
import { observe } from './observe.js';
import { legalActions } from './rules.js';
import { PULSE_A, WAIT_A, fromMap, map, move, moveNames, play, refusal, toMap } from './testkit.js';

describe('Rules: actions', () => {
  it('WY-022 a move goes one cell in any of the eight directions', () => {
    const s = fromMap(`
      ......
      ......
      ..R...
      ......
      ......
      .....d`);
    const expected = { nw: [1, 1], n: [2, 1], ne: [3, 1], w: [1, 2], e: [3, 2], sw: [1, 3], s: [2, 3], se: [3, 3] };
    for (const [dir, [x, y]] of Object.entries(expected)) {
      const after = play(s, move(dir as never)).state;
      expect(observe(after).rover, dir).toEqual({ x, y });
    }
  });

  it('WY-023 a move cannot leave the board', () => {
    const s = fromMap(`
      R.....
      ......
      ......
      ......
      ......
      .....d`);
    for (const dir of ['nw', 'n', 'ne', 'w', 'sw'] as const)
      expect(refusal(s, move(dir))?.reason, dir).toBe('out_of_bounds');
  });

  it('WY-023 a move cannot land on a drone or on scrap', () => {
    const s = fromMap(`
      ......
      ......
      ..Rd..
      ...#..
      ......
      ......`);
    expect(refusal(s, move('e'))?.reason).toBe('blocked');
    expect(refusal(s, move('se'))?.reason).toBe('blocked');
    expect(moveNames(s)).toEqual(['nw', 'n', 'ne', 'w', 'sw', 's']);
  });

  it('WY-024 a diagonal may pass between two occupied orthogonal neighbours', () => {
    const s = fromMap(`
      ......
      ..#...
      ..R#..
      ......
      ......
      d.....`);
    const { state } = play(s, move('ne'));
    expect(observe(state).rover).toEqual({ x: 3, y: 1 });
    const betweenDrones = fromMap(`
      ......
      ..d...
      ..Rd..
      ......
      ......
      ......`);
    expect(refusal(betweenDrones, move('ne'))).toBeNull();
  });

  it('WY-025 wait keeps the rover where it is', () => {
    const s = fromMap(`
      ......
      ......
      ....R.
      ......
      ......
      d.....`);
    const { state, events } = play(s, WAIT_A);
    expect(state.rover).toBe(s.rover);
    expect(events[0]).toEqual({ type: 'waited', x: 4, y: 2 });
  });

  it('WY-026 pulse needs a charge', () => {
    const s = fromMap(
      `
      ......
      ......
      ..R...
      ...d..
      ......
      ......`,
      { charges: 0 },
    );
    expect(refusal(s, PULSE_A)?.reason).toBe('no_charge');
    expect(legalActions(s).some((a) => a.type === 'pulse')).toBe(false);
  });

  it('WY-026 pulse spends its charge even with nothing in range', () => {
    const s = fromMap(`
      ......
      ......
      ..R...
      ......
      ......
      d.....`);
    const { state, events } = play(s, PULSE_A);
    expect([state.charges, state.pulseUsed, state.score]).toEqual([1, true, 0]);
    expect(events[0]).toEqual({ type: 'pulse', dismantled: 0, charges: 1, points: 0 });
  });

  it('WY-027 pulse destroys every drone at distance exactly one, and only those, leaving scrap on their cells', () => {
    const s = fromMap(`
      ......
      .ddd..
      .dRd..
      .ddd..
      ......
      .....d`);
    const { state } = play(s, PULSE_A);
    expect(state.score).toBe(8 * 20);
    expect(toMap(state)).toBe(
      map(`
      ......
      .###..
      .#R#..
      .###..
      ....d.
      ......`),
    );
  });

  it('WY-027 pulse acts before the pursuit, so an adjacent drone cannot catch the rover', () => {
    const s = fromMap(`
      ......
      ......
      .dR...
      ......
      ....d.
      ......`);
    const { state } = play(s, PULSE_A);
    expect(state.over).toBe(false);
    expect(toMap(state)).toBe(
      map(`
      ......
      ......
      .#R...
      ...d..
      ......
      ......`),
    );
  });

  it('WY-027 scrap made by a pulse already stops drones in the same action', () => {
    const s = fromMap(`
      d.....
      .d....
      ..R...
      ......
      ......
      .....d`);
    const { events } = play(s, PULSE_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => [e.cause, e.x, e.y])).toEqual([
      ['pulse', 1, 1],
      ['scrap', 1, 1],
    ]);
  });

  it('WY-028 a run starts with two charges', () => {
    expect(whirlyard.init(5).charges).toBe(2);
  });

  it('WY-028 clearing a wave gives back one charge, and no more than two are held', () => {
    const last = `
      ......
      ......
      ..Rd..
      ......
      ......
      ......`;
    expect(play(fromMap(last, { charges: 1 }), PULSE_A).state.charges).toBe(1);
    expect(play(fromMap(last, { charges: 2 }), PULSE_A).state.charges).toBe(2);
    const collide = fromMap(`
      ......
      .....d
      ..R..d
      ......
      ......
      ......`);
    expect(play(collide, WAIT_A).state.charges).toBe(2);
    expect(play({ ...collide, charges: 1 }, WAIT_A).state.charges).toBe(2);
    expect(play({ ...collide, charges: 0 }, WAIT_A).state.charges).toBe(1);
  });

  it('WY-029 each accepted move, wait or pulse adds one to the turn and to the wave turn', () => {
    const s = fromMap(
      `
      ......
      ......
      ..R...
      ......
      ......
      .....d`,
      { turn: 10, waveTurn: 1 },
    );
    const a = play(s, move('w')).state;
    const b = play(a, WAIT_A).state;
    const c = play(b, PULSE_A).state;
    expect([a, b, c].map((t) => [t.turn, t.waveTurn])).toEqual([
      [11, 2],
      [12, 3],
      [13, 4],
    ]);
  });
});
