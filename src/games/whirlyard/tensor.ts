/**
 * Whirlyard's numeric face (src/core/tensor.ts): the 11-action index and the observation as 4 planes
 * over the 6 x 6 yard plus 11 features, built from `observe`'s answer only.
 */
import { fixedIndex, planeWriter, type ActionSlot, type GameTensor, type TensorSpec } from '../../core/tensor.js';
import type { Observation } from '../../core/game.js';
import { BIT_HI, BIT_LO, DIRECTIONS as BOARD_DIRECTIONS, HI_CELLS, NEIGHBOUR } from './board.js';
import { actionsUntilChargedStep } from './observe.js';
import { MAX_CHARGES, type WhirlyardState } from './types.js';

const DIRECTIONS = ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'] as const;

/** Every action that can ever be legal: the 8 moves in the grammar's order, wait, pulse, end_run. */
export const ACTION_INDEX: ActionSlot[] = [
  ...DIRECTIONS.map((d) => ({ action: { type: 'move', direction: d }, meaning: `move ${d}` })),
  { action: { type: 'wait' }, meaning: 'wait' },
  { action: { type: 'pulse' }, meaning: 'pulse (needs a charge)' },
  { action: { type: 'end_run' }, meaning: 'end_run: bank the score and end the run' },
];

const SIZE = 6;

/** The numeric observation's shape and the meaning of every plane and feature. */
export const TENSOR_SPEC: TensorSpec = {
  planes: {
    shape: [4, SIZE, SIZE],
    dtype: 'uint8',
    high: 255,
    axes: 'channel, y (row 0 at the top), x (column 0 at the left)',
    channels: [
      { name: 'rover', meaning: '1 on the rover cell' },
      { name: 'drones', meaning: 'how many uncharged drones stand on the cell' },
      { name: 'charged', meaning: 'how many charged drones (two steps a turn) stand on the cell' },
      { name: 'scrap', meaning: '1 on a scrap cell' },
    ],
  },
  features: {
    shape: [11],
    dtype: 'float32',
    low: -1,
    high: null,
    items: [
      { name: 'wave', meaning: 'current wave, from 1' },
      { name: 'turn', meaning: 'accepted move / wait / pulse actions over the run' },
      { name: 'waveTurn', meaning: 'accepted actions in this wave' },
      { name: 'charges', meaning: 'pulse charges held' },
      { name: 'maxCharges', meaning: 'most charges that can be held' },
      { name: 'pulseUsedThisWave', meaning: '1 when a pulse was fired this wave' },
      { name: 'score', meaning: 'the score' },
      { name: 'gameOver', meaning: '1 once the run is over' },
      { name: 'caught', meaning: '1 when a drone reached the rover' },
      { name: 'actionsUntilChargedStep', meaning: 'actions until charged drones step again; -1 when none' },
      { name: 'drones', meaning: 'drones on the yard' },
    ],
  },
  mask: 'actionMask[i] is 1 exactly when spec.actionIndex[i] is in legalActions now.',
};

interface Cell {
  x: number;
  y: number;
}
interface WhirlyardView extends Observation {
  rover: Cell;
  drones: (Cell & { charged: boolean })[];
  scrap: Cell[];
  wave: number;
  turn: number;
  waveTurn: number;
  charges: number;
  maxCharges: number;
  pulseUsedThisWave: boolean;
  score: number;
  gameOver: boolean;
  endReason: string | null;
  actionsUntilChargedStep: number | null;
}

const indexOf = fixedIndex(ACTION_INDEX);

/** The action index of each of the board's directions (the state's direction numbers). */
const MOVE_AT = BOARD_DIRECTIONS.map((d) => DIRECTIONS.indexOf(d));
const AREA = SIZE * SIZE;

export const TENSOR: GameTensor<WhirlyardState> = {
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  indexOf: (_s, a) => indexOf(a),
  actionAt: (_s, i) => ACTION_INDEX[i]?.action ?? null,
  encode(observation, into) {
    const o = observation as WhirlyardView;
    const { planes, set } = planeWriter(TENSOR_SPEC.planes.shape, into);
    const count = new Uint8Array(2 * SIZE * SIZE);
    set(0, o.rover.y, o.rover.x);
    for (const d of o.drones) {
      const k = (d.charged ? SIZE * SIZE : 0) + d.y * SIZE + d.x;
      count[k]++;
      set(d.charged ? 2 : 1, d.y, d.x, count[k]);
    }
    for (const c of o.scrap) set(3, c.y, c.x);
    const features = Float32Array.from([
      o.wave,
      o.turn,
      o.waveTurn,
      o.charges,
      o.maxCharges,
      o.pulseUsedThisWave ? 1 : 0,
      o.score,
      o.gameOver ? 1 : 0,
      o.endReason === 'caught' ? 1 : 0,
      o.actionsUntilChargedStep ?? -1,
      o.drones.length,
    ]);
    return { planes, features };
  },
  encodeState(s, planes, f) {
    // What encode(observe(s)) writes: the rover, each drone counted on its cell (charged on plane 2),
    // the scrap cells of both bit masks.
    planes[s.rover] = 1;
    for (let i = 0; i < s.drones.length; i++) {
      const at = (s.charged[i] ? 2 : 1) * AREA + s.drones[i];
      if (planes[at] < 255) planes[at]++;
    }
    for (let m = s.scrapLo; m !== 0; m &= m - 1) planes[3 * AREA + 31 - Math.clz32(m & -m)] = 1;
    for (let m = s.scrapHi & HI_CELLS; m !== 0; m &= m - 1) planes[3 * AREA + 63 - Math.clz32(m & -m)] = 1;
    f[0] = s.wave;
    f[1] = s.turn;
    f[2] = s.waveTurn;
    f[3] = s.charges;
    f[4] = MAX_CHARGES;
    f[5] = s.pulseUsed ? 1 : 0;
    f[6] = s.score;
    f[7] = s.over ? 1 : 0;
    f[8] = s.endReason === 'caught' ? 1 : 0;
    f[9] = s.over ? -1 : actionsUntilChargedStep(s.waveTurn);
    f[10] = s.drones.length;
  },
  maskState(s, mask) {
    // legalActions: moves onto the board and off drones and scrap, wait, pulse with a charge, end_run.
    if (s.over) return;
    let lo = s.scrapLo;
    let hi = s.scrapHi;
    for (let i = 0; i < s.drones.length; i++) {
      lo |= BIT_LO[s.drones[i]];
      hi |= BIT_HI[s.drones[i]];
    }
    const base = s.rover * 8;
    for (let dir = 0; dir < 8; dir++) {
      const to = NEIGHBOUR[base + dir];
      if (to >= 0 && ((lo & BIT_LO[to]) | (hi & BIT_HI[to])) === 0) mask[MOVE_AT[dir]] = 1;
    }
    mask[8] = 1;
    if (s.charges > 0) mask[9] = 1;
    mask[10] = 1;
  },
};
