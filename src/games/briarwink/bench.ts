/**
 * Briarwink bench cases: (state, action) pairs from a busy mid-run night. A run is set up on night 10
 * (and a moonless, tangler-filled night 20) and played by a fixed simple policy (walk toward a
 * dimling, plant, walk to a cell outside every pod's cross), one tick per action, so the bench's
 * steps per second are ticks per second. `npm run bench -- --engines` finds this file by the game's
 * slug (bench/engines.ts `benchCasesFor`); it places runs with the game's own internals, which no
 * shell outside this folder may import.
 */
import type { GameAction } from '../../core/game.js';
import type { EngineCase, ReplayCase } from '../../core/shells.js';
import { generateNight } from './generate.js';
import { beamCells, bfsOrder, bloomCover, dimlingCell, manhattan, playerCell, playerMayEnter } from './grid.js';
import { briarwink } from './index.js';
import { canPlant } from './stages/plant.js';
import { PLAYING, type BriarwinkState } from './types.js';

/** A run placed on `night` (as if earlier nights were cleared), playing. */
function midRun(seed: number, night: number): BriarwinkState {
  const s = briarwink.init(seed);
  s.levels = [1, 1, 1];
  s.nightsCleared = night - 1;
  generateNight(s, night);
  s.status = PLAYING;
  return s;
}

/** The fixed simple policy. */
function policy(s: BriarwinkState): GameAction {
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
function recordPairs(seed: number, night: number, count: number): Array<[unknown, GameAction]> {
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

/** The cases the engine bench times (step + legalActions per pair). */
export function engineCases(): EngineCase[] {
  return [
    { name: 'briarwink: night 10, one tick per action', pairs: recordPairs(10, 10, 3000) },
    { name: 'briarwink: night 20, one tick per action', pairs: recordPairs(20, 20, 3000) },
    { name: 'briarwink: night 10, batches of up to 10 ticks (ticks/s)', ...batchCase(10) },
    { name: 'briarwink: night 20, batches of up to 10 ticks (ticks/s)', ...batchCase(20) },
  ];
}

/** A night's batched pairs, counted in ticks. */
function batchCase(night: number): { pairs: Array<[unknown, GameAction]>; units: number } {
  const { pairs, ticks } = recordBatchPairs(night, night, 600, 10);
  return { pairs, units: ticks };
}

/** `a` run as a batch of up to `count` ticks (ticks only; other actions as they are). */
function batched(a: GameAction, count: number): GameAction {
  return a.type === 'tick' ? { ...a, count } : a;
}

/** Ticks a step ran: a tick batch's `applied`, one for any other action. */
function ticksOf(action: GameAction, after: BriarwinkState): number {
  return action.type === 'tick' ? after.lastBatch.applied : 1;
}

/**
 * (state, action) pairs on `night` where each action is the simple policy's input held for a batch of
 * up to `count` ticks, and how many ticks they ran in all: the bench counts ticks, not requests.
 */
function recordBatchPairs(
  seed: number,
  night: number,
  count: number,
  batch: number,
): { pairs: Array<[unknown, GameAction]>; ticks: number } {
  const pairs: Array<[unknown, GameAction]> = [];
  let ticks = 0;
  let s = midRun(seed, night);
  while (pairs.length < count) {
    if (s.status !== PLAYING) s = midRun(++seed, night);
    const a = batched(policy(s), batch);
    const r = briarwink.step(s, a);
    if (!r.ok) throw new Error(`bench policy refused: ${r.message}`);
    pairs.push([s, a]);
    ticks += ticksOf(a, r.state as BriarwinkState);
    s = r.state as BriarwinkState;
  }
  return { pairs, ticks };
}

/**
 * Runs from `init(seed)` played by the simple policy in batches of up to `batch` ticks (after `start`),
 * for replay verification, and the ticks they run: the bench counts each tick of a batch.
 */
function batchRuns(
  seeds: number[],
  actionsPerRun: number,
  batch: number,
): { runs: Array<{ seed: number; actions: GameAction[] }>; ticks: number } {
  const runs: Array<{ seed: number; actions: GameAction[] }> = [];
  let ticks = 0;
  for (const seed of seeds) {
    let s = briarwink.init(seed);
    const actions: GameAction[] = [];
    while (actions.length < actionsPerRun && !briarwink.isGameOver(s)) {
      const a: GameAction = s.status === PLAYING ? batched(policy(s), batch) : briarwink.legalActions(s)[0];
      const r = briarwink.step(s, a);
      if (!r.ok) break;
      actions.push(a);
      ticks += ticksOf(a, r.state as BriarwinkState);
      s = r.state as BriarwinkState;
    }
    runs.push({ seed, actions });
  }
  return { runs, ticks };
}

/** Replay verification of batched runs, counted in ticks (the harness replays `runs` and divides). */
export function replayCases(): ReplayCase[] {
  const { runs, ticks } = batchRuns(
    Array.from({ length: 20 }, (_, i) => 700 + i),
    300,
    10,
  );
  return [{ name: 'briarwink: replay verification, batches of up to 10 ticks (ticks/s)', runs, units: ticks }];
}
