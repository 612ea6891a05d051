/**
 * What a Briarwink tick (or batch of ticks) showed happening, read from the observations before and
 * after it: the blooms that burst, each cell with its distance from the pod along the cross (so the
 * board can open the cross from its centre outward), and the dimlings relit into fireflies (where each
 * was, its kind, and the cell where it turned). Pure: the engine's picture stays the truth, and this
 * is only what the board animates on top of it.
 */
import type { BriarwinkObservation } from '../../../games/briarwink/index.js';

const W = 7;
/** The most ticks one action runs (a batch). */
const MAX_TICKS = 30;

interface BloomBurst {
  pod: number;
  /** The pod's cell, the centre of the cross. */
  centre: number;
  cells: { cell: number; step: number; side: 'centre' | 'left' | 'right' | 'up' | 'down' }[];
}

interface Relight {
  id: number;
  kind: string;
  /** Where the dimling was seen before. */
  from: number;
  /** The covered cell it was relit on (its firefly's light). */
  cell: number;
}

export interface BriarwinkPlan {
  bursts: BloomBurst[];
  relit: Relight[];
}

const dist = (a: number, b: number) => Math.abs((a % W) - (b % W)) + Math.abs(Math.floor(a / W) - Math.floor(b / W));

function side(centre: number, cell: number): BloomBurst['cells'][number]['side'] {
  const dx = (cell % W) - (centre % W);
  const dy = Math.floor(cell / W) - Math.floor(centre / W);
  if (dx < 0) return 'left';
  if (dx > 0) return 'right';
  if (dy < 0) return 'up';
  if (dy > 0) return 'down';
  return 'centre';
}

/** The plan of the change from `p` to `q`, or null when it is no single step of the same night. */
export function planBriarwink(p: BriarwinkObservation, q: BriarwinkObservation): BriarwinkPlan | null {
  // One tick or one batch (at most 30 ticks) of the same night; anything else is a jump (a seek).
  if (q.turn <= p.turn || q.turn - p.turn > MAX_TICKS || q.player.night !== p.player.night) return null;
  const had = new Set(p.blooms.map((b) => b.pod));
  const podCell = new Map(p.pods.map((x) => [x.id, x.cell]));
  const bursts: BloomBurst[] = [];
  for (const b of q.blooms) {
    if (had.has(b.pod)) continue;
    const centre = podCell.get(b.pod) ?? b.cells[0];
    bursts.push({
      pod: b.pod,
      centre,
      cells: b.cells.map((cell) => ({ cell, step: dist(centre, cell), side: side(centre, cell) })),
    });
  }
  const covered = new Set<number>();
  for (const b of q.blooms) for (const c of b.cells) covered.add(c);
  let count = q.player.relitTotal - p.player.relitTotal;
  const relit: Relight[] = [];
  const still = new Set(q.dimlings.map((d) => d.id));
  for (const d of p.dimlings) {
    if (count <= 0) break;
    if (still.has(d.id)) continue;
    // A walker occupies its cell or the next one by the relight: the covered one of the two.
    const near = [d.cell, d.cell - W, d.cell + W, d.cell % W ? d.cell - 1 : -1, (d.cell + 1) % W ? d.cell + 1 : -1];
    const cell = near.find((c) => covered.has(c));
    if (cell === undefined) continue;
    relit.push({ id: d.id, kind: d.kind, from: d.cell, cell });
    count--;
  }
  return { bursts, relit };
}
