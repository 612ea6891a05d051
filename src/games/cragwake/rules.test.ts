import { describe, expect, it } from 'vitest';
import { cragwake } from './index.js';
import { legalActions, pricedActions, step } from './rules.js';
import { mv, play, fromMap, refusal, startAt, tokenAt } from './testkit.js';
import { toWire } from './wire.js';
import type { CragwakeAction, CragwakeState } from './types.js';

const snap = (s: CragwakeState) => JSON.stringify(toWire(s));
const key = (a: CragwakeAction) => JSON.stringify(a);

/** Pitch 1, climber on row 3 col 3, plain holds everywhere up to row 6. */
const OPEN = `
  6: P P P P P P
  5: P P P P P P
  4: P P P P P P
  3: P P P @P P P
  2: P P P P P P
  1: P P P P P P`;

describe('ACTIONS', () => {
  it('CW-012 CW-074 there are exactly four actions; any other shape is unknown_action and nothing throws', () => {
    const s = fromMap(OPEN);
    const odd: unknown[] = [
      null,
      'move',
      42,
      [],
      {},
      { type: 'jump' },
      { type: 'move', row: 4 },
      { type: 'move', row: '4', col: 3 },
      { type: 'move', row: 4.5, col: 3 },
      { type: 'move', row: 4, col: 3, extra: true },
      { type: 'breathe', now: 1 },
      { type: 'endRun', please: true },
    ];
    for (const a of odd) expect(refusal(s, a)?.reason, JSON.stringify(a)).toBe('unknown_action');
    expect(step(s, mv(4, 3)).ok).toBe(true);
    expect(step(s, { type: 'breathe' }).ok).toBe(true);
    const ledge = fromMap(`10: =\n 9: P P P @P P P`, { stamina: 5 });
    const done = play(ledge, mv(10, 3)).state;
    expect(step(done, { type: 'climbOn' }).ok).toBe(true);
    expect(step(done, { type: 'endRun' }).ok).toBe(true);
  });

  it('CW-013 a refusal changes nothing at all: no stamina, no turn, no wall, no score', () => {
    const s = fromMap(OPEN, { stamina: 2, score: 70, turn: 5, gust: [1], rockfall: 4 });
    const before = snap(s);
    const cells = [...s.cells];
    for (const a of [mv(9, 3), mv(3, 3), mv(5, 1), { type: 'climbOn' }, { type: 'x' }, mv(5, 3), mv(4, 7)]) {
      expect(step(s, a as CragwakeAction).ok).toBe(false);
      expect(snap(s)).toBe(before);
    }
    expect(s.cells).toEqual(cells);
  });
});

describe('DETERMINISM at action time', () => {
  it('CW-004 CW-069 step is a pure function of the state and the action: no clock, no randomness, input untouched', () => {
    let s = cragwake.init(31);
    for (let i = 0; i < 40 && s.phase === 'climbing'; i++) {
      const before = snap(s);
      const legal = legalActions(s);
      const a = legal[(i * 3) % legal.length];
      const first = step(s, a);
      const again = step(JSON.parse(JSON.stringify(s)) as CragwakeState, a);
      expect(snap(s), 'step mutated its input').toBe(before);
      expect(first.ok && again.ok).toBe(true);
      if (!first.ok || !again.ok) return;
      expect(snap(again.state)).toBe(snap(first.state));
      expect(again.events).toEqual(first.events);
      s = first.state;
    }
  });
});

