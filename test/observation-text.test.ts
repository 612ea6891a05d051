/**
 * Text and data agree: for many random states of every game, the `text` of the observation is checked
 * against the structured fields. The legal-actions block must list exactly `legalActions` as JSON; the
 * board drawn in the text must be the board in the data; labelled numbers (score, position, ...) must
 * equal their fields; and every other number left in the text must be one the data (or, where a field
 * does not carry it, the engine state) holds. The fixed guide and legend paragraphs are removed first:
 * they are constants, checked against the rules by reading.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction, Observation } from '../src/core/game.js';
import { ACTIONS_HEADING } from '../src/core/text.js';
import { Rng } from '../src/core/rng.js';
import { entryFor } from '../src/core/registry.js';
import { registry, type Slug } from '../src/games/index.js';
import { TEXT_GUIDE as WHIRLYARD_GUIDE } from '../src/games/whirlyard/observe.js';
import { TEXT_GUIDE as DELVEWICK_GUIDE } from '../src/games/delvewick/observe.js';
import { LEGEND as CRAGWAKE_LEGEND, TEXT_GUIDE as CRAGWAKE_GUIDE } from '../src/games/cragwake/observe.js';
import { LEGEND as BRIARWINK_LEGEND, TEXT_GUIDE as BRIARWINK_GUIDE } from '../src/games/briarwink/observe.js';
import type { WhirlyardState } from '../src/games/whirlyard/types.js';
import type { CragwakeState } from '../src/games/cragwake/types.js';
import type { BriarwinkState } from '../src/games/briarwink/types.js';
import { difficulty } from '../src/games/cragwake/difficulty.js';

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
interface TextCheck {
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
function splitBoard(text: string, isRuler: (l: string) => boolean, row: RegExp, rows: string[]): string {
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

const CHECKS: Record<Slug, TextCheck> = {
  whirlyard: {
    constants: [
      WHIRLYARD_GUIDE,
      'Legend: R rover, d drone, C charged drone, # scrap, . empty, X rover caught by a drone.',
      'Coordinates (x,y): x is the column 0-5 left to right, y the row 0-5 top to bottom.',
    ],
    board(text, o) {
      const grid = Array.from({ length: 6 }, () => Array<string>(6).fill('.'));
      for (const c of o.scrap as { x: number; y: number }[]) grid[c.y][c.x] = '#';
      for (const d of o.drones as { x: number; y: number; charged: boolean }[]) grid[d.y][d.x] = d.charged ? 'C' : 'd';
      const r = o.rover as { x: number; y: number };
      const caught = (o.drones as { x: number; y: number }[]).some((d) => d.x === r.x && d.y === r.y);
      grid[r.y][r.x] = caught ? 'X' : 'R';
      return splitBoard(
        text,
        (l) => l === '  012345 x' || l === 'y',
        /^(\d) (.{6})$/,
        grid.map((g) => g.join('')),
      );
    },
    labelled: (o) => [
      [/score (\d+)/, o.score as number],
      [/wave (\d+), turn/, o.wave as number],
      [/turn (\d+) \(wave turn/, o.turn as number],
      [/\(wave turn (\d+)\)/, o.waveTurn as number],
      [/Charges (\d+)\//, o.charges as number],
      [/You \(R\) are at \((\d+),/, (o.rover as { x: number }).x],
      [/You \(R\) are at \(\d+,(\d+)\)/, (o.rover as { y: number }).y],
      [/Drones (\d+) /, (o.drones as unknown[]).length],
      [/scrap (\d+)\./, (o.scrap as unknown[]).length],
    ],
    phrases: (o) => [
      `pulse used this wave: ${o.pulseUsedThisWave ? 'yes' : 'no'}`,
      o.endReason === 'caught' ? 'Status: CAUGHT' : o.endReason === 'ended' ? 'Status: ENDED' : 'Status: in play',
    ],
    extra: (o, s) => [
      // the cadence (every 3rd action), the next charged wave turn, and the count of charged drones
      3,
      (s as WhirlyardState).waveTurn + ((o.actionsUntilChargedStep as number | null) ?? 0),
      (o.drones as { charged: boolean }[]).filter((d) => d.charged).length,
      (o.drones as unknown[]).length,
      (o.scrap as unknown[]).length,
    ],
  },
  delvewick: {
    constants: [
      DELVEWICK_GUIDE,
      'x counts columns from 0 at the left (read the column number downward through the two ruler lines), y counts rows from 0 at the top.',
    ],
    board: (text, o) =>
      splitBoard(text, (l) => /^ {4}[ \d]*$/.test(l) && l.trim().length > 0, /^ *(\d+) (\S+)$/, o.grid as string[]),
    labelled: (o) => [
      [/Score (\d+)/, o.score as number],
      [/Gems (\d+)\//, o.gems as number],
      [/Gems \d+\/(\d+)/, o.quota as number],
      [/Oil (\d+)/, o.oil as number],
      [/Chain (\d+)/, o.chain as number],
      [/level (\d+) of/, o.level as number],
    ],
    phrases: (o) => [o.exitOpen ? 'exit OPEN' : 'exit closed'],
    extra: (o) => {
      // the gem and exit coordinates are read off the grid; "n more to open" is quota - gems
      const out = [o.quota as number, (o.quota as number) - (o.gems as number)];
      const grid = o.grid as string[];
      for (let y = 0; y < grid.length; y++)
        for (let x = 0; x < grid[y].length; x++) if ('*vXE'.includes(grid[y][x])) out.push(x, y);
      return out;
    },
  },
  cragwake: {
    constants: [CRAGWAKE_GUIDE, 'Legend: ' + CRAGWAKE_LEGEND],
    board(text, o) {
      const band = o.band as { row: number; fogged: boolean; cells: string[] }[];
      const lines = text.split('\n');
      const kept: string[] = [];
      for (const line of lines) {
        if (line.startsWith('col  ') || /^ {5}[gR ]+$/.test(line)) continue;
        const m = /^ *(\d+) {2}(.*)$/.exec(line);
        const r = m && band.find((b) => b.row === Number(m[1]));
        if (m && r) {
          const tokens = m[2]
            .replace(/(belay \(top of this pitch\)|ledge|\^)$/, '')
            .trim()
            .split(/\s+/);
          const want = r.fogged ? r.cells.map(() => '?') : r.cells.map((c) => (r.row % 10 === 0 ? '==' : c));
          expect(
            tokens.map((t) => t.replace('@', '')),
            `band row ${r.row}`,
          ).toEqual(want);
          continue;
        }
        kept.push(line);
      }
      return kept.join('\n');
    },
    labelled: (o) => [
      [/score (\d+)/, o.score as number],
      [/You: row (\d+)/, o.row as number],
      [/You: row \d+, col (\d+)/, o.col as number],
      [/Stamina (\d+)\//, o.stamina as number],
      [/Stamina \d+\/(\d+)/, o.tank as number],
      [/pitch (\d+) \(belay/, o.pitch as number],
      [/turn (\d+) ·/, o.turn as number],
    ],
    extra: (o, s) => {
      const st = s as CragwakeState;
      return [(o.pitch as number) - 1, difficulty(st.pitch).frostEvery];
    },
  },
  briarwink: {
    constants: [
      BRIARWINK_GUIDE,
      'Legend: ' + BRIARWINK_LEGEND,
      'Map (x 0-6 left to right, y 0-8 top to bottom, cell = y*7+x):',
    ],
    board: (text, o) => splitBoard(text, (l) => l === '   0123456', /^ (\d) (.{7})$/, o.map as string[]),
    labelled: (o) => {
      const p = o.player as Record<string, number>;
      return [
        [/Score (\d+)/, p.score],
        [/hearts (\d+)\//, p.hearts],
        [/pods (\d+)\//, p.podsOut],
        [/pods \d+\/(\d+)/, p.podCap],
        [/reach (\d+)/, p.reach],
        [/step (\d+) ticks/, p.stepTicks],
        [/nights cleared (\d+)/, p.nightsCleared],
        [/relit (\d+)/, p.relitTotal],
        [/dimlings left (\d+)/, p.dimlingsLeft],
        [/ - tick (\d+)/, o.turn as number],
        [/night (\d+) \(band/, p.night],
        [/\(band (\d+),/, p.band],
        ...(p.grace >= 0 ? [[/grace (\d+) ticks/, p.grace] as [RegExp, number]] : []),
        ...(p.regrowNextIn >= 0 ? [[/next sprout in (\d+)/, p.regrowNextIn] as [RegExp, number]] : []),
        ...(p.x >= 0
          ? [[/at \((\d+),\d+\) cell/, p.x] as [RegExp, number], [/at \(\d+,(\d+)\) cell/, p.y] as [RegExp, number]]
          : []),
      ];
    },
    phrases: (o) => {
      const p = o.player as Record<string, number>;
      return [
        ...(p.grace < 0 ? ['grace none'] : []),
        ...(p.regrowNextIn < 0 && p.calmLeft >= 0 ? ['no regrowth'] : []),
        ...(p.x < 0 ? ['You: hearts', 'away, back in'] : []),
        o.status === 'over' ? 'the run is over' : (o.status as string),
      ];
    },
    extra: (o, s) => {
      // cells print as (x,y) too; your cell number, the night tick, step progress, power levels (1-3), the caps
      const st = s as BriarwinkState;
      const p = o.player as Record<string, number>;
      const out = [p.y * 7 + p.x, st.nightTick, st.pProg, st.pSteps, st.away, 1, 2, 3, 5, 12];
      for (let c = 0; c < 63; c++) out.push(c % 7, Math.floor(c / 7));
      return out;
    },
  },
};

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

describe.each(registry.games.map((g) => [g.spec.slug, g] as const))('%s: text and data agree', (slug, game) => {
  const check = entryFor(CHECKS, slug)!;

  it('has a check', () => expect(check, `add a TextCheck for ${slug}`).toBeDefined());

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
