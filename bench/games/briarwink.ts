/**
 * Briarwink bench cases: (state, action) pairs from a busy mid-run night. A run is set up on night 10
 * (and a moonless, tangler-filled night 20) and played by a fixed simple policy (walk toward a
 * dimling, plant, walk to a cell outside every pod's cross), one tick per action, so the bench's
 * steps per second are ticks per second.
 */
import type { GameAction } from '../../src/core/game.js';
import { briarwink } from '../../src/games/briarwink/index.js';
import { generateNight } from '../../src/games/briarwink/generate.js';
import {
  beamCells,
  bfsOrder,
  bloomCover,
  dimlingCell,
  manhattan,
  playerCell,
  playerMayEnter,
} from '../../src/games/briarwink/grid.js';
import { canPlant } from '../../src/games/briarwink/stages/plant.js';
import type { State } from '../../src/games/briarwink/types.js';
import { PLAYING } from '../../src/games/briarwink/types.js';

/** A run placed on `night` (as if earlier nights were cleared), playing. */
export function midRun(seed: number, night: number): State {
  const s = briarwink.init(seed);
  s.levels = [1, 1, 1];
  s.nightsCleared = night - 1;
  generateNight(s, night);
  s.status = PLAYING;
  return s;
}

/** The fixed simple policy. */
export function policy(s: State): GameAction {
  const pc = playerCell(s);
  if (pc < 0) return { type: 'tick', move: null, plant: false };
  const danger = new Uint8Array(63);
  const cover = bloomCover(s);
  for (let c = 0; c < 63; c++) if (cover[c] >= 0) danger[c] = 1;
  for (const p of s.pods) for (const c of beamCells(s, p.cell, p.reach, [])) danger[c] = 1;
  if (s.pods.length > 0 || danger[pc]) {
    const safe = bfsOrder(pc).find((c) => !danger[c] && (c === pc || playerMayEnter(s, c)));
    return { type: 'tick', walkTo: safe ?? pc };
  }
  let near = -1;
  for (const d of s.dimlings) {
    const c = dimlingCell(d);
    if (near < 0 || manhattan(c, pc) < manhattan(near, pc)) near = c;
  }
  if (near >= 0 && manhattan(near, pc) <= 2 && canPlant(s)) return { type: 'tick', move: null, plant: true };
  if (s.gate >= 0) return { type: 'tick', walkTo: s.gate };
  if (s.tick % 97 === 0 && canPlant(s)) return { type: 'tick', move: null, plant: true }; // clear some briar
  return { type: 'tick', walkTo: near >= 0 ? near : pc };
}

/** Record `count` pairs from seeds starting at `seed` on `night`. */
export function recordPairs(seed: number, night: number, count: number): Array<[unknown, GameAction]> {
  const pairs: Array<[unknown, GameAction]> = [];
  let s = midRun(seed, night);
  while (pairs.length < count) {
    if (s.status !== PLAYING) s = midRun(++seed, night);
    const a = policy(s);
    const r = briarwink.step(s, a);
    if (!r.ok) throw new Error(`bench policy refused: ${r.message}`);
    pairs.push([s, a]);
    s = r.state;
  }
  return pairs;
}

/** The cases the lead's bench harness times (step + legalActions per pair). */
export function engineCases(): Array<{ name: string; pairs: Array<[unknown, GameAction]> }> {
  return [
    { name: 'briarwink: night 10, one tick per action', pairs: recordPairs(10, 10, 3000) },
    { name: 'briarwink: night 20, one tick per action', pairs: recordPairs(20, 20, 3000) },
  ];
}
