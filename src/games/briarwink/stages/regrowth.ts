/**
 * Stage 12, regrowth: sprouts mature into regrown briar after 150 undisturbed ticks, and from night 4
 * one sprout appears every regrowth interval on a seeded floor cell that began the night as briar.
 */
import type { State } from '../types.js';
import { FLOOR, REGROWN, SPROUT } from '../types.js';
import { MAX_SPROUTS, SPROUT_MATURES, bandOf } from '../roster.js';
import { CELLS, NB, dimlingCell, inPocket, pickupAt, playerCell, podAt, setSproutAge, setTerrain } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { emit, rngOf } from './ctx.js';

/** Set the bit of `cell` in a 32-cell mask of cells `base..base + 31` (other cells leave it as it is). */
function withCell(mask: number, base: number, cell: number): number {
  const i = cell - base;
  return i >= 0 && i < 32 ? mask | (1 << i) : mask;
}

/**
 * The cells `base..base + 31` where a sprout is disturbed, as a 32-bit mask (bit i for cell base + i):
 * a pod or pickup on it, the gardener's occupied cell or step destination, any dimling's occupied cell
 * or destination. One pass over the walkers and items instead of one per sprout, and a mask rather
 * than a per-cell buffer, so the stage allocates nothing (the grid's 63 cells are two masks).
 */
function disturbedMask(s: State, base: number): number {
  let m = 0;
  for (let i = 0; i < s.pods.length; i++) m = withCell(m, base, s.pods[i].cell);
  for (let i = 0; i < s.pickups.length; i++) m = withCell(m, base, s.pickups[i].cell);
  const pc = playerCell(s);
  if (pc >= 0) m = withCell(m, base, pc);
  if (s.away === 0 && s.pTo >= 0) m = withCell(m, base, s.pTo);
  for (let i = 0; i < s.dimlings.length; i++) {
    const d = s.dimlings[i];
    m = withCell(m, base, dimlingCell(d));
    if (d.to >= 0) m = withCell(m, base, d.to);
  }
  return m;
}

/** Cells where a regrowth sprout may appear now. */
export function sproutCandidates(s: State): number[] {
  const pc = playerCell(s);
  const near = new Uint8Array(CELLS);
  if (pc >= 0) {
    near[pc] = 1;
    for (let d = 0; d < 4; d++) if (NB[pc * 4 + d] >= 0) near[NB[pc * 4 + d]] = 1;
  }
  for (const d of s.dimlings) near[dimlingCell(d)] = 1;
  for (const m of s.marks) near[m] = 1;
  const out: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (s.terrain[c] !== FLOOR || !s.origBriar[c] || near[c] || c === s.gate) continue;
    if (inPocket(s.corner, c) || podAt(s, c) >= 0 || pickupAt(s, c)) continue;
    out.push(c);
  }
  return out;
}

/** The regrowth stage. */
export function regrowth(s: State, t: TickCtx): void {
  if (s.settled) return;
  let sprouts = 0;
  const firstSprout = s.terrain.indexOf(SPROUT);
  if (firstSprout < 0) {
    // no sprout to mature: only the regrowth clock runs
    if (s.regrowIn <= 0 || --s.regrowIn > 0) return;
    return placeSprout(s, t, 0);
  }
  const low = firstSprout < 32 ? disturbedMask(s, 0) : 0;
  const high = disturbedMask(s, 32);
  for (let c = firstSprout; c < CELLS; c++) {
    if (s.terrain[c] !== SPROUT) continue;
    if (((c < 32 ? low >> c : high >> (c - 32)) & 1) === 1) setSproutAge(s, c, 0);
    else if (s.sproutAge[c] + 1 < SPROUT_MATURES) setSproutAge(s, c, s.sproutAge[c] + 1);
    else {
      setTerrain(s, c, REGROWN);
      emit(t, 'regrown', { cell: c });
      continue;
    }
    sprouts++;
  }
  if (s.regrowIn <= 0) return;
  if (--s.regrowIn > 0) return;
  placeSprout(s, t, sprouts);
}

/** The regrowth interval is up: place one seeded sprout if the cap and the candidates allow. */
function placeSprout(s: State, t: TickCtx, sprouts: number): void {
  s.regrowIn = bandOf(s.night).sproutEvery;
  if (sprouts >= MAX_SPROUTS) return;
  const cands = sproutCandidates(s);
  if (cands.length === 0) return;
  const c = rngOf(s, t).pick(cands);
  setTerrain(s, c, SPROUT);
  emit(t, 'sprout', { cell: c, by: 'regrowth' });
}
