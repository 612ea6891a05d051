/**
 * One test per sentence of the seed file (shared/seeds/003_f0d0ced06f254d05.txt), named after the rule
 * in our words, in the seed's order. Positions are text maps: R rover, d drone, C charged drone,
 * # scrap, . empty; (0,0) is the top-left character.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../core/rng.js';
import { chebyshev } from './board.js';
import { spawnWave } from './generate.js';
import { whirlyard } from './index.js';
import { observe, renderRows } from './observe.js';
import { legalActions, step } from './rules.js';
import { ACTION_SCHEMA } from './spec.js';
import {
  END_A,
  PULSE_A,
  WAIT_A,
  fromMap,
  map,
  move,
  nonterminalFirstActions,
  play,
  toMap,
  twoActionOpening,
} from './testkit.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';
import { toWire } from './wire.js';

const moveNames = (s: WhirlyardState) => legalActions(s).flatMap((a) => (a.type === 'move' ? [a.direction] : []));
const scrapOf = (s: WhirlyardState) => observe(s).scrap;
const refusal = (s: WhirlyardState, a: unknown) => {
  const r = step(s, a as WhirlyardAction);
  return r.ok ? 'accepted' : r.reason;
};

/** A one-drone board at wave `wave - 1` whose pulse clears it: the engine then lays out wave `wave`. */
function clearInto(wave: number, seed: number): WhirlyardState {
  if (wave === 1) return whirlyard.init(seed);
  const before = fromMap(
    `
    ......
    ......
    ..Rd..
    ......
    ......
    ......`,
    { wave: wave - 1, seed, rng: seedRng(seed, 99), turn: 5, waveTurn: 5 },
  );
  const after = play(before, PULSE_A).state;
  expect(after.wave).toBe(wave);
  return after;
}

