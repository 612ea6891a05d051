/**
 * toWire / fromWire. `data` holds what the player may know; `secret` holds the dimlings, pickups,
 * power-ups hidden under briar, waiting spawns, sprout clocks and the seeded stream, so nothing hidden (unlit cells
 * on moonless nights, hidden power-ups, generator state) is in a readable field. fromWire checks
 * every field and throws on anything malformed.
 */
import type { Json, WireState } from '../../core/game.js';
import { isRngState } from '../../core/rng.js';
import { SEED_RULE, isSeed, type Seed } from '../../core/seed.js';
import type { BriarwinkState } from './types.js';
import { OWN_NONE } from './own.js';
import { CELLS } from './grid.js';
import {
  BloomRecord,
  CascadeRecord,
  DeferredRecord,
  DimlingRecord,
  LastBatchRecord,
  PickupRecord,
  PodRecord,
  StateRecord,
} from './records.js';

const VERSION = 1;

// Flat number lists keep the token small; plain loops keep toWire fast.
function sproutAges(s: BriarwinkState): number[] {
  const out: number[] = [];
  for (let c = 0; c < CELLS; c++) if (s.sproutAge[c] > 0) out.push(c, s.sproutAge[c]);
  return out;
}

function pods(s: BriarwinkState): number[] {
  const out: number[] = [];
  for (const p of s.pods) out.push(p.id, p.cell, p.bloomIn, p.reach, p.cascade, +p.woken, +p.fresh, +p.wokeNow);
  return out;
}

function cascades(s: BriarwinkState): number[] {
  const out: number[] = [];
  for (const c of s.cascades) out.push(c.id, c.relights, c.pods);
  return out;
}

function dimlings(s: BriarwinkState): number[] {
  const out: number[] = [];
  for (const d of s.dimlings)
    out.push(d.id, d.kind, d.at, d.to, d.prog, d.steps, d.dir, d.mode, d.wait, d.moves, d.shimmer);
  return out;
}

const DIGIT = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function digitString(xs: number[]): string {
  let out = '';
  for (let i = 0; i < xs.length; i++) out += DIGIT[xs[i]];
  return out;
}

function pairs(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) out.push(a[i], b[i]);
  return out;
}

/** The state as plain JSON. */
export function toWire(s: BriarwinkState): WireState {
  const data: Json = {
    v: VERSION,
    seed: s.seed,
    st: s.status,
    n: s.night,
    tk: s.tick,
    nt: s.nightTick,
    sc: s.score,
    h: s.hearts,
    nc: s.nightsCleared,
    rt: s.relitTotal,
    lh: s.lostHeart ? 1 : 0,
    lv: s.levels.slice(),
    p: [s.pAt, s.pTo, s.pProg, s.pSteps, s.pDir, s.away, s.grace],
    b: s.band,
    ly: s.layout,
    ml: s.moonless ? 1 : 0,
    co: s.corner,
    ter: digitString(s.terrain),
    ob: digitString(s.origBriar),
    pd: pods(s),
    np: s.nextPod,
    bl: s.blooms.map((b) => [b.pod, b.cascade, b.left, ...b.cells]),
    cs: cascades(s),
    ff: s.fireflies.slice(),
    g: s.gate,
    cl: s.calmLeft,
    ce: s.creepEvents,
    ci: s.creepIn,
    mk: s.marks.slice(),
    gp: s.growPending.slice(),
    rs: s.restless ? 1 : 0,
    se: s.settled ? 1 : 0,
    ri: s.regrowIn,
    lb: [s.lastBatch.requested, s.lastBatch.applied, s.lastBatch.stoppedBy, s.lastBatch.eventsDropped],
  };
  const secret: Json = {
    sa: sproutAges(s),
    d: dimlings(s),
    nd: s.nextDimling,
    pu: pairs(
      s.pickups.map((p) => p.cell),
      s.pickups.map((p) => p.kind),
    ),
    hd: s.hidden.slice(),
    df: pairs(
      s.deferred.map((q) => q.cell),
      s.deferred.map((q) => q.what),
    ),
    lr: s.lastRelight,
    rng: s.rng.slice(),
  };
  return { data, secret };
}

