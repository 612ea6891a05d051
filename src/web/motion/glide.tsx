/**
 * Pieces that glide between cells. `Glide` wraps a piece drawn at its absolute position; when that
 * position changes it plays a short transform from the old spot to the new one (FLIP), so the engine's
 * picture stays the truth and the motion is only decoration. Jumps longer than `maxJump` (a respawn,
 * a new level) and reduced motion are instant.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { reducedMotion } from './prefs.js';

/** How long a turn-based piece takes to slide one cell, in ms (the issue asks for about 100-150). */
export const GLIDE_MS = 130;

export function Glide({
  x,
  y,
  ms = GLIDE_MS,
  maxJump = Infinity,
  linear = false,
  children,
}: {
  x: number;
  y: number;
  ms?: number;
  maxJump?: number;
  /** Linear timing: real-time pieces that move cell after cell look continuous. */
  linear?: boolean;
  children: ComponentChildren;
}) {
  const ref = useRef<SVGGElement>(null);
  const prev = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const g = ref.current;
    const p = prev.current;
    prev.current = [x, y];
    if (!g || !p || (p[0] === x && p[1] === y) || typeof g.animate !== 'function' || reducedMotion()) return;
    const dx = p[0] - x;
    const dy = p[1] - y;
    if (Math.hypot(dx, dy) > maxJump) return;
    g.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], {
      duration: ms,
      easing: linear ? 'linear' : 'ease-out',
    });
  }, [x, y]);
  return (
    <g ref={ref} class="glide">
      {children}
    </g>
  );
}
