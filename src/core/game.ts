/**
 * The one contract every game implements. The server, the browser, the CLI, the agents and the
 * conformance suite only ever talk to a game through this interface.
 *
 * Engines are pure: no I/O, no clock, no Math.random. All randomness comes from the seeded generator
 * in `rng.ts`, whose state lives inside the game state.
 */
import type { GameShells } from './shells.js';
import type { RankedBudget } from './budget.js';
import type { Seed } from './seed.js';
import type { SeedSuites } from './suites.js';
import type { ActionSlot, GameTensor, TensorSpec } from './tensor.js';

/** Any value that survives JSON.stringify / JSON.parse unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema document, kept as plain data so it can be served and compiled by Ajv. */
export type JsonSchema = { [key: string]: unknown };

/** Something that happened during a step, for logs, the UI and agents. `type` names it. */
export interface GameEvent {
  type: string;
  [key: string]: Json;
}

/** An action in the game's grammar (validated by the game's JSON Schema before `step` sees it). */
export interface GameAction {
  type: string;
  [key: string]: Json;
}

/** The outcome of `step`: accepted with a new state, or refused with the old state untouched. */
export type StepResult<S> =
  { ok: true; state: S; events: GameEvent[] } | { ok: false; reason: string; message: string };

/** What the player may see. `text` is the rendering for language models; the rest is structured. */
export interface Observation {
  text: string;
  [key: string]: unknown;
}

/** Options of `Game.observe`. */
export interface ObserveOptions {
  /** False: leave the text page out (`text` is ''). */
  text?: boolean;
}

/**
 * The state as it travels: `data` is what a player may read; `secret` (optional) is hidden
 * information (fog, unlit cells, generator state) that must never be readable by the client.
 * For `stateToken` games both parts are sealed together; for `state` games `data` travels in the
 * clear under an integrity tag and `secret` is sealed inside it.
 */
export interface WireState {
  data: Json;
  secret?: Json;
}

/**
 * How a run ended, in Gymnasium's words: `terminated` when the game itself ended it (won, caught,
 * out of hearts), `ended` when the player chose to stop (`endRun`), `truncated` when something outside
 * the rules stopped it (a ranked session's budget). `reason` is one of the game's published reasons.
 */
export interface Outcome {
  kind: 'terminated' | 'truncated' | 'ended';
  reason: string;
}

/** One way a run of the game can end, as its spec publishes it (the `outcome` it answers then). */
export interface OutcomeSpec {
  kind: Outcome['kind'];
  reason: string;
  description: string;
}

/** The published description of a game: what it is, how it scores, its rules and action grammar. */
export interface GameSpec {
  slug: string;
  name: string;
  genre: string;
  /** One-line pitch. */
  description: string;
  goal: string;
  scoring: string[];
  /** The rules, in the project's own words, one rule a line. */
  rules: string[];
  /** The action grammar from the game's seed file, as JSON Schema; exactly as strict as `step`. */
  actionSchema: JsonSchema;
  /** The shape of `observe`'s answer, as JSON Schema (draft-07): what every answer's `observation` is. */
  observationSchema: JsonSchema;
  /** Every `{kind, reason}` that `outcome` can answer, with what it means (`truncated` is never the engine's). */
  outcomes: OutcomeSpec[];
  /** Which field the client carries between calls. */
  carry: 'state' | 'stateToken';
  /** Changes whenever a rule (or the state format) changes; replays name the version they ran on. */
  rulesVersion: string;
  /** The published seed suites (`dev`: 20 seeds, `test`: 100), so that evaluations compare. */
  suites: SeedSuites;
  /** Example actions, for docs. */
  exampleActions: GameAction[];
  /** The fixed action index of the numeric face (`Game.tensor.actionIndex`), for games that have one. */
  actionIndex?: ActionSlot[];
  /** The shape of the numeric observation (`Game.tensor.spec`), for games that have one. */
  tensorSpec?: TensorSpec;
  /** How much play a ranked run is scored on (src/core/budget.ts); null for a finite game. */
  rankedBudget?: RankedBudget | null;
  /** The observation field that says how far a run got (wave, level, pitch, night), at its top or under `player`. */
  progressLabel?: string;
  /** True when nothing is drawn from the seed (every seed plays the same): no daily seed, no word of seeds. */
  seedless?: true;
  /** The best score known, and who set it, shown beside the game's board. */
  par?: { score: number; by: string };
  /** For a game that runs in ticks: how many make a second of play (the boards show ticks as time). */
  ticksPerSecond?: number;
}

