/**
 * Extra engine bench cases a game publishes beside the random-play pairs every registered game gets
 * (a busy late night, a winning run's replay). Partial on purpose: a game without an entry is benched
 * on random play only. Each entry loads its module lazily, so a bench process imports only the cases
 * of the game it measures.
 */
import type { Slug } from '../../src/games/index.js';
import type { EngineCase, ReplayCase } from '../engines.js';

/** What a game's bench module may export. */
export interface GameBenchCases {
  engineCases?: () => EngineCase[];
  replayCases?: () => ReplayCase[];
}

export const BENCH_CASES: Readonly<Partial<Record<Slug, () => Promise<GameBenchCases>>>> = {
  briarwink: () => import('./briarwink.js'),
  delvewick: () => import('./delvewick.js'),
};
