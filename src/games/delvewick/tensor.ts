/**
 * Delvewick's numeric face (src/core/tensor.ts): the 5-action index and the observation as 11 planes
 * over the largest level's board (smaller boards sit in the top-left corner, `board` marks their
 * cells) plus 17 features, built from `observe`'s answer only.
 */
import { fixedIndex, type ActionSlot, type GameTensor, type TensorSpec } from '../../core/tensor.js';
import type { Observation } from '../../core/game.js';
import { LEVELS } from './generate.js';
import type { DelvewickObservation } from './observe.js';
import { renderRows } from './board.js';
import { checkMove, MOVE_OK } from './moves.js';
import { END_REASONS, PLAYING, type DelvewickState } from './types.js';

/** Every action that can ever be legal: the four moves in the grammar's order, then wait. */
export const ACTION_INDEX: ActionSlot[] = [
  ...(['up', 'down', 'left', 'right'] as const).map((d) => ({
    action: { type: 'move', dir: d },
    meaning: `move ${d}`,
  })),
  { action: { type: 'wait' }, meaning: 'wait one tick' },
];

const H = Math.max(...LEVELS.map((l) => l.h));
const W = Math.max(...LEVELS.map((l) => l.w));

/** Plane of each legend character (a falling thing also marks the `falling` plane, 8). */
const PLANE: Record<string, number[]> = {
  M: [1],
  '#': [2],
  '%': [3],
  '.': [4],
  O: [5],
  o: [5, 8],
  '*': [6],
  v: [6, 8],
  G: [7],
  g: [7, 8],
  X: [9],
  E: [10],
};

/** The numeric observation's shape and the meaning of every plane and feature. */
export const TENSOR_SPEC: TensorSpec = {
  planes: {
    shape: [11, H, W],
    dtype: 'uint8',
    high: 1,
    axes: `channel, y (row 0 at the top), x (column 0 at the left); the board fills the top-left height x width corner of ${H} x ${W}`,
    channels: [
      { name: 'board', meaning: "1 on every cell of this level's board (0 is padding)" },
      { name: 'mole', meaning: '1 on the mole' },
      { name: 'bedrock', meaning: '1 on bedrock' },
      { name: 'soil', meaning: '1 on soil' },
      { name: 'empty', meaning: '1 on an empty cell' },
      { name: 'boulder', meaning: '1 on a boulder, at rest or falling' },
      { name: 'gem', meaning: '1 on a gem, at rest or falling' },
      { name: 'geode', meaning: '1 on a geode, at rest or falling' },
      { name: 'falling', meaning: '1 on a falling boulder, gem or geode' },
      { name: 'exitClosed', meaning: '1 on a closed exit' },
      { name: 'exitOpen', meaning: '1 on an open exit' },
    ],
  },
  features: {
    shape: [17],
    dtype: 'float32',
    low: -1,
    high: null,
    items: [
      { name: 'level', meaning: 'current level, 1 to 8' },
      { name: 'levels', meaning: 'levels in the run (8)' },
      { name: 'gems', meaning: 'gems collected on this level' },
      { name: 'quota', meaning: 'gems that open the exit' },
      { name: 'oil', meaning: 'oil left (one per action)' },
      { name: 'score', meaning: 'the score' },
      { name: 'chain', meaning: 'gems in the current chain' },
      { name: 'exitOpen', meaning: '1 when the exit is open' },
      { name: 'gameOver', meaning: '1 once the run is over' },
      { name: 'won', meaning: '1 when level 8 was cleared' },
      { name: 'crushed', meaning: '1 when a falling rock reached the mole' },
      { name: 'outOfOil', meaning: '1 when the oil ran out' },
      { name: 'boxedIn', meaning: '1 when nothing could fall and no move was possible' },
      { name: 'width', meaning: "this level's board width" },
      { name: 'height', meaning: "this level's board height" },
      { name: 'moleX', meaning: "the mole's column" },
      { name: 'moleY', meaning: "the mole's row" },
    ],
  },
  mask: 'actionMask[i] is 1 exactly when spec.actionIndex[i] is in legalActions now.',
};

