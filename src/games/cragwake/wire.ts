/**
 * The state as it travels. `data` is everything a player may read: position, stamina, score, this
 * turn's gust and rockfall, and the band with its fogged rows blanked. `secret` (sealed by the server)
 * holds the seed and the fogged rows' true content: every row and every future gust is a pure function
 * of the seed and our code is public, so a readable seed would let a client compute the fog.
 */
import type { Json, WireState } from '../../core/game.js';
import { isSeed } from '../../core/rng.js';
import { cellToken, tokenCell } from './cells.js';
import { difficulty } from './difficulty.js';
import { generateRows } from './generate.js';
import { floorFor, visibleTop } from './reach.js';
import {
  BAND,
  KIND,
  LEDGE_CELL,
  LEDGE_EVERY,
  NONE,
  WIDTH,
  isLedgeRow,
  zeros,
  type EndReason,
  type Phase,
  type State,
} from './types.js';

const BLANK: readonly string[] = ['', '', '', '', '', ''];

function rowCells(s: State, i: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < WIDTH; c++) out.push(cellToken(s.cells[i * WIDTH + c]));
  return out;
}

/** A band row as a player sees it (blank when fogged). */
export function readableRow(
  s: State,
  i: number,
): { row: number; fogged: boolean; overhang: boolean | null; cells: string[] } {
  const row = s.floor + i;
  if (row > visibleTop(s)) return { row, fogged: true, overhang: null, cells: [...BLANK] };
  return { row, fogged: false, overhang: (s.overhang & (1 << i)) !== 0, cells: rowCells(s, i) };
}

/** The columns set in a six-bit column mask (gusts), ascending. */
export function maskCols(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < WIDTH; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** The state split into its readable and sealed parts. */
export function toWire(s: State): WireState {
  const band: Json[] = [];
  const fog: Json[] = [];
  for (let i = 0; i < BAND; i++) {
    const r = readableRow(s, i);
    band.push(r);
    if (r.fogged) fog.push({ row: r.row, overhang: (s.overhang & (1 << i)) !== 0, cells: rowCells(s, i) });
  }
  return {
    data: {
      pitch: s.pitch,
      phase: s.phase,
      end: s.end,
      row: s.row,
      col: s.col,
      high: s.high,
      floor: s.floor,
      stamina: s.stamina,
      turn: s.turn,
      score: s.score,
      streak: s.streak,
      dipped: s.dipped,
      spindrift: s.spindrift,
      gust: maskCols(s.gust),
      rockfall: s.rockfall < 0 ? null : s.rockfall,
      band,
    },
    secret: { seed: s.seed, fog },
  };
}

function fail(what: string): never {
  throw new Error(`not a Cragwake state: ${what}`);
}

function obj(x: unknown, what: string): Record<string, unknown> {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) fail(`${what} must be an object`);
  return x as Record<string, unknown>;
}

function int(x: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    fail(`${what} must be an integer in ${min}..${max}`);
  return x;
}

function bool(x: unknown, what: string): boolean {
  if (typeof x !== 'boolean') fail(`${what} must be true or false`);
  return x;
}

function parseCells(x: unknown, row: number, into: number[], at: number): void {
  if (!Array.isArray(x) || x.length !== WIDTH) fail(`row ${row} needs ${WIDTH} cells`);
  for (let c = 0; c < WIDTH; c++) {
    const code = tokenCell(x[c]);
    if (code < 0) fail(`row ${row} col ${c} holds ${JSON.stringify(x[c])}`);
    if (isLedgeRow(row) && code !== LEDGE_CELL) fail(`ledge row ${row} must be six spent jugs`);
    into[at + c] = code;
  }
}

const PHASES: readonly Phase[] = ['climbing', 'ledge', 'over'];
const ENDS: readonly EndReason[] = ['exhausted', 'no_move', 'ended'];