describe('GEOMETRY', () => {
  it('CW-015 you start at row 0, column 3, on pitch 1 with a full tank', () => {
    for (const seed of [0, 1, 7, 123456, 0xffffffff]) {
      const s = cragwake.init(seed);
      expect([s.row, s.col, s.pitch, s.high, s.floor, s.stamina, s.phase]).toEqual([0, 3, 1, 0, 0, 24, 'climbing']);
    }
  });

  it('CW-014 columns run 0 to 5: a column off the wall is out of reach', () => {
    const s = fromMap(`3: P P P P P @P\n4: P P P P P P`);
    expect(refusal(s, mv(4, 6))?.reason).toBe('out_of_reach');
    const t = fromMap(`3: @P P P P P P\n4: P P P P P P`);
    expect(refusal(t, mv(4, -1))?.reason).toBe('out_of_reach');
  });

  it('CW-016 row 0 and every row divisible by 10 is a ledge of six jugs with no breaths', () => {
    const s = cragwake.init(99);
    for (let c = 0; c < 6; c++) expect(tokenAt(s, 0, c)).toBe('J0');
    const t = fromMap(`10: =\n 9: P P P @P P P`);
    for (let c = 0; c < 6; c++) expect(tokenAt(t, 10, c)).toBe('J0');
  });

  it('CW-018 CW-017 moving onto a ledge costs exactly 1, whatever the gust, the lunge or the row', () => {
    const s = fromMap(`10: =\n 9: P P P @P P P\n 8: P P P P P P`, { gust: [0, 1, 2, 3, 4, 5], stamina: 1 });
    const priced = pricedActions(s).filter((p) => p.action.type === 'move' && p.action.row === 10);
    expect(priced.map((p) => p.cost)).toEqual([1, 1, 1, 1, 1]);
    // from row 8 a two-row lunge lands on the ledge for 1
    const t = fromMap(`10: =\n 9: . . . . . .\n 8: P P P @P* P P`, { gust: [3] });
    const u = fromMap(`10: =\n 9: P . . . . .\n 8: P P P @P P P`, { gust: [3], stamina: 1 });
    expect(pricedActions(u).find((p) => key(p.action) === key(mv(10, 3)))?.cost).toBe(1);
    expect(refusal(t, mv(10, 3))?.reason).toBe('lunge_from_ice');
  });
  it('CW-020 the floor never drops under the ledge the pitch started from', () => {
    let s = startAt(3, 2);
    expect([s.floor, s.high]).toEqual([10, 10]);
    expect(refusal(s, mv(9, 2))?.reason).toBe('under_floor');
    // climbing to row 13 keeps the floor at the ledge; only above it does the band follow the high point
    for (let i = 0; i < 12 && s.phase === 'climbing' && s.high < 16; i++) {
      const up = legalActions(s).filter((a) => a.type === 'move' && a.row === s.row + 1);
      if (up.length === 0) break;
      s = play(s, up[0]).state;
      expect(s.floor).toBe(Math.max(10, s.high - 3));
      expect(s.floor).toBeGreaterThanOrEqual(10);
    }
    expect(s.high).toBeGreaterThan(13);
  });
});

describe('MOVES', () => {
  it('CW-021 a step is any of the 8 neighbours', () => {
    const s = fromMap(OPEN);
    const moves = new Set(legalActions(s).map(key));
    for (const [dr, dc] of [
      [1, -1],
      [1, 0],
      [1, 1],
      [0, -1],
      [0, 1],
      [-1, -1],
      [-1, 0],
      [-1, 1],
    ])
      expect(moves.has(key(mv(3 + dr, 3 + dc)))).toBe(true);
  });

  it('CW-022 a lunge is one of 7 longer reaches, never downward', () => {
    const s = fromMap(OPEN);
    const lunges = legalActions(s)
      .filter((a) => a.type === 'move' && (Math.abs(a.row - 3) > 1 || Math.abs(a.col - 3) > 1))
      .map((a) => (a.type === 'move' ? [a.row - 3, a.col - 3] : []));
    expect(lunges.sort()).toEqual(
      [
        [0, -2],
        [0, 2],
        [1, -2],
        [1, 2],
        [2, -1],
        [2, 0],
        [2, 1],
      ].sort(),
    );
    for (const [dr, dc] of [
      [-1, -2],
      [-1, 2],
      [-2, 0],
      [-2, 1],
      [2, 2],
      [3, 0],
    ])
      expect(refusal(s, mv(3 + dr, 3 + dc))?.reason).toBe('out_of_reach');
  });

  it('CW-023 you cannot lunge from an icy hold', () => {
    const s = fromMap(OPEN.replace('@P', '@P*'));
    expect(legalActions(s).filter((a) => a.type === 'move' && a.row === 5)).toEqual([]);
    const r = refusal(s, mv(5, 3));
    expect(r?.reason).toBe('lunge_from_ice');
    expect(step(s, mv(4, 3)).ok).toBe(true);
    // frosting is not icy
    expect(step(fromMap(OPEN.replace('@P', '@P~')), mv(5, 3)).ok).toBe(true);
  });

  it('CW-024 lunging off a cracked hold destroys it whatever its cracks say', () => {
    const s = fromMap(OPEN.replace('@P', '@K3'));
    const { state, events } = play(s, mv(5, 3));
    expect(tokenAt(state, 3, 3)).toBe('.');
    expect(events).toContainEqual({ type: 'holdLost', row: 3, col: 3, cause: 'lunge' });
  });

  it('CW-025 no move may go above the next unclimbed belay: from the row below it the two-row reach is not offered', () => {
    const s = fromMap(`10: =\n 9: P P P @P P P\n 8: P P P P P P`);
    expect(legalActions(s).some((a) => a.type === 'move' && a.row > 10)).toBe(false);
    const r = refusal(s, mv(11, 3));
    expect(r?.reason).toBe('out_of_reach');
    expect(r?.message).toContain('belay');
  });

  it('CW-026 from the row below a belay the belay is one step away for 1', () => {
    const s = fromMap(`10: =\n 9: P P P @P P P ^`, { gust: [3], stamina: 1 });
    const { state, events } = play(s, mv(10, 3));
    expect(events.find((e) => e.type === 'moved')?.cost).toBe(1);
    expect(state.phase).toBe('ledge');
  });

  it('CW-027 a lunge can never carry you over a belay', () => {
    // from row 9 nothing reaches row 11; from row 8 the two-row lunge lands on the belay itself
    const s = fromMap(`10: =\n 9: . . . . . .\n 8: P P P @P P P`, { high: 8 });
    expect(legalActions(s).filter((a) => a.type === 'move' && a.row === 10).length).toBe(3);
    const t = fromMap(`10: =\n 9: P P P @P P P`);
    for (let c = 2; c <= 4; c++) expect(refusal(t, mv(11, c))?.reason).toBe('out_of_reach');
  });
});

