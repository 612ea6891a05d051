import { describe, expect, it } from 'vitest';
import { difficulty } from '../difficulty.js';
import { cragwake } from '../index.js';
import { legalActions, step } from '../rules.js';
import { mv, play, fromMap, tokenAt } from '../testkit.js';

const BREATHE = { type: 'breathe' } as const;

describe('GOAL', () => {
  it('CW-001 one action is one turn', () => {
    const s = fromMap(`4: P P P P P P\n3: P P @J2 P P P`, { turn: 4 });
    expect(play(s, mv(4, 2)).state.turn).toBe(5);
    expect(play(s, BREATHE).state.turn).toBe(5);
  });

  it('CW-003 every move spends stamina and the only income is breathing on a jug', () => {
    let s = cragwake.init(11);
    for (let i = 0; i < 60 && s.phase === 'climbing'; i++) {
      const legal = legalActions(s).filter((a) => a.type === 'move');
      if (legal.length === 0) break;
      const next = play(s, legal[i % legal.length]).state;
      if (next.phase === 'climbing') expect(next.stamina).toBeLessThan(s.stamina);
      s = next;
    }
    const jug = fromMap(`4: P P P P P P\n3: P P @J1 P P P`, { stamina: 10 });
    expect(play(jug, BREATHE).state.stamina).toBe(14);
  });
});

describe('BREATHING', () => {
  it('CW-037 breathing is always legal while climbing, and always a turn', () => {
    const spots = [
      `4: P P P P P P\n3: P P @P P P P`,
      `4: P P P P P P\n3: P P @J0 P P P`,
      `4: P P P P P P\n3: P P @C* P P P`,
      `1: P P P P P P\n0: = = @= = = =`,
    ];
    for (const map of spots) {
      const s = fromMap(map, { stamina: 2 });
      expect(legalActions(s)).toContainEqual(BREATHE);
      expect(play(s, BREATHE).state.turn).toBe(s.turn + 1);
    }
    let s = cragwake.init(21);
    for (let i = 0; i < 150 && s.phase !== 'over'; i++) {
      if (s.phase === 'climbing') expect(legalActions(s)).toContainEqual(BREATHE);
      const legal = legalActions(s).filter((a) => a.type !== 'endRun');
      s = play(s, legal[(i * 7) % legal.length]).state;
    }
  });

  it('CW-038 on a jug with breaths left you gain 4 and the jug loses one breath permanently', () => {
    const s = fromMap(`4: P P P P P P\n3: P P @J2 P P P`, { stamina: 5 });
    const a = play(s, BREATHE).state;
    expect([a.stamina, tokenAt(a, 3, 2)]).toEqual([9, 'J1']);
    const b = play(a, BREATHE).state;
    expect([b.stamina, tokenAt(b, 3, 2)]).toEqual([13, 'J0']);
  });

  it('CW-038 on an overhanging row the jug gives 2', () => {
    const s = fromMap(`4: P P P P P P\n3: P P @J2 P P P ^`, { stamina: 5 });
    const a = play(s, BREATHE).state;
    expect([a.stamina, tokenAt(a, 3, 2)]).toEqual([7, 'J1']);
  });

  it('CW-039 anywhere else breathing costs 1: a plain hold, a spent jug, a crimp, a ledge', () => {
    for (const cell of ['P', 'J0', 'C', 'K2', 'J0*']) {
      const s = fromMap(`4: P P P P P P\n3: P P @${cell} P P P`, { stamina: 5 });
      const a = play(s, BREATHE).state;
      expect(a.stamina, cell).toBe(4);
      expect(tokenAt(a, 3, 2)).toBe(cell);
    }
    const ledge = play(play(fromMap(`10: =\n9: P P @P P P P`), mv(10, 2)).state, { type: 'climbOn' }).state;
    expect(play(ledge, BREATHE).state.stamina).toBe(ledge.stamina - 1);
  });

  it('stamina is capped at the tank, and a capped breath still uses the breath', () => {
    const tank = difficulty(1).tank;
    const s = fromMap(`4: P P P P P P\n3: P P @J2 P P P`, { stamina: tank - 1 });
    const a = play(s, BREATHE);
    expect([a.state.stamina, tokenAt(a.state, 3, 2)]).toEqual([tank, 'J1']);
    expect(a.events).toContainEqual({ type: 'breathed', stamina: 1, breathsLeft: 1 });
  });

  it('CW-040 breaths never come back, so idling is downhill', () => {
    let s = fromMap(`4: P P P P P P\n3: P P @J1 P P P`, { stamina: 10 });
    s = play(s, BREATHE).state;
    expect(s.stamina).toBe(14);
    for (let i = 0; i < 5; i++) s = play(s, BREATHE).state;
    expect(s.stamina).toBe(9);
    expect(tokenAt(s, 3, 2)).toBe('J0');
  });
});

