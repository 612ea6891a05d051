/**
 * What the shells (the CLI, the LLM pages and agent, the margins script, the screenshots, the reference
 * of the normalised score) need to know of one game beyond its spec: plain data the game keeps in its
 * own folder (`src/games/<slug>/shells.ts`) and carries on its Game object as `shells`. The shells read
 * it through the registry, so no table outside a game's folder names a game; a game without it (a
 * test's) gets each shell's generic behaviour.
 */
import type { GameAction } from './game.js';

/** One action of a game's grammar, with an example to send and what it does. */
interface ActionGuide {
  example: GameAction;
  says: string;
}

/** The model-facing guide to one game (/llms.txt, /llms/<slug>.txt, the LLM agent, the MCP server). */
interface GameGuide {
  actions: ActionGuide[];
  /** How a run ends, in one sentence (with the `outcome` reasons). */
  ends: string;
  /**
   * The actions played, in order of preference, when a model's move is forfeited (retries used up): the
   * first that is legal now is played. Every game has one legal whenever the run goes on, so a forfeit
   * never stops a run.
   */
  fallback: GameAction[];
  /** A sentence on playing it well over the API (batching, coordinates). */
  tip: string;
  /**
   * For a game with a count field (`Game.variants`): how to batch, for the LLM agent's answer rules,
   * given the agent's largest batch `cap` and whether over-large counts are refused (`strict`).
   */
  batching?(cap: number, strict: boolean): string;
}

/** The two agents' means on one suite. */
export interface ReferenceMeans {
  random: number;
  heuristic: number;
}

/**
 * One game's reference figures for the normalised score (docs/baselines.md's `test` and `dev` tables):
 * the rules version they hold for, and the random and heuristic means per suite.
 */
export interface GameReference {
  rulesVersion: string;
  suites: Readonly<Record<'dev' | 'test', ReferenceMeans>>;
}

/** How the pictures of a game's play page are taken (scripts/screenshots.ts). */
export interface ScreenshotSteps {
  /** The event of the big moment the "moment" picture shows (the first step whose events hold it). */
  moment: string;
  /** Moves before the mid-game picture (Briarwink counts ticks: 150 are five seconds). */
  midSteps: number;
  /**
   * The action played by the page on top of every mid-game and moment picture instead of the last move
   * (Briarwink: the paused page's one idle tick, its `.` key).
   */
  onTop?: GameAction;
  /**
   * Actions played by a click on the board rather than a key, by action type: a CSS selector with the
   * action's fields in braces (Cragwake: `.cw-target[data-row="{row}"][data-col="{col}"]`). Every other
   * action is played by its key in `keys`.
   */
  click?: Readonly<Record<string, string>>;
  /**
   * More pictures than start, mid, moment and over (Delvewick's crush): each a fixed run from the
   * script's seed, its last action played on the page, saved as `<slug>-<desktop|phone>-<name>.png`.
   */
  more?: readonly ScreenshotRun[];
  /**
   * One turn with motion on, frame by frame, as an animated picture of the board on the phone
   * (Whirlyard's collision): saved as `<slug>-<name>.png`.
   */
  animation?: ScreenshotRun & { seed: number };
}

/** A fixed run a picture shows: its actions, the last one played on the page. */
export interface ScreenshotRun {
  name: string;
  /** The run's seed (default: the script's fixed seed). */
  seed?: number;
  actions: readonly GameAction[];
  /** The `data-testid` of what the picture is for, which the page must show after the last action. */
  shows: string;
}

export interface GameShells {
  /**
   * The keys of `gameboard play`: a key (typed then Enter) stands for an action, as on the browser's
   * keyboard where there is one. `{}` for a game played by number and JSON only.
   */
  keys: Readonly<Record<string, GameAction>>;
  /** A sentence more for the play prompt's help, `{batch}` standing for the `--batch` size. */
  playNote?: string;
  /** What a language model needs beyond the spec. */
  guide: GameGuide;
  /** The step cap (accepted actions) the README's margins are measured with (src/agents/margins.ts). */
  marginCap: number;
  /** The reference points of the normalised score, as docs/baselines.md publishes them. */
  reference?: GameReference;
  screenshots: ScreenshotSteps;
}

/**
 * A game's own engine-bench cases (`npm run bench -- --engines`), beyond the random-play cases every
 * registered game gets: what its optional `src/games/<slug>/bench.ts` exports (a busy late night, a
 * winning run's replay). The bench finds that file by the slug (bench/engines.ts `benchCasesFor`), so
 * the cases may use the game's internals without any shell importing them; a game without one is benched
 * on random play only.
 */
export interface GameBenchCases {
  engineCases?: () => EngineCase[];
  replayCases?: () => ReplayCase[];
}

/** (state, action) pairs timed as step + legalActions. */
export interface EngineCase {
  name: string;
  pairs: Array<[unknown, GameAction]>;
  /** What one pass counts (default: the pairs); Briarwink's batches count their ticks. */
  units?: number;
}

/** Replay verification over a game's own runs, counted in `units` (Briarwink: ticks). */
export interface ReplayCase {
  name: string;
  runs: Array<{ seed: number; actions: GameAction[] }>;
  units: number;
}
