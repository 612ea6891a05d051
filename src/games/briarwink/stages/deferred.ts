/**
 * Stage 10, deferred spawns: a twinbud's two sprigs and dropped power-ups appear once their cell has
 * no active bloom; a power-up appearing under the gardener is collected.
 */
import type { Json } from '../../../core/game.js';
import type { Dimling, BriarwinkState } from '../types.js';
import { SPRIG, DOWN, LEFT, RIGHT, UP } from '../types.js';
import { SHIMMER_TICKS } from '../roster.js';
import { NB, dimlingMayEnter, playerCell } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { coverOf, emit } from './ctx.js';
import { collect } from './pickups.js';
import { HEADING } from './dimlings.js';
import { ownPickups } from '../own.js';
import { DimlingRecord, PickupRecord } from '../records.js';

function sprig(s: BriarwinkState, cell: number, dir: number): Dimling {
  return new DimlingRecord(s.nextDimling++, SPRIG, cell, -1, 0, 0, dir, HEADING, 0, 0, SHIMMER_TICKS);
}

/** The axis two sprigs split along: the one with more open exits for a sprig, horizontal on a tie. */
function splitAxis(s: BriarwinkState, cell: number): 'horizontal' | 'vertical' {
  const probe: Dimling = {
    id: -1,
    kind: SPRIG,
    at: cell,
    to: -1,
    prog: 0,
    steps: 0,
    dir: -1,
    mode: 0,
    wait: 0,
    moves: 0,
    shimmer: 0,
  };
  const open = (d: number) => (dimlingMayEnter(s, probe, NB[cell * 4 + d], true) ? 1 : 0);
  return open(UP) + open(DOWN) > open(LEFT) + open(RIGHT) ? 'vertical' : 'horizontal';
}

/** The deferred spawns stage. */
export function deferredSpawns(s: BriarwinkState, t: TickCtx): void {
  if (s.deferred.length === 0) return;
  const cover = coverOf(s, t);
  const waiting = s.deferred;
  // those still under a bloom wait on, in order (a list from `filter`, not a literal: see the bloom ageing stage)
  s.deferred = waiting.filter((q) => cover[q.cell] >= 0);
  for (const q of waiting) {
    if (cover[q.cell] >= 0) continue;
    const where: { [key: string]: Json } = s.moonless ? {} : { cell: q.cell };
    if (q.what < 0) {
      const axis = splitAxis(s, q.cell);
      const a = sprig(s, q.cell, axis === 'vertical' ? UP : LEFT);
      const b = sprig(s, q.cell, axis === 'vertical' ? DOWN : RIGHT);
      s.dimlings.push(a, b);
      emit(t, 'split', { sprigs: [a.id, b.id], axis, ...where });
    } else if (playerCell(s) === q.cell) {
      collect(s, t, q.what, q.cell);
    } else {
      ownPickups(s).push(new PickupRecord(q.cell, q.what));
      emit(t, 'powerDropped', where);
    }
  }
}