describe('COST', () => {
  const cost = (s: CragwakeState, a: CragwakeAction) => pricedActions(s).find((p) => key(p.action) === key(a))?.cost;
  it('CW-028 base 1 for a jug or a plain hold and 2 for a crimp', () => {
    const s = fromMap(`4: J2 P C . . .\n3: . @P . . . .`);
    expect([cost(s, mv(4, 0)), cost(s, mv(4, 1)), cost(s, mv(4, 2))]).toEqual([1, 1, 2]);
  });
  it('CW-029 plus 2 for a lunge', () => {
    const s = fromMap(`5: . J2 C . . .\n4: . . . . . .\n3: . @P . . . .`);
    expect([cost(s, mv(5, 1)), cost(s, mv(5, 2))]).toEqual([3, 4]);
  });
  it('CW-030 CW-046 plus 2 if the target is icy (frosting costs nothing)', () => {
    const s = fromMap(`4: P* C* P~ . . .\n3: . @P . . . .`);
    expect([cost(s, mv(4, 0)), cost(s, mv(4, 1)), cost(s, mv(4, 2))]).toEqual([3, 4, 1]);
  });
  it('CW-031 plus 1 if the target row overhangs', () => {
    const s = fromMap(`4: P C . . . . ^\n3: @P P . . . .`);
    expect([cost(s, mv(4, 0)), cost(s, mv(4, 1)), cost(s, mv(3, 1))]).toEqual([2, 3, 1]);
  });
  it('CW-032 CW-049 plus 2 if the target column is gusting this turn', () => {
    const s = fromMap(`4: P P P . . .\n3: . @P . . . .`, { gust: [0, 2] });
    expect([cost(s, mv(4, 0)), cost(s, mv(4, 1)), cost(s, mv(4, 2))]).toEqual([3, 1, 3]);
  });
  it('CW-033 a ledge row charges none of the four extras', () => {
    const t = fromMap(`12: P P P . . .\n11: @P* . . . . . ^\n10: =`, { gust: [0, 1, 2] });
    expect([cost(t, mv(10, 0)), cost(t, mv(10, 1))]).toEqual([1, 1]);
  });
  it('CW-034 the highest possible cost is 9', () => {
    const s = fromMap(`5: . . . C* . . ^\n4: . . . . . .\n3: . . . @P . .`, { gust: [3] });
    expect(cost(s, mv(5, 3))).toBe(9);
    // and nothing anywhere costs more, on any state of random play
    for (const seed of [1, 2, 3]) {
      let st = cragwake.init(seed);
      for (let i = 0; i < 200 && st.phase === 'climbing'; i++) {
        for (const p of pricedActions(st)) expect(p.cost).toBeLessThanOrEqual(9);
        const legal = legalActions(st);
        st = play(st, legal[(i * 7) % legal.length]).state;
        if (st.phase === 'ledge') st = play(st, { type: 'climbOn' }).state;
      }
    }
  });
  it('CW-035 CW-036 a move is legal only when stamina is at least the cost: there is no borrowing', () => {
    const s = fromMap(`4: . C . . . .\n3: . @P P . . .`, { stamina: 1 });
    const r = refusal(s, mv(4, 1));
    expect(r?.reason).toBe('too_costly');
    expect(r?.message).toContain('costs 2');
    expect(r?.message).toContain('you have 1');
    expect(legalActions(s).map(key)).toEqual([key(mv(3, 2)), key({ type: 'breathe' })]);
    // exactly enough is enough
    expect(play(fromMap(`4: . C . . . .\n3: . @P . . . .`, { stamina: 2 }), mv(4, 1)).state.stamina).toBe(0);
  });
});

