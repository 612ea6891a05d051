/**
 * Cragwake's numeric face (src/core/tensor.ts): an 18-action index whose moves are the 15 reaches
 * relative to the climber (the absolute target is the climber's cell plus the offset), and the
 * observation as 15 planes over the 10 x 6 band in view plus 25 features, built from `observe`'s
 * answer only: fogged rows stay blank (only the `fog` plane marks them).
 */
import type { GameAction, Observation } from '../../core/game.js';
import { planeWriter, type ActionSlot, type GameTensor, type TensorSpec } from '../../core/tensor.js';
import { cellToken } from './cells.js';
import { difficulty } from './difficulty.js';
import { nextFrost, type CragwakeObservation } from './observe.js';
import { belayOf, breathDelta, judgeTarget, visibleTop } from './reach.js';
import { BAND, isLedgeRow, WIDTH, type CragwakeState } from './types.js';

/** The 15 reaches, rows up and columns right: the 8 steps in reading order, then the 7 lunges. */
const REACHES: [number, number][] = [
  [1, -1],
  [1, 0],
  [1, 1],
  [0, -1],
  [0, 1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -2],
  [0, 2],
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 0],
  [2, 1],
];

const side = (n: number) => (n === 0 ? '' : `${Math.abs(n)} ${n < 0 ? 'left' : 'right'}`);
const vert = (n: number) => (n === 0 ? '' : `${Math.abs(n)} ${n < 0 ? 'down' : 'up'}`);

/** Every action that can ever be legal: 15 relative moves, then breathe, climbOn, endRun. */
export const ACTION_INDEX: ActionSlot[] = [
  ...REACHES.map(([rows, cols], i) => ({
    reach: { rows, cols },
    meaning:
      `${i < 8 ? 'step' : 'lunge'} ${[vert(rows), side(cols)].filter(Boolean).join(' and ')}: ` +
      `{"type":"move","row":climber row ${rows < 0 ? '-' : '+'} ${Math.abs(rows)},"col":climber col ${cols < 0 ? '-' : '+'} ${Math.abs(cols)}}`,
  })),
  { action: { type: 'breathe' }, meaning: 'breathe' },
  { action: { type: 'climbOn' }, meaning: 'climbOn: start the next pitch from the belay ledge' },
  { action: { type: 'endRun' }, meaning: 'endRun: stop at the ledge and keep the score' },
];

const FIXED: Record<string, number> = { breathe: 15, climbOn: 16, endRun: 17 };

/** The numeric observation's shape and the meaning of every plane and feature. */
export const TENSOR_SPEC: TensorSpec = {
  planes: {
    shape: [15, BAND, WIDTH],
    dtype: 'uint8',
    high: 255,
    axes: "channel, band row (0 is the band's top row, observation.band[0]), column 0-5 from the left",
    channels: [
      { name: 'climber', meaning: '1 on the climber' },
      { name: 'fog', meaning: '1 on every cell of a fogged row (nothing else is shown there)' },
      { name: 'bare', meaning: '1 on bare rock' },
      { name: 'jug', meaning: '1 on a jug (ledge cells are spent jugs, see ledge)' },
      { name: 'breaths', meaning: "a jug's breaths left" },
      { name: 'plain', meaning: '1 on a plain hold, cracked or not' },
      { name: 'cracks', meaning: "a cracked hold's uses left (0 uncracked)" },
      { name: 'crimp', meaning: '1 on a crimp' },
      { name: 'frosting', meaning: '1 on a frosting hold' },
      { name: 'icy', meaning: '1 on an icy hold' },
      { name: 'ledge', meaning: '1 on every cell of a belay ledge row' },
      { name: 'overhang', meaning: '1 on every cell of an overhanging row' },
      { name: 'gust', meaning: '1 on every cell of a column gusting this turn' },
      { name: 'rockfall', meaning: '1 on every cell of the column rockfall sweeps after this move' },
      { name: 'moveCost', meaning: "a legal move's stamina cost + 1 on its target cell (0: no legal move there)" },
    ],
  },
  features: {
    shape: [25],
    dtype: 'float32',
    low: -1,
    high: null,
    items: [
      { name: 'pitch', meaning: 'the pitch being climbed, from 1' },
      { name: 'belay', meaning: "the row of this pitch's belay ledge" },
      { name: 'climbing', meaning: '1 while climbing' },
      { name: 'onLedge', meaning: '1 on a belay ledge between pitches' },
      { name: 'over', meaning: '1 once the run is over' },
      { name: 'exhausted', meaning: '1 when the run ended at 0 stamina' },
      { name: 'noMove', meaning: '1 when the run ended with no affordable move' },
      { name: 'ended', meaning: '1 when the run was ended at a ledge' },
      { name: 'row', meaning: "the climber's absolute row" },
      { name: 'col', meaning: "the climber's column" },
      { name: 'high', meaning: 'the highest row reached' },
      { name: 'floor', meaning: "the band's lowest row" },
      { name: 'stamina', meaning: 'stamina' },
      { name: 'tank', meaning: 'stamina tank of this pitch' },
      { name: 'streak', meaning: 'clean streak, 0-6' },
      { name: 'dipped', meaning: '1 when stamina fell to 3 or below on this pitch' },
      { name: 'score', meaning: 'the score' },
      { name: 'turn', meaning: 'the turn, from 1' },
      { name: 'spindrift', meaning: 'spindrift' },
      { name: 'foresight', meaning: 'rows of foresight' },
      { name: 'rockfall', meaning: 'the column rockfall sweeps after this move; -1 when none' },
      { name: 'nextFrostTurn', meaning: 'the turn frost next creeps; -1 when none' },
      { name: 'breathe', meaning: 'stamina a breathe gives now (negative: it costs); 0 when none' },
      { name: 'canBreathe', meaning: '1 when breathe is legal now' },
      { name: 'bandTop', meaning: "the absolute row of the band's top row" },
    ],
  },
  mask: "actionMask[i] is 1 exactly when index i names a legal action now (for a reach: the move onto the climber's cell plus its offset).",
};

