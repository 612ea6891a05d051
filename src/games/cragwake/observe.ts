/**
 * What a player sees: structured fields plus a text page for language models, with the band drawn top
 * to bottom, a legend, this turn's weather and every legal action with its price. Fogged rows are
 * drawn as `?` and their content never appears here.
 */
import type { Observation, ObserveOptions } from '../../core/game.js';
import { ACTIONS_HEADING, actionJson } from '../../core/text.js';
import { cellToken } from './cells.js';
import { difficulty } from './difficulty.js';
import { belayOf, breathDelta, cellAt } from './reach.js';
import { pricedActions } from './rules.js';
import { BAND, COUNT_SHIFT, KIND, WIDTH, isLedgeRow, type PricedAction, type CragwakeState } from './types.js';
import { maskCols, readableRow } from './wire.js';

/** The legend printed under the band. */
export const LEGEND =
  'J2 jug with 2 breaths left (J0: spent) · P plain hold · C crimp (base cost 2) · K2 cracked hold, 2 more ' +
  'uses · ~ frosting (no extra cost yet) · * icy (+2, no lunging from it) · . bare rock · ? fog · ' +
  '@ you · ^ overhanging row (+1) · = belay ledge (always costs 1) · g gusting column (+2) · ' +
  'R rockfall column (swept after your move)';

/** The fixed part of the text: the coordinates, the moves and what scores (a constant: free per answer). */
export const TEXT_GUIDE =
  'Coordinates: rows are absolute and count upward from 0 (row r+1 is above row r; the band is drawn top row ' +
  'first); columns run 0-5 from the left. A move names its target cell: a step reaches any of the 8 neighbours, ' +
  'a lunge reaches 2 columns sideways, or 2 sideways and 1 up, or 2 up and at most 1 across (+2 stamina). ' +
  'breathe on a jug with breaths left gains stamina, elsewhere it costs 1. Every ten rows a belay ledge ends ' +
  'the pitch and refills stamina; there send climbOn to go on or endRun to stop. At 0 stamina the run ends.\n' +
  'Scoring: 10 per row above your previous high point; reaching the belay of pitch n pays 100 x n plus 15 per ' +
  'stamina left; a pitch on which stamina never fell to 3 or below grows your clean streak (at most 6) and pays ' +
  '150 x the streak. Points are never lost.';

/** The turn frost next creeps, or null when it does not on this pitch. */
export function nextFrost(s: CragwakeState): number | null {
  const every = difficulty(s.pitch).frostEvery;
  if (every === 0) return null;
  return Math.ceil(s.turn / every) * every;
}

