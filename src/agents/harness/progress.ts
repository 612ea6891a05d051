/**
 * How far a run got, read from its final observation only (the harness never looks inside a game's
 * state): Whirlyard's wave, Delvewick's level, Cragwake's pitch, Briarwink's night.
 */
import type { Observation } from '../../core/game.js';
import type { BriarwinkObservation } from '../../games/briarwink/index.js';
import type { CragwakeObservation } from '../../games/cragwake/index.js';
import type { DelvewickObservation } from '../../games/delvewick/index.js';
import type { WhirlyardObservation } from '../../games/whirlyard/index.js';

/** One game's measure of progress. */
export interface ProgressMeasure {
  /** What is counted, e.g. `wave`. */
  label: string;
  read(observation: Observation): number;
}

/** The measure of every built-in game, by slug. */
export const PROGRESS: Readonly<Record<string, ProgressMeasure>> = {
  whirlyard: { label: 'wave', read: (o) => (o as WhirlyardObservation).wave },
  delvewick: { label: 'level', read: (o) => (o as DelvewickObservation).level },
  cragwake: { label: 'pitch', read: (o) => (o as CragwakeObservation).pitch },
  briarwink: { label: 'night', read: (o) => (o as unknown as BriarwinkObservation).player.night },
};

/** What `slug` counts as progress ("progress" for a game without a measure). */
export function progressLabel(slug: string): string {
  return PROGRESS[slug]?.label ?? 'progress';
}

/** How far a run of `slug` got, from its final observation; null for a game without a measure. */
export function progressOf(slug: string, observation: Observation): number | null {
  const m = PROGRESS[slug];
  if (!m) return null;
  const v = m.read(observation);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
