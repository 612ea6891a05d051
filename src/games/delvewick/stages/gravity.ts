/**
 * Stage 3: one gravity pass. Rows are scanned bottom to top and each row left to right; every movable
 * acts at most once. Because the scan climbs, a thing that falls or is caught lands in a row already
 * scanned, and one that rolls left lands in a cell already scanned; only a roll to the right lands
 * ahead of the scan, so the scan skips that cell.
 *
 * Shortcut (exact, see gravity.test.ts): an object only moves because of what is in its own row and
 * the row below it. On a settled board (the last pass moved nothing) the action changed nothing below
 * the row the mole left, so the scan starts there, and once a row above it sees no movement, nothing
 * higher can move either. A wait on a settled board moves nothing at all.
 */
import {
  BOULDER,
  CRACK_POINTS,
  CRUSHED,
  EMPTY,
  FALLING,
  FALLING_BOULDER,
  FALLING_GEM,
  FALLING_GEODE,
  GEM,
  MOLE,
  PLAYING,
} from '../types.js';
import { collectGem } from './gems.js';
import type { Tick } from './tick.js';

/** Runs one pass: fall, the mole-below rules, roll (left first), land (a falling geode cracks). */
export function gravityPass(t: Tick): void {
  const s = t.s;
  const g = s.grid;
  const w = s.w;
  const n = g.length;
  const wasSettled = s.settled;
  let startRow = n - w;
  if (wasSettled) {
    if (t.from < 0) return;
    startRow = t.from - (t.from % w);
  }
  let moved = 0;
  for (let row = startRow; row >= 0; row -= w) {
    const movedBefore = moved;
    const rowEnd = row + w;
    for (let i = row; i < rowEnd; i++) {
      const c = g[i];
      if (c < BOULDER) continue;
      const below = i + w;
      if (below < n) {
        const b = g[below];
        // a) fall into an empty cell below
        if (b === EMPTY) {
          g[below] = c | FALLING;
          g[i] = EMPTY;
          moved++;
          continue;
        }
        // b) the mole below: at rest stays put (supported); falling gem is caught; falling rock crushes
        if (b === MOLE) {
          if (c === FALLING_GEM) {
            g[i] = EMPTY;
            moved++;
            collectGem(t, i, 'caught');
          } else if (c >= FALLING_BOULDER) {
            g[below] = c;
            g[i] = EMPTY;
            moved++;
            if (s.end === PLAYING) s.end = CRUSHED;
            if (t.events) {
              const x = below % w;
              t.events.push({
                type: 'crushed',
                by: c === FALLING_BOULDER ? 'boulder' : 'geode',
                x,
                y: (below - x) / w,
              });
            }
          }
          continue;
        }
        // c) roll off a rounded object: left if the left and down-left cells are empty, else right
        if (b >= BOULDER) {
          if (i > row && g[i - 1] === EMPTY && g[below - 1] === EMPTY) {
            g[i - 1] = c | FALLING;
            g[i] = EMPTY;
            moved++;
            continue;
          }
          if (i + 1 < rowEnd && g[i + 1] === EMPTY && g[below + 1] === EMPTY) {
            g[i + 1] = c | FALLING;
            g[i] = EMPTY;
            moved++;
            i++; // the rolled object is now the next cell of the scan; it has acted this pass
            continue;
          }
        }
      }
      // d) land: a falling object that neither fell nor rolled comes to rest; a geode cracks
      if (c >= FALLING_BOULDER) {
        if (c === FALLING_GEODE) {
          g[i] = GEM;
          s.score += CRACK_POINTS;
          if (t.events) {
            const x = i % w;
            t.events.push({ type: 'crack', x, y: (i - x) / w, points: CRACK_POINTS });
          }
        } else {
          g[i] = c & 7;
        }
      }
    }
    // Above the mole's old row, a row where nothing moved leaves everything higher as it was.
    if (wasSettled && moved === movedBefore && row < startRow) break;
  }
  s.settled = moved === 0;
}
