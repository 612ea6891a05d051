/**
 * What a language model needs per game beyond the spec: the action grammar written out with one example
 * of each action, how a run ends, and the wait-like fallback an agent plays when a model's move is
 * forfeited. Used by /llms.txt, the per-game /llms/<slug>.txt pages, the LLM agent and the MCP server.
 * A test checks every example against the game's action schema.
 */
import type { GameAction } from '../core/game.js';
import type { Slug } from '../games/index.js';

/** One action of a game's grammar, with an example to send and what it does. */
interface ActionGuide {
  example: GameAction;
  says: string;
}

/** The model-facing guide to one game. */
export interface GameGuide {
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

/** The guides, by slug. */
export const GUIDES: Record<Slug, GameGuide> = {
  whirlyard: {
    actions: [
      {
        example: { type: 'move', direction: 'n' },
        says: 'direction nw, n, ne, w, e, sw, s or se; n is up (y-1), e is right (x+1)',
      },
      { example: { type: 'wait' }, says: 'stay put; the drones still step' },
      { example: { type: 'pulse' }, says: 'spend a charge: drones next to you become scrap' },
      { example: { type: 'end_run' }, says: 'bank the score and stop' },
    ],
    ends: 'A drone reaching the rover ends it (terminated, reason caught); end_run ends it at once (ended). There is no other end.',
    fallback: [{ type: 'wait' }],
    tip: 'Lure drones into each other and onto scrap (#); keep at least one cell between you and every drone.',
  },
  delvewick: {
    actions: [
      {
        example: { type: 'move', dir: 'down' },
        says: 'dir up, down, left or right; up is y-1; digs soil, collects gems, pushes boulders sideways',
      },
      { example: { type: 'wait' }, says: 'let one tick of gravity pass' },
    ],
    ends: 'Clearing level 8 wins (terminated, won); a falling boulder or geode on the mole (crushed), running out of oil (out_of_oil) or being boxed in (boxed_in) end it too.',
    fallback: [{ type: 'wait' }],
    tip: 'Never stand under a boulder that can fall; collect the quota, then walk onto the open exit E.',
  },
  cragwake: {
    actions: [
      {
        example: { type: 'move', row: 1, col: 3 },
        says: 'climb to an absolute cell; rows count upward from 0, columns 0-5',
      },
      { example: { type: 'breathe' }, says: 'rest: on a jug with breaths left gain stamina, elsewhere costs 1' },
      { example: { type: 'climbOn' }, says: 'on a belay ledge: start the next pitch' },
      { example: { type: 'endRun' }, says: 'on a belay ledge: stop and keep the score' },
    ],
    ends: 'Stamina 0 (terminated, exhausted), no affordable move (no_move), or endRun on a belay ledge (ended).',
    fallback: [{ type: 'breathe' }, { type: 'climbOn' }],
    tip: 'The text lists every legal move with its stamina cost; breathe on jugs (J) before you run low.',
  },
  briarwink: {
    actions: [
      { example: { type: 'start' }, says: 'begin the next night (only while waiting)' },
      {
        example: { type: 'tick', move: 'right', plant: false, count: 8 },
        says: 'hold a direction (up, right, down, left, or null to stop) for count 1-30 ticks; plant true plants a pod on the first tick',
      },
      {
        example: { type: 'tick', walkTo: 24, count: 30 },
        says: 'walk toward cell y*7+x by the shortest path for up to count ticks (stops on arrival)',
      },
      { example: { type: 'endRun' }, says: 'stop and keep the score (not in the opening wait)' },
    ],
    ends: 'Losing the last heart ends it (terminated, out_of_hearts); endRun ends it (ended). Nights never end on their own.',
    fallback: [{ type: 'tick', move: null, plant: false }, { type: 'start' }],
    tip: 'Real time in 30 ticks a second, batched: a pod bursts 66 ticks after planting, so plant, walk out of its row and column, and wait with count.',
    batching: (cap, strict) =>
      `Briarwink runs in ticks (30 a second) and nothing moves between your replies. A tick action may add ` +
      `"count" (1 to ${cap}) to run that many ticks with the same input, for example ` +
      `{"type":"tick","move":"right","plant":false,"count":${Math.min(8, cap)}}; a batch stops early when you ` +
      `lose a heart, clear the night, or (walkTo) arrive. ` +
      (strict ? `A count above ${cap} is refused.` : `Counts above ${cap} are cut to ${cap}.`),
  },
};