const indexOf = fixedIndex(ACTION_INDEX);

const [CHANNELS, PH, PW] = TENSOR_SPEC.planes.shape;
const AREA = PH * PW;
/** By character code: where the planes that character sets (PLANE) start in the planes array. */
const PLANES_AT: (readonly number[] | undefined)[] = [];
for (const [ch, list] of Object.entries(PLANE)) PLANES_AT[ch.charCodeAt(0)] = list.map((p) => p * AREA);

/**
 * For the state fast path: by cell code (0-15), then the same with the exit open (16-31), where the
 * planes start that the cell's map character sets (the character `renderRows` draws for it).
 */
const PLANES_OF_CODE: (readonly number[])[] = [];
for (const open of [false, true])
  for (let code = 0; code < 16; code++) {
    const ch = renderRows([code], 1, 1, open)[0];
    PLANES_OF_CODE.push(ch.length === 1 ? (PLANES_AT[ch.charCodeAt(0)] ?? []) : []);
  }

export const TENSOR: GameTensor<DelvewickState> = {
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  indexOf: (_s, a) => indexOf(a),
  actionAt: (_s, i) => ACTION_INDEX[i]?.action ?? null,
  encode(observation: Observation, into?: Uint8Array) {
    const o = observation as DelvewickObservation;
    // Written straight into the planes (this runs once per answer of a vector env's batch): each cell
    // of the board sets the board plane and the planes its character names (PLANES_AT).
    const planes = into ?? new Uint8Array(CHANNELS * AREA);
    const grid = o.grid;
    for (let y = 0; y < grid.length && y < PH; y++) {
      const row = grid[y];
      const n = row.length < PW ? row.length : PW;
      for (let x = 0; x < n; x++) {
        const at = y * PW + x;
        planes[at] = 1;
        const more = PLANES_AT[row.charCodeAt(x)];
        if (more !== undefined) for (let k = 0; k < more.length; k++) planes[more[k] + at] = 1;
      }
    }
    const e = o.endReason;
    const features = Float32Array.from([
      o.level,
      o.levels,
      o.gems,
      o.quota,
      o.oil,
      o.score,
      o.chain,
      o.exitOpen ? 1 : 0,
      o.gameOver ? 1 : 0,
      e === 'won' ? 1 : 0,
      e === 'crushed' ? 1 : 0,
      e === 'out_of_oil' ? 1 : 0,
      e === 'boxed_in' ? 1 : 0,
      o.width,
      o.height,
      o.mole.x,
      o.mole.y,
    ]);
    return { planes, features };
  },
  encodeState(s, planes, f) {
    const { grid, w, h } = s;
    const shift = s.exitOpen ? 16 : 0;
    for (let y = 0; y < h && y < PH; y++)
      for (let x = 0; x < w && x < PW; x++) {
        const at = y * PW + x;
        planes[at] = 1;
        const more = PLANES_OF_CODE[shift + grid[y * w + x]];
        if (more !== undefined) for (let k = 0; k < more.length; k++) planes[more[k] + at] = 1;
      }
    const e = END_REASONS[s.end];
    const mx = s.mole % w;
    f[0] = s.level;
    f[1] = LEVELS.length;
    f[2] = s.gems;
    f[3] = s.quota;
    f[4] = s.oil;
    f[5] = s.score;
    f[6] = s.chain;
    f[7] = s.exitOpen ? 1 : 0;
    f[8] = s.end !== PLAYING ? 1 : 0;
    f[9] = e === 'won' ? 1 : 0;
    f[10] = e === 'crushed' ? 1 : 0;
    f[11] = e === 'out_of_oil' ? 1 : 0;
    f[12] = e === 'boxed_in' ? 1 : 0;
    f[13] = w;
    f[14] = h;
    f[15] = mx;
    f[16] = (s.mole - mx) / w;
  },
  maskState(s, mask) {
    // legalActions: the four moves checkMove allows (in the index's order), then wait, while playing.
    if (s.end !== PLAYING) return;
    for (let dir = 0; dir < 4; dir++) if (checkMove(s, dir) === MOVE_OK) mask[dir] = 1;
    mask[4] = 1;
  },
};