/** Rebuilds a state from `toWire` output; throws on anything malformed. */
export function fromWire(wire: WireState): State {
  const w = obj(wire, 'the wire state');
  const d = obj(w.data, 'data');
  const sec = obj(w.secret, 'secret');
  const seed = sec.seed;
  if (!isSeed(seed)) fail('the seed is missing or out of range');
  const phase = d.phase as Phase;
  if (!PHASES.includes(phase)) fail(`unknown phase ${JSON.stringify(d.phase)}`);
  const end = d.end as EndReason | null;
  if (phase === 'over' ? !ENDS.includes(end as EndReason) : end !== null)
    fail('end must name why a run is over, and only then');
  const pitch = int(d.pitch, 'pitch', 1, 1e7);
  const high = int(d.high, 'high', 0);
  const floor = int(d.floor, 'floor', 0);
  if (floor !== floorFor(pitch, high))
    fail(`floor ${floor} does not follow from pitch ${pitch} and high point ${high}`);
  const belay = LEDGE_EVERY * pitch;
  if (high >= belay) fail('the high point must be under the next belay (reaching it completes the pitch)');
  if (phase === 'ledge' && high !== floor) fail('a completed belay must be the high point');
  const row = int(d.row, 'row', floor, high);
  const col = int(d.col, 'col', 0, WIDTH - 1);
  const stamina = int(d.stamina, 'stamina', 0, difficulty(pitch).tank);
  if (phase !== 'over' && stamina === 0) fail('a run with 0 stamina is over');
  const turn = int(d.turn, 'turn', 1);
  const score = int(d.score, 'score', 0);
  const streak = int(d.streak, 'streak', 0, 6);
  const dipped = bool(d.dipped, 'dipped');
  const spindrift = int(d.spindrift, 'spindrift', 0);
  if (!Array.isArray(d.gust)) fail('gust must list columns');
  let gust = 0;
  for (const c of d.gust) {
    const k = int(c, 'a gust column', 0, WIDTH - 1);
    if (gust >> k) fail('gust columns must be distinct and ascending');
    gust |= 1 << k;
  }
  const rockfall = d.rockfall === null ? -1 : int(d.rockfall, 'rockfall', 0, WIDTH - 1);
  if (!Array.isArray(d.band) || d.band.length !== BAND) fail(`band must hold exactly ${BAND} rows`);
  if (!Array.isArray(sec.fog)) fail('secret.fog must be a list');
  const top = high + difficulty(pitch).foresight;
  const cells = zeros(BAND * WIDTH);
  let overhang = 0;
  let f = 0;
  for (let i = 0; i < BAND; i++) {
    const r = obj(d.band[i], `band row ${i}`);
    const rowNo = floor + i;
    if (r.row !== rowNo) fail(`band row ${i} must be row ${rowNo}`);
    const fogged = bool(r.fogged, `row ${rowNo} fogged`);
    if (fogged !== rowNo > top)
      fail(`row ${rowNo} is ${fogged ? '' : 'not '}fogged but should ${fogged ? 'not ' : ''}be`);
    let source: Record<string, unknown> = r;
    if (fogged) {
      if (r.overhang !== null || JSON.stringify(r.cells) !== JSON.stringify(BLANK))
        fail(`fogged row ${rowNo} must be blank`);
      source = obj(sec.fog[f++], `fogged row ${rowNo}`);
      if (source.row !== rowNo) fail(`secret fog out of step at row ${rowNo}`);
    }
    if (bool(source.overhang, `row ${rowNo} overhang`)) {
      if (isLedgeRow(rowNo)) fail(`ledge row ${rowNo} cannot overhang`);
      overhang |= 1 << i;
    }
    parseCells(source.cells, rowNo, cells, i * WIDTH);
  }
  if (f !== sec.fog.length) fail('secret.fog holds rows that are not fogged');
  if ((cells[(row - floor) * WIDTH + col] & KIND) === NONE) fail('the climber hangs on bare rock');
  return {
    seed,
    pitch,
    phase,
    end,
    row,
    col,
    high,
    floor,
    stamina,
    turn,
    score,
    streak,
    dipped,
    spindrift,
    gust,
    rockfall,
    overhang,
    cells,
    pristineTop: generateRows(seed, floor + BAND - 1, floor + BAND - 1, zeros(WIDTH), 0),
  };
}
