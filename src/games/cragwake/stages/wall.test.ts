import { describe, expect, it } from 'vitest';
import { difficulty } from '../difficulty.js';
import { gustOn, rockfallOn } from '../generate.js';
import { cragwake } from '../index.js';
import { legalActions, pricedActions, step } from '../rules.js';
import { mv, play, fromMap, refusal, tokenAt } from '../testkit.js';
import { toWire } from '../wire.js';

const BREATHE = { type: 'breathe' } as const;

/** Pitch 8 (frost every 9 turns), climber on row 73; rows 71-76 drawn. */
const ICE_MAP = `
  76: P P P P P P
  75: P P P P P P
  74: P P P* P~ P P
  73: P P P P P @J2
  72: P P P P P P
  71: P P P P P P`;

describe('ICE', () => {
  it('CW-044 on a creep turn every frosting hold becomes icy', () => {
    const s = fromMap(ICE_MAP, { pitch: 8, turn: 9, high: 73 });
    expect(difficulty(8).frostEvery).toBe(9);
    const { state, events } = play(s, BREATHE);
    expect(tokenAt(state, 74, 3)).toBe('P*');
    expect(events).toContainEqual({ type: 'frost' });
  });

  it('CW-045 every dry hold orthogonally next to an already-icy hold starts frosting; diagonals do not', () => {
    const s = fromMap(ICE_MAP, { pitch: 8, turn: 9, high: 73 });
    const { state } = play(s, BREATHE);
    expect([tokenAt(state, 74, 1), tokenAt(state, 75, 2), tokenAt(state, 73, 2)]).toEqual(['P~', 'P~', 'P~']);
    expect([tokenAt(state, 75, 1), tokenAt(state, 75, 3), tokenAt(state, 73, 1), tokenAt(state, 73, 3)]).toEqual([
      'P',
      'P',
      'P',
      'P',
    ]);
  });

  it('CW-045 a hold that only just turned icy does not spread frost in the same creep', () => {
    const { state } = play(fromMap(ICE_MAP, { pitch: 8, turn: 9, high: 73 }), BREATHE);
    // (74,3) was frosting and is now icy; its other neighbours stay dry this creep
    expect([tokenAt(state, 74, 4), tokenAt(state, 75, 3)]).toEqual(['P', 'P']);
  });

  it('CW-066 frost only creeps on its turns', () => {
    const { state, events } = play(fromMap(ICE_MAP, { pitch: 8, turn: 8, high: 73 }), BREATHE);
    expect(tokenAt(state, 74, 3)).toBe('P~');
    expect(events.some((e) => e.type === 'frost')).toBe(false);
  });

  it('CW-046 frosting costs nothing, so a hold frosts for a whole creep interval before it costs 2', () => {
    let s = fromMap(ICE_MAP, { pitch: 8, turn: 9, high: 73 });
    s = play(s, BREATHE).state; // turn 9: (74,1) starts frosting
    const cost = () =>
      pricedActions(s).find((p) => p.action.type === 'move' && p.action.row === 74 && p.action.col === 4);
    // (74,4) is next to the now-icy (74,3): it starts frosting on turn 18 and turns icy on turn 27
    for (; s.turn < 18;) s = play(s, BREATHE).state;
    expect(tokenAt(s, 74, 4)).toBe('P');
    s = play(s, BREATHE).state;
    expect(tokenAt(s, 74, 4)).toBe('P~');
    expect(cost()?.cost).toBe(1);
    while (s.turn < 27) {
      s = play(s, BREATHE).state;
      expect(cost()?.cost).toBe(1);
    }
    s = play(s, BREATHE).state;
    expect(tokenAt(s, 74, 4)).toBe('P*');
    expect(cost()?.cost).toBe(3);
  });

  it('CW-017 ledges never frost', () => {
    const s = fromMap(`81: P* P* P* P* P* P*\n80: =\n79: P P @P P P P`, { pitch: 8, turn: 9, high: 79 });
    const { state } = play(s, BREATHE);
    for (let c = 0; c < 6; c++) expect(tokenAt(state, 80, c)).toBe('J0');
  });
});

