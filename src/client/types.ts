/**
 * The wire types of the API as the client sees them, and the per-game action and observation types,
 * taken from the games' own exports (type-only imports: the client never loads an engine).
 */
import type { GameAction, GameSpec, Observation, Outcome } from '../core/game.js';
import type { BriarwinkObservation } from '../games/briarwink/index.js';
import type { CragwakeObservation } from '../games/cragwake/index.js';
import type { cragwake } from '../games/cragwake/index.js';
import type { DelvewickAction, DelvewickObservation } from '../games/delvewick/index.js';
import type { WhirlyardAction, WhirlyardObservation } from '../games/whirlyard/index.js';

/** Cragwake's actions, read off its engine's `step` (its index exports no action type). */
type CragwakeAction = Parameters<(typeof cragwake)['step']>[1];

/** What each built-in game takes and shows. */
export interface GameTypes {
  whirlyard: { action: WhirlyardAction; observation: WhirlyardObservation };
  delvewick: { action: DelvewickAction; observation: DelvewickObservation };
  cragwake: { action: CragwakeAction; observation: CragwakeObservation };
  briarwink: { action: GameAction; observation: BriarwinkObservation & Observation };
}

/** A built-in game's slug. */
export type Slug = keyof GameTypes;

/** The action type of `S` (any action for a game the client does not know). */
export type ActionOf<S extends string> = S extends Slug ? GameTypes[S]['action'] : GameAction;
/** The observation type of `S`. */
export type ObservationOf<S extends string> = S extends Slug ? GameTypes[S]['observation'] : Observation;

/** A game's entry in `GET /api/games`. */
export interface GameEntry {
  slug: string;
  name: string;
  genre: string;
  description: string;
  goal: string;
  carry: 'state' | 'stateToken';
  rulesVersion: string;
  initUrl: string;
  actionUrl: string;
  docsUrl: string;
}

/** A player as `POST /api/runs` takes it. */
export interface Player {
  name: string;
  kind: 'human' | 'agent';
}

/** What `POST /api/runs` answers. */
export interface SubmitResult {
  ok: true;
  id: string;
  score: number;
  gameOver: boolean;
  steps: number;
  /** The place on the open board (one entry per player); null for an unfinished run, which is not listed. */
  rank: number | null;
  created: boolean;
  createdAt: string;
  replayUrl: string;
  leaderboardUrl: string;
  /** How the run ended (null: not over) and how far it went, as ranked. */
  outcome: Outcome | null;
  progress: number | null;
  /** The new key of a player name this submission claimed; the client keeps it for later submissions. */
  playerKey?: string;
}

/** One game answer (init or action), as the server sends it; older servers omit `outcome`. */
export interface Answer {
  ok: boolean;
  /** A free seed (an integer), or a wide one (32 hex digits) when init was given one. */
  seed?: number | string;
  state?: unknown;
  stateToken?: string;
  observation?: Observation;
  legalActions?: GameAction[];
  score?: number;
  gameOver?: boolean;
  outcome?: Outcome | null;
  spec?: GameSpec;
  events?: unknown[];
  reason?: string;
  message?: string;
}
