/**
 * The goal line: what the game asks and how to play it, on every play page until the first few moves
 * (the keys on a keyboard, taps on a touch screen), so nobody starts a game not knowing what to do.
 * It heads the side column (under the board and its controls on a phone), so when it goes, its room
 * goes with it and the board stays where it is.
 */
import type { GameView } from '../games/types.js';

/** Moves after which the line gives way. */
const GOAL_LINE_MOVES = 3;

const touchScreen = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

export function GoalLine({
  goal,
  view,
  moves,
  live = false,
}: {
  goal: string;
  view: GameView;
  moves: number;
  /** Ranked or daily play: the keys' sentence for a session with no take-back. */
  live?: boolean;
}) {
  const c = view.controls;
  const how = c ? (touchScreen() ? c.touch : live ? (c.rankedKeys ?? c.keys) : c.keys) : '';
  // The goal's first sentence: the rest (budgets, banking) is for the Rules page.
  const first = /^.*?[.!?](?=\s|$)/.exec(goal)?.[0] ?? goal;
  const text = (
    <>
      <strong>Goal:</strong> {first} {how && <span class="muted">{how}</span>}
    </>
  );
  // Once it has given way its room goes too: it stands beside the board (or under it on a phone), so
  // nothing above the board moves.
  if (moves >= GOAL_LINE_MOVES) return null;
  return (
    <p class="goal-line" data-testid="goal-line">
      {text}
    </p>
  );
}
