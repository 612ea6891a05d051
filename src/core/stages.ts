/**
 * A turn (or tick) as an ordered list of named stages, in the order the game's rules give them
 * (Battlesnake's pattern): a reader holds the list against the rules file line by line, and a test
 * holds the names to it. Every game lists its stages with this type and runs them with this runner.
 *
 * `S` is what the stages work on (a private draft of the state), `C` what else the turn carries (the
 * action's code, a tick context with the events); games with one working record leave `C` out.
 */
export interface Stage<S, C = undefined> {
  /** The stage's name, in the rules' words. */
  readonly name: string;
  /** Does the stage's work; answers true to end the turn here (a cleared wave, the run's last heart). */
  readonly run: (s: S, c: C) => boolean | void;
}

/**
 * Runs `stages` in order until one answers true; answers whether one did.
 *
 * Written out position by position, so that each of the first 16 stages is called from a call site of
 * its own: one loop would be a single call site seeing every stage of the list, which V8 cannot inline
 * past four targets, and this runs on every step of every game (Briarwink: every tick). A site then
 * sees one stage per registered game: one in the engine bench (a process per game), four in a server.
 */
export function runStages<S, C>(stages: readonly Stage<S, C>[], s: S, c: C): boolean {
  const n = stages.length;
  if (n > 0 && stages[0].run(s, c) === true) return true;
  if (n > 1 && stages[1].run(s, c) === true) return true;
  if (n > 2 && stages[2].run(s, c) === true) return true;
  if (n > 3 && stages[3].run(s, c) === true) return true;
  if (n > 4 && stages[4].run(s, c) === true) return true;
  if (n > 5 && stages[5].run(s, c) === true) return true;
  if (n > 6 && stages[6].run(s, c) === true) return true;
  if (n > 7 && stages[7].run(s, c) === true) return true;
  if (n > 8 && stages[8].run(s, c) === true) return true;
  if (n > 9 && stages[9].run(s, c) === true) return true;
  if (n > 10 && stages[10].run(s, c) === true) return true;
  if (n > 11 && stages[11].run(s, c) === true) return true;
  if (n > 12 && stages[12].run(s, c) === true) return true;
  if (n > 13 && stages[13].run(s, c) === true) return true;
  if (n > 14 && stages[14].run(s, c) === true) return true;
  if (n > 15 && stages[15].run(s, c) === true) return true;
  for (let i = 16; i < n; i++) if (stages[i].run(s, c) === true) return true;
  return false;
}
