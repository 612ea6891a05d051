/**
 * Seed file rules, one test per sentence: pursuit, resolution, the charged step, wave clears, end_run, refusals, determinism.
 * Positions are text maps: R rover, d drone, C charged drone, # scrap, . empty; (0,0) is top left.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../core/rng.js';
import { spawnWave } from './generate.js';
import { whirlyard } from './index.js';
import { observe } from './observe.js';
import { legalActions, step } from './rules.js';
import { END_A, PULSE_A, WAIT_A, fromMap, map, move, play, toMap } from './testkit.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';
import { toWire } from './wire.js';

const scrapOf = (s: WhirlyardState) => observe(s).scrap;

describe('Rules: pursuit and its consequences', () => {
  it('WY-030 after each action every drone steps one cell toward the rover on each axis, all at once', () => {
    const s = fromMap(`
      d....d
      ......
      ..R..d
      ......
      d.....
      ..d..d`);
    expect(toMap(play(s, WAIT_A).state)).toBe(
      map(`
      ......
      .d..d.
      ..R.d.
      .d....
      ..d.d.
      ......`),
    );
    // toward where the rover now is
    expect(toMap(play(s, move('e')).state)).toBe(
      map(`
      ......
      .d..d.
      ...Rd.
      .d....
      ...dd.
      ......`),
    );
  });

  it('WY-031 contact comes first: the run ends and that step pays nothing, even if several drones arrive', () => {
    const s = fromMap(`
      ......
      .d.d.d
      ..R..d
      .#....
      d.....
      ......`);
    const { state, events } = play(s, WAIT_A);
    expect([state.over, state.endReason, state.score]).toEqual([true, 'caught', 0]);
    expect(events.at(-1)).toEqual({ type: 'caught', step: 'first', x: 2, y: 2, drones: 2 });
    expect(events.some((e) => e.type === 'dismantled')).toBe(false);
    expect(scrapOf(state)).toEqual([{ x: 1, y: 3 }]);
  });

  it('WY-032 then drones that step onto existing scrap are destroyed, two at once included', () => {
    const s = fromMap(`
      ......
      .....d
      ..R.#d
      ......
      ......
      d.....`);
    const { state, events } = play(s, WAIT_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => e.cause)).toEqual(['scrap', 'scrap']);
    expect(state.score).toBe(2 * 20 + 10);
    expect(scrapOf(state)).toEqual([{ x: 4, y: 2 }]);
  });

  it('WY-033 then two or more drones ending on one cell are all destroyed and that cell becomes scrap', () => {
    const s = fromMap(`
      ......
      .....d
      ..R..d
      .....d
      ......
      d.....`);
    const { state } = play(s, WAIT_A);
    expect(state.score).toBe(3 * 20 + 20);
    expect(toMap(state)).toBe(
      map(`
      ......
      ......
      ..R.#.
      ......
      .d....
      ......`),
    );
  });

  it('WY-034 every other drone stays where it stepped', () => {
    const s = fromMap(`
      ......
      .....d
      ..R..d
      ......
      ......
      d....d`);
    const { state } = play(s, WAIT_A);
    expect(observe(state).drones).toEqual([
      { x: 1, y: 4, charged: false },
      { x: 4, y: 4, charged: false },
    ]);
  });

  it('WY-035 on every third action of a wave the charged drones step a second time', () => {
    const s = fromMap(`
      R....C
      ......
      ......
      ......
      ......
      .....d`);
    const { state } = play(s, WAIT_A, WAIT_A, WAIT_A);
    expect(toMap(state)).toBe(
      map(`
      RC....
      ......
      ..d...
      ......
      ......
      ......`),
    );
    const lane = `
      R....C
      ......
      ......
      ......
      ......
      ......`;
    const after = (waveTurn: number, turn: number) =>
      observe(play(fromMap(lane, { waveTurn, turn }), WAIT_A).state).drones[0].x;
    expect(after(5, 5)).toBe(3); // wave turn 6: two steps
    expect(after(3, 3)).toBe(4); // wave turn 4: one step
    expect(after(2, 7)).toBe(3); // wave turn 3 (turn 8): counted within the wave
    expect(after(0, 8)).toBe(4); // turn 9 but wave turn 1: one step
  });

  it('WY-036 ordinary drones stand still in the second step, but a charged drone can run into one', () => {
    // first step: d (4,4) -> (3,3), C (5,5) -> (4,4); second step: C -> (3,3), onto the standing drone
    const s = fromMap(
      `
      ......
      ......
      ..R...
      ......
      ....d.
      d....C`,
      { waveTurn: 2 },
    );
    const { state, events } = play(s, WAIT_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => [e.cause, e.step, e.x, e.y, e.charged])).toEqual([
      ['collision', 'second', 3, 3, false],
      ['collision', 'second', 3, 3, true],
    ]);
    expect(state.score).toBe(2 * 20 + 10);
    expect(toMap(state)).toBe(
      map(`
      ......
      ......
      ..R...
      ...#..
      .d....
      ......`),
    );
  });

  it('WY-037 the second step resolves contact, scrap and groups in the same order', () => {
    // first step pays the (4,2) collision; in the second step C (3,3) reaches the rover, so the other
    // charged drone arriving on the scrap at (2,3) is not paid
    const s = fromMap(
      `
      ......
      .....d
      ..R..d
      ..#...
      ....C.
      C.....`,
      { waveTurn: 2 },
    );
    const { state, events } = play(s, WAIT_A);
    expect([state.endReason, state.score]).toEqual(['caught', 50]);
    expect(events.at(-1)).toEqual({ type: 'caught', step: 'second', x: 2, y: 2, drones: 1 });
    expect(toMap(state)).toBe(
      map(`
      ......
      ......
      ..X.#.
      ..C...
      ......
      ......`),
    );
    const scrapInSecond = fromMap(
      `
      R.....
      ......
      ......
      ..#...
      ......
      ....Cd`,
      { waveTurn: 2 },
    );
    const r = play(scrapInSecond, WAIT_A);
    expect(r.events.filter((e) => e.type === 'dismantled').map((e) => [e.cause, e.step])).toEqual([
      ['scrap', 'second'],
    ]);
  });

  it('WY-038 the wave clears at once when a pulse takes the last drone, and the new board waits for the next action', () => {
    const s = fromMap(
      `
      ......
      ......
      ..Rd..
      ......
      ......
      ......`,
      { seed: 3, rng: seedRng(3, 5) },
    );
    const { state, events } = play(s, PULSE_A);
    expect(state.wave).toBe(2);
    expect(state.score).toBe(20 + 100);
    expect(events.map((e) => e.type)).toEqual(['pulse', 'dismantled', 'wave_cleared', 'wave_started']);
    const expected = spawnWave(new Rng(seedRng(3, 5)), 2, 2);
    expect([state.drones, state.charged]).toEqual([expected.drones, expected.charged]);
  });

  it('WY-038 the wave clears at once after the first step, before any second step', () => {
    const s = fromMap(
      `
      ......
      .....d
      ..R..d
      ......
      ......
      ......`,
      { waveTurn: 2, seed: 4, rng: seedRng(4, 5) },
    );
    const { state, events } = play(s, WAIT_A);
    expect([state.wave, state.score, state.waveTurn]).toEqual([2, 50 + 150, 0]);
    expect(events.map((e) => e.type)).toEqual([
      'waited',
      'pursuit',
      'dismantled',
      'dismantled',
      'bonus',
      'wave_cleared',
      'wave_started',
    ]);
    expect(state.drones).toEqual(spawnWave(new Rng(seedRng(4, 5)), 2, 2).drones);
  });

  it('WY-038 the wave clears at once after the charged second step', () => {
    // first step: d (3,3) onto scrap (2,2); second step: C (4,2) onto scrap (3,1)
    const s = fromMap(
      `
      R.....
      ...#..
      ..#...
      ...d.C
      ......
      ......`,
      { waveTurn: 2, wave: 5 },
    );
    const { state, events } = play(s, WAIT_A);
    expect(events.filter((e) => e.type === 'dismantled').map((e) => e.step)).toEqual(['first', 'second']);
    expect([state.wave, state.score]).toEqual([6, 20 + 20 + 150]);
  });

  it('WY-039 a new wave restarts the cadence and the pulse record and gives back one charge, up to two', () => {
    const s = fromMap(
      `
      ......
      ......
      ..Rd..
      ......
      ......
      ......`,
      { wave: 4, turn: 4, waveTurn: 4, charges: 1 },
    );
    const { state } = play(s, PULSE_A);
    expect([state.wave, state.turn, state.waveTurn, state.pulseUsed, state.charges]).toEqual([5, 5, 0, false, 1]);
    expect(observe(state).actionsUntilChargedStep).toBe(3);
  });

  it('WY-040 end_run consumes no turn and pays nothing for the unfinished wave', () => {
    const s = fromMap(
      `
      ......
      ......
      ..R...
      ......
      ......
      d....d`,
      { turn: 9, waveTurn: 4, score: 70 },
    );
    const { state, events } = play(s, END_A);
    expect([state.turn, state.waveTurn, state.score, state.endReason]).toEqual([9, 4, 70, 'ended']);
    expect(events).toEqual([{ type: 'run_ended', score: 70 }]);
  });

  it('WY-041 invalid actions, a pulse without charge, blocked or off-board moves and actions after the end change nothing', () => {
    const live = fromMap(
      `
      R.....
      .d....
      ......
      ......
      #.....
      ......`,
      { charges: 0 },
    );
    const caught = play(live, WAIT_A).state;
    const ended = play(live, END_A).state;
    const cases: [WhirlyardState, unknown, string][] = [
      [live, { type: 'nonsense' }, 'unknown_action'],
      [live, { type: 'move' }, 'unknown_action'],
      [live, { type: 'move', direction: 'up' }, 'unknown_action'],
      [live, { type: 'move', direction: 'toString' }, 'unknown_action'],
      [live, { type: 'wait', extra: 1 }, 'unknown_action'],
      [live, null, 'unknown_action'],
      [live, 'wait', 'unknown_action'],
      [live, [], 'unknown_action'],
      [live, PULSE_A, 'no_charge'],
      [live, move('n'), 'out_of_bounds'],
      [live, move('se'), 'blocked'],
      [fromMap(map('......\n......\n......\n......\n#.....\nR....d')), move('n'), 'blocked'],
      [caught, WAIT_A, 'game_over'],
      [caught, END_A, 'game_over'],
      [ended, move('e'), 'game_over'],
    ];
    for (const [state, action, reason] of cases) {
      const before = JSON.stringify(state);
      const r = step(state, action as WhirlyardAction);
      expect(r.ok, JSON.stringify(action)).toBe(false);
      if (!r.ok) {
        expect(r.reason, JSON.stringify(action)).toBe(reason);
        expect(r.message.length).toBeGreaterThan(0);
      }
      expect(JSON.stringify(state)).toBe(before);
    }
    expect(legalActions(live).length).toBeGreaterThan(0);
    expect(legalActions(caught)).toEqual([]);
    expect(legalActions(ended)).toEqual([]);
  });

  it('WY-042 the seed and the actions determine the whole state', () => {
    const actions: WhirlyardAction[] = [WAIT_A, move('n'), PULSE_A, WAIT_A, move('s')];
    const run = (seed: number) => {
      let s = whirlyard.init(seed);
      for (const a of actions) {
        const r = step(s, a);
        if (!r.ok) break;
        s = r.state;
      }
      return JSON.stringify(toWire(s));
    };
    for (const seed of [0, 7, 2 ** 32 - 1]) expect(run(seed)).toBe(run(seed));
    expect(new Set([0, 1, 2, 3, 4].map((seed) => JSON.stringify(whirlyard.init(seed).drones))).size).toBeGreaterThan(1);
  });
});
