/**
 * Stage 3, your move: the held direction (or walkTo's choice) drives the gardener's step; then the
 * occupied cell tramples a sprout, collects pickups, and clears the night on the open gate.
 */
import type { BriarwinkState } from '../types.js';
import { FLOOR, SPROUT } from '../types.js';
import { NB, opposite, playerCell, playerMayEnter, setTerrain } from '../grid.js';
import { PLAYER_STEPS } from '../roster.js';
import { walkDirection, walkDirectionV1 } from '../walkto.js';
import type { TickCtx } from './ctx.js';
import { RULES_V1, coverOf, emit } from './ctx.js';
import { collectAt } from './pickups.js';
import { clearNight } from './gate.js';

function arrive(s: BriarwinkState): void {
  if (s.pProg >= s.pSteps) {
    s.pAt = s.pTo;
    s.pTo = -1;
    s.pProg = 0;
  }
}

function reverse(s: BriarwinkState): void {
  const a = s.pAt;
  s.pAt = s.pTo;
  s.pTo = a;
  s.pProg = s.pSteps - s.pProg + 1;
  s.pDir = opposite(s.pDir);
  arrive(s);
}

/**
 * Advance the gardener one tick holding `dir` (-1 for null). Idle: start a step into an enterable
 * neighbour (progress 1). Mid-step: the opposite direction reverses if the origin is still enterable;
 * anything else carries on to arrival. A destination that closes while the origin is still occupied
 * turns the gardener back, or stops them on the origin when their own pod stands there.
 */
function stepPlayer(s: BriarwinkState, dir: number): void {
  if (s.pTo >= 0) {
    const onOrigin = playerCell(s) === s.pAt;
    if (onOrigin && !playerMayEnter(s, s.pTo)) {
      if (playerMayEnter(s, s.pAt)) reverse(s);
      else {
        s.pTo = -1;
        s.pProg = 0;
      }
      return;
    }
    if (dir >= 0 && dir === opposite(s.pDir) && playerMayEnter(s, s.pAt)) {
      reverse(s);
      return;
    }
    s.pProg++;
    arrive(s);
    return;
  }
  if (dir < 0) return;
  const n = NB[s.pAt * 4 + dir];
  if (!playerMayEnter(s, n)) return;
  s.pTo = n;
  s.pProg = 1;
  s.pSteps = PLAYER_STEPS[s.levels[2]];
  s.pDir = dir;
  arrive(s);
}

/** The direction walkTo holds this tick, under the rules version the tick follows. */
function walkToward(s: BriarwinkState, t: TickCtx): number {
  const cover = coverOf(s, t);
  return t.rules === RULES_V1 ? walkDirectionV1(s, t.walkTo, cover) : walkDirection(s, t.walkTo, cover);
}

/**
 * The move stage: notes where the gardener stood (dimlings and hazards check crossings against it),
 * moves, and ends the tick when the step reaches the open gate.
 */
export function move(s: BriarwinkState, t: TickCtx): boolean {
  t.prevPlayer = playerCell(s);
  if (t.prevPlayer < 0) return false;
  const dir = t.walkTo >= 0 ? walkToward(s, t) : t.move;
  stepPlayer(s, dir);
  const occ = playerCell(s);
  if (s.terrain[occ] === SPROUT) {
    setTerrain(s, occ, FLOOR);
    emit(t, 'trample', { cell: occ });
  }
  collectAt(s, t, occ);
  if (s.gate >= 0 && occ === s.gate) clearNight(s, t);
  return t.end;
}