describe('CRACKED HOLDS', () => {
  const MAP = `
    5: P P P P P P
    4: P P K2 P P P
    3: P P @P P P P`;

  it('CW-041 a cracked hold loses a crack when you leave it, never on arrival or while you stand or breathe on it', () => {
    let s = play(fromMap(MAP, { stamina: 20 }), mv(4, 2)).state;
    expect(tokenAt(s, 4, 2)).toBe('K2');
    s = play(s, BREATHE).state;
    expect(tokenAt(s, 4, 2)).toBe('K2');
    const left = play(s, mv(4, 3));
    expect(tokenAt(left.state, 4, 2)).toBe('K1');
    expect(left.events).toContainEqual({ type: 'crackSpent', row: 4, col: 2, cracksLeft: 1 });
  });

  it('CW-042 CW-043 at zero cracks the hold is gone: it takes your weight exactly as many times as it says', () => {
    let s = fromMap(MAP, { stamina: 20 });
    let uses = 0;
    while (tokenAt(s, 4, 2).startsWith('K') && uses < 5) {
      s = play(s, mv(4, 2)).state;
      uses++;
      s = play(s, mv(4, 3)).state;
      s = play(s, mv(3, 2)).state;
    }
    expect(uses).toBe(2);
    // the hold went; the repair does not need to replace it (row 3's holds all have others above)
    expect(tokenAt(s, 4, 2)).toBe('.');
  });
});

