/**
 * Seed file rules, one test per sentence: Scoring.
 * Positions are text maps: R rover, d drone, C charged drone, # scrap, . empty; (0,0) is top left.
 */
import { describe, expect, it } from 'vitest';
import { END_A, PULSE_A, WAIT_A, fromMap, map, move, play, toMap } from './testkit.js';

describe('Scoring', () => {
  it('WY-007 every drone destroyed by a pulse, by scrap or by a collision earns 20', () => {
    const byPulse = fromMap(`
      ......
      ......
      ..R...
      ...d..
      ......
      d.....`);
    expect(play(byPulse, PULSE_A).state.score).toBe(20);
    const byScrap = fromMap(`
      ......
      ......
      ..R...
      ......
      .#....
      d....d`);
    expect(play(byScrap, WAIT_A).state.score).toBe(20);
    const byCollision = fromMap(`
      ......
      .....d
      ..R..d
      ......
      ......
      d.....`);
    const { state, events } = play(byCollision, WAIT_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => e.points)).toEqual([20, 20]);
    expect(state.score).toBe(2 * 20 + 10);
  });

  it('WY-008 a pursuit step destroying n drones adds 10 x (n - 1)', () => {
    const s = fromMap(`
      ......
      .....d
      ..R..d
      ......
      .#....
      d....d`);
    const { state, events } = play(s, WAIT_A);
    expect(state.score).toBe(3 * 20 + 10 * 2);
    expect(events.find((e) => e.type === 'bonus')).toEqual({
      type: 'bonus',
      step: 'first',
      casualties: 3,
      points: 20,
    });
  });

  it('WY-009 drones destroyed by a pulse stay out of the step bonus', () => {
    // the pulse takes (1,1) and (3,2); then (0,0) steps onto the pulse scrap at (1,1): one step casualty, no bonus
    const s = fromMap(`
      d.....
      .d....
      ..Rd..
      ......
      ......
      .....d`);
    const { state, events } = play(s, PULSE_A);
    expect(state.score).toBe(2 * 20 + 20);
    expect(events.some((e) => e.type === 'bonus')).toBe(false);
  });

  it("WY-010 the first step's and the charged second step's bonuses are counted apart", () => {
    // first step: (5,0) and (5,1) meet at (4,0); second step: the charged pair meets at (0,1)
    const s = fromMap(
      `
      R....d
      .....d
      ......
      .CC...
      ......
      .....d`,
      { waveTurn: 2 },
    );
    const { state, events } = play(s, WAIT_A);
    expect(events.filter((e) => e.type === 'bonus')).toEqual([
      { type: 'bonus', step: 'first', casualties: 2, points: 10 },
      { type: 'bonus', step: 'second', casualties: 2, points: 10 },
    ]);
    expect(state.score).toBe(4 * 20 + 10 + 10);
    expect(toMap(state)).toBe(
      map(`
      R...#.
      #.....
      ......
      ......
      ....d.
      ......`),
    );
  });

  it('WY-011 clearing a wave pays 100, and 50 more when no pulse was used in it', () => {
    const lastTwo = `
      ......
      .....d
      ..R..d
      ......
      ......
      ......`;
    expect(play(fromMap(lastTwo), WAIT_A).state.score).toBe(50 + 100 + 50);
    expect(play(fromMap(lastTwo, { pulseUsed: true, charges: 1 }), WAIT_A).state.score).toBe(50 + 100);
  });

  it('WY-012 moving, waiting, ending the run, time and revisiting cells earn nothing', () => {
    const s = fromMap(
      `
      R.....
      ......
      ......
      ......
      ......
      .....d`,
      { score: 70 },
    );
    const { state } = play(s, move('e'), move('w'), WAIT_A, move('e'), END_A);
    expect(state.score).toBe(70);
  });

  it('WY-013 the score is never reduced, even when caught or when banking', () => {
    const s = fromMap(
      `
      ......
      .d...d
      ..R..d
      ......
      ......
      ......`,
      { score: 500 },
    );
    const caught = play(s, WAIT_A).state;
    expect([caught.endReason, caught.score]).toEqual(['caught', 500]);
    expect(play(s, END_A).state.score).toBe(500);
  });

  it('WY-014 neither the score nor the wave number has a cap', () => {
    const s = fromMap(
      `
      ......
      ......
      ..Rd..
      ......
      ......
      ......`,
      { wave: 1_000_000, score: 2 ** 40 },
    );
    const { state } = play(s, PULSE_A);
    expect([state.wave, state.score]).toEqual([1_000_001, 2 ** 40 + 20 + 100]);
  });
});
