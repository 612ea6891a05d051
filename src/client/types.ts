/**
 * The wire types of the API as the client sees them, and the per-game action and observation types,
 * read off the registry's games (type-only imports: the client never loads an engine).
 */
import type { GameAction, GameSpec, Observation, Outcome } from '../core/game.js';
import type { CurrentGames } from '../games/index.js';

/**
 * What each built-in game takes and shows: the action type its `step` takes and the observation type
 * its `observe` answers, for every game of the registry (src/games/index.ts), so a new game needs no
 * line here.
 */
export type GameTypes = {
  [S in keyof CurrentGames]: {
    action: Parameters<CurrentGames[S]['step']>[1];
    observation: ReturnType<CurrentGames[S]['observe']>;
  };
};

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

/** A game's ranked budget, as the server publishes it (core/budget.ts `RankedBudget`). */
export interface Budget {
  unit: 'actions' | 'turns' | 'ticks';
  limit: number;
  counted?: string[];
  countField?: string;
  why: string;
}

/** Where a live (ranked or daily) session stands, as every live answer carries it. */
export interface SessionInfo {
  id: string;
  step: number;
  /** Budget units spent so far. */
  spent: number;
  budget: Budget | null;
  finished: boolean;
  actionUrl?: string;
  /** Once finished: where its run and board are. */
  runUrl?: string;
  replayUrl?: string;
  [key: string]: unknown;
}

/** What `GET /api/sessions/:id` answers: where a session stands; its seed once finished and public. */
export interface SessionStatus extends SessionInfo {
  game: string;
  rulesVersion: string;
  player: Player;
  challenge: string | null;
  createdAt: string;
  expired: boolean;
  seed?: number | string;
}

/** A live answer (start, action, resume). */
export interface LiveAnswer extends Answer {
  session: SessionInfo;
  game?: string;
  player?: Player;
  challenge?: string | null;
  /** The key of a player name this start claimed (the client keeps it). */
  playerKey?: string;
  resumed?: boolean;
}

/** Which board: the open one (submitted runs), the ranked one (live sessions) or the daily challenge's. */
export type BoardName = 'open' | 'ranked' | 'daily';

/** One entry of a board. */
export interface BoardEntry {
  rank: number;
  player: Player;
  score: number;
  [key: string]: unknown;
}

/** What `GET /api/games/:slug/leaderboard` answers (entries by player kind). */
export interface Leaderboard {
  ok: true;
  game: string;
  rulesVersion: string;
  board: BoardName;
  label: string;
  progressLabel: string | null;
  budget: Budget | null;
  limit: number;
  date?: string;
  seed?: number | string;
  human?: BoardEntry[];
  agent?: BoardEntry[];
  [key: string]: unknown;
}

/** What `GET /api/runs/:id` answers: a stored run, ready for replay. */
export interface StoredRun {
  ok: true;
  id: string;
  run: { game: string; rulesVersion: string; seed: number | string; actions: GameAction[] };
  player: Player;
  score: number;
  gameOver: boolean;
  steps: number;
  outcome: Outcome | null;
  progress: number | null;
  board: BoardName;
  challenge: string | null;
  createdAt: string;
  requestId: string | null;
}

/**
 * An answer's `tensor`: flat JSON arrays, or (asked with `tensor: 'base64'`) the same numbers as base64
 * bytes, or (`tensor: 'bits'`, games whose planes are 0 or 1) the planes packed eight cells a byte.
 */
export type TensorAnswer =
  { planes: number[]; features: number[] } | { format: 'base64' | 'bits'; planes: string; features: string };

/** How a client asks for the tensor fields: `true` or `'json'` (arrays), `'base64'` or `'bits'` (bytes). */
export type TensorRequest = boolean | 'json' | 'base64' | 'bits';

/** A batch item: an init (`{seed}`), or an /action body (the carried state with `action` or `actionIndex`). */
export type BatchItem =
  | { seed: number | string; tensor?: boolean; tensorFormat?: 'json' | 'base64' | 'bits' }
  | {
      stateToken?: string;
      state?: unknown;
      action?: GameAction;
      actionIndex?: number;
      tensor?: boolean;
      tensorFormat?: 'json' | 'base64' | 'bits';
    };

/**
 * One batch result: what init or /action answers for its item (trimmed to the fields asked for), the
 * tensor fields when asked, or the item's own error (`ok: false` with `error` and `message`).
 */
export interface BatchResult extends Partial<Answer> {
  ok: boolean;
  error?: string;
  tensor?: TensorAnswer;
  actionMask?: number[];
  legalIndex?: number[];
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
