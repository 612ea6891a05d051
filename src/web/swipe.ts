/**
 * Swipes on a board (touch screens): a finger that travels at least `SWIPE_MIN_PX` mostly along one
 * axis, and lifts, is a swipe that way. A shorter touch is a tap and is left to the board's cells. The
 * board's CSS sets `touch-action: none` where a game takes swipes (layout.css), so the page does not
 * scroll under the finger instead.
 */
import { useEffect, useRef, type MutableRef } from 'preact/hooks';

export type SwipeDir = 'up' | 'down' | 'left' | 'right';

/** Shortest travel, in CSS pixels, that counts as a swipe. */
export const SWIPE_MIN_PX = 24;

/** The direction of a finger's travel from (x0, y0) to (x1, y1), or null for a tap or a diagonal. */
export function swipeDir(x0: number, y0: number, x1: number, y1: number): SwipeDir | null {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (Math.max(ax, ay) < SWIPE_MIN_PX) return null;
  // Mostly along one axis: the other is at most half of it.
  if (ax >= 2 * ay) return dx > 0 ? 'right' : 'left';
  if (ay >= 2 * ax) return dy > 0 ? 'down' : 'up';
  return null;
}

/** Calls `onSwipe` for each one-finger swipe on the element `ref` holds, while `onSwipe` is given. */
export function useSwipe(ref: MutableRef<HTMLElement | null>, onSwipe: ((dir: SwipeDir) => void) | undefined) {
  const handler = useRef(onSwipe);
  handler.current = onSwipe;
  const on = !!onSwipe;
  useEffect(() => {
    const el = ref.current;
    if (!el || !on) return;
    let start: { id: number; x: number; y: number } | null = null;
    const down = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      start = e.touches.length === 1 && t ? { id: t.identifier, x: t.clientX, y: t.clientY } : null;
    };
    const up = (e: TouchEvent) => {
      const s = start;
      const t = s && Array.from(e.changedTouches).find((c) => c.identifier === s.id);
      start = null;
      if (!s || !t) return;
      const dir = swipeDir(s.x, s.y, t.clientX, t.clientY);
      if (!dir) return;
      // A swipe is no tap: the cell under the finger gets no click.
      if (e.cancelable) e.preventDefault();
      handler.current?.(dir);
    };
    const cancel = () => (start = null);
    el.addEventListener('touchstart', down, { passive: true });
    el.addEventListener('touchend', up);
    el.addEventListener('touchcancel', cancel);
    return () => {
      el.removeEventListener('touchstart', down);
      el.removeEventListener('touchend', up);
      el.removeEventListener('touchcancel', cancel);
    };
  }, [on]);
}
