/**
 * Stage 12, regrowth: sprouts mature into regrown briar after 150 undisturbed ticks, and from night 4
 * one sprout appears every regrowth interval on a seeded floor cell that began the night as briar.
 */
import type { BriarwinkState } from '../types.js';
import { FLOOR, REGROWN, SPROUT } from '../types.js';
import { MAX_SPROUTS, SPROUT_MATURES, bandOf } from '../roster.js';
import { CELLS, NB, dimlingCell, inPocket, pickupAt, playerCell, podAt, setSproutAge, setTerrain } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { emit, rngOf } from './ctx.js';

/**
 * The cells where a sprout is disturbed, as two 32-bit masks (bit c of `lo` for cells 0..31, bit
 * c - 32 of `hi` for 32..62), written into `m`: a pod or pickup on it, the gardener's occupied cell or
 * step destination, any dimling's occupied cell or destination. One pass over the walkers and items
 * instead of one per sprout, and masks rather than a per-cell buffer, so the stage allocates nothing
 * (the masks live on the tick context).
 */
function disturbed(s: BriarwinkState, m: TickCtx): void {
  // each cell goes into one of the two words (written out: a closure over lo and hi would cost a context)
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < s.pods.length; i++) {
    const c = s.pods[i].cell;
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  for (let i = 0; i < s.pickups.length; i++) {
    const c = s.pickups[i].cell;
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  const pc = playerCell(s);
  if (pc >= 0) {
    if (pc < 32) lo |= 1 << pc;
    else hi |= 1 << (pc - 32);
  }
  if (s.away === 0 && s.pTo >= 0) {
    if (s.pTo < 32) lo |= 1 << s.pTo;
    else hi |= 1 << (s.pTo - 32);
  }
  for (let i = 0; i < s.dimlings.length; i++) {
    const d = s.dimlings[i];
    const c = dimlingCell(d);
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
    if (d.to >= 0) {
      if (d.to < 32) lo |= 1 << d.to;
      else hi |= 1 << (d.to - 32);
    }
  }
  m.maskLo = lo;
  m.maskHi = hi;
}

/** Cells where a regrowth sprout may appear now. */
export function sproutCandidates(s: BriarwinkState): number[] {
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
export function regrowth(s: BriarwinkState, t: TickCtx): void {
  if (s.settled) return;
  let sprouts = 0;
  const firstSprout = s.terrain.indexOf(SPROUT);
  if (firstSprout < 0) {
    // no sprout to mature: only the regrowth clock runs
    if (s.regrowIn <= 0 || --s.regrowIn > 0) return;
    return placeSprout(s, t, 0);
  }
  disturbed(s, t);
  const low = t.maskLo;
  const high = t.maskHi;
  for (let c = firstSprout; c < CELLS; c++) {
    if (s.terrain[c] !== SPROUT) continue;
    if (((c < 32 ? low >>> c : high >>> (c - 32)) & 1) === 1) setSproutAge(s, c, 0);
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
function placeSprout(s: BriarwinkState, t: TickCtx, sprouts: number): void {
  s.regrowIn = bandOf(s.night).sproutEvery;
  if (sprouts >= MAX_SPROUTS) return;
  const cands = sproutCandidates(s);
  if (cands.length === 0) return;
  const c = rngOf(s, t).pick(cands);
  setTerrain(s, c, SPROUT);
  emit(t, 'sprout', { cell: c, by: 'regrowth' });
}