/** Refuses a state: every refusal of `fromWire`, `checkState` and `unpack` is this Error. */
export function fail(what: string): never {
  throw new Error(`malformed Briarwink state: ${what}`);
}

type Obj = { [k: string]: unknown };

function obj(x: unknown, what: string): Obj {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) fail(`${what} is not an object`);
  return x as Obj;
}

function int(x: unknown, lo: number, hi: number, what: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < lo || x > hi) fail(`${what} = ${JSON.stringify(x)}`);
  return x;
}

/** `x` in lo..hi, or a refusal naming it `what[at]` (the message is built only then). */
function entry(x: unknown, lo: number, hi: number, what: string, at: number): void {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < lo || x > hi) fail(`${what}[${at}] = ${JSON.stringify(x)}`);
}

/** A list of integers whose length is a multiple of `group`; the ranges of its entries are `checkState`'s. */
function ints(x: unknown, what: string, group = 1, lo = -Infinity, hi = Infinity): number[] {
  if (!Array.isArray(x) || x.length % group !== 0) fail(`${what} is not a list`);
  for (let i = 0; i < x.length; i++) entry(x[i], lo, hi, what, i);
  return (x as number[]).slice();
}

/** A string of one digit per cell; which digits are allowed is `checkState`'s. */
function digits(x: unknown, what: string): number[] {
  if (typeof x !== 'string' || x.length !== CELLS) fail(`${what} is not ${CELLS} digits`);
  const out: number[] = new Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const v = x.charCodeAt(i) - 48;
    if (v < 0 || v > 9) fail(`${what}[${i}] = ${x[i]}`);
    out[i] = v;
  }
  return out;
}

/** A flag sent as 0 or 1. */
const flag = (x: unknown, what: string): boolean => int(x, 0, 1, what) === 1;

const BIG = 2 ** 31;
const CELL = [-1, CELLS - 1] as const;

/**
 * Rebuild a state from its wire form; throws on anything malformed. This reads the JSON's shape (objects,
 * lists, integers, digit strings, flags); `checkState` then checks every value.
 */
