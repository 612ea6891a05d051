/**
 * Compact answers: the MCP server can leave out the lines of a game's observation text that never change
 * (its legend, directions, scoring: the rules, which `get_rules` gives once), keeping the board, the
 * status lines and the legal actions. Which lines those are is learnt from the game itself, not listed by
 * hand: the long lines (over `MIN_FIXED_LENGTH` characters) found in every observation of a few seeded
 * random playouts. Short lines (board rows, rulers) and the legal actions are always kept, so a board
 * that happens to repeat a row is never cut.
 */
import type { AnyGame } from '../core/game.js';
import { Rng } from '../core/rng.js';

/** Lines shorter than this are never left out. */
const MIN_FIXED_LENGTH = 60;

const isActionLine = (line: string) => /^\s*\{/.test(line) || line.startsWith('Legal actions');

/** The lines of `game`'s observation text that are the same in every position (seeded, deterministic). */
export function staticLines(game: AnyGame, seeds = [1, 2, 3], steps = 40): Set<string> {
  let common: Set<string> | null = null;
  const rng = new Rng([0x6d6370, 1, 2, 3]);
  const see = (state: unknown) => {
    const lines = game
      .observe(state)
      .text.split('\n')
      .filter((l) => l.length > MIN_FIXED_LENGTH && !isActionLine(l));
    common = common === null ? new Set(lines) : new Set(lines.filter((l) => common!.has(l)));
  };
  for (const seed of seeds) {
    let state = game.init(seed);
    see(state);
    for (let i = 0; i < steps && !game.isGameOver(state); i++) {
      const legal = game.legalActions(state);
      const r = game.step(state, legal[rng.int(legal.length)]);
      if (!r.ok) break;
      state = r.state;
      if (i % 10 === 9) see(state);
    }
  }
  return common ?? new Set();
}