describe('SCORING', () => {
  it('CW-006 height pays 10 for every row above the previous high point, from the very first move', () => {
    const s = cragwake.init(5);
    const up = legalActions(s).find((a) => a.type === 'move' && a.row === 1);
    expect(up).toBeDefined();
    expect(play(s, up!).state.score).toBe(10);
    const t = fromMap(`5: P P P P P P\n4: P P P P P P\n3: P P @P P P P`, { high: 4, score: 40 });
    expect(play(t, mv(4, 2)).state.score).toBe(40); // regaining old height pays nothing
    expect(play(t, mv(5, 2)).state.score).toBe(50); // one row above the old high point
  });

  it('CW-007 completing pitch n pays 100 × n plus 15 per stamina on arrival, before the refill', () => {
    const s = fromMap(`20: =\n19: P P @P P P P`, { stamina: 8, dipped: true, high: 19, score: 1000 });
    const { state, events } = play(s, mv(20, 2));
    // 10 for the row, 200 for pitch 2, 15 × 7 (8 less the move)
    expect(state.score).toBe(1000 + 10 + 200 + 105);
    expect(events).toContainEqual(expect.objectContaining({ type: 'pitchComplete', pitch: 2, points: 305 }));
    expect(state.stamina).toBe(difficulty(3).tank);
  });

  it('CW-008 a clean pitch adds one to the streak and pays 150 × the streak', () => {
    const s = fromMap(`20: =\n19: P P @P P P P`, { stamina: 8, streak: 2, high: 19 });
    const { state } = play(s, mv(20, 2));
    expect(state.streak).toBe(3);
    expect(state.score).toBe(10 + 200 + 105 + 450);
  });

  it('CW-009 the streak is capped at 6', () => {
    const s = fromMap(`20: =\n19: P P @P P P P`, { stamina: 8, streak: 6, high: 19 });
    const { state } = play(s, mv(20, 2));
    expect(state.streak).toBe(6);
    expect(state.score).toBe(10 + 200 + 105 + 900);
  });

  it('CW-010 a pitch that dips resets the streak to zero and pays no streak bonus', () => {
    const s = fromMap(`20: =\n19: P P @P P P P`, { stamina: 8, streak: 5, dipped: true, high: 19 });
    const { state } = play(s, mv(20, 2));
    expect(state.streak).toBe(0);
    expect(state.score).toBe(10 + 200 + 105);
  });

  it('CW-008 stamina at 3 or below marks the pitch as dipped; 4 does not', () => {
    const map = `5: P P P P P P\n4: P P P P P P\n3: P P @P P P P`;
    expect(play(fromMap(map, { stamina: 5 }), mv(4, 2)).state.dipped).toBe(false);
    const dip = play(fromMap(map, { stamina: 4 }), mv(4, 2));
    expect(dip.state.dipped).toBe(true);
    expect(dip.events).toContainEqual({ type: 'dipped', stamina: 3 });
    // a dip lasts the pitch even after breathing back up, and the next pitch starts clean
    const back = play(
      play(fromMap(`10: =\n9: J2 P P P P P\n8: @P P P P P P`, { stamina: 4 }), mv(9, 0)).state,
      BREATHE,
    ).state;
    expect(back.dipped).toBe(true);
    const done = play(back, mv(10, 0)).state;
    expect([done.dipped, done.streak]).toEqual([false, 0]);
  });

  it('CW-005 CW-068 the pitch award keeps growing past pitch 34', () => {
    const s = fromMap(`400: =\n399: P P @P P P P`, { stamina: 5, dipped: true, high: 399 });
    expect(s.pitch).toBe(40);
    const { state } = play(s, mv(400, 2));
    expect(state.score).toBe(10 + 4000 + 15 * 4);
  });

  it('CW-011 nothing subtracts: running dry, spindrift, losing holds and ending a run leave the score alone', () => {
    const dry = fromMap(`4: P P C P P P\n3: P P @P P P P`, { stamina: 2, score: 77, high: 4 });
    const out = play(dry, mv(4, 2)).state;
    expect([out.phase, out.score]).toEqual(['over', 77]);
    const drift = fromMap(`4: P P P P P P\n3: P P @P P P P`, { stamina: 9, score: 77, high: 4, rockfall: 2 });
    const hit = play(drift, BREATHE).state;
    expect([hit.spindrift, hit.score]).toEqual([4, 77]);
    for (const seed of [1, 2]) {
      let s = cragwake.init(seed);
      for (let i = 0; i < 300 && s.phase !== 'over'; i++) {
        const legal = legalActions(s);
        const next = play(s, legal[(i * 3) % legal.length]).state;
        expect(next.score).toBeGreaterThanOrEqual(s.score);
        s = next;
      }
    }
  });
});

describe('the belay', () => {
  it('CW-002 reaching the belay completes the pitch, refills stamina and offers the choice to carry on', () => {
    const s = fromMap(`10: =\n9: P P @P P P P`, { stamina: 6 });
    const { state } = play(s, mv(10, 2));
    expect([state.phase, state.pitch, state.stamina, state.floor]).toEqual(['ledge', 2, difficulty(2).tank, 10]);
    expect(legalActions(state)).toEqual([{ type: 'climbOn' }, { type: 'endRun' }]);
    expect(step(state, mv(11, 2)).ok).toBe(false);
  });
});
