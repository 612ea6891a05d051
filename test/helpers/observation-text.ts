/**
 * Text and data agree: for many random states of a game, the `text` of the observation is checked
 * against the structured fields. The legal-actions block must list exactly `legalActions` as JSON; the
 * board drawn in the text must be the board in the data; labelled numbers (score, position, ...) must
 * equal their fields; and every other number left in the text must be one the data (or, where a field
 * does not carry it, the engine state) holds. The fixed guide and legend paragraphs are removed first:
 * they are constants, checked against the rules by reading. Each game gives its own `TextCheck` in its
 * folder's observe-text.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction, Observation } from '../../src/core/game.js';
import { ACTIONS_HEADING } from '../../src/core/text.js';
import { Rng } from '../../src/core/rng.js';

/** Random states checked per game (runs are played, seed after seed, until this many were seen). */
const STATES = 600;
const STEPS = 160;

/** Every number written in a JSON value, strings included ("J2" holds a 2). */
function numbersIn(value: unknown, out = new Set<number>()): Set<number> {
  if (typeof value === 'number') out.add(value);
  else if (typeof value === 'string') for (const m of value.matchAll(/\d+/g)) out.add(Number(m[0]));
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

/** What one game's check needs: the constant paragraphs to drop, how to split off and check the board. */
export interface TextCheck {
  constants: string[];
  /** Checks the board lines against the data and returns the text without them. */
  board(text: string, obs: Observation, state: unknown): string;
  /** Labelled numbers: `[pattern with one capture, expected value]`. */
  labelled(obs: Observation, state: unknown): [RegExp, number][];
  /** Words that must appear for the data's flags and "none" values (-1 in the data). */
  phrases?(obs: Observation): string[];
  /** Numbers the text shows that no observation field carries, taken from the engine state. */
  extra(obs: Observation, state: unknown): number[];
}

/** Removes the lines matched by `isBoard`, comparing each map row with `rows` (top first). */
export function splitBoard(text: string, isRuler: (l: string) => boolean, row: RegExp, rows: string[]): string {
  const kept: string[] = [];
  let y = 0;
  for (const line of text.split('\n')) {
    if (isRuler(line)) continue;
    const m = row.exec(line);
    if (m && y < rows.length && Number(m[1]) === y) {
      expect(m[2], `map row ${y}`).toBe(rows[y]);
      y++;
      continue;
    }
    kept.push(line);
  }
  expect(y, 'every map row is drawn').toBe(rows.length);
  return kept.join('\n');
}

/** A random but long-lived playout: ending actions only when nothing else is legal; a game with a count field (Briarwink) batches. */
function chooser(game: AnyGame, rng: Rng) {
  return (legal: GameAction[]): GameAction => {
    const going = legal.filter((a) => a.type !== 'end_run' && a.type !== 'endRun');
    const pool = going.length > 0 ? going : legal;
    const a = pool[rng.int(pool.length)];
    const v = game.variants;
    if (v?.countField && v.types.includes(a.type)) return { ...a, [v.countField]: 1 + rng.int(20) };
    return a;
  };
}

/** Registers the check of `game`'s observation text against its data, in many random states. */
export function textAgreesWithData(game: AnyGame, check: TextCheck): void {
  const slug = game.spec.slug;
  describe(`${slug}: text and data agree`, () => {
    it('in many random states, every number and every legal action in the text matches the data', () => {
      const rng = Rng.fromSeed(1313);
      let states = 0;
      while (states < STATES) {
        const pick = chooser(game, rng);
        let state = game.init(rng.nextU32());
        for (let i = 0; i <= STEPS; i++) {
          const obs = game.observe(state);
          const legal = game.legalActions(state);
          const where = `${slug} seed ${game.seedOf(state)} step ${i}`;
          // the legal actions, as the exact JSON to send, in the engine's order
          const lines = obs.text.split('\n');
          const at = lines.findIndex((l) => l.startsWith(ACTIONS_HEADING));
          if (legal.length === 0) expect(at, where).toBe(-1);
          else {
            const listed = lines.slice(at + 1).map((l) => JSON.parse(l.trim().split('  ')[0]) as unknown);
            expect(listed, `${where}: listed actions`).toEqual(legal);
          }
          for (const [re, want] of check.labelled(obs, state)) {
            const m = re.exec(obs.text);
            expect(m, `${where}: ${re} is in the text`).not.toBeNull();
            expect(Number(m![1]), `${where}: ${re}`).toBe(want);
          }
          for (const phrase of check.phrases?.(obs) ?? [])
            expect(obs.text, `${where}: says "${phrase}"`).toContain(phrase);
          // every other number is one the data holds
          let rest = check.board(obs.text, obs, state);
          for (const c of check.constants) rest = rest.replace(c, '');
          rest = rest.slice(0, rest.indexOf(ACTIONS_HEADING) >= 0 ? rest.indexOf(ACTIONS_HEADING) : undefined);
          const { text: _t, ...data } = obs;
          const known = numbersIn([data, legal, check.extra(obs, state)]);
          for (const m of rest.matchAll(/\d+/g)) {
            expect(
              known.has(Number(m[0])),
              `${where}: the number ${m[0]} at "${rest.slice(Math.max(0, m.index - 30), m.index + 10)}"`,
            ).toBe(true);
          }
          expect(obs.text, `${where}: no negative placeholder leaks into the text`).not.toMatch(/ -1\b/);
          states++;
          if (legal.length === 0) break;
          const r = game.step(state, pick(legal));
          expect(r.ok, where).toBe(true);
          if (r.ok) state = r.state;
        }
      }
    });
  });
}