export function fromWire(w: WireState): BriarwinkState {
  const root = obj(w, 'wire');
  const d = obj(root.data, 'data');
  const x = obj(root.secret, 'secret');
  if (d.v !== VERSION) fail('unknown version');
  const p = ints(d.p, 'p');
  if (p.length !== 7) fail('p');
  const lb = d.lb;
  if (!Array.isArray(lb) || lb.length !== 4 || typeof lb[2] !== 'string') fail('lb');
  const pd = ints(d.pd, 'pd', 8);
  // a pod's three flags: 1 is true, any other number from -1 up is false
  for (let i = 0; i < pd.length; i += 8) for (let k = i + 5; k < i + 8; k++) entry(pd[k], -1, BIG, 'pd', k);
  const cs = ints(d.cs, 'cs', 3);
  const dm = ints(x.d, 'd', 11);
  const pu = ints(x.pu, 'pu', 2);
  const df = ints(x.df, 'df', 2);
  // the sparse sprout clocks are decoded here: their cells become indices
  const sa = ints(x.sa, 'sa', 2, 0, BIG);
  const sproutAge = new Array<number>(CELLS).fill(0);
  for (let i = 0; i < sa.length; i += 2) sproutAge[int(sa[i], 0, CELLS - 1, 'sa cell')] = sa[i + 1];
  if (!Array.isArray(d.bl)) fail('bl');
  const rng = x.rng;
  if (!Array.isArray(rng)) fail('rng');
  const s: BriarwinkState = {
    seed: d.seed as Seed,
    status: d.st as number,
    night: d.n as number,
    tick: d.tk as number,
    nightTick: d.nt as number,
    score: d.sc as number,
    hearts: d.h as number,
    nightsCleared: d.nc as number,
    relitTotal: d.rt as number,
    lostHeart: flag(d.lh, 'lh'),
    levels: ints(d.lv, 'lv'),
    pAt: p[0],
    pTo: p[1],
    pProg: p[2],
    pSteps: p[3],
    pDir: p[4],
    away: p[5],
    grace: p[6],
    band: d.b as number,
    layout: d.ly as number,
    moonless: flag(d.ml, 'ml'),
    corner: d.co as number,
    terrain: digits(d.ter, 'ter'),
    origBriar: digits(d.ob, 'ob'),
    sproutAge,
    hidden: ints(x.hd, 'hd', 2),
    pods: [],
    nextPod: d.np as number,
    blooms: d.bl.map((b, i) => {
      const v = ints(b, `bl[${i}]`);
      if (v.length < 4) fail(`bl[${i}]`);
      return new BloomRecord(v[0], v[1], v[2], v.slice(3));
    }),
    cascades: [],
    dimlings: [],
    nextDimling: x.nd as number,
    pickups: [],
    deferred: [],
    fireflies: ints(d.ff, 'ff'),
    gate: d.g as number,
    lastRelight: x.lr as number,
    calmLeft: d.cl as number,
    creepEvents: d.ce as number,
    creepIn: d.ci as number,
    marks: ints(d.mk, 'mk'),
    growPending: ints(d.gp, 'gp'),
    restless: flag(d.rs, 'rs'),
    settled: flag(d.se, 'se'),
    regrowIn: d.ri as number,
    rng: rng.slice() as BriarwinkState['rng'],
    lastBatch: new LastBatchRecord(lb[0] as number, lb[1] as number, lb[2] as string, lb[3] as number),
    own: OWN_NONE,
  };
  for (let i = 0; i < pd.length; i += 8) {
    s.pods.push(
      new PodRecord(
        pd[i],
        pd[i + 1],
        pd[i + 2],
        pd[i + 3],
        pd[i + 4],
        pd[i + 5] === 1,
        pd[i + 6] === 1,
        pd[i + 7] === 1,
      ),
    );
  }
  for (let i = 0; i < cs.length; i += 3) s.cascades.push(new CascadeRecord(cs[i], cs[i + 1], cs[i + 2]));
  for (let i = 0; i < dm.length; i += 11) {
    s.dimlings.push(
      new DimlingRecord(
        dm[i],
        dm[i + 1],
        dm[i + 2],
        dm[i + 3],
        dm[i + 4],
        dm[i + 5],
        dm[i + 6],
        dm[i + 7],
        dm[i + 8],
        dm[i + 9],
        dm[i + 10],
      ),
    );
  }
  for (let i = 0; i < pu.length; i += 2) s.pickups.push(new PickupRecord(pu[i], pu[i + 1]));
  for (let i = 0; i < df.length; i += 2) s.deferred.push(new DeferredRecord(df[i], df[i + 1]));
  checkState(s);
  // as a record, so that it shares the hidden class of every other state (records.ts)
  return new StateRecord(s, s.dimlings);
}

/** Each entry of `xs` in lo..hi; a refused one is named `what[from + i]`, its place in the wire's list. */
function each(xs: readonly number[], lo: number, hi: number, what: string, from = 0): void {
  for (let i = 0; i < xs.length; i++) entry(xs[i], lo, hi, what, from + i);
}

/**
 * Every value check of a state, shared by `fromWire` and `unpack` (pack.ts) so that a state rebuilt
 * from either form passes exactly the same checks; throws an Error naming the first value refused by
 * its wire name (`h = 9`, `pd[12] = -2`, `pod cell = 70`). The order is the one `fromWire` always had:
 * the ranges of the wire's flat lists, then the fields in state order, then the narrower ranges of some
 * list entries, then the one cross-field rule. The shape (lists, numbers, booleans) is the caller's.
 */
