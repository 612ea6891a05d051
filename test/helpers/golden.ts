/**
 * Golden runs: the one format every game's recorded runs are kept in, and the code that records and
 * replays them. A run is `golden/<slug>/<name>.json`: the game, its rules version, the seed, who chose
 * the actions (`player`, in words), the actions, and after every action the progress (wave, level,
 * pitch, night: `game.progress`), the score and the FNV-1a hash of the canonical wire state (data and
 * secret), then the run's outcome after the last action (null while it goes on). test/golden.test.ts
 * replays every file of every registered game step for step; the games' own tests read the same files
 * for the rules they show (a late wave reached, an ending).
 *
 * After a rules change and a rules version bump, `RECORD_GOLDEN=1 npx vitest run test/golden.test.ts`
 * rewrites every file's steps and outcome from its seed and actions; `npx prettier --write golden` then.
 */
import { readFileSync, readdirSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyGame, GameAction, Outcome } from '../../src/core/game.js';
import { canonicalJson } from '../../src/core/canonical.js';

/** What is recorded after every action. */
export interface GoldenStep {
  /** `game.progress(state)`: the wave, level, pitch or night. */
  progress: number;
  score: number;
  /** FNV-1a (32 bits, 8 hex digits) of the canonical JSON of `game.toWire(state)`. */
  hash: string;
}

/** One recorded run. */
export interface GoldenRun {
  game: string;
  rulesVersion: string;
  seed: number;
  /** Who chose the actions, in words (an agent and where it lives, or how a scripted line was found). */
  player: string;
  actions: GameAction[];
  /** After each action, in order: as many as there are actions. */
  steps: GoldenStep[];
  /** `game.outcome` after the last action: null when the run goes on. */
  outcome: Outcome | null;
}

/** The repository's golden/ folder. */
export const GOLDEN_DIR = fileURLToPath(new URL('../../golden/', import.meta.url));

/** FNV-1a over a string's UTF-16 code units, as 8 hex digits. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The hash a golden step records for a state. */
export function stateHash(game: AnyGame, state: unknown): string {
  return fnv1a(canonicalJson(game.toWire(state)));
}

/** The facts a golden run records after an action. */
export function stepFacts(game: AnyGame, state: unknown): GoldenStep {
  if (!game.progress) throw new Error(`${game.spec.slug} has no progress function`);
  return { progress: game.progress(state), score: game.score(state), hash: stateHash(game, state) };
}

/** Applies one action through the public step, throwing on a refusal (a golden run is all legal). */
export function advance(game: AnyGame, state: unknown, action: GameAction, at = 0): unknown {
  const r = game.step(state, action);
  if (!r.ok) throw new Error(`action ${at} ${JSON.stringify(action)} refused: ${r.reason}: ${r.message}`);
  return r.state;
}

/** Every state of a run after each of its actions, from `game.init(run.seed)`. */
export function replayStates(game: AnyGame, run: Pick<GoldenRun, 'seed' | 'actions'>): unknown[] {
  let s = game.init(run.seed);
  return run.actions.map((a, i) => (s = advance(game, s, a, i)));
}

/** A run recorded from its seed and actions on the engine as it is now. */
export function recordRun(game: AnyGame, seed: number, player: string, actions: readonly GameAction[]): GoldenRun {
  const states = replayStates(game, { seed, actions: [...actions] });
  const last = states.length > 0 ? states[states.length - 1] : game.init(seed);
  return {
    game: game.spec.slug,
    rulesVersion: game.spec.rulesVersion,
    seed,
    player,
    actions: [...actions],
    steps: states.map((s) => stepFacts(game, s)),
    outcome: game.outcome(last),
  };
}

/**
 * Plays `choose` from `game.init(seed)` for at most `limit` actions (or to the end) and records it.
 * `choose` sees the state before each action.
 */
export function playAndRecord(
  game: AnyGame,
  seed: number,
  player: string,
  limit: number,
  choose: (state: unknown, step: number) => GameAction,
): GoldenRun {
  let s = game.init(seed);
  const actions: GameAction[] = [];
  for (let i = 0; i < limit && !game.isGameOver(s); i++) {
    const a = choose(s, i);
    s = advance(game, s, a, i);
    actions.push(a);
  }
  return recordRun(game, seed, player, actions);
}

/** The names (without `.json`) of a game's golden runs, sorted. */
export function goldenNames(slug: string): string[] {
  const dir = `${GOLDEN_DIR}${slug}/`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** Reads `golden/<slug>/<name>.json`. */
export function loadGolden(slug: string, name: string): GoldenRun {
  return JSON.parse(readFileSync(`${GOLDEN_DIR}${slug}/${name}.json`, 'utf8')) as GoldenRun;
}

/**
 * Writes `golden/<slug>/<name>.json` laid out by prettier (one action and one step a line), so a
 * re-recording shows as the lines it changes.
 */
export async function writeGolden(name: string, run: GoldenRun): Promise<void> {
  const dir = `${GOLDEN_DIR}${run.game}/`;
  mkdirSync(dir, { recursive: true });
  const options = (await resolveConfig(`${dir}${name}.json`)) ?? {};
  writeFileSync(`${dir}${name}.json`, await format(JSON.stringify(run), { ...options, parser: 'json' }));
}
