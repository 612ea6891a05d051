/**
 * Whirlyard's wire form. `data` holds everything the player can see anyway; `secret` holds the
 * generator state, which would let a client predict every future wave. Scrap travels as a list of
 * cells (the engine keeps it as a bit set). `fromWire` checks every field and every invariant of a
 * reachable state, and throws on anything else.
 */
import type { Json, WireState } from '../../core/game.js';
import { isRngState } from '../../core/rng.js';
import { SEED_RULE, isSeed } from '../../core/seed.js';
import { BIT_HI, BIT_LO, cellsOf, has } from './board.js';
import { newState } from './fresh.js';
import { CELLS, MAX_CHARGES, type EndReason, type WhirlyardState } from './types.js';

/** Splits a state into its readable and hidden parts. */
export function toWire(s: WhirlyardState): WireState {
  return {
    data: {
      seed: s.seed,
      wave: s.wave,
      turn: s.turn,
      waveTurn: s.waveTurn,
      charges: s.charges,
      pulseUsed: s.pulseUsed,
      score: s.score,
      over: s.over,
      endReason: s.endReason,
      rover: s.rover,
      drones: s.drones.slice(),
      charged: s.charged.slice(),
      scrap: cellsOf(s.scrapLo, s.scrapHi),
    },
    secret: { rng: [...s.rng] },
  };
}

export function fail(what: string): never {
  throw new Error(`invalid Whirlyard state: ${what}`);
}

function record(x: unknown, what: string): Record<string, Json> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) fail(`${what} must be an object`);
  return x as Record<string, Json>;
}

function count(x: Json, what: string, min = 0): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < min) fail(`${what} must be an integer >= ${min}`);
  return x;
}

function cells(x: Json, what: string): number[] {
  if (!Array.isArray(x)) fail(`${what} must be an array`);
  for (const c of x)
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= CELLS) fail(`${what}: bad cell`);
  return (x as number[]).slice();
}

function flag(x: Json, what: string): boolean {
  if (typeof x !== 'boolean') fail(`${what} must be a boolean`);
  return x;
}

/** Rebuilds a state from `toWire` output; throws an Error on anything malformed or impossible. */
export function fromWire(wire: WireState): WhirlyardState {
  const w = record(wire, 'the wire state');
  const data = record(w.data, 'data');
  const secret = record(w.secret, 'secret');
  if (!isRngState(secret.rng)) fail('secret.rng must be four unsigned 32-bit integers');
  if (!isSeed(data.seed)) fail(`seed must be ${SEED_RULE}`);
  const endReason = data.endReason;
  if (endReason !== null && endReason !== 'caught' && endReason !== 'ended') fail('endReason is unknown');
  const scrap = cells(data.scrap, 'scrap');
  for (let i = 1; i < scrap.length; i++) if (scrap[i] <= scrap[i - 1]) fail('scrap must be ascending and unique');
  let scrapLo = 0;
  let scrapHi = 0;
  for (const c of scrap) {
    scrapLo |= BIT_LO[c];
    scrapHi |= BIT_HI[c];
  }
  const charged = data.charged;
  if (!Array.isArray(charged) || !charged.every((c) => typeof c === 'boolean')) fail('charged must be booleans');
  // made by `newState` (see fresh.ts), so `step` sees one shape of state whichever way it came
  const s = newState({
    seed: data.seed,
    rng: [secret.rng[0], secret.rng[1], secret.rng[2], secret.rng[3]],
    wave: count(data.wave, 'wave', 1),
    turn: count(data.turn, 'turn'),
    waveTurn: count(data.waveTurn, 'waveTurn'),
    charges: count(data.charges, 'charges'),
    pulseUsed: flag(data.pulseUsed, 'pulseUsed'),
    score: count(data.score, 'score'),
    over: flag(data.over, 'over'),
    endReason: endReason as EndReason,
    rover: count(data.rover, 'rover'),
    drones: cells(data.drones, 'drones'),
    charged: (charged as boolean[]).slice(),
    scrapLo,
    scrapHi,
  });
  checkState(s);
  return s;
}

/**
 * The invariants of every reachable state, checked on whatever a client brings back (`fromWire`,
 * `unpack`); throws an Error naming the first one broken. Field types are the caller's to check.
 */
export function checkState(s: WhirlyardState): void {
  const { scrapLo, scrapHi } = s;
  if (s.wave < 1) fail('wave must be 1 or more');
  if (s.charges > MAX_CHARGES) fail('charges above the maximum');
  if (s.waveTurn > s.turn) fail('waveTurn exceeds turn');
  if (s.rover >= CELLS) fail('rover is off the board');
  if (s.over !== (s.endReason !== null)) fail('over and endReason disagree');
  if (s.charged.length !== s.drones.length) fail('charged and drones differ in length');
  if (s.drones.length === 0) fail('a wave always has drones (a cleared wave is replaced at once)');
  if (s.drones.length > CELLS) fail('more drones than cells');
  if (has(scrapLo, scrapHi, s.rover)) fail('the rover stands on scrap');
  if (s.endReason !== 'caught') {
    // only a caught run's final position may have drones together, on scrap or on the rover
    let seenLo = 0;
    let seenHi = 0;
    for (const c of s.drones) {
      if (has(seenLo, seenHi, c)) fail('two drones share a cell');
      seenLo |= BIT_LO[c];
      seenHi |= BIT_HI[c];
      if (c === s.rover || has(scrapLo, scrapHi, c)) fail('a drone stands on the rover or on scrap');
    }
  }
}
