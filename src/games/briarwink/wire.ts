/**
 * toWire / fromWire. `data` holds what the player may know; `secret` holds the dimlings, pickups,
 * power-ups hidden under briar, waiting spawns, sprout clocks and the seeded stream, so nothing hidden (unlit cells
 * on moonless nights, hidden power-ups, generator state) is in a readable field. fromWire checks
 * every field and throws on anything malformed.
 */
import type { Json, WireState } from '../../core/game.js';
import { isRngState } from '../../core/rng.js';
import type { State } from './types.js';
import { CELLS } from './grid.js';

const VERSION = 1;

// Flat number lists keep the token small; plain loops keep toWire fast.
function sproutAges(s: State): number[] {
  const out: number[] = [];
  for (let c = 0; c < CELLS; c++) if (s.sproutAge[c] > 0) out.push(c, s.sproutAge[c]);
  return out;
}

function pods(s: State): number[] {
  const out: number[] = [];
  for (const p of s.pods) out.push(p.id, p.cell, p.bloomIn, p.reach, p.cascade, +p.woken, +p.fresh, +p.wokeNow);
  return out;
}

function cascades(s: State): number[] {
  const out: number[] = [];
  for (const c of s.cascades) out.push(c.id, c.relights, c.pods);
  return out;
}

function dimlings(s: State): number[] {
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
export function toWire(s: State): WireState {
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

function fail(what: string): never {
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

function ints(x: unknown, lo: number, hi: number, what: string, group = 1): number[] {
  if (!Array.isArray(x) || x.length % group !== 0) fail(`${what} is not a list`);
  const out: number[] = new Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail(`${what}[${i}] = ${JSON.stringify(v)}`);
    out[i] = v;
  }
  return out;
}

function digits(x: unknown, max: number, what: string): number[] {
  if (typeof x !== 'string' || x.length !== CELLS) fail(`${what} is not ${CELLS} digits`);
  const out: number[] = new Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const v = x.charCodeAt(i) - 48;
    if (v < 0 || v > max) fail(`${what}[${i}] = ${x[i]}`);
    out[i] = v;
  }
  return out;
}

const BIG = 2 ** 31;
const CELL = [-1, CELLS - 1] as const;

/** Rebuild a state from its wire form; throws on anything malformed. */
export function fromWire(w: WireState): State {
  const root = obj(w, 'wire');
  const d = obj(root.data, 'data');
  const x = obj(root.secret, 'secret');
  if (d.v !== VERSION) fail('unknown version');
  const p = ints(d.p, -1, BIG, 'p');
  if (p.length !== 7) fail('p');
  const lb = d.lb;
  if (!Array.isArray(lb) || lb.length !== 4 || typeof lb[2] !== 'string') fail('lb');
  const pd = ints(d.pd, -1, BIG, 'pd', 8);
  const cs = ints(d.cs, 0, BIG, 'cs', 3);
  const dm = ints(x.d, -1, BIG, 'd', 11);
  const pu = ints(x.pu, 0, CELLS - 1, 'pu', 2);
  const df = ints(x.df, -1, CELLS - 1, 'df', 2);
  const sa = ints(x.sa, 0, BIG, 'sa', 2);
  const sproutAge = new Array<number>(CELLS).fill(0);
  for (let i = 0; i < sa.length; i += 2) sproutAge[int(sa[i], 0, CELLS - 1, 'sa cell')] = sa[i + 1];
  if (!Array.isArray(d.bl)) fail('bl');
  const levels = ints(d.lv, 0, 2, 'lv');
  if (levels.length !== 3) fail('lv');
  if (!isRngState(x.rng)) fail('rng');
  const s: State = {
    seed: int(d.seed, 0, 0xffffffff, 'seed'),
    status: int(d.st, 0, 2, 'st'),
    night: int(d.n, 1, BIG, 'n'),
    tick: int(d.tk, 0, Number.MAX_SAFE_INTEGER, 'tk'),
    nightTick: int(d.nt, 0, Number.MAX_SAFE_INTEGER, 'nt'),
    score: int(d.sc, 0, Number.MAX_SAFE_INTEGER, 'sc'),
    hearts: int(d.h, 0, 5, 'h'),
    nightsCleared: int(d.nc, 0, BIG, 'nc'),
    relitTotal: int(d.rt, 0, BIG, 'rt'),
    lostHeart: int(d.lh, 0, 1, 'lh') === 1,
    levels,
    pAt: int(p[0], ...CELL, 'pAt'),
    pTo: int(p[1], ...CELL, 'pTo'),
    pProg: p[2],
    pSteps: int(p[3], 6, 8, 'pSteps'),
    pDir: int(p[4], -1, 3, 'pDir'),
    away: p[5],
    grace: p[6],
    band: int(d.b, 1, 8, 'b'),
    layout: int(d.ly, 0, 4, 'ly'),
    moonless: int(d.ml, 0, 1, 'ml') === 1,
    corner: int(d.co, 0, 3, 'co'),
    terrain: digits(d.ter, 7, 'ter'),
    origBriar: digits(d.ob, 1, 'ob'),
    sproutAge,
    hidden: ints(x.hd, 0, CELLS - 1, 'hd', 2),
    pods: [],
    nextPod: int(d.np, 0, BIG, 'np'),
    blooms: d.bl.map((b, i) => {
      const v = ints(b, -1, BIG, `bl[${i}]`);
      if (v.length < 4) fail(`bl[${i}]`);
      return { pod: v[0], cascade: v[1], left: v[2], cells: v.slice(3).map((c) => int(c, 0, CELLS - 1, 'bloom cell')) };
    }),
    cascades: [],
    dimlings: [],
    nextDimling: int(x.nd, 0, BIG, 'nd'),
    pickups: [],
    deferred: [],
    fireflies: ints(d.ff, 0, CELLS - 1, 'ff'),
    gate: int(d.g, ...CELL, 'g'),
    lastRelight: int(x.lr, ...CELL, 'lr'),
    calmLeft: int(d.cl, 0, BIG, 'cl'),
    creepEvents: int(d.ce, -1, BIG, 'ce'),
    creepIn: int(d.ci, -1, BIG, 'ci'),
    marks: ints(d.mk, 0, CELLS - 1, 'mk'),
    growPending: ints(d.gp, 0, CELLS - 1, 'gp'),
    restless: int(d.rs, 0, 1, 'rs') === 1,
    settled: int(d.se, 0, 1, 'se') === 1,
    regrowIn: int(d.ri, -1, BIG, 'ri'),
    rng: [x.rng[0], x.rng[1], x.rng[2], x.rng[3]],
    lastBatch: {
      requested: int(lb[0], 0, 30, 'lb requested'),
      applied: int(lb[1], 0, 30, 'lb applied'),
      stoppedBy: lb[2] as string,
      eventsDropped: int(lb[3], 0, BIG, 'lb dropped'),
    },
    own: 0,
  };
  for (let i = 0; i < pd.length; i += 8) {
    s.pods.push({
      id: pd[i],
      cell: int(pd[i + 1], 0, CELLS - 1, 'pod cell'),
      bloomIn: pd[i + 2],
      reach: int(pd[i + 3], 2, 4, 'pod reach'),
      cascade: pd[i + 4],
      woken: pd[i + 5] === 1,
      fresh: pd[i + 6] === 1,
      wokeNow: pd[i + 7] === 1,
    });
  }
  for (let i = 0; i < cs.length; i += 3) s.cascades.push({ id: cs[i], relights: cs[i + 1], pods: cs[i + 2] });
  for (let i = 0; i < dm.length; i += 11) {
    s.dimlings.push({
      id: dm[i],
      kind: int(dm[i + 1], 0, 6, 'kind'),
      at: int(dm[i + 2], 0, CELLS - 1, 'dimling at'),
      to: int(dm[i + 3], ...CELL, 'dimling to'),
      prog: dm[i + 4],
      steps: dm[i + 5],
      dir: int(dm[i + 6], -1, 3, 'dimling dir'),
      mode: int(dm[i + 7], 0, 3, 'mode'),
      wait: dm[i + 8],
      moves: dm[i + 9],
      shimmer: dm[i + 10],
    });
  }
  for (let i = 0; i < pu.length; i += 2) s.pickups.push({ cell: pu[i], kind: int(pu[i + 1], 0, 2, 'pickup kind') });
  for (let i = 0; i < df.length; i += 2)
    s.deferred.push({ cell: int(df[i], 0, CELLS - 1, 'deferred cell'), what: int(df[i + 1], -1, 2, 'deferred') });
  if (s.pAt < 0 && s.away === 0) fail('gardener nowhere');
  return s;
}
