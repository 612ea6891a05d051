/**
 * Cragwake's numeric face (src/core/tensor.ts): an 18-action index whose moves are the 15 reaches
 * relative to the climber (the absolute target is the climber's cell plus the offset), and the
 * observation as 15 planes over the 10 x 6 band in view plus 25 features, built from `observe`'s
 * answer only: fogged rows stay blank (only the `fog` plane marks them).
 */
import type { GameAction, Observation } from '../../core/game.js';
import { planeWriter, type ActionSlot, type GameTensor, type TensorSpec } from '../../core/tensor.js';
import type { CragwakeObservation } from './observe.js';
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
        const t = r.cells[x];
        const base = t.replace(/[~*]$/, '');
        if (t.endsWith('~')) set(8, y, x);
        if (t.endsWith('*')) set(9, y, x);
        if (base === '.') set(2, y, x);
        else if (base[0] === 'J') {
          set(3, y, x);
          set(4, y, x, Number(base.slice(1)));
        } else if (base === 'P' || base[0] === 'K') {
          set(5, y, x);
          if (base[0] === 'K') set(6, y, x, Number(base.slice(1)));
        } else if (base === 'C') set(7, y, x);
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
};
