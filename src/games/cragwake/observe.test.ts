import { describe, expect, it } from 'vitest';
import { cragwake } from './index.js';
import { LEGEND, observe } from './observe.js';
import { legalActions, pricedActions, step } from './rules.js';
import { play, fromMap, startAt } from './testkit.js';
import type { PricedAction } from './types.js';

describe('OBSERVATION', () => {
  const s = fromMap(
    `
    9: P P C* P~ K2 J2 ^
    8: P P P P P P
    7: P P @J1 P P P`,
    { stamina: 11, score: 120, streak: 2, high: 8, turn: 6, gust: [1, 4], rockfall: 5 },
  );
  const obs = observe(s);

  it('the text gives pitch, row, high point, stamina of tank, streak, score, gust and rockfall', () => {
    expect(obs.text).toContain('pitch 1 (belay at row 10)');
    expect(obs.text).toContain('row 7, col 2');
    expect(obs.text).toContain('high point 8');
    expect(obs.text).toContain('Stamina 11/24');
    expect(obs.text).toContain('clean streak 2');
    expect(obs.text).toContain('score 120');
    expect(obs.text).toContain('gust on columns 1, 4');
    expect(obs.text).toContain('rockfall sweeps column 5');
  });

  it('the band is drawn top to bottom with the climber, overhangs and a legend', () => {
    const lines = obs.text.split('\n');
    const drawn = lines.filter((l) => /^\s*\d+ {2}/.test(l)).map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(drawn).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
    expect(lines.find((l) => /^\s*9 {2}/.test(l))).toMatch(/P\s+P\s+C\*\s+P~\s+K2\s+J2\s+\^/);
    expect(lines.find((l) => /^\s*7 {2}/.test(l))).toContain('@J1');
    for (const word of ['jug', 'breaths', 'plain', 'crimp', 'cracked', 'icy', 'frosting', 'overhang', 'fog', 'you'])
      expect(LEGEND).toContain(word);
    expect(obs.text).toContain(LEGEND);
  });

  it('CW-072 rows above the foresight are drawn as fog and their content never appears', () => {
    const fresh = cragwake.init(3);
    const o = observe(fresh);
    const row8 = o.text.split('\n').find((l) => /^\s*8 {2}/.test(l))!;
    expect(row8.replace(/\s+/g, ' ').trim()).toBe('8 ? ? ? ? ? ?');
    const bandRows = o.band as { row: number; fogged: boolean; cells: string[] }[];
    expect(bandRows.filter((r) => r.fogged).every((r) => r.cells.every((c) => c === ''))).toBe(true);
    // the same fog as the readable state
    const data = cragwake.toWire(fresh).data as { band: unknown[] };
    expect([...bandRows].reverse()).toEqual(data.band);
  });

  it('CW-077 every legal action is listed with its price, and the price is what step charges', () => {
    for (const st of [s, cragwake.init(9), startAt(9, 20)]) {
      const o = observe(st);
      const moves = o.moves as PricedAction[];
      expect(moves.map((m) => m.action)).toEqual(legalActions(st));
      for (const m of moves) {
        const r = step(st, m.action);
        expect(r.ok).toBe(true);
        if (r.ok && m.action.type === 'move') {
          const spent = st.stamina - r.state.stamina - (r.events.some((e) => e.type === 'spindrift') ? 4 : 0);
          if (r.state.phase !== 'ledge') expect(spent).toBe(m.cost);
          expect(o.text).toContain(`${JSON.stringify(m.action)}  `);
          expect(o.text).toMatch(new RegExp(`to row ${m.action.row} col ${m.action.col} .*costs ${m.cost}`));
        }
      }
    }
    expect(obs.text).toContain('breathe: gain 4 stamina');
  });

  it('CW-073 structured fields mirror the state', () => {
    expect(obs).toMatchObject({
      pitch: 1,
      belay: 10,
      row: 7,
      col: 2,
      high: 8,
      floor: 5,
      stamina: 11,
      tank: 24,
      streak: 2,
      score: 120,
      turn: 6,
      gust: [1, 4],
      rockfall: 5,
      phase: 'climbing',
    });
    expect(obs.moves).toEqual(pricedActions(s));
  });

  it('at a ledge and after the end the text says so', () => {
    const ledge = play(fromMap(`10: =\n9: P P @P P P P`), { type: 'move', row: 10, col: 2 }).state;
    expect(observe(ledge).text).toContain('climbOn');
    const over = play(ledge, { type: 'endRun' }).state;
    expect(observe(over).text).toContain('RUN OVER');
    expect(observe(over).moves).toEqual([]);
  });
});