describe('Goal', () => {
  it('the board is 6 by 6: the rover cannot step past its edges', () => {
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

  it('drones herded into each other or into scrap are destroyed', () => {
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

  it('the yard is endless: waves keep coming however far the run goes', () => {
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

  it('clearing a wave carries the run on into the next wave', () => {
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

  it('end_run banks the score at any time', () => {
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

  it('otherwise the run ends when a drone reaches the rover', () => {
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

  it('coordinates are zero-based (x,y) with x growing to the right and y growing downward', () => {
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

  it("a cell's index is y * 6 + x", () => {
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

describe('Scoring', () => {
  it('every drone destroyed by a pulse, by scrap or by a collision earns 20', () => {
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

  it('a pursuit step destroying n drones adds 10 x (n - 1)', () => {
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

  it('drones destroyed by a pulse stay out of the step bonus', () => {
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

  it("the first step's and the charged second step's bonuses are counted apart", () => {
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

  it('clearing a wave pays 100, and 50 more when no pulse was used in it', () => {
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

  it('moving, waiting, ending the run, time and revisiting cells earn nothing', () => {
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

  it('the score is never reduced, even when caught or when banking', () => {
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

  it('neither the score nor the wave number has a cap', () => {
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

describe('Rules', () => {
  it('every wave starts with the rover at (2,2) and scrap only at (3,3)', () => {
    for (const seed of [0, 7, 12345]) {
      const s = whirlyard.init(seed);
      expect(observe(s).rover).toEqual({ x: 2, y: 2 });
      expect(scrapOf(s)).toEqual([{ x: 3, y: 3 }]);
    }
    const messy = fromMap(`
      .....R
      ####d.
      ......
      ...#..
      ##....
      ......`);
    const next = play(messy, PULSE_A).state;
    expect(next.wave).toBe(2);
    expect(observe(next).rover).toEqual({ x: 2, y: 2 });
    expect(scrapOf(next)).toEqual([{ x: 3, y: 3 }]);
  });

  const sizes = (wave: number, seeds = 30) =>
    Array.from({ length: seeds }, (_, seed) => {
      const s = clearInto(wave, seed);
      return [s.drones.length, s.charged.filter(Boolean).length];
    });

  it('wave 1 has four ordinary drones; waves 2 and 3 have five and six', () => {
    for (const [wave, n] of [
      [1, 4],
      [2, 5],
      [3, 6],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 0]);
    }
  });

  it('waves 4, 5 and 6 have six, seven and eight drones, one of them charged', () => {
    for (const [wave, n] of [
      [4, 6],
      [5, 7],
      [6, 8],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 1]);
    }
  });

  it('waves 7, 8 and 9 have eight, nine and ten drones, two of them charged', () => {
    for (const [wave, n] of [
      [7, 8],
      [8, 9],
      [9, 10],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 2]);
    }
  });

  it('waves 10 to 12 have ten drones with three charged; wave 13 and later ten with four', () => {
    for (const wave of [10, 11, 12]) for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([10, 3]);
    for (const wave of [13, 14, 20, 77]) for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([10, 4]);
  });

  it('drones spawn on distinct cells two or more from the rover, never on rover or scrap, with a two-action opening', () => {
    for (let seed = 0; seed < 40; seed++) {
      for (let wave = 1; wave <= 15; wave++) {
        const s = clearInto(wave, seed);
        const where = `seed ${seed} wave ${wave}`;
        expect(new Set(s.drones).size, where).toBe(s.drones.length);
        for (const c of s.drones) {
          expect(chebyshev(c, s.rover), where).toBeGreaterThanOrEqual(2);
          expect(c === 21, where).toBe(false);
        }
        expect(twoActionOpening(s), where).not.toBeNull();
      }
    }
  });

  it('waves 1 to 3 have at least six first actions that do not end the run', () => {
    for (let seed = 0; seed < 100; seed++) {
      for (const wave of [1, 2, 3]) {
        expect(nonterminalFirstActions(clearInto(wave, seed)), `seed ${seed} wave ${wave}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it('a move goes one cell in any of the eight directions', () => {
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

  it('a move cannot leave the board', () => {
    const s = fromMap(`
      R.....
      ......
      ......
      ......
      ......
      .....d`);
    for (const dir of ['nw', 'n', 'ne', 'w', 'sw'] as const) expect(refusal(s, move(dir)), dir).toBe('out_of_bounds');
  });

  it('a move cannot land on a drone or on scrap', () => {
    const s = fromMap(`
      ......
      ......
      ..Rd..
      ...#..
      ......
      ......`);
    expect(refusal(s, move('e'))).toBe('blocked');
    expect(refusal(s, move('se'))).toBe('blocked');
    expect(moveNames(s)).toEqual(['nw', 'n', 'ne', 'w', 'sw', 's']);
  });

  it('a diagonal may pass between two occupied orthogonal neighbours', () => {
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
    expect(refusal(betweenDrones, move('ne'))).toBe('accepted');
  });

  it('wait keeps the rover where it is', () => {
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

  it('pulse needs a charge', () => {
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
    expect(refusal(s, PULSE_A)).toBe('no_charge');
    expect(legalActions(s).some((a) => a.type === 'pulse')).toBe(false);
  });

  it('pulse spends its charge even with nothing in range', () => {
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

  it('pulse destroys every drone at distance exactly one, and only those, leaving scrap on their cells', () => {
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

  it('pulse acts before the pursuit, so an adjacent drone cannot catch the rover', () => {
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

  it('scrap made by a pulse already stops drones in the same action', () => {
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

  it('a run starts with two charges', () => {
    expect(whirlyard.init(5).charges).toBe(2);
  });

  it('clearing a wave gives back one charge, and no more than two are held', () => {
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

  it('each accepted move, wait or pulse adds one to the turn and to the wave turn', () => {
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

  it('after each action every drone steps one cell toward the rover on each axis, all at once', () => {
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

  it('contact comes first: the run ends and that step pays nothing, even if several drones arrive', () => {
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

  it('then drones that step onto existing scrap are destroyed, two at once included', () => {
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

  it('then two or more drones ending on one cell are all destroyed and that cell becomes scrap', () => {
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

  it('every other drone stays where it stepped', () => {
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

  it('on every third action of a wave the charged drones step a second time', () => {
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

  it('ordinary drones stand still in the second step, but a charged drone can run into one', () => {
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

  it('the second step resolves contact, scrap and groups in the same order', () => {
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

  it('the wave clears at once when a pulse takes the last drone, and the new board waits for the next action', () => {
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

  it('the wave clears at once after the first step, before any second step', () => {
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

  it('the wave clears at once after the charged second step', () => {
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

  it('a new wave restarts the cadence and the pulse record and gives back one charge, up to two', () => {
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

  it('end_run consumes no turn and pays nothing for the unfinished wave', () => {
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

  it('invalid actions, a pulse without charge, blocked or off-board moves and actions after the end change nothing', () => {
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

  it('the seed and the actions determine the whole state', () => {
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

describe('Action grammar', () => {
  it("the spec publishes the seed file's action grammar unchanged", () => {
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
