/**
 * Moonless nights: which cells are lit. A cell is lit within squared distance 6 of the gardener, 2 of
 * a firefly or the open gate, 1 of a pod, or under an active bloom. On other nights every cell is lit.
 */
import type { Dimling, BriarwinkState } from './types.js';
import { DASH, PEEKER, STARE } from './types.js';
import { LIGHT_FIREFLY, LIGHT_GATE, LIGHT_PLAYER, LIGHT_POD } from './roster.js';
import { CELLS, bloomCover, dimlingCell, dist2, playerCell } from './grid.js';

/** 1 for every lit cell. */
export function litMask(s: BriarwinkState): Uint8Array {
  const lit = new Uint8Array(CELLS);
  if (!s.moonless) return lit.fill(1);
  const cover = bloomCover(s);
  const pc = playerCell(s);
  for (let c = 0; c < CELLS; c++) {
    if (cover[c] >= 0 || (pc >= 0 && dist2(c, pc) <= LIGHT_PLAYER)) lit[c] = 1;
    else if (s.gate >= 0 && dist2(c, s.gate) <= LIGHT_GATE) lit[c] = 1;
    else if (s.fireflies.some((f) => dist2(c, f) <= LIGHT_FIREFLY)) lit[c] = 1;
    else if (s.pods.some((p) => dist2(c, p.cell) <= LIGHT_POD)) lit[c] = 1;
  }
  return lit;
}

/** Is a peeker showing its eyes (spotted and staring, or dashing)? Those always show. */
export const eyesGlow = (d: Dimling): boolean => d.kind === PEEKER && (d.mode === STARE || d.mode === DASH);

/** The dimlings the player can see. */
export function visibleDimlings(s: BriarwinkState, lit: Uint8Array): Dimling[] {
  return s.dimlings.filter((d) => lit[dimlingCell(d)] === 1 || eyesGlow(d));
}
