/**
 * What just happened, over the board: points that float up ("+120") near where they were earned,
 * and a banner for each moment (a wave, level, pitch or night
 * cleared, a heart lost) with its points. The banner is also announced to screen readers. Under
 * reduced motion nothing moves: points and bursts are not drawn, and the banner simply appears.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameEvent, Observation } from '../../core/game.js';
import type { GameWords, Moment } from '../words/index.js';
import { points } from '../words/types.js';
import { reducedMotion } from './prefs.js';

/** One floating mark over the board. */
interface Mark {
  id: number;
  kind: 'points';
  text: string;
  /** Position in % of the board area. */
  left: number;
  top: number;
  /** Shown this many ms late (a drone's burst waits until the drone has reached its cell). */
  delay?: number;
  /** Where it starts in px over the layer: the spot on the board as drawn (set by the layer). */
  px?: number;
  py?: number;
}

/**
 * The latest accepted step's events with the picture after it, kept for boards that show how a step
 * came about (Whirlyard reads where the rover went from them when a wave clear reset it).
 */
export let lastStep: { events: GameEvent[]; obs: Observation } | null = null;

/** When the burst of a drone dismantled in a pursuit step plays, in ms after the step (see whirlyard.tsx). */
export const stepDelay: Record<string, number> = {};

let nextId = 1;
/** How long a float or a burst stays, in ms (matches the CSS animations). */
const MARK_MS = 900;
/** How long a moment's banner stays, in ms. */
export const MOMENT_MS = 2200;

/** The marks an accepted step's events make (points with a place, drone bursts). */
export function marksFor(events: GameEvent[], words: GameWords, obs: Observation): Mark[] {
  const out: Mark[] = [];
  lastStep = { events, obs };
  let free = 0;
  for (const e of events) {
    const spot = words.spot?.(e, obs) ?? null;
    const p = typeof e.points === 'number' ? e.points : 0;
    const at = spot ?? { fx: 0.5, fy: 0.12 + 0.08 * (free++ % 4) };
    const delay = typeof e.step === 'string' ? stepDelay[e.step] : undefined;
    // A dismantled drone's burst is drawn by the board itself, in its SVG (whirlyard.tsx's Shards).
    if (p !== 0 && !words.moment?.(e))
      out.push({ id: nextId++, kind: 'points', text: points(p), left: at.fx * 100, top: at.fy * 100, delay });
  }
  return out;
}

/** The marks layer: absolutely over the board, never catching the pointer. */
export function FxLayer({ marks }: { marks: Mark[] }) {
  const [shown, setShown] = useState<Mark[]>([]);
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!marks.length || reducedMotion()) return;
    // A spot is a place on the board's drawing: measured on the drawing itself (centred, scaled,
    // below Briarwink's controls), so a "+N" starts on the very cell where it was earned.
    const l = layer.current;
    const board = l?.parentElement?.querySelector('.board');
    const lr = l?.getBoundingClientRect();
    const br = board?.getBoundingClientRect();
    const placed =
      lr && br && br.width > 0
        ? marks.map((m) => ({
            ...m,
            px: br.left - lr.left + (m.left / 100) * br.width,
            py: br.top - lr.top + (m.top / 100) * br.height,
          }))
        : marks;
    setShown((s) => [...s, ...placed].slice(-24));
    const ids = new Set(marks.map((m) => m.id));
    const late = Math.max(0, ...marks.map((m) => m.delay ?? 0));
    const t = setTimeout(() => setShown((s) => s.filter((m) => !ids.has(m.id))), MARK_MS + late);
    return () => clearTimeout(t);
  }, [marks]);
  return (
    <div class="fx-layer" aria-hidden="true" ref={layer}>
      {shown.map((m) => (
        <span
          key={m.id}
          class={m.delay ? 'fx-float later' : 'fx-float'}
          data-testid="fx-float"
          style={{
            left: m.px !== undefined ? `${m.px}px` : `${m.left}%`,
            top: m.py !== undefined ? `${m.py}px` : `${m.top}%`,
            '--d': `${m.delay ?? 0}ms`,
          }}
        >
          {m.text}
        </span>
      ))}
    </div>
  );
}

/** The newest moment in these events, if any. */
export function momentIn(events: GameEvent[], words: GameWords): Moment | null {
  let found: Moment | null = null;
  for (const e of events) found = words.moment?.(e) ?? found;
  return found;
}

/** Points counted up from 0 over a short beat (at once under reduced motion). */
const COUNT_MS = 600;
function CountUp({ to }: { to: number }) {
  const [n, setN] = useState(() => (reducedMotion() ? to : 0));
  useEffect(() => {
    if (reducedMotion()) return setN(to);
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now: number) {
      const k = Math.min(1, (now - start) / COUNT_MS);
      setN(Math.round(to * (1 - (1 - k) ** 3)));
      if (k < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [to]);
  return <>{points(n)}</>;
}

/**
 * A moment on the board itself (over its middle, never over the status values): its words with the
 * points counted up, and a flash over the board sized to the moment. It goes after a couple of
 * seconds, or as soon as the page passes `null` (the next move). Announced politely: the words are
 * the same with reduced motion, only nothing moves.
 */
export function MomentBanner({ moment }: { moment: (Moment & { id: number }) | null }) {
  const [shown, setShown] = useState(moment);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    clearTimeout(timer.current);
    setShown(moment);
    if (!moment) return;
    timer.current = setTimeout(() => setShown(null), MOMENT_MS);
    return () => clearTimeout(timer.current);
  }, [moment?.id ?? null]);
  const big = shown ? shown.points >= 500 || shown.tone === 'bad' : false;
  return (
    <>
      {shown && (
        <div
          key={`flash-${shown.id}`}
          class={`moment-flash ${shown.tone}${big ? ' big' : ''}`}
          aria-hidden="true"
          data-testid="moment-flash"
        />
      )}
      <div class="moment-slot" role="status" aria-live="polite">
        {shown && (
          <p key={shown.id} class={`moment ${shown.tone}`} data-testid="moment">
            <strong>{shown.title}</strong>
            {shown.points > 0 && (
              <span class="moment-points" aria-hidden="true">
                {' '}
                <CountUp to={shown.points} />
              </span>
            )}
            {shown.points > 0 && <span class="sr-only"> {points(shown.points)}</span>}
          </p>
        )}
      </div>
    </>
  );
}
