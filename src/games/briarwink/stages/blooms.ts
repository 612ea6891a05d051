/**
 * Stage 6, bloom ageing (a bloom is active for 18 ticks counting its burst tick), and stage 7,
 * bursts (every pod at 0 that was not woken this tick, in ascending id).
 */
import type { BriarwinkState } from '../types.js';
import { BRIAR, FLOOR, POWER_NAMES, REGROWN, SPROUT } from '../types.js';
import { BLOOM_TICKS, BRIAR_POINTS } from '../roster.js';
import { beamCells, podAt, setTerrain } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { addScore, dirtyCover, emit } from './ctx.js';
import { wake } from './pods.js';
import { ownCascades, ownPickups, ownPods } from '../own.js';
import { BloomRecord, CascadeRecord, PickupRecord } from '../records.js';

/** The bloom ageing stage. */
export function bloomAgeing(s: BriarwinkState, t: TickCtx): void {
  const blooms = s.blooms;
  if (blooms.length === 0) return;
  // The new list starts as a copy and is overwritten in place. Lists kept in a state are never made by
  // a literal (`[]`, `[...xs, x]`): V8 tracks a literal's allocation site and, seeing its lists outlive
  // young collections in states callers keep, allocates them straight in the old generation, where
  // each holds this tick's new records alive through every young collection until a full one (the
  // same pretenuring trap as records.ts explains). `slice`, `filter` and `concat` are not tracked.
  const kept = blooms.slice();
  let n = 0;
  for (const b of blooms) {
    if (b.left > 1) kept[n++] = new BloomRecord(b.pod, b.cascade, b.left - 1, b.cells);
    else emit(t, 'bloomFades', { pod: b.pod });
  }
  if (n !== blooms.length) {
    kept.length = n;
    dirtyCover(t);
  }
  s.blooms = kept;
}

/** Clear what a bloom covers: sprouts and briar to floor (10 per original briar, revealing its power-up). */
function clearCell(s: BriarwinkState, t: TickCtx, c: number): void {
  const ter = s.terrain[c];
  if (ter === SPROUT || ter === REGROWN) {
    setTerrain(s, c, FLOOR);
  } else if (ter === BRIAR) {
    setTerrain(s, c, FLOOR);
    addScore(s, BRIAR_POINTS);
    emit(t, 'briarCleared', { cell: c, points: BRIAR_POINTS });
    for (let i = 0; i < s.hidden.length; i += 2) {
      if (s.hidden[i] !== c) continue;
      const kind = s.hidden[i + 1];
      s.hidden = s.hidden.slice(0, i).concat(s.hidden.slice(i + 2));
      ownPickups(s).push(new PickupRecord(c, kind));
      emit(t, 'powerRevealed', { cell: c, power: POWER_NAMES[kind] });
      break;
    }
  }
}

/** Is a pod bursting this tick (at 0 and not woken this tick)? Most ticks none is: the stage then allocates nothing. */
function anyDue(s: BriarwinkState): boolean {
  const pods = s.pods;
  for (let i = 0; i < pods.length; i++) if (pods[i].bloomIn <= 0 && !pods[i].wokeNow) return true;
  return false;
}

/**
 * The bursts stage. Every beam is traced against the garden as it stands when the stage begins (so
 * pods bursting together treat each other alike), then applied in ascending pod id.
 */
export function bursts(s: BriarwinkState, t: TickCtx): void {
  if (!anyDue(s)) return;
  const due = ownPods(s).filter((p) => p.bloomIn <= 0 && !p.wokeNow);
  const beams = due.map((p) => beamCells(s, p.cell, p.reach, []));
  s.pods = s.pods.filter((p) => !due.includes(p));
  due.forEach((p, i) => {
    let cascade = p.cascade;
    if (!p.woken) {
      cascade = p.id;
      ownCascades(s).push(new CascadeRecord(p.id, 0, 0));
    }
    const casc = ownCascades(s).find((c) => c.id === cascade);
    if (casc) casc.pods++;
    for (const c of beams[i]) {
      clearCell(s, t, c);
      const qi = podAt(s, c);
      if (qi < 0) continue;
      const q = s.pods[qi];
      if (!q.woken) wake(t, q, cascade);
      else if (q.wokeNow && cascade < q.cascade) q.cascade = cascade;
    }
    s.blooms = s.blooms.concat(new BloomRecord(p.id, cascade, BLOOM_TICKS, beams[i]));
    emit(t, 'burst', { pod: p.id, cell: p.cell, cascade, cells: beams[i] });
  });
  dirtyCover(t);
}