/** The planes a visible cell's token sets, with their values, as [plane, value, plane, value, ...]. */
function tokenPlanes(t: string): number[] {
  const out: number[] = [];
  const base = t.replace(/[~*]$/, '');
  if (t.endsWith('~')) out.push(8, 1);
  if (t.endsWith('*')) out.push(9, 1);
  if (base === '.') out.push(2, 1);
  else if (base[0] === 'J') out.push(3, 1, 4, Number(base.slice(1)));
  else if (base === 'P' || base[0] === 'K') {
    out.push(5, 1);
    if (base[0] === 'K') out.push(6, Number(base.slice(1)));
  } else if (base === 'C') out.push(7, 1);
  return out;
}

/** tokenPlanes by token, made once per token seen. */
const PLANES_OF_TOKEN = new Map<string, number[]>();
function planesOfToken(t: string): number[] {
  let p = PLANES_OF_TOKEN.get(t);
  if (p === undefined) PLANES_OF_TOKEN.set(t, (p = tokenPlanes(t)));
  return p;
}

/** For the state fast path: tokenPlanes of each packed cell code (0-63), as the observation spells it. */
const PLANES_OF_CELL: number[][] = Array.from({ length: 64 }, (_, code) => tokenPlanes(cellToken(code)));

/** The tensor's reaches as row and column offsets, for the mask fast path. */
const REACH_ROWS = REACHES.map(([r]) => r);
const REACH_COLS = REACHES.map(([, c]) => c);
const [, PH, PW] = TENSOR_SPEC.planes.shape;
const AREA = PH * PW;

/** planeWriter's `set` on a flat array: out-of-range cells ignored, values clamped to 0-255. */
function put(planes: Uint8Array, ch: number, y: number, x: number, v: number): void {
  if (y < 0 || y >= PH || x < 0 || x >= PW) return;
  planes[ch * AREA + y * PW + x] = v < 0 ? 0 : v > 255 ? 255 : v;
}

