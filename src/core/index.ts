export type {
  ActionVariants,
  AnyGame,
  Game,
  GameAction,
  GameEvent,
  GameSpec,
  Json,
  JsonSchema,
  Observation,
  ObserveOptions,
  Outcome,
  OutcomeSpec,
  SpecWith,
  StepResult,
  WireState,
} from './game.js';
export { refuse } from './game.js';
export { Rng, seedRng, hash32, isRngState } from './rng.js';
export { isSeed, isFreeSeed, isWideSeed, parseSeed, formatSeed, seedStream, seedHash, SEED_RULE } from './seed.js';
export type { Seed } from './seed.js';
export type { RngState } from './rng.js';
export { Registry, entryFor } from './registry.js';
export type { GameRecord, SlugOf } from './registry.js';
export { isAllowed, withCount } from './legal.js';
export { replay } from './replay.js';
export type { Run, ReplayResult } from './replay.js';
export { Session, answerInto, answerOf, standing } from './session.js';
export type { ActAnswer, ActResult, Answer, SessionOptions } from './session.js';
export { Spending, meterOf, actionMeter, budgetOf, progressOf, progressIn } from './budget.js';
export type { Meter, RankedBudget } from './budget.js';
export { seedSuites, drawSuite, SUITE_SIZES } from './suites.js';
export type { SeedSuites } from './suites.js';
