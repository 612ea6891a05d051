/**
 * Briarwink's numeric face (src/core/tensor.ts): a 12-action index (the ten single ticks, start,
 * endRun) and the observation as 25 planes over the 9 x 7 garden plus 25 features, built from
 * `observe`'s answer only: dimlings and pickups on unlit cells stay hidden (the `unlit` plane marks
 * those cells). The index holds single ticks only: a tick's `count` (2-30) and `walkTo` are shorthands
 * for runs of single ticks, so an agent choosing every tick loses nothing by them.
 */
import type { Observation } from '../../core/game.js';
import { fixedIndex, planeWriter, type ActionSlot, type GameTensor, type TensorSpec } from '../../core/tensor.js';
import { bloomCover, CELLS, dimlingCell, playerCell } from './grid.js';
import { eyesGlow, litMask } from './light.js';
import { playerView, TERRAIN_CHAR, type BriarwinkObservation } from './observe.js';
import { SPROUT_MATURES } from './roster.js';
import { KIND_NAMES, OVER, PLAYING, SPROUT, type BriarwinkState } from './types.js';
import { legalActions } from './rules.js';

const MOVES = ['up', 'right', 'down', 'left', null] as const;

/** Every action that can ever be legal: each held direction (or none) without and with a plant, start, endRun. */
export const ACTION_INDEX: ActionSlot[] = [
  ...MOVES.flatMap((move) =>
    [false, true].map((plant) => ({
      action: { type: 'tick', move, plant },
      meaning: `one tick ${move === null ? 'finishing the step and stopping' : `holding ${move}`}${plant ? ', planting a pod' : ''}`,
    })),
  ),
  { action: { type: 'start' }, meaning: 'start the night' },
  { action: { type: 'endRun' }, meaning: 'endRun: stop and keep the score' },
];

const W = 7;
const H = 9;

/** Terrain characters of the map and their planes. */
const TERRAIN: Record<string, number> = { '.': 1, '%': 2, ',': 3, '#': 4, H: 5, '~': 6, X: 7 };
/** Dimling kinds, in the spec's order, at planes 12-18. */
const KINDS = ['mope', 'peeker', 'rootling', 'nudger', 'twinbud', 'sprig', 'tangler'];

/** The numeric observation's shape and the meaning of every plane and feature. */
export const TENSOR_SPEC: TensorSpec = {
  planes: {
    shape: [25, H, W],
    dtype: 'uint8',
    high: 255,
    axes: 'channel, y (row 0 at the top), x (column 0 at the left); cell = y * 7 + x',
    channels: [
      { name: 'gardener', meaning: '1 on the gardener' },
      { name: 'floor', meaning: '1 where the map shows floor' },
      { name: 'briar', meaning: '1 where the map shows briar (original or regrown)' },
      { name: 'sprout', meaning: '1 where the map shows a sprout' },
      { name: 'moonstone', meaning: '1 on a moonstone' },
      { name: 'hedge', meaning: '1 on a hedge' },
      { name: 'pond', meaning: '1 on a pond' },
      { name: 'thicket', meaning: '1 on a thicket' },
      { name: 'mark', meaning: '1 on a creep mark' },
      { name: 'gate', meaning: '1 on the open gate' },
      { name: 'pod', meaning: "a pod's ticks to bursting + 1 (capped at 255)" },
      { name: 'bloom', meaning: "an active bloom's ticks left + 1 on every cell it covers" },
      ...KINDS.map((k) => ({ name: k, meaning: `how many visible ${k}s stand on the cell` })),
      { name: 'spotted', meaning: '1 on a visible peeker whose eyes glow (spotted you or dashing)' },
      { name: 'shimmer', meaning: "a visible sprig's shimmer ticks left" },
      { name: 'pickup', meaning: '1 on a visible pickup' },
      { name: 'sproutClock', meaning: "a sprout's ticks to maturing + 1 (0 when not shown: moonless nights)" },
      { name: 'firefly', meaning: '1 on a firefly' },
      { name: 'unlit', meaning: '1 on an unlit cell of a moonless night (what stands there is hidden)' },
    ],
  },
  features: {
    shape: [25],
    dtype: 'float32',
    low: -1,
    high: null,
    items: [
      { name: 'night', meaning: 'the night, from 1' },
      { name: 'band', meaning: 'the band of nights' },
      { name: 'hearts', meaning: 'hearts left' },
      { name: 'podsOut', meaning: 'pods planted and not yet burst' },
      { name: 'podCap', meaning: 'most pods out at once' },
      { name: 'reach', meaning: "a pod's beam reach" },
      { name: 'stepTicks', meaning: "ticks per gardener's step" },
      { name: 'grace', meaning: 'grace ticks left; -1 when none' },
      { name: 'respawnIn', meaning: 'ticks until the gardener is back; -1 when not away' },
      { name: 'score', meaning: 'the score' },
      { name: 'nightsCleared', meaning: 'nights cleared' },
      { name: 'relitTotal', meaning: 'dimlings relit over the run' },
      { name: 'dimlingsLeft', meaning: 'dimlings left to relight tonight' },
      { name: 'calmLeft', meaning: 'calm ticks left; -1 when over' },
      { name: 'creepNextIn', meaning: 'ticks to the next creep; -1 when none' },
      { name: 'regrowNextIn', meaning: 'ticks to the next regrowth; -1 when none' },
      { name: 'moonless', meaning: '1 on a moonless night' },
      { name: 'x', meaning: "the gardener's column; -1 when away" },
      { name: 'y', meaning: "the gardener's row; -1 when away" },
      { name: 'turn', meaning: 'ticks played over the run' },
      { name: 'waiting', meaning: '1 before a night starts (start is legal)' },
      { name: 'playing', meaning: '1 while a night is under way' },
      { name: 'over', meaning: '1 once the run is over' },
      { name: 'gateOpen', meaning: '1 when the gate is open' },
      { name: 'blooms', meaning: 'active blooms' },
    ],
  },
  mask: 'actionMask[i] is 1 exactly when spec.actionIndex[i] is in legalActions now.',
};

