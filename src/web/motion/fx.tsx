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
const MOMENT_MS = 2200;

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
  useEffect(() => {
    if (!marks.length || reducedMotion()) return;
    setShown((s) => [...s, ...marks].slice(-24));
    const ids = new Set(marks.map((m) => m.id));
    const late = Math.max(0, ...marks.map((m) => m.delay ?? 0));
    const t = setTimeout(() => setShown((s) => s.filter((m) => !ids.has(m.id))), MARK_MS + late);
    return () => clearTimeout(t);
  }, [marks]);
  return (
    <div class="fx-layer" aria-hidden="true">
      {shown.map((m) => (
        <span
          key={m.id}
          class={m.delay ? 'fx-float later' : 'fx-float'}
          data-testid="fx-float"
          style={{ left: `${m.left}%`, top: `${m.top}%`, '--d': `${m.delay ?? 0}ms` }}
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

/** The banner for a moment; stays a couple of seconds, then goes. Announced politely. */
export function MomentBanner({ moment }: { moment: (Moment & { id: number }) | null }) {
  const [shown, setShown] = useState(moment);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (!moment) return;
    setShown(moment);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), MOMENT_MS);
    return () => clearTimeout(timer.current);
  }, [moment?.id]);
  return (
    <div class="moment-slot" role="status" aria-live="polite">
      {shown && (
        <p key={shown.id} class={`moment ${shown.tone}`} data-testid="moment">
          <strong>{shown.title}</strong>
          {shown.points > 0 && <span class="moment-points"> {points(shown.points)}</span>}
        </p>
      )}
    </div>
  );
}