/**
 * A game's spec with its own published facts (board size, tables) beside the common fields, as plain
 * JSON. `F` is an object type (a type literal, so that it is plain JSON) naming every fact:
 * `spec: SpecWith<{ width: number; height: number }>`. The shells read only `GameSpec`'s fields; a
 * fact that a shell needs becomes one of those.
 */
export type SpecWith<F extends { [K in keyof F]: Json }> = GameSpec & F;

/**
 * The game contract. `S` is the engine's own state type; nothing outside the game looks inside it. `A`
 * and `O` are the game's actions and observations: the client SDK reads them off the registry's games
 * (src/client/types.ts), so a game typed with its own gets typed sessions with no other line.
 */
export interface Game<S = unknown, A extends GameAction = GameAction, O extends Observation = Observation> {
  readonly spec: GameSpec;
  /** A fresh game for a seed: a free seed (an integer 0..2^32-1) or a wide one (32 hex digits; see seed.ts). */
  init(seed: Seed): S;
  /** Every action `step` would accept now; empty once the game is over. */
  legalActions(state: S): A[];
  /** Apply one action. Must not mutate `state`; a refusal returns no state at all. */
  step(state: S, action: A): StepResult<S>;
  /**
   * What the player sees: the text page and the same facts as fields. `{ text: false }` asks for every
   * field but the page (`text` is then ''), for a caller that drops the observation anyway, such as a
   * batch trimmed to the tensor (the tensor reads the fields only): the page is most of what an
   * observation costs to build. Every other field must equal `observe(state)`'s.
   */
  observe(state: S, options?: ObserveOptions): O;
  score(state: S): number;
  isGameOver(state: S): boolean;
  /** Null while the game goes on; how it ended once `isGameOver` (never `truncated`: engines do not cap). */
  outcome(state: S): Outcome | null;
  /**
   * Optional: how far the run got, in `spec.progressLabel`'s unit (wave, level, pitch, night), read
   * straight from the state. It must equal that field of `observe(state)`; it exists because building
   * the observation (text included) can cost more than a whole short run, and the evaluation harness
   * and the ranked boards read progress once per run.
   */
  progress?(state: S): number;
  /** The seed the game was started with (echoed by the API), of the kind it was given. */
  seedOf(state: S): Seed;
  /** Full state to plain JSON, split into readable and hidden parts. Must round-trip exactly. */
  toWire(state: S): WireState;
  /** Rebuild a state from `toWire` output. Throws on anything malformed. */
  fromWire(wire: WireState): S;
  /**
   * Optional: fields a state keeps only to go faster, which `toWire` leaves out on purpose (Delvewick's
   * `settled`). `fromWire` gives them a value that plays on exactly as the original (the property test
   * checks it), so a round trip equals the state but for these.
   */
  readonly wireCaches?: readonly (keyof S & string)[];
  /**
   * Optional, for `stateToken` games: the whole state as compact bytes, sealed into tokens instead of
   * the JSON of `toWire` (smaller tokens, less work per request). `unpack(pack(s))` must equal `s`
   * exactly, and `unpack` throws on anything malformed, as `fromWire` does. Give both or neither.
   */
  pack?(state: S): Uint8Array;
  unpack?(bytes: Uint8Array): S;
  /**
   * Optional: the numeric face for reinforcement learning (src/core/tensor.ts): the fixed action index
   * with its mask, and the fixed-shape numeric observation, published as spec.actionIndex and
   * spec.tensorSpec.
   */
  tensor?: GameTensor<S>;
  /**
   * Optional, for a game whose `legalActions` lists plain forms only (Briarwink lists single ticks):
   * the action `types` of which `step` accepts every grammatical variant (another field, a count)
   * whenever one of that type is listed, and the integer `countField` that runs such an action several
   * times in one call. Shells judge legality with core/legal.ts, never by slug.
   */
  variants?: ActionVariants;
  /**
   * What the shells know of the game beyond its spec (keys, the LLM guide, the margin cap, reference
   * figures, screenshot steps): plain data in the game's own `shells.ts`. Optional: a game without it
   * gets each shell's generic behaviour, and the new-game checklist names what it still lacks.
   */
  readonly shells?: GameShells;
}

/** A game's accepted variants of its listed actions (`Game.variants`). */
interface ActionVariants {
  types: readonly string[];
  countField?: string;
}

/** Any game, with its types erased; what the registry and the shells hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any>;

/** Helper for engines: a refusal result. */
export function refuse(reason: string, message: string): { ok: false; reason: string; message: string } {
  return { ok: false, reason, message };
}
