import { describe, it, expect } from 'vitest';
import { Rng } from '../../core/rng.js';
import { briarwink as game } from './index.js';
import type { BriarwinkAction } from './types.js';
import { step } from './rules.js';
import { toWire } from './wire.js';
import { play, cell, fromMap, refusal } from './testkit.js';
import { OVER, PLAYING, WAITING } from './types.js';
import { emit, newCtx } from './stages/ctx.js';
import { generateNight } from './generate.js';
import { OWN_NONE } from './own.js';

const OPEN = `
G......
.......
.......
.......
.......
.......
.......
.......
......m`;

const snap = (s: unknown) => JSON.stringify(toWire(s as never));

describe('actions', () => {
  it('BW-021 start is legal only while waiting', () => {
    const s0 = game.init(3);
    expect(s0.status).toBe(WAITING);
    expect(game.legalActions(s0)).toEqual([{ type: 'start' }]);
    const s1 = play(s0, { type: 'start' }).state;
    expect(s1.status).toBe(PLAYING);
    const r = step(s1, { type: 'start' });
    expect(r.ok).toBe(false);
  });

  it('BW-027 a tick sent while waiting is refused with "send start first"', () => {
    const r = step(game.init(3), { type: 'tick', move: 'up' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('send start first');
  });

  it('BW-024 BW-007 BW-009 endRun is refused in the opening wait, legal while playing and in a break', () => {
    expect(refusal(game.init(3), { type: 'endRun' })).not.toBeNull();
    const playing = play(game.init(3), { type: 'start' }).state;
    const ended = play(playing, { type: 'endRun' }).state;
    expect(ended.status).toBe(OVER);
    const brk = { ...game.init(3), nightsCleared: 1 };
    expect(game.legalActions(brk)).toEqual([{ type: 'start' }, { type: 'endRun' }]);
    expect(play(brk, { type: 'endRun' }).state.status).toBe(OVER);
  });

  it('BW-020 endRun adds nothing and takes nothing away', () => {
    const s = fromMap(OPEN, { score: 1234 });
    expect(play(s, { type: 'endRun' }).state.score).toBe(1234);
  });

  it('BW-026 while playing the legal list is the ten single ticks plus endRun', () => {
    const s = fromMap(OPEN);
    const legal = game.legalActions(s);
    expect(legal).toHaveLength(11);
    for (const move of ['up', 'right', 'down', 'left', null])
      for (const plant of [false, true]) expect(legal).toContainEqual({ type: 'tick', move, plant });
    expect(legal).toContainEqual({ type: 'endRun' });
  });

  it('BW-026 BW-022 walkTo and count are accepted variants of a listed tick', () => {
    const s = fromMap(OPEN);
    expect(step(s, { type: 'tick', walkTo: 3, count: 5 }).ok).toBe(true);
    expect(step(s, { type: 'tick', move: 'right', count: 30 }).ok).toBe(true);
  });

  it('BW-023 a tick carries move or walkTo, never both', () => {
    const r = step(fromMap(OPEN), { type: 'tick', move: 'up', walkTo: 3 });
    expect(r.ok).toBe(false);
    expect(refusal(fromMap(OPEN), { type: 'tick' })).not.toBeNull();
  });

  it('BW-029 BW-022 unknown fields are rejected, and so are odd values', () => {
    const s = fromMap(OPEN);
    const bad: BriarwinkAction[] = [
      { type: 'tick', move: 'up', speed: 2 },
      { type: 'start', now: true },
      { type: 'nonsense' },
      { type: 'tick', move: 'north' },
      { type: 'tick', move: 'up', count: 0 },
      { type: 'tick', move: 'up', count: 31 },
      { type: 'tick', walkTo: 63 },
      { type: 'tick', move: 'up', plant: 'yes' },
    ];
    for (const a of bad) {
      const before = snap(s);
      const r = step(s, a);
      expect(r.ok, JSON.stringify(a)).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^[a-z_]+$/);
      expect(snap(s)).toBe(before);
    }
  });

  it('BW-025 after the run is over every action is refused', () => {
    const s = { ...fromMap(OPEN), status: OVER };
    expect(game.legalActions(s)).toEqual([]);
    expect(refusal(s, { type: 'tick', move: null })).not.toBeNull();
    expect(refusal(s, { type: 'start' })).not.toBeNull();
  });

  it('BW-028 plant true is accepted and ignored when planting is impossible', () => {
    const s = fromMap(OPEN.replace('G', '%').replace('......m', 'G.....m'));
    const r = play(s, { type: 'tick', move: null, plant: true });
    expect(r.state.pods).toHaveLength(1);
    const again = play(r.state, { type: 'tick', move: null, plant: true }); // cap 1 reached
    expect(again.state.pods).toHaveLength(1);
  });
});

describe('batches', () => {
  it('BW-031 count runs exactly that many ticks, and plant applies on the first only', () => {
    const s = fromMap(OPEN, { levels: [0, 2, 0] });
    const r = play(s, { type: 'tick', move: 'right', plant: true, count: 20 });
    expect(r.state.tick).toBe(s.tick + 20);
    expect(r.state.pods).toHaveLength(1);
    expect(r.state.pods[0].cell).toBe(cell(0, 0));
    expect(r.state.lastBatch).toEqual({ requested: 20, applied: 20, stoppedBy: 'count', eventsDropped: 0 });
  });

  it('BW-032 a batch stops early after a tick that costs a heart', () => {
    const s = fromMap(OPEN.replace('G......', 'Gm.....').replace('......m', '.......'));
    const r = play(s, { type: 'tick', move: null, count: 10 });
    expect(r.state.lastBatch.stoppedBy).toBe('heart');
    expect(r.state.lastBatch.applied).toBeLessThan(10);
    expect(r.state.hearts).toBe(2);
    // one tick earlier the heart was still there
    const before = play(s, { type: 'tick', move: null, count: r.state.lastBatch.applied - 1 || 1 }).state;
    if (r.state.lastBatch.applied > 1) expect(before.hearts).toBe(3);
  });

  it('BW-032 a batch stops early when the run finishes', () => {
    const s = fromMap(OPEN.replace('G......', 'Gm.....'), { hearts: 1 });
    const r = play(s, { type: 'tick', move: null, count: 10 });
    expect(r.state.lastBatch.stoppedBy).toBe('runOver');
    expect(r.state.status).toBe(OVER);
  });

  it('BW-032 a batch stops early after a tick that clears the night', () => {
    const s = fromMap(OPEN.replace('G......', 'G^.....').replace('......m', '.......'));
    const r = play(s, { type: 'tick', move: 'right', count: 30 });
    expect(r.state.lastBatch.stoppedBy).toBe('nightCleared');
    expect(r.state.nightsCleared).toBe(1);
  });

  it('BW-032 a walkTo batch stops once you stand still on the target', () => {
    const s = fromMap(OPEN);
    const r = play(s, { type: 'tick', walkTo: cell(2, 0), count: 30 });
    expect(r.state.lastBatch).toMatchObject({ requested: 30, applied: 16, stoppedBy: 'arrived' });
    expect(r.state.pAt).toBe(cell(2, 0));
  });

  it('BW-033 events list at most 64 things per action; lastBatch counts the ones left out', () => {
    const t = newCtx(-1, -1, false, []);
    for (let i = 0; i < 70; i++) emit(t, 'x', { i });
    expect(t.events).toHaveLength(64);
    expect(t.dropped).toBe(6);
    expect(t.events[63]).toEqual({ type: 'x', i: 63 });
  });

  it('BW-034 a batch equals the same ticks sent one at a time (random play)', () => {
    const rng = Rng.fromSeed(99);
    for (let seed = 0; seed < 25; seed++) {
      let a = play(game.init(seed), { type: 'start' }).state;
      let b = a;
      for (let k = 0; k < 30 && a.status === PLAYING; k++) {
        const count = 1 + rng.int(30);
        const plant = rng.chance(0.3);
        const input: BriarwinkAction = rng.chance(0.5)
          ? { type: 'tick', walkTo: rng.int(63) }
          : { type: 'tick', move: [null, 'up', 'right', 'down', 'left'][rng.int(5)] };
        const batch = play(a, { ...input, plant, count });
        a = batch.state;
        for (let i = 0; i < batch.state.lastBatch.applied; i++)
          b = play(b, { ...input, plant: plant && i === 0 }).state;
        const wa = toWire(a) as { data: Record<string, unknown>; secret: unknown };
        const wb = toWire(b) as { data: Record<string, unknown>; secret: unknown };
        expect({ ...wb.data, lb: null }).toEqual({ ...wa.data, lb: null });
        expect(wb.secret).toEqual(wa.secret);
        // and it stopped exactly when a single tick would say so
        if (batch.state.lastBatch.applied < count) expect(batch.state.lastBatch.stoppedBy).not.toBe('count');
      }
    }
  });
});

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

describe('purity', () => {
  it('legalActions answers a list of its own on every call: a caller may sort or empty it', () => {
    const opening = game.init(3);
    const playing = play(opening, { type: 'start' }).state;
    for (const s of [opening, playing]) {
      const mine = game.legalActions(s);
      const expected = JSON.stringify(mine);
      mine.reverse();
      mine.length = 0;
      expect(JSON.stringify(game.legalActions(s))).toBe(expected);
      expect(game.legalActions(s)).not.toBe(game.legalActions(s));
    }
  });
  it('a state handed out owns nothing, and one state stepped by two requests gives both the same answer', () => {
    expect(game.init(4).own).toBe(OWN_NONE);
    const rng = Rng.fromSeed(8);
    let s = play(game.init(4), { type: 'start' }).state;
    for (let k = 0; k < 200 && s.status === PLAYING; k++) {
      expect(s.own).toBe(OWN_NONE);
      const a: BriarwinkAction = rng.chance(0.5)
        ? { type: 'tick', walkTo: rng.int(63), plant: rng.chance(0.3), count: 1 + rng.int(30) }
        : { type: 'tick', move: [null, 'up', 'right', 'down', 'left'][rng.int(5)], plant: rng.chance(0.3) };
      const first = play(s, a);
      const before = snap(first.state);
      const second = play(s, a); // the server's recent-token memory hands the same object to a second request
      expect(snap(second.state)).toBe(before);
      expect(second.events).toEqual(first.events);
      if (second.state.status === PLAYING) play(second.state, a); // stepping on from one answer leaves the other alone
      expect(snap(first.state)).toBe(before);
      s = first.state;
    }
  });
  it('step never writes into its input, even to arrays it shares with its output (deep-frozen inputs)', () => {
    const rng = Rng.fromSeed(5);
    for (let seed = 0; seed < 12; seed++) {
      let s = play(game.init(seed), { type: 'start' }).state;
      s.levels = [1, 1, 1];
      for (let k = 0; k < 120 && s.status !== OVER; k++) {
        deepFreeze(s);
        const legal = game.legalActions(s);
        let a = rng.pick(legal);
        // keep playing: a tick while playing, the next night in a break
        if (a.type === 'endRun')
          a = s.status === PLAYING ? { type: 'tick', move: null, plant: true } : { type: 'start' };
        if (a.type === 'tick' && rng.chance(0.5))
          a = { type: 'tick', walkTo: rng.int(63), plant: rng.chance(0.5), count: 1 + rng.int(30) };
        s = play(s, a).state;
      }
    }
  });
  it('step never writes into its input on late nights (nudgers, twinbuds, tanglers, the creep)', () => {
    const rng = Rng.fromSeed(6);
    for (const night of [10, 13, 17, 20, 26]) {
      for (let seed = 0; seed < 4; seed++) {
        let s = game.init(seed);
        s.levels = [2, 2, 2];
        s.nightsCleared = night - 1;
        generateNight(s, night);
        s.status = PLAYING;
        for (let k = 0; k < 150 && s.status === PLAYING; k++) {
          const copy = structuredClone(s);
          deepFreeze(s);
          const a: BriarwinkAction = rng.chance(0.5)
            ? { type: 'tick', walkTo: rng.int(63), plant: rng.chance(0.3), count: 1 + rng.int(30) }
            : { type: 'tick', move: [null, 'up', 'right', 'down', 'left'][rng.int(5)], plant: rng.chance(0.3) };
          const next = play(s, a).state;
          // the same step from an unshared, unfrozen copy gives the same state
          expect(toWire(play(copy, a).state)).toEqual(toWire(next));
          s = next;
        }
      }
    }
  });
});
