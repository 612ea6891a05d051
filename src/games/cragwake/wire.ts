/**
 * The state as it travels. `data` is everything a player may read: position, stamina, score, this
 * turn's gust and rockfall, and the band with its fogged rows blanked. `secret` (sealed by the server)
 * holds the seed and the fogged rows' true content: every row and every future gust is a pure function
 * of the seed and our code is public, so a readable seed would let a client compute the fog.
 *
 * The secret has one fixed length whatever it holds: the seed as eight hex digits, and the fog as a
 * string of MAX_FOG fixed-width row slots, the unused ones filled. A sealed part whose length followed
 * the fog's content (a jug spells `J1`, bare rock `.`) would tell a client how many jugs are hidden.
 */
import type { Json, WireState } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { cellToken, tokenCell } from './cells.js';
import { difficulty } from './difficulty.js';
import { newState } from './fresh.js';
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
  type CragwakeState,
} from './types.js';

const BLANK: readonly string[] = ['', '', '', '', '', ''];

function rowCells(s: CragwakeState, i: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < WIDTH; c++) out.push(cellToken(s.cells[i * WIDTH + c]));
  return out;
}

/** A band row as a player sees it (blank when fogged). */
export function readableRow(
  s: CragwakeState,
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

/**
 * The most rows ever fogged: the band's top is at most 9 rows over the high point (at a pitch's start)
 * and foresight never drops under 3.
 */
const MAX_FOG = 6;
/** One character per packed cell code (0-63), so a fogged row is a fixed 7 characters. */
const CELL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A fog slot: the overhang flag ('0' or '1'), then six cells. */
const SLOT = 1 + WIDTH;
const EMPTY_SLOT = '.'.repeat(SLOT);

/** The fogged rows, bottom first, as MAX_FOG fixed slots (unused ones `.......`). */
function fogString(s: CragwakeState, first: number): string {
  let out = '';
  for (let i = first; i < BAND; i++) {
    out += s.overhang & (1 << i) ? '1' : '0';
    for (let c = 0; c < WIDTH; c++) out += CELL_CHARS[s.cells[i * WIDTH + c]];
  }
  return out + EMPTY_SLOT.repeat(MAX_FOG - (BAND - first));
}

/** The seed as eight lowercase hex digits, the same length for every seed. */
/** A free seed as eight hex digits; a wide seed is already its 32. */
function seedString(seed: Seed): string {
  return typeof seed === 'number' ? seed.toString(16).padStart(8, '0') : seed;
}

/** The state split into its readable and sealed parts. */
export function toWire(s: CragwakeState): WireState {
  const band: Json[] = [];
  let firstFogged = BAND;
  for (let i = 0; i < BAND; i++) {
    const r = readableRow(s, i);
    // Every object's keys in sorted order: the server's tag text (canonical JSON, keys sorted) is then
    // exactly what JSON.stringify writes (src/server/state/seal.ts, sealReadable).
    band.push({ cells: r.cells, fogged: r.fogged, overhang: r.overhang, row: r.row });
    if (r.fogged && firstFogged === BAND) firstFogged = i;
  }
  return {
    data: {
      band,
      col: s.col,
      dipped: s.dipped,
      end: s.end,
      floor: s.floor,
      gust: maskCols(s.gust),
      high: s.high,
      phase: s.phase,
      pitch: s.pitch,
      rockfall: s.rockfall < 0 ? null : s.rockfall,
      row: s.row,
      score: s.score,
      spindrift: s.spindrift,
      stamina: s.stamina,
      streak: s.streak,
      turn: s.turn,
    },
    secret: { seed: seedString(s.seed), fog: fogString(s, firstFogged) },
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

/** A fog slot's cell character as a cell token (an unknown character gives one parseCells refuses). */
function charToken(ch: string): string {
  const code = CELL_CHARS.indexOf(ch);
  return code < 0 ? '' : cellToken(code);
}

const PHASES: readonly Phase[] = ['climbing', 'ledge', 'over'];
const ENDS: readonly EndReason[] = ['exhausted', 'no_move', 'ended'];

/** Rebuilds a state from `toWire` output; throws on anything malformed. */
export function fromWire(wire: WireState): CragwakeState {
  const w = obj(wire, 'the wire state');
  const d = obj(w.data, 'data');
  const sec = obj(w.secret, 'secret');
  if (typeof sec.seed !== 'string' || !/^(?:[0-9a-f]{8}|[0-9a-f]{32})$/.test(sec.seed))
    fail('the seed must be eight hex digits (a free seed) or 32 (a wide one)');
  const seed: Seed = sec.seed.length === 8 ? parseInt(sec.seed, 16) : sec.seed;
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
  const fog = sec.fog;
  if (typeof fog !== 'string' || fog.length !== MAX_FOG * SLOT) fail(`secret.fog must be ${MAX_FOG * SLOT} characters`);
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
    let over: boolean;
    if (fogged) {
      if (r.overhang !== null || JSON.stringify(r.cells) !== JSON.stringify(BLANK))
        fail(`fogged row ${rowNo} must be blank`);
      const slot = fog.slice(f * SLOT, ++f * SLOT);
      if (f > MAX_FOG || (slot[0] !== '0' && slot[0] !== '1')) fail(`secret fog out of step at row ${rowNo}`);
      over = slot[0] === '1';
      parseCells([...slot.slice(1)].map(charToken), rowNo, cells, i * WIDTH);
    } else {
      over = bool(r.overhang, `row ${rowNo} overhang`);
      parseCells(r.cells, rowNo, cells, i * WIDTH);
    }
    if (over) {
      if (isLedgeRow(rowNo)) fail(`ledge row ${rowNo} cannot overhang`);
      overhang |= 1 << i;
    }
  }
  if (fog.slice(f * SLOT) !== EMPTY_SLOT.repeat(MAX_FOG - f)) fail('secret.fog holds rows that are not fogged');
  if ((cells[(row - floor) * WIDTH + col] & KIND) === NONE) fail('the climber hangs on bare rock');
  // made by `newState` (see fresh.ts), so `step` sees one shape of state whichever way it came
  const s = newState({
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
  });
  return s;
}
