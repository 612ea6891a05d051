/**
 * Briarwink's motion (issue 28): a bloom opens along its cross from the pod outward, one cell after
 * another, and a dimling it relights shrinks into light while its firefly appears. Read from the
 * observations before and after each tick (`plan.ts`); Web Animations on transforms and opacity
 * only. Under reduced motion, on thumbnails and on jumps (a new night, a replay seek) nothing moves:
 * the bloom and the firefly are simply there.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BriarwinkObservation } from '../../../games/briarwink/index.js';
import { planBriarwink, type BriarwinkPlan } from './plan.js';
import { reducedMotion } from '../../motion/prefs.js';

/** One cell further along the cross every this many ms. */
export const BLOOM_STEP_MS = 55;
/** A cell's opening. */
const OPEN_MS = 150;
/** A relit dimling's turn into light. */
const RELIGHT_MS = 480;
/** The relight's flash outlasts the dimling's turn by this much. */
const FLASH_MORE_MS = 240;

export interface Ghost {
  key: string;
  kind: string;
  from: number;
  cell: number;
  /** When (ms after the tick) the bloom reaches its cell. */
  delay: number;
  /** How many dimlings this tick relit: the flash grows with the moment. */
  size: number;
}

const ORIGIN = {
  centre: 'center',
  left: 'right center',
  right: 'left center',
  up: 'center bottom',
  down: 'center top',
};

let ghostId = 1;

/** The plan of the latest change, the relit dimlings to draw for a moment, and the board's ref. */
export function useBriarwinkMotion(o: BriarwinkObservation, still: boolean) {
  const svg = useRef<SVGSVGElement>(null);
  const last = useRef<{ obs: BriarwinkObservation; plan: BriarwinkPlan | null } | null>(null);
  const [ghosts, setGhosts] = useState<Ghost[]>([]);
  if (!last.current || last.current.obs !== o) {
    const p = last.current?.obs;
    last.current = { obs: o, plan: p && !still && !reducedMotion() ? planBriarwink(p, o) : null };
  }
  const plan = last.current.plan;
  useLayoutEffect(() => {
    const root = svg.current;
    if (!plan || !root || typeof root.animate !== 'function') return;
    const reach = new Map<number, number>();
    for (const b of plan.bursts)
      for (const c of b.cells) {
        reach.set(c.cell, c.step * BLOOM_STEP_MS);
        const el = root.querySelector<SVGGElement>(`.bw-bloom[data-cell="${c.cell}"]`);
        if (!el) continue;
        el.style.transformOrigin = ORIGIN[c.side];
        const from =
          c.side === 'left' || c.side === 'right' ? 'scaleX(0)' : c.side === 'centre' ? 'scale(0)' : 'scaleY(0)';
        el.animate(
          [
            { transform: from, opacity: 0.4 },
            { transform: 'none', opacity: 1 },
          ],
          { duration: OPEN_MS, delay: c.step * BLOOM_STEP_MS, easing: 'ease-out', fill: 'backwards' },
        );
      }
    if (!plan.relit.length) return;
    const fresh = plan.relit.map((r) => ({
      key: `g${ghostId++}`,
      kind: r.kind,
      from: r.from,
      cell: r.cell,
      delay: reach.get(r.cell) ?? 0,
      size: plan.relit.length,
    }));
    setGhosts((g) => [...g, ...fresh].slice(-12));
    const keys = new Set(fresh.map((g) => g.key));
    const t = setTimeout(
      () => setGhosts((g) => g.filter((x) => !keys.has(x.key))),
      RELIGHT_MS + FLASH_MORE_MS + Math.max(...fresh.map((g) => g.delay)) + 50,
    );
    return () => clearTimeout(t);
  }, [plan]);
  // The relit dimlings, once drawn: each shrinks into light toward its cell; its firefly fades in.
  useLayoutEffect(() => {
    const root = svg.current;
    if (!root || typeof root.animate !== 'function') return;
    for (const g of ghosts) {
      const el = root.querySelector<SVGGElement>(`[data-ghost="${g.key}"]`);
      if (!el || el.getAnimations().length || el.dataset.done) continue;
      el.dataset.done = '1';
      el.animate(
        [
          { transform: 'scale(1)', opacity: 1, offset: 0 },
          { transform: 'scale(1.15)', opacity: 1, offset: 0.35 },
          { transform: 'scale(0.2)', opacity: 0, offset: 1 },
        ],
        { duration: RELIGHT_MS, delay: g.delay, easing: 'ease-in', fill: 'both' },
      );
      // A flash of light where it turns, as big as the moment (one relit dimling or several at once).
      root.querySelector(`[data-flash="${g.key}"]`)?.animate(
        [
          { transform: 'scale(0.3)', opacity: 0.95 },
          { transform: 'scale(1)', opacity: 0.8, offset: 0.4 },
          { transform: 'scale(1.15)', opacity: 0 },
        ],
        { duration: RELIGHT_MS + FLASH_MORE_MS, delay: g.delay, easing: 'ease-out', fill: 'both' },
      );
      const fly = root.querySelector<SVGGElement>(`.bw-firefly[data-cell="${g.cell}"]`);
      fly?.animate(
        [
          { transform: 'scale(0.2)', opacity: 0 },
          { transform: 'scale(1)', opacity: 1 },
        ],
        { duration: RELIGHT_MS / 2, delay: g.delay + RELIGHT_MS / 2, easing: 'ease-out', fill: 'backwards' },
      );
    }
  }, [ghosts]);
  return { svg, plan, ghosts };
}