function describe(s: CragwakeState, p: PricedAction): string {
  const a = p.action;
  if (a.type === 'move') {
    const dr = a.row - s.row;
    const dc = a.col - s.col;
    const lunge = dr === 2 || dc === 2 || dc === -2;
    const ledge = isLedgeRow(a.row);
    const what = ledge ? 'belay ledge' : holdName(cellAt(s, a.row, a.col));
    // The move's JSON written directly (integers only; the key order `move` actions are made in):
    // moves are new objects on every call, so the per-object cache of `actionJson` never hits.
    const json = `{"type":"move","row":${a.row},"col":${a.col}}`;
    return `${json}  ${lunge ? 'lunge' : 'step'} to row ${a.row} col ${a.col} onto ${what}: costs ${p.cost}`;
  }
  const json = actionJson(a);
  if (a.type === 'breathe') {
    if (p.cost > 0) return `${json}  breathe: costs ${p.cost}`;
    const left = plural((cellAt(s, s.row, s.col) >> COUNT_SHIFT) & 3, 'breath');
    return p.cost < 0
      ? `${json}  breathe: gain ${-p.cost} stamina (this jug has ${left} left)`
      : `${json}  breathe: gain 0 (tank full) and spend a breath (this jug has ${left} left)`;
  }
  return a.type === 'climbOn' ? `${json}  start the next pitch` : `${json}  stop here and keep your score`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function holdName(cell: number): string {
  const t = cellToken(cell);
  const kind = cell & KIND;
  const base =
    kind === 1
      ? `jug, ${plural((cell >> COUNT_SHIFT) & 3, 'breath')} left`
      : kind === 3
        ? 'crimp'
        : t[0] === 'K'
          ? `cracked hold, ${plural(Number(t[1]), 'use')} left`
          : 'plain hold';
  return t.endsWith('*') ? `icy ${base}` : t.endsWith('~') ? `frosting ${base}` : base;
}

/** One row of the band as the observation shows it; a fogged row shows no cells. */
interface BandRow {
  row: number;
  fogged: boolean;
  /** Whether the row overhangs (+1 to every move onto it); null while fogged. */
  overhang: boolean | null;
  /** Six cell tokens (`J2`, `P`, `K1~`, `C*`, `.`), or `?` when fogged. */
  cells: string[];
}

/** What a Cragwake player sees: the `text` page and the same facts as fields. */
export interface CragwakeObservation extends Observation {
  pitch: number;
  belay: number;
  phase: CragwakeState['phase'];
  end: CragwakeState['end'];
  row: number;
  col: number;
  high: number;
  floor: number;
  stamina: number;
  tank: number;
  streak: number;
  dipped: boolean;
  score: number;
  turn: number;
  spindrift: number;
  foresight: number;
  /** Columns gusting this turn (+2 to move there). */
  gust: number[];
  /** The column rockfall sweeps after this move, or null. */
  rockfall: number | null;
  nextFrostTurn: number | null;
  /** What a breathe does to stamina now: +gain on a jug with breaths, -1 where it costs 1; null unless climbing. */
  breathe: number | null;
  /** The ten rows in view, top row first. */
  band: BandRow[];
  /** Every legal action with its stamina price. */
  moves: PricedAction[];
}

/** The observation of a state. */
export function observe(s: CragwakeState, options?: ObserveOptions): CragwakeObservation {
  const p = difficulty(s.pitch);
  const moves = pricedActions(s);
  const gust = maskCols(s.gust);
  const rockfall = s.rockfall < 0 ? null : s.rockfall;
  const band = [];
  for (let i = BAND - 1; i >= 0; i--) band.push(readableRow(s, i));
  const frost = nextFrost(s);
  return {
    text: options?.text === false ? '' : textOf(s, p, moves, gust, rockfall, band, frost),
    pitch: s.pitch,
    belay: belayOf(s),
    phase: s.phase,
    end: s.end,
    row: s.row,
    col: s.col,
    high: s.high,
    floor: s.floor,
    stamina: s.stamina,
    tank: p.tank,
    streak: s.streak,
    dipped: s.dipped,
    score: s.score,
    turn: s.turn,
    spindrift: s.spindrift,
    foresight: p.foresight,
    gust,
    rockfall,
    nextFrostTurn: frost,
    breathe: s.phase === 'climbing' ? breathDelta(s) : null,
    band,
    moves,
  };
}

/** The column header over the band (a constant). */
const COLUMNS_LINE = ('col  ' + Array.from({ length: WIDTH }, (_, c) => String(c).padEnd(5)).join('')).trimEnd();

/** The text page: status, the band drawn top row first, the legend, the guide and every legal action with its price. */
function textOf(
  s: CragwakeState,
  p: ReturnType<typeof difficulty>,
  moves: PricedAction[],
  gust: number[],
  rockfall: number | null,
  band: BandRow[],
  frost: number | null,
): string {
  const lines: string[] = [];
  const status =
    s.phase === 'over'
      ? `RUN OVER (${s.end === 'exhausted' ? 'out of stamina' : s.end === 'no_move' ? 'no affordable move' : 'ended at a ledge'})`
      : s.phase === 'ledge'
        ? `on the belay after pitch ${s.pitch - 1}: climb on or end the run`
        : 'climbing';
  lines.push(`Cragwake · pitch ${s.pitch} (belay at row ${belayOf(s)}) · turn ${s.turn} · ${status}`);
  lines.push(
    `You: row ${s.row}, col ${s.col} · high point ${s.high} · floor ${s.floor} · foresight ${p.foresight} rows`,
  );
  lines.push(
    `Stamina ${s.stamina}/${p.tank} · clean streak ${s.streak}${s.dipped ? ' (this pitch has dipped)' : ''} · score ${s.score} · spindrift ${s.spindrift}`,
  );
  lines.push(
    `This turn: ${gust.length ? `gust on column${gust.length > 1 ? 's' : ''} ${gust.join(', ')} (+2 to move there)` : 'no gust'}; ` +
      `${rockfall === null ? 'no rockfall' : `rockfall sweeps column ${rockfall} after your move`}` +
      `${frost === null ? '' : `; frost creeps every ${p.frostEvery} turns, next on turn ${frost}`}`,
  );
  lines.push('');
  lines.push(COLUMNS_LINE);
  for (const r of band) {
    let line = String(r.row).padStart(3) + '  ';
    for (let c = 0; c < WIDTH; c++) {
      let t = r.fogged ? '?' : isLedgeRow(r.row) ? '==' : r.cells[c];
      if (!r.fogged && r.row === s.row && c === s.col) t = '@' + t;
      line += t.padEnd(5);
    }
    if (r.overhang) line += '^';
    if (isLedgeRow(r.row) && !r.fogged) line += r.row === belayOf(s) ? 'belay (top of this pitch)' : 'ledge';
    lines.push(line.trimEnd());
  }
  let marks = '     ';
  for (let c = 0; c < WIDTH; c++) marks += ((s.gust & (1 << c) ? 'g' : '') + (c === s.rockfall ? 'R' : '')).padEnd(5);
  if (marks.trim()) lines.push(marks.trimEnd());
  lines.push('');
  lines.push('Legend: ' + LEGEND);
  lines.push('');
  lines.push(TEXT_GUIDE);
  lines.push('');
  if (moves.length === 0) lines.push('Legal actions now: none, the run is over.');
  else {
    lines.push(ACTIONS_HEADING + ', each followed by what it does and its stamina cost:');
    for (const m of moves) lines.push('  ' + describe(s, m));
  }

  return lines.join('\n');
}
