/**
 * Builds Cragwake positions from small text maps, for the tests beside the code. A map lists rows top
 * to bottom as `<row>: <six cells> [^]`, cells spelled as in cells.ts (`.`, `J2`, `P`, `K1`, `C`, with
 * `~` frosting or `*` icy), `@` before the climber's cell, a trailing `^` for an overhanging row, and
 * `<row>: =` for a ledge. Band rows the map leaves out are bare rock (ledges stay ledges).
 */
import { difficulty } from './difficulty.js';
import { generateRows } from './generate.js';
import { tokenCell, cellToken } from './cells.js';
import { floorFor } from './reach.js';
import { step } from './rules.js';
import { startAt as freshClimber } from './rules.js';
import {
  BAND,
  KIND,
  LEDGE_CELL,
  NONE,
  WIDTH,
  isLedgeRow,
  zeros,
  type CragwakeAction,
  type Phase,
  type CragwakeState,
} from './types.js';
import type { GameEvent } from '../../core/game.js';

/** Everything about a test position that the map does not draw. */
export interface MapOptions {
  pitch?: number;
  high?: number;
  stamina?: number;
  turn?: number;
  gust?: number[];
  rockfall?: number | null;
  seed?: number;
  score?: number;
  streak?: number;
  dipped?: boolean;
  spindrift?: number;
  phase?: Phase;
}

/** A state drawn from a text map. Throws on a map that does not make a position. */
export function fromMap(map: string, setup: MapOptions = {}): CragwakeState {
  const rows = new Map<number, { cells: number[]; overhang: boolean }>();
  let at: [number, number] | null = null;
  for (const raw of map.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(\d+):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`bad map line "${line}"`);
    const row = Number(m[1]);
    let rest = m[2].trim();
    if (rest === '=') {
      if (!isLedgeRow(row)) throw new Error(`row ${row} is not a ledge row`);
      rows.set(row, { cells: new Array<number>(WIDTH).fill(LEDGE_CELL), overhang: false });
      continue;
    }
    const overhang = rest.endsWith('^');
    if (overhang) rest = rest.slice(0, -1).trim();
    const toks = rest.split(/\s+/);
    if (toks.length !== WIDTH) throw new Error(`row ${row} needs ${WIDTH} cells: "${line}"`);
    const cells = toks.map((t, c) => {
      if (t.startsWith('@')) {
        at = [row, c];
        t = t.slice(1);
      }
      if (t === '=') return LEDGE_CELL;
      const code = tokenCell(t);
      if (code < 0) throw new Error(`bad cell "${t}" in row ${row}`);
      return code;
    });
    rows.set(row, { cells, overhang });
  }
  if (at === null) throw new Error('the map has no climber (@)');
  const [row, col] = at as [number, number];
  const pitch = setup.pitch ?? Math.floor(row / 10) + 1;
  const high = setup.high ?? row;
  const floor = floorFor(pitch, high);
  const seed = setup.seed ?? 0;
  const cells = zeros(BAND * WIDTH);
  let overhang = 0;
  for (let i = 0; i < BAND; i++) {
    const r = floor + i;
    const given = rows.get(r);
    rows.delete(r);
    for (let c = 0; c < WIDTH; c++) cells[i * WIDTH + c] = isLedgeRow(r) ? LEDGE_CELL : (given?.cells[c] ?? NONE);
    if (given?.overhang) overhang |= 1 << i;
  }
  if (rows.size > 0) throw new Error(`rows ${[...rows.keys()].join(', ')} are outside the band ${floor}..${floor + 9}`);
  if ((cells[(row - floor) * WIDTH + col] & KIND) === NONE) throw new Error('the climber is on bare rock');
  let gust = 0;
  for (const c of setup.gust ?? []) gust |= 1 << c;
  return {
    seed,
    pitch,
    phase: setup.phase ?? 'climbing',
    end: setup.phase === 'over' ? 'ended' : null,
    row,
    col,
    high,
    floor,
    stamina: setup.stamina ?? difficulty(pitch).tank,
    turn: setup.turn ?? 1,
    score: setup.score ?? 0,
    streak: setup.streak ?? 0,
    dipped: setup.dipped ?? false,
    spindrift: setup.spindrift ?? 0,
    gust,
    rockfall: setup.rockfall ?? -1,
    overhang,
    cells,
    pristineTop: generateRows(seed, floor + BAND - 1, floor + BAND - 1, zeros(WIDTH), 0),
  };
}

/** The token at an absolute cell of the band. */
export function tokenAt(s: CragwakeState, row: number, col: number): string {
  return cellToken(s.cells[(row - s.floor) * WIDTH + col]);
}

/** Plays `actions` from `s`, failing loudly on a refusal; returns the final state and every event. */
export function play(s: CragwakeState, ...actions: CragwakeAction[]): { state: CragwakeState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  for (const action of actions) {
    const r = step(s, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} was refused: ${r.reason}: ${r.message}`);
    s = r.state;
    events = events.length === 0 ? r.events : [...events, ...r.events];
  }
  return { state: s, events };
}

/** The refusal of `a` in `s` (its reason and message), or null when the engine accepts it. */
export function refusal(s: CragwakeState, a: unknown): { reason: string; message: string } | null {
  const r = step(s, a as CragwakeAction);
  return r.ok ? null : { reason: r.reason, message: r.message };
}

/** A move action. */
export function mv(row: number, col: number): CragwakeAction {
  return { type: 'move', row, col };
}

/** A fresh climber standing on the ledge that starts `pitch`, on that seed's wall (for deep tests). */
export function startAt(seed: number, pitch: number, col = 3): CragwakeState {
  return freshClimber(seed, pitch, col);
}