export const TENSOR: GameTensor<CragwakeState> = {
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  indexOf(s, a) {
    if (a.type !== 'move') return FIXED[a.type] ?? -1;
    const dr = (a.row as number) - s.row;
    const dc = (a.col as number) - s.col;
    return REACHES.findIndex(([r, c]) => r === dr && c === dc);
  },
  actionAt(s, i): GameAction | null {
    const slot = ACTION_INDEX[i];
    if (!slot) return null;
    if (slot.action) return slot.action;
    const row = s.row + slot.reach!.rows;
    const col = s.col + slot.reach!.cols;
    return row < 0 || col < 0 || col >= WIDTH ? null : { type: 'move', row, col };
  },
  encode(observation: Observation, into?: Uint8Array) {
    const o = observation as CragwakeObservation;
    const { planes, set } = planeWriter(TENSOR_SPEC.planes.shape, into);
    const top = o.band[0].row;
    o.band.forEach((r, y) => {
      for (let x = 0; x < WIDTH; x++) {
        if (r.fogged) {
          set(1, y, x);
          continue;
        }
        if (isLedgeRow(r.row)) set(10, y, x);
        if (r.overhang) set(11, y, x);
        const p = planesOfToken(r.cells[x]);
        for (let k = 0; k < p.length; k += 2) set(p[k], y, x, p[k + 1]);
      }
    });
    set(0, top - o.row, o.col);
    for (let y = 0; y < BAND; y++) {
      for (const c of o.gust) set(12, y, c);
      if (o.rockfall !== null) set(13, y, o.rockfall);
    }
    let canBreathe = 0;
    for (const m of o.moves) {
      if (m.action.type === 'move') set(14, top - (m.action.row as number), m.action.col as number, m.cost + 1);
      if (m.action.type === 'breathe') canBreathe = 1;
    }
    const features = Float32Array.from([
      o.pitch,
      o.belay,
      o.phase === 'climbing' ? 1 : 0,
      o.phase === 'ledge' ? 1 : 0,
      o.phase === 'over' ? 1 : 0,
      o.end === 'exhausted' ? 1 : 0,
      o.end === 'no_move' ? 1 : 0,
      o.end === 'ended' ? 1 : 0,
      o.row,
      o.col,
      o.high,
      o.floor,
      o.stamina,
      o.tank,
      o.streak,
      o.dipped ? 1 : 0,
      o.score,
      o.turn,
      o.spindrift,
      o.foresight,
      o.rockfall ?? -1,
      o.nextFrostTurn ?? -1,
      o.breathe ?? 0,
      canBreathe,
      top,
    ]);
    return { planes, features };
  },
  encodeState(s, planes, f) {
    // What encode(observe(s)) writes, read off the state: the band top row first, fog above the
    // visible top (nothing of a fogged row shown), each visible cell's planes by its packed code.
    const top = s.floor + BAND - 1;
    const seen = visibleTop(s);
    for (let y = 0; y < BAND; y++) {
      const i = BAND - 1 - y;
      const row = s.floor + i;
      const at = y * PW;
      if (row > seen) {
        for (let x = 0; x < WIDTH; x++) planes[AREA + at + x] = 1;
        continue;
      }
      const ledge = isLedgeRow(row);
      const overhang = (s.overhang & (1 << i)) !== 0;
      for (let x = 0; x < WIDTH; x++) {
        if (ledge) planes[10 * AREA + at + x] = 1;
        if (overhang) planes[11 * AREA + at + x] = 1;
        const p = PLANES_OF_CELL[s.cells[i * WIDTH + x]];
        for (let k = 0; k < p.length; k += 2) {
          const v = p[k + 1];
          planes[p[k] * AREA + at + x] = v < 0 ? 0 : v > 255 ? 255 : v;
        }
      }
    }
    put(planes, 0, top - s.row, s.col, 1);
    for (let y = 0; y < BAND; y++) {
      for (let c = 0; c < WIDTH; c++) if (s.gust & (1 << c)) put(planes, 12, y, c, 1);
      if (s.rockfall >= 0) put(planes, 13, y, s.rockfall, 1);
    }
    const climbing = s.phase === 'climbing';
    if (climbing) {
      // pricedActions' moves (forEachMove: judgeTarget's cost where it is not a refusal)
      const belay = belayOf(s);
      for (let k = 0; k < REACH_ROWS.length; k++) {
        const row = s.row + REACH_ROWS[k];
        const col = s.col + REACH_COLS[k];
        const cost = judgeTarget(s, row, col, belay);
        if (cost >= 0) put(planes, 14, top - row, col, cost + 1);
      }
    }
    const p = difficulty(s.pitch);
    f[0] = s.pitch;
    f[1] = belayOf(s);
    f[2] = climbing ? 1 : 0;
    f[3] = s.phase === 'ledge' ? 1 : 0;
    f[4] = s.phase === 'over' ? 1 : 0;
    f[5] = s.end === 'exhausted' ? 1 : 0;
    f[6] = s.end === 'no_move' ? 1 : 0;
    f[7] = s.end === 'ended' ? 1 : 0;
    f[8] = s.row;
    f[9] = s.col;
    f[10] = s.high;
    f[11] = s.floor;
    f[12] = s.stamina;
    f[13] = p.tank;
    f[14] = s.streak;
    f[15] = s.dipped ? 1 : 0;
    f[16] = s.score;
    f[17] = s.turn;
    f[18] = s.spindrift;
    f[19] = p.foresight;
    f[20] = s.rockfall < 0 ? -1 : s.rockfall;
    f[21] = nextFrost(s) ?? -1;
    f[22] = climbing ? breathDelta(s) : 0;
    f[23] = climbing ? 1 : 0;
    f[24] = top;
  },
  maskState(s, mask) {
    // legalActions: on a ledge climbOn and endRun; climbing, every reach judgeTarget allows, and breathe.
    if (s.phase === 'ledge') {
      mask[16] = 1;
      mask[17] = 1;
      return;
    }
    if (s.phase !== 'climbing') return;
    const belay = belayOf(s);
    for (let k = 0; k < REACH_ROWS.length; k++)
      if (judgeTarget(s, s.row + REACH_ROWS[k], s.col + REACH_COLS[k], belay) >= 0) mask[k] = 1;
    mask[15] = 1;
  },
};