export function checkState(s: BriarwinkState): void {
  each([s.pAt, s.pTo, s.pProg, s.pSteps, s.pDir, s.away, s.grace], -1, BIG, 'p');
  for (let i = 0; i < s.pods.length; i++) {
    const q = s.pods[i];
    each([q.id, q.cell, q.bloomIn, q.reach, q.cascade], -1, BIG, 'pd', i * 8);
  }
  for (let i = 0; i < s.cascades.length; i++) {
    const c = s.cascades[i];
    each([c.id, c.relights, c.pods], 0, BIG, 'cs', i * 3);
  }
  for (let i = 0; i < s.dimlings.length; i++) {
    const m = s.dimlings[i];
    const fields = [m.id, m.kind, m.at, m.to, m.prog, m.steps, m.dir, m.mode, m.wait, m.moves, m.shimmer];
    each(fields, -1, BIG, 'd', i * 11);
  }
  for (let i = 0; i < s.pickups.length; i++) each([s.pickups[i].cell, s.pickups[i].kind], 0, CELLS - 1, 'pu', i * 2);
  for (let i = 0; i < s.deferred.length; i++)
    each([s.deferred[i].cell, s.deferred[i].what], -1, CELLS - 1, 'df', i * 2);
  if (s.sproutAge.length !== CELLS) fail(`sa is not ${CELLS} clocks`);
  each(s.sproutAge, 0, BIG, 'sproutAge');
  each(s.levels, 0, 2, 'lv');
  if (s.levels.length !== 3) fail('lv');
  if (!isRngState(s.rng)) fail('rng');

  if (!isSeed(s.seed)) fail(`seed = ${JSON.stringify(s.seed)} (a seed is ${SEED_RULE})`);
  int(s.status, 0, 2, 'st');
  int(s.night, 1, BIG, 'n');
  int(s.tick, 0, Number.MAX_SAFE_INTEGER, 'tk');
  int(s.nightTick, 0, Number.MAX_SAFE_INTEGER, 'nt');
  int(s.score, 0, Number.MAX_SAFE_INTEGER, 'sc');
  int(s.hearts, 0, 5, 'h');
  int(s.nightsCleared, 0, BIG, 'nc');
  int(s.relitTotal, 0, BIG, 'rt');
  int(s.pAt, ...CELL, 'pAt');
  int(s.pTo, ...CELL, 'pTo');
  int(s.pSteps, 6, 8, 'pSteps');
  int(s.pDir, -1, 3, 'pDir');
  int(s.band, 1, 8, 'b');
  int(s.layout, 0, 4, 'ly');
  int(s.corner, 0, 3, 'co');
  if (s.terrain.length !== CELLS) fail(`ter is not ${CELLS} digits`);
  each(s.terrain, 0, 7, 'ter');
  if (s.origBriar.length !== CELLS) fail(`ob is not ${CELLS} digits`);
  each(s.origBriar, 0, 1, 'ob');
  if (s.hidden.length % 2 !== 0) fail('hd is not a list');
  each(s.hidden, 0, CELLS - 1, 'hd');
  int(s.nextPod, 0, BIG, 'np');
  for (let i = 0; i < s.blooms.length; i++) {
    const b = s.blooms[i];
    each([b.pod, b.cascade, b.left], -1, BIG, `bl[${i}]`);
    each(b.cells, -1, BIG, `bl[${i}]`, 3);
    if (b.cells.length === 0) fail(`bl[${i}]`);
    for (const c of b.cells) int(c, 0, CELLS - 1, 'bloom cell');
  }
  int(s.nextDimling, 0, BIG, 'nd');
  each(s.fireflies, 0, CELLS - 1, 'ff');
  int(s.gate, ...CELL, 'g');
  int(s.lastRelight, ...CELL, 'lr');
  int(s.calmLeft, 0, BIG, 'cl');
  int(s.creepEvents, -1, BIG, 'ce');
  int(s.creepIn, -1, BIG, 'ci');
  each(s.marks, 0, CELLS - 1, 'mk');
  each(s.growPending, 0, CELLS - 1, 'gp');
  int(s.regrowIn, -1, BIG, 'ri');
  int(s.lastBatch.requested, 0, 30, 'lb requested');
  int(s.lastBatch.applied, 0, 30, 'lb applied');
  int(s.lastBatch.eventsDropped, 0, BIG, 'lb dropped');

  for (const q of s.pods) {
    int(q.cell, 0, CELLS - 1, 'pod cell');
    int(q.reach, 2, 4, 'pod reach');
  }
  for (const m of s.dimlings) {
    int(m.kind, 0, 6, 'kind');
    int(m.at, 0, CELLS - 1, 'dimling at');
    int(m.to, ...CELL, 'dimling to');
    int(m.dir, -1, 3, 'dimling dir');
    int(m.mode, 0, 3, 'mode');
  }
  for (const u of s.pickups) int(u.kind, 0, 2, 'pickup kind');
  for (const q of s.deferred) {
    int(q.cell, 0, CELLS - 1, 'deferred cell');
    int(q.what, -1, 2, 'deferred');
  }
  if (s.pAt < 0 && s.away === 0) fail('gardener nowhere');
}
