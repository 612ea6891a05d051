/**
 * What a Cragwake turn did to the wall, drawn over the board for a moment: a hold that cracked (a
 * plain hold losing its first use, a cracked one another, a jug swept to a plain hold) flashes its
 * crack, a hold that crumbled away drops in pieces, a hold frosting or icing over gets a white bloom,
 * and the rockfall published for the turn sweeps its column from top to bottom. It is read from the
 * observations before and after the turn (only when the turn advanced by one on the same pitch).
 * Transforms and opacity only; under reduced motion the marks stand still for the same moment.
 */
import { useEffect, useReducer, useRef } from 'preact/hooks';
import type { CragwakeObservation } from '../../../games/cragwake/index.js';
import { reducedMotion } from '../../motion/prefs.js';

/** How long the marks of a turn stay, in ms. */
const WALL_MS = 700;

export interface WallChange {
  row: number;
  col: number;
  kind: 'crack' | 'crumble' | 'frost' | 'ice';
}

const base = (t: string) => t.replace(/[~*]$/, '');

/** The holds a turn changed, and the column its rockfall swept (null when none), or null without a turn. */
export function wallChanges(
  p: CragwakeObservation,
  q: CragwakeObservation,
): { changes: WallChange[]; sweep: number | null } | null {
  if (q.pitch !== p.pitch || q.turn !== p.turn + 1) return null;
  const before = new Map(p.band.filter((r) => !r.fogged).map((r) => [r.row, r.cells]));
  const changes: WallChange[] = [];
  for (const r of q.band) {
    const old = before.get(r.row);
    if (r.fogged || !old) continue;
    r.cells.forEach((t, col) => {
      const o = old[col];
      if (!o || o === t) return;
      const a = base(o);
      const b = base(t);
      if (a !== '.' && b === '.') changes.push({ row: r.row, col, kind: 'crumble' });
      else if (
        (a === 'P' && b.startsWith('K')) ||
        (a.startsWith('K') && b.startsWith('K') && b < a) ||
        (a.startsWith('J') && b === 'P')
      )
        changes.push({ row: r.row, col, kind: 'crack' });
      if (t.endsWith('*') && !o.endsWith('*')) changes.push({ row: r.row, col, kind: 'ice' });
      else if (t.endsWith('~') && !o.endsWith('~')) changes.push({ row: r.row, col, kind: 'frost' });
    });
  }
  return { changes, sweep: p.rockfall ?? null };
}

/** The layer: `left`, `top`, `cell` place the band's cells as the board draws them. */
export function WallFx({
  obs,
  left,
  top,
  cell,
}: {
  obs: CragwakeObservation;
  left: number;
  top: number;
  cell: number;
}) {
  const last = useRef<{ key: string; obs: CragwakeObservation; fx: ReturnType<typeof wallChanges>; until: number }>();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const key = JSON.stringify([obs.pitch, obs.turn, obs.row, obs.col, obs.band]);
  if (!last.current || last.current.key !== key) {
    const fx = last.current ? wallChanges(last.current.obs, obs) : null;
    last.current = {
      key,
      obs,
      fx,
      until: fx && (fx.changes.length || fx.sweep !== null) ? performance.now() + WALL_MS : 0,
    };
  }
  const t = last.current;
  useEffect(() => {
    if (!t.until) return;
    const timer = setTimeout(redraw, Math.max(0, t.until - performance.now()) + 5);
    return () => clearTimeout(timer);
  }, [t]);
  if (!t.fx || t.until <= performance.now()) return <g />;
  const rows = obs.band;
  const yOf = (row: number) => top + rows.findIndex((r) => r.row === row) * cell;
  const still = reducedMotion();
  return (
    <g class={still ? 'cw-fx still' : 'cw-fx'} aria-hidden="true">
      {t.fx.sweep !== null && (
        <g class="cw-sweep" data-testid="cw-sweep" data-col={t.fx.sweep}>
          <rect
            class="cw-sweep-col"
            x={left + t.fx.sweep * cell + 4}
            y={top}
            width={cell - 8}
            height={rows.length * cell}
          />
          <circle
            class="cw-sweep-rock"
            style={{ '--sweep': `${rows.length * cell - 28}px` }}
            cx={left + t.fx.sweep * cell + cell / 2}
            cy={top + 14}
            r="12"
          />
        </g>
      )}
      {t.fx.changes.map((c) => {
        const y = yOf(c.row);
        if (y < top) return null;
        const cx = left + c.col * cell + cell / 2;
        const cy = y + cell / 2;
        return (
          <g class={`cw-change ${c.kind}`} data-testid={`cw-${c.kind}`} data-row={c.row} data-col={c.col}>
            {c.kind === 'crack' && <path d={`M${cx - 12},${cy - 12} l8,9 l-4,5 l9,10`} />}
            {c.kind === 'crumble' &&
              [-10, 0, 10].map((dx, i) => <rect x={cx + dx - 4} y={cy - 4 + (i % 2) * 6} width="8" height="8" />)}
            {(c.kind === 'ice' || c.kind === 'frost') && <circle cx={cx} cy={cy} r="22" />}
          </g>
        );
      })}
    </g>
  );
}