describe('GUSTS AND ROCKFALL', () => {
  it('CW-047 CW-066 both are pure functions of the seed and the turn', () => {
    const p = difficulty(30);
    for (const seed of [1, 2, 99]) {
      for (let turn = 1; turn < 40; turn++) {
        expect(gustOn(seed, turn, p)).toBe(gustOn(seed, turn, p));
        expect(rockfallOn(seed, turn, p)).toBe(rockfallOn(seed, turn, p));
      }
    }
    const seen = new Set<number>();
    for (let turn = 2; turn < 400; turn += 2) seen.add(gustOn(5, turn, p));
    expect(seen.size).toBeGreaterThan(5); // the columns vary with the turn
    for (let turn = 1; turn < 100; turn++) {
      const g = gustOn(5, turn, p);
      if (turn % p.gustEvery === 0) expect(g.toString(2).replace(/0/g, '').length).toBe(p.gustCols);
      else expect(g).toBe(0);
      expect(rockfallOn(5, turn, p) >= 0).toBe(turn % p.sweepEvery === 0);
    }
  });

  it('CW-048 CW-049 both are published a turn ahead in the readable state, and the published gust prices the turn', () => {
    let s = fromMap(`299: P P P P P P\n298: P P @J2 P P P\n297: P P P P P P`, { pitch: 30, turn: 1, seed: 8 });
    let gusty = 0;
    for (let i = 0; i < 12; i++) {
      const next = play(s, BREATHE).state;
      for (const { action, cost } of pricedActions(next)) {
        if (action.type !== 'move' || action.row !== 299 || Math.abs(action.col - 2) > 1) continue;
        const gust = (next.gust >> action.col) & 1;
        gusty += gust;
        expect(cost).toBe(1 + 2 * gust);
      }
      const p = difficulty(next.pitch);
      expect(next.gust).toBe(gustOn(8, next.turn, p));
      expect(next.rockfall).toBe(rockfallOn(8, next.turn, p));
      const data = toWire(next).data as { gust: number[]; rockfall: number | null };
      expect(data.gust).toEqual([0, 1, 2, 3, 4, 5].filter((c) => next.gust & (1 << c)));
      expect(data.rockfall).toBe(next.rockfall < 0 ? null : next.rockfall);
      s = next;
      if (s.phase !== 'climbing') break;
    }
    expect(gusty).toBeGreaterThan(0);
  });

  it('CW-050 rockfall sweeps at the end of the turn, after your move: you always have one move to leave', () => {
    const s = fromMap(`5: P P P P P P\n4: P P P P P P\n3: P P @P P P P`, { rockfall: 2, stamina: 10 });
    const { state, events } = play(s, mv(4, 3));
    expect(state.spindrift).toBe(0);
    expect(state.stamina).toBe(9);
    expect(tokenAt(state, 3, 2)).toBe('K1'); // the hold you just left was swept after you left it
    expect(events.map((e) => e.type)).toContain('rockfall');
  });

  it('CW-051 a sweep turns a jug into a plain hold and a plain hold into a cracked one', () => {
    const s = fromMap(`5: P J2* P P P P\n4: P P P P P P\n3: P K2 P P P @P`, { rockfall: 1 });
    const { state } = play(s, BREATHE);
    expect(tokenAt(state, 5, 1)).toBe('P*'); // the ice stays, the breaths go
    expect(tokenAt(state, 4, 1)).toBe('K1');
  });

  it('CW-052 a sweep removes a crimp or an already cracked hold', () => {
    const s = fromMap(`5: P C P P P P\n4: P K2 P P P P\n3: P P P P P @P`, { rockfall: 1 });
    const { state, events } = play(s, BREATHE);
    expect([tokenAt(state, 5, 1), tokenAt(state, 4, 1)]).toEqual(['.', '.']);
    expect(events).toContainEqual({ type: 'holdLost', row: 5, col: 1, cause: 'rockfall' });
  });

  it('CW-052 unless it is the last hold in its row', () => {
    const s = fromMap(`6: P P P P P P\n5: . C . . . .\n4: P K1 P . . .\n3: P P P P . @P`, { rockfall: 1 });
    const { state } = play(s, BREATHE);
    expect(tokenAt(state, 5, 1)).toBe('C');
    expect(tokenAt(state, 4, 1)).toBe('.');
  });

  it('CW-053 your own cell is never changed: you pay 4 stamina instead, counted as spindrift', () => {
    const s = fromMap(`5: P P P P P P\n4: P P P P P P\n3: P P @C P P P`, { rockfall: 2, stamina: 10 });
    const { state, events } = play(s, BREATHE);
    expect(tokenAt(state, 3, 2)).toBe('C');
    expect([state.stamina, state.spindrift]).toEqual([5, 4]);
    expect(events).toContainEqual({ type: 'spindrift', stamina: 4 });
  });

  it('CW-053 CW-061 spindrift never takes stamina below 0, and at 0 the run ends', () => {
    const s = fromMap(`5: P P P P P P\n4: P P P P P P\n3: P P @C P P P`, { rockfall: 2, stamina: 3 });
    const { state } = play(s, BREATHE);
    expect([state.stamina, state.spindrift, state.phase, state.end]).toEqual([0, 2, 'over', 'exhausted']);
  });

  it('CW-017 ledges are immune to rockfall, and sitting on one in the swept column costs nothing', () => {
    const s = fromMap(`11: P P P P P P\n10: = = @= = = =`, { pitch: 2, rockfall: 2, stamina: 10 });
    const { state } = play(s, BREATHE);
    expect([state.stamina, state.spindrift]).toEqual([9, 0]);
    expect(tokenAt(state, 10, 2)).toBe('J0');
  });
});

