/**
 * The seed's TICK ORDER: the stage list itself, then one test per numbered step.
 */
import { describe, expect, it } from 'vitest';
import { seedText } from '../../../../test/helpers/seeds.js';
import { LEVELS } from '../generate.js';
import { act, play, refusal, fromMap, toMap } from '../testkit.js';
import { BOXED_IN, OUT_OF_OIL, PLAYING, WON } from '../types.js';
import { TICK_STAGES } from './index.js';

const SEED = seedText('001_96f0c49922c2c7ff.txt');

/** For each stage, in order, words that the seed's matching numbered step contains. */
const SEED_STEP_WORDS: [string, string[]][] = [
  ['action', ['action applies']],
  ['exit_completes_level', ['open exit', 'level completes']],
  ['gravity', ['gravity pass']],
  ['exit_opens', ['exit opens', 'quota']],
  ['chain', ['chain']],
  ['oil', ['oil falls']],
  ['boxed_in', ['boxed in']],
];

describe('the tick as an ordered list of named stages', () => {
  it('DW-025 lists the seven stages in the seed order', () => {
    expect(TICK_STAGES.map((s) => s.name)).toEqual(SEED_STEP_WORDS.map(([name]) => name));
  });

  it.skipIf(SEED === null)('matches the numbered steps of the seed file, one stage per step', () => {
    const text = SEED!;
    const order = text.slice(text.indexOf('TICK ORDER'), text.indexOf('GRAVITY ('));
    const steps = order.split(/\s\d\)\s/).slice(1);
    expect(steps.length).toBe(TICK_STAGES.length);
    steps.forEach((step, i) => {
      for (const word of SEED_STEP_WORDS[i][1]) expect(step, `step ${i + 1}`).toContain(word);
    });
  });
});

describe('tick order', () => {
  it('DW-025 1) the action applies first: stepping under a falling gem catches it in the same tick', () => {
    const { state, events } = play(fromMap('#.v#\n#M.#\n#%%#'), 'right');
    expect(state.gems).toBe(1);
    expect(events.find((e) => e.type === 'gem')?.how).toBe('caught');
  });

  it('DW-026 2) stepping onto the open exit completes the level at once: clear bonus, no oil spent, next level fresh', () => {
    const s = fromMap('#ME.#\n#####', { level: 3, quota: 1, gems: 1, oil: 20, score: 7 });
    const { state, events } = play(s, 'right');
    expect(state.score).toBe(7 + 100 + 5 * 20);
    expect(state.level).toBe(4);
    expect(state.oil).toBe(LEVELS[3].oil);
    expect(toMap(state)).toBe(LEVELS[3].rows.join('\n'));
    expect(state.gems).toBe(0);
    expect(state.exitOpen).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['move', 'level_cleared', 'level_started']);
  });

  it('DW-026 2) stepping onto the exit runs no gravity pass: on the last level the board is left as it was', () => {
    const s = fromMap('#o..#\n#.ME#\n#####', { level: 8, quota: 1, gems: 1, oil: 9, score: 100 });
    const state = act(s, 'right');
    expect(state.end).toBe(WON);
    expect(toMap(state)).toBe('#o..#\n#..M#\n#####');
    expect(state.oil).toBe(9);
  });

  it('DW-025 3) otherwise one gravity pass runs after the action', () => {
    const state = act(fromMap('#O.#\n#M.#\n#%%#'), 'right');
    expect(toMap(state)).toBe('#..#\n#oM#\n#%%#');
  });

  it('DW-027 4) the exit opens the instant the gems collected reach the quota, and never closes again', () => {
    let s = fromMap('#M**.X#\n#######', { quota: 2 });
    s = act(s, 'right');
    expect(s.exitOpen).toBe(false);
    const { state, events } = play(s, 'right');
    expect(state.exitOpen).toBe(true);
    expect(toMap(state)).toBe('#..M.E#\n#######');
    expect(events).toContainEqual({ type: 'exit_opened', gems: 2, quota: 2 });
    expect(act(state, 'left', 'wait', 'wait').exitOpen).toBe(true);
  });

  it('DW-027 4) a gem caught by gravity opens the exit in the same tick', () => {
    const s = act(fromMap('#v.X#\n#M.%#\n#####', { quota: 1 }), 'wait');
    expect(s.exitOpen).toBe(true);
  });

  it('DW-028 5) chain bookkeeping runs every tick: a chain ends after four ticks without a gem', () => {
    let s = act(fromMap('#M*.....#\n#########'), 'right');
    expect(s.chain).toBe(1);
    s = act(s, 'right', 'right', 'right');
    expect(s.chain).toBe(1);
    const { state, events } = play(s, 'right');
    expect(state.chain).toBe(0);
    expect(events).toContainEqual({ type: 'chain_ended', length: 1 });
  });

  it('DW-029 6) oil falls by one each tick, and at zero the run ends out of oil', () => {
    let s = fromMap('#M...#\n######', { oil: 2 });
    s = act(s, 'right');
    expect([s.oil, s.end]).toEqual([1, PLAYING]);
    s = act(s, 'right');
    expect([s.oil, s.end]).toEqual([0, OUT_OF_OIL]);
  });

  it('DW-029 6) the last unit of oil can still carry the mole onto the open exit', () => {
    const s = act(fromMap('#ME#\n####', { oil: 1, level: 2, quota: 1, gems: 1 }), 'right');
    expect(s.level).toBe(3);
    expect(s.end).toBe(PLAYING);
  });

  it('DW-030 7) on a settled board with all four moves invalid the run ends boxed in, but not while anything falls', () => {
    const start = fromMap(`
      #####
      #O###
      #M%##
      #%###
      #####`);
    // Digging right lets the boulder fall into the cell behind the mole: it is still falling, so no ending yet.
    const s = act(start, 'right');
    expect(toMap(s)).toBe('#####\n#.###\n#oM##\n#%###\n#####');
    expect(s.end).toBe(PLAYING);
    expect(refusal(s, 'left')).not.toBeNull();
    // Next tick it lands against bedrock: the board is settled and no move is possible.
    const { state, events } = play(s, 'wait');
    expect(state.end).toBe(BOXED_IN);
    expect(state.oil).toBe(48);
    expect(events).toContainEqual({ type: 'run_ended', reason: 'boxed_in' });
  });
});