describe('REJECTIONS', () => {
  const s = fromMap(
    `
    6: P P P P P P
    5: P P . P P P
    4: P P P P P P
    3: P P P @P* P P`,
    { high: 6, stamina: 2 },
  );

  it('CW-075 a target that is not a step or a lunge away is out_of_reach', () => {
    expect(refusal(s, mv(6, 3))?.reason).toBe('out_of_reach');
    expect(refusal(s, mv(3, 3))?.reason).toBe('out_of_reach');
  });
  it('CW-075 CW-025 a target above the next belay is out_of_reach', () => {
    const t = fromMap(`10: =\n9: P P @P P P P`);
    expect(refusal(t, mv(11, 2))?.reason).toBe('out_of_reach');
  });
  it('CW-075 CW-035 a bare-rock target is bare_rock', () => {
    const t = fromMap(`4: P . P . . .\n3: . @P . . . .`);
    expect(refusal(t, mv(4, 1))?.reason).toBe('bare_rock');
  });
  it('CW-075 CW-035 a target row under the floor is under_floor', () => {
    expect(s.floor).toBe(3);
    expect(refusal(s, mv(2, 3))?.reason).toBe('under_floor');
  });
  it('CW-075 a lunge from ice is lunge_from_ice', () => {
    expect(refusal(s, mv(5, 3))?.reason).toBe('lunge_from_ice');
  });
  it('CW-075 CW-076 a target you cannot pay for is too_costly, naming the cost and your stamina', () => {
    const t = fromMap(`4: . . . C* . .\n3: . . . @P . .`, { stamina: 3 });
    const r = refusal(t, mv(4, 3));
    expect(r?.reason).toBe('too_costly');
    expect(r?.message).toMatch(/costs 4 stamina and you have 3/);
  });
  it('CW-075 an action this phase does not offer is wrong_phase', () => {
    expect(refusal(s, { type: 'climbOn' })?.reason).toBe('wrong_phase');
    expect(refusal(s, { type: 'endRun' })?.reason).toBe('wrong_phase');
    const ledge = play(fromMap(`10: =\n9: P P @P P P P`), mv(10, 2)).state;
    expect(refusal(ledge, { type: 'breathe' })?.reason).toBe('wrong_phase');
    expect(refusal(ledge, mv(11, 2))?.reason).toBe('wrong_phase');
    const over = play(ledge, { type: 'endRun' }).state;
    for (const a of [{ type: 'climbOn' }, { type: 'endRun' }, { type: 'breathe' }, mv(11, 2)])
      expect(refusal(over, a)?.reason).toBe('wrong_phase');
  });
  it('CW-077 the legal list is exactly the set of actions that would be accepted', () => {
    for (const seed of [3, 4, 5, 6]) {
      let st = cragwake.init(seed);
      for (let i = 0; i < 120 && st.phase !== 'over'; i++) {
        const legal = new Set(legalActions(st).map(key));
        const probes: CragwakeAction[] = [{ type: 'breathe' }, { type: 'climbOn' }, { type: 'endRun' }];
        for (let r = st.floor - 2; r <= st.floor + 11; r++) for (let c = -1; c <= 6; c++) probes.push(mv(r, c));
        for (const a of probes) expect(step(st, a).ok, `${key(a)} at step ${i}`).toBe(legal.has(key(a)));
        const list = legalActions(st).filter((a) => a.type !== 'endRun');
        st = play(st, list[(i * 5 + seed) % list.length]).state;
      }
    }
  });
});