describe('A LINE ALWAYS EXISTS', () => {
  it('CW-054 after a hold goes, any hold with nothing within a step above gets a plain hold written straight above it', () => {
    // row 4's only hold under row 5's crimp is col 1; removing the crimp strands it, so the repair writes a P
    const s = fromMap(`6: P P P P P P\n5: . C . . . P\n4: . P . . . P\n3: P P P P P @P`, { rockfall: 1 });
    const { state, events } = play(s, BREATHE);
    expect(tokenAt(state, 5, 1)).toBe('P');
    expect(events).toContainEqual({ type: 'holdLost', row: 5, col: 1, cause: 'rockfall' });
    expect(events).toContainEqual({ type: 'holdAdded', row: 5, col: 1 });
  });

  it('CW-054 CW-055 the repair cascades upward until every hold has a hold within a step above it', () => {
    const s = fromMap(`7: P . . . . .\n6: . . . . . P\n5: . . . . . P\n4: . P . . . P\n3: P K1 P P P @P`);
    const { state } = play(s, BREATHE);
    expect(state.cells).toEqual(s.cells); // nothing went, nothing repaired
    const t = fromMap(`7: P . . . . .\n6: . . . . . P\n5: . . . . . P\n4: . @K1 . . . P\n3: P P P P P P`);
    const after = play(t, mv(3, 0)).state; // leaving K1 removes it: row 3's holds under it need a new line
    for (let r = 3; r < 9; r++) {
      for (let c = 0; c < 6; c++) {
        if (tokenAt(after, r, c) === '.') continue;
        const above = [c - 1, c, c + 1].filter((k) => k >= 0 && k < 6).map((k) => tokenAt(after, r + 1, k));
        expect(
          above.some((x) => x !== '.'),
          `hold at ${r},${c}`,
        ).toBe(true);
      }
    }
  });
});

describe('AT A LEDGE', () => {
  const arrive = () => play(fromMap(`10: =\n9: P P @P P P P`, { stamina: 9, turn: 4 }), mv(10, 2)).state;

  it('CW-058 only climbOn and endRun are legal', () => {
    const s = arrive();
    expect(legalActions(s)).toEqual([{ type: 'climbOn' }, { type: 'endRun' }]);
    expect(refusal(s, BREATHE)?.reason).toBe('wrong_phase');
  });

  it('CW-059 CW-060 the wall does not change while you sit there, and neither choice touches score or stamina', () => {
    const s = arrive();
    const on = play(s, { type: 'climbOn' }).state;
    const off = play(s, { type: 'endRun' }).state;
    for (const t of [on, off]) {
      expect([t.score, t.stamina, t.turn, t.gust, t.rockfall]).toEqual([
        s.score,
        s.stamina,
        s.turn,
        s.gust,
        s.rockfall,
      ]);
      expect(t.cells).toEqual(s.cells);
    }
    expect(on.phase).toBe('climbing');
    expect(off.phase).toBe('over');
  });
});

describe('ENDINGS', () => {
  it('CW-061 the run ends when stamina reaches 0', () => {
    const { state, events } = play(fromMap(`4: P P C P P P\n3: P P @P P P P`, { stamina: 2 }), mv(4, 2));
    expect([state.phase, state.end]).toEqual(['over', 'exhausted']);
    expect(events).toContainEqual({ type: 'runEnded', reason: 'exhausted' });
  });

  it('CW-061 the run ends when no move is affordable, even though a breath would be', () => {
    // every neighbour is a crimp on an overhanging row (3 each); after breathing stamina is 2
    const s = fromMap(`5: C C C C C C ^\n4: C C C C C C ^\n3: C C @P C C C ^`, { stamina: 3, high: 3 });
    const { state } = play(s, BREATHE);
    expect([state.stamina, state.phase, state.end]).toEqual([2, 'over', 'no_move']);
  });

  it('CW-061 ending a run at a ledge is the third ending; all three keep every point and offer nothing more', () => {
    const s = play(fromMap(`10: =\n9: P P @P P P P`, { stamina: 9 }), mv(10, 2)).state;
    const over = play(s, { type: 'endRun' }).state;
    expect([over.phase, over.end, over.score]).toEqual(['over', 'ended', s.score]);
    for (const end of [over, play(fromMap(`4: P P C P P P\n3: P P @P P P P`, { stamina: 2 }), mv(4, 2)).state]) {
      expect(legalActions(end)).toEqual([]);
      expect(cragwake.isGameOver(end)).toBe(true);
      for (const a of [BREATHE, { type: 'climbOn' as const }, { type: 'endRun' as const }, mv(end.row + 1, end.col)])
        expect(step(end, a).ok).toBe(false);
    }
  });
});
