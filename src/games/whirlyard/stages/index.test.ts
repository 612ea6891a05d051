import { describe, expect, it } from 'vitest';
import { END_RUN_STAGES, RESOLUTION, TURN_STAGES, WAIT, applyAction, countTurn, draftOf, settle } from './index.js';
import { fromMap } from '../testkit.js';

describe('the turn as an ordered list of named stages', () => {
  it("a move, wait or pulse runs the seed's stages in the seed's order", () => {
    // seed: pulse "dismantles ... before pursuit"; accepted actions "increase global and wave turns
    // exactly once. After each, surviving drones simultaneously step"; "On every 3rd accepted action
    // within a wave, surviving charged drones take a second simultaneous pursuit step"; "If the last
    // drone is dismantled after Pulse, the first step, or the charged second step, clear exactly one
    // wave immediately; the new board does not pursue until the next action."
    expect(TURN_STAGES.map((stage) => stage.name)).toEqual([
      'applyAction',
      'countTurn',
      'clearWaveIfEmpty',
      'firstPursuit',
      'clearWaveIfEmpty',
      'chargedSecondPursuit',
      'clearWaveIfEmpty',
    ]);
  });

  it('WY-040 end_run is a turn of its own that consumes no turn', () => {
    expect(END_RUN_STAGES.map((stage) => stage.name)).toEqual(['endRun']);
  });

  it('WY-033 every pursuit step resolves contact, then scrap arrivals, then groups', () => {
    expect(RESOLUTION.map((r) => r.name)).toEqual(['resolveContact', 'resolveScrapArrivals', 'resolveGroups']);
  });
});

describe('single stages', () => {
  const start = fromMap(`
    ......
    ......
    ..R...
    ...#..
    ......
    d....d
  `);

  it('applyAction on a wait moves nothing and records the wait', () => {
    const d = draftOf(start);
    applyAction(d, WAIT);
    expect(settle(d)).toEqual(start);
    expect(d.events).toEqual([{ type: 'waited', x: 2, y: 2 }]);
  });

  it('WY-029 countTurn adds one to both clocks', () => {
    const d = draftOf({ ...start, turn: 10, waveTurn: 4 });
    countTurn(d);
    expect([d.turn, d.waveTurn]).toEqual([11, 5]);
  });

  it('stages never touch the state they were drafted from', () => {
    const before = JSON.stringify(start);
    const d = draftOf(start);
    for (const stage of TURN_STAGES) stage.run(d, 0);
    expect(JSON.stringify(start)).toBe(before);
  });
});
