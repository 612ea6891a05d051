/**
 * What a per-game renderer provides. Every field is optional except `Board`; the play, rules, replay
 * and home pages fall back to the generic text view for anything a game does not provide.
 */
import type { ComponentChildren, ComponentType } from 'preact';
import type { GameAction, GameEvent, Observation } from '../../core/game.js';
import type { GameWords } from '../words/types.js';

/** Props every board gets. Without `onAction` the board is a read-only picture (replay, cards, rules). */
export interface BoardProps {
  obs: Observation;
  legal: GameAction[];
  onAction?: (action: GameAction) => void;
  /** Small thumbnail (home cards): no labels, no interaction. */
  small?: boolean;
  /** Real-time games: true while the play page has them paused (help overlay open, game over...). */
  paused?: boolean;
}

/** One line of the status bar. */
export interface StatusItem {
  label: string;
  value: string | number;
  /** The exact number behind a value written for people (Briarwink's ticks behind its seconds). */
  exact?: number;
  /** Drawn as a gauge too, which warns at or under `low` (Delvewick's oil). */
  gauge?: { max: number; low: number };
}

/** One line of the key help. */
export interface KeyHelp {
  keys: string;
  does: string;
  /** A key of free play only (a take-back): not listed in ranked play. */
  freePlayOnly?: boolean;
}

/** One legend entry: a small drawing and what it means. */
export interface LegendEntry {
  symbol: ComponentChildren;
  label: string;
}

/** A card between two levels: the next level's name and lesson, and what the last one paid. */
export interface Interlude {
  title: string;
  lesson: string;
  /** What the part just finished paid, one line each (the clear bonus, the oil tally). */
  tally: string[];
  /** The dismissing button's words. */
  go: string;
}

export interface GameView {
  Board: ComponentType<BoardProps>;
  /** The status line (turn, wave, charges...). */
  status?(obs: Observation): StatusItem[];
  /**
   * The most status tiles `status` returns for any observation: the status bar keeps room for them all,
   * so the board does not move when one appears.
   */
  statusSlots?: number;
  /** The three or four status labels that matter now, beside the score; the rest wait behind "More". */
  statusMain?: string[];
  /** A swipe on the board (touch screens): the action it plays, if any. */
  swipe?(dir: 'up' | 'down' | 'left' | 'right', legal: GameAction[], obs: Observation): GameAction | null;
  /** Maps a key press to an action (turn-based games); the play page applies it through `step`. */
  keyToAction?(e: KeyboardEvent, legal: GameAction[], obs: Observation): GameAction | null;
  /** True when the board handles keys itself (real-time games). */
  ownsKeys?: boolean;
  /** True while the board is between two pictures (a wave change) and takes no move: input is ignored. */
  holdsInput?(): boolean;
  keyHelp?: KeyHelp[];
  /** How to play, one sentence each for a keyboard and for a touch screen: the play page's goal line. */
  controls?: { keys: string; touch: string; rankedKeys?: string };
  legend?: LegendEntry[];
  /** A readable button label for an action. */
  actionLabel?(action: GameAction, obs?: Observation): string;
  /** Actions shown as buttons when the board offers its own controls (e.g. only end-run). */
  buttonActions?(legal: GameAction[], obs: Observation): GameAction[];
  /** A short scripted line of play for the rules page's illustration (seed 1); stops at a refusal. */
  rulesExample?: GameAction[];
  /**
   * Free play may take back the last action (U) and go back to the start of the current level: the
   * event type that starts a level. Both cut the recorded run, which stays one action list.
   */
  undo?: { levelStartEvent?: string };
  /**
   * Free play's "Retry this level / wave / pitch / night" at game over: the run replayed up to the start
   * of the part it ended in. `event` marks that start (the part begins after the action that had it,
   * or, with `before`, at that action: Briarwink's night starts from the break before it).
   */
  retry?: { event: string; noun: string; before?: boolean };
  /**
   * A card between two parts of a run (Delvewick's levels): shown over the board after the action
   * whose events start a new part, until any key or a tap dismisses it.
   */
  interlude?(events: GameEvent[]): Interlude | null;
  /** Steps a second at 1x in the replay viewer (turn games 3, real-time games their tick rate). */
  replayRate?: number;
}

/**
 * A game's browser half: what `src/web/games/<slug>/index.ts` exports as `web`. The browser finds every
 * such folder by itself (src/web/games/index.ts), so adding one names the game nowhere else.
 */
export interface GameWeb {
  /** The slug of the game it draws (the folder's name). */
  slug: string;
  view: GameView;
  words: GameWords;
  /** The game's SVG symbols, mounted once in the app's one sprite sheet. */
  symbols?: ComponentChildren;
}