const indexOf = fixedIndex(ACTION_INDEX);
const cap = (n: number) => Math.min(255, n);

/** For the state fast path: the terrain plane of each terrain code (where nothing stands on the cell). */
const TERRAIN_PLANE: number[] = [];
for (const [code, ch] of Object.entries(TERRAIN_CHAR)) TERRAIN_PLANE[Number(code)] = TERRAIN[ch] ?? -1;
/** The dimling plane (12 + its place in KINDS) of each kind code. */
const KIND_PLANE = KIND_NAMES.map((name) => 12 + KINDS.indexOf(name));
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
/** Scratch cells for the fast path (the pool steps on one thread at a time per module instance). */
const covered = new Uint8Array(63);
const cover = new Int32Array(63);
/** The mask of each case legalActions answers by (playing, waiting before the first night, between nights). */
const MASKS = new Map<number, number[]>();

export const TENSOR: GameTensor<BriarwinkState> = {
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  indexOf: (_s, a) => indexOf(a),
  actionAt: (_s, i) => ACTION_INDEX[i]?.action ?? null,
  encode(observation: Observation, into?: Uint8Array) {
    const o = observation as BriarwinkObservation;
    const { planes, set } = planeWriter(TENSOR_SPEC.planes.shape, into);
    const at = (ch: number, cell: number, v = 1) => set(ch, Math.floor(cell / W), cell % W, v);
    o.map.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        const t = TERRAIN[row[x]];
        if (t !== undefined) set(t, y, x);
      }
    });
    const p = o.player;
    if (p.x >= 0 && p.y >= 0) set(0, p.y, p.x);
    for (const m of o.marks) at(8, m);
    if (o.gate >= 0) at(9, o.gate);
    for (const pod of o.pods) at(10, pod.cell, cap(pod.bloomIn + 1));
    for (const b of o.blooms) for (const c of b.cells) at(11, c, cap(b.ticksLeft + 1));
    const counts = new Uint8Array(KINDS.length * 63);
    for (const d of o.dimlings) {
      const k = KINDS.indexOf(d.kind);
      counts[k * 63 + d.cell]++;
      at(12 + k, d.cell, counts[k * 63 + d.cell]);
      if (d.spotted) at(19, d.cell);
      if (d.shimmer > 0) at(20, d.cell, cap(d.shimmer));
    }
    for (const q of o.pickups) at(21, q.cell);
    for (const q of o.sprouts) if (q.maturesIn >= 0) at(22, q.cell, cap(q.maturesIn + 1));
    for (const f of o.fireflies) at(23, f);
    for (const c of o.unlit) at(24, c);
    const features = Float32Array.from([
      p.night,
      p.band,
      p.hearts,
      p.podsOut,
      p.podCap,
      p.reach,
      p.stepTicks,
      p.grace,
      p.respawnIn,
      p.score,
      p.nightsCleared,
      p.relitTotal,
      p.dimlingsLeft,
      p.calmLeft,
      p.creepNextIn,
      p.regrowNextIn,
      p.moonless ? 1 : 0,
      p.x,
      p.y,
      o.turn,
      o.status === 'waiting' ? 1 : 0,
      o.status === 'playing' ? 1 : 0,
      o.status === 'over' ? 1 : 0,
      o.gate >= 0 ? 1 : 0,
      o.blooms.length,
    ]);
    return { planes, features };
  },
  encodeState(s, planes, f) {
    // What encode(observe(s)) writes. The map's terrain character shows only where nothing is drawn
    // over it (a creep mark, the gate, a lit pickup, a bloom, a pod, a visible dimling, the gardener),
    // so `covered` marks those cells first.
    const A = CELLS;
    const lit = litMask(s);
    bloomCover(s, cover);
    covered.fill(0);
    for (const m of s.marks) {
      covered[m] = 1;
      planes[8 * A + m] = 1;
    }
    if (s.gate >= 0) {
      covered[s.gate] = 1;
      planes[9 * A + s.gate] = 1;
    }
    for (const q of s.pickups)
      if (lit[q.cell]) {
        covered[q.cell] = 1;
        planes[21 * A + q.cell] = 1;
      }
    for (let c = 0; c < A; c++) if (cover[c] >= 0) covered[c] = 1;
    for (const pod of s.pods) {
      covered[pod.cell] = 1;
      planes[10 * A + pod.cell] = clamp(pod.bloomIn + 1);
    }
    for (const b of s.blooms) {
      const v = clamp(b.left + 1);
      for (const c of b.cells) planes[11 * A + c] = v;
    }
    for (const d of s.dimlings) {
      const c = dimlingCell(d);
      const glow = eyesGlow(d);
      if (lit[c] !== 1 && !glow) continue;
      covered[c] = 1;
      const at = KIND_PLANE[d.kind] * A + c;
      if (planes[at] < 255) planes[at]++;
      if (glow) planes[19 * A + c] = 1;
      if (d.shimmer > 0) planes[20 * A + c] = clamp(d.shimmer);
    }
    const pc = playerCell(s);
    if (pc >= 0) {
      covered[pc] = 1;
      planes[pc] = 1;
    }
    for (let c = 0; c < A; c++) {
      const t = s.terrain[c];
      if (!covered[c]) {
        const plane = TERRAIN_PLANE[t];
        if (plane >= 0) planes[plane * A + c] = 1;
      }
      if (t === SPROUT && !s.moonless) {
        const left = SPROUT_MATURES - s.sproutAge[c];
        if (left >= 0) planes[22 * A + c] = clamp(left + 1);
      }
      if (s.moonless && !lit[c]) planes[24 * A + c] = 1;
    }
    for (const c of s.fireflies) planes[23 * A + c] = 1;
    const p = playerView(s);
    f[0] = p.night;
    f[1] = p.band;
    f[2] = p.hearts;
    f[3] = p.podsOut;
    f[4] = p.podCap;
    f[5] = p.reach;
    f[6] = p.stepTicks;
    f[7] = p.grace;
    f[8] = p.respawnIn;
    f[9] = p.score;
    f[10] = p.nightsCleared;
    f[11] = p.relitTotal;
    f[12] = p.dimlingsLeft;
    f[13] = p.calmLeft;
    f[14] = p.creepNextIn;
    f[15] = p.regrowNextIn;
    f[16] = p.moonless ? 1 : 0;
    f[17] = p.x;
    f[18] = p.y;
    f[19] = s.tick;
    f[20] = s.status !== PLAYING && s.status !== OVER ? 1 : 0;
    f[21] = s.status === PLAYING ? 1 : 0;
    f[22] = s.status === OVER ? 1 : 0;
    f[23] = s.gate >= 0 ? 1 : 0;
    f[24] = s.blooms.length;
  },
  maskState(s, mask) {
    // legalActions answers one fixed list per case (playing; waiting, before or after a cleared
    // night; over): each case's indices are found once.
    const key = s.status === PLAYING ? 0 : s.status === OVER ? 1 : s.nightsCleared > 0 ? 2 : 3;
    let at = MASKS.get(key);
    if (at === undefined) MASKS.set(key, (at = legalActions(s).map((a) => indexOf(a))));
    for (const i of at) if (i >= 0) mask[i] = 1;
  },
};
