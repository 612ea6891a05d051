/**
 * Briarwink's packed state: the bytes sealed into its `stateToken` instead of the JSON of `toWire`.
 * Layout, in order ("+1" stores a value that may be -1 as value + 1; lists are a varint count, then
 * their entries; a cell set is two u32 words, cells 0-31 then 32-62, bit 31 of the second always 0):
 *
 *   u8 format (1 for a free seed, 0x81 for a wide one: bit 7 flags it) · the seed (u32 for a free seed,
 *   a wide seed's 16 bytes in order) · 4 × u32 generator words
 *   · u8 status · varint night · varint tick · varint nightTick · varint score · u8 hearts
 *   · varint nightsCleared · varint relitTotal
 *   · u8 flags (bit 0 lostHeart, 1 moonless, 2 restless, 3 settled; bits 4-7 zero)
 *   · u8 levels (bits 0-1 Wide Petal, 2-3 Extra Pod, 4-5 Quick Step; bits 6-7 zero)
 *   · the gardener: u8 pAt+1 · u8 pTo+1 · varint pProg+1 · u8 pSteps · u8 pDir+1 · varint away+1
 *     · varint grace+1
 *   · u8 band · u8 layout · u8 corner · 63 × u8 terrain · cell set origBriar
 *   · cell set of the sprout clocks above 0, then per cell of it, ascending, varint clock-1
 *   · list hidden: u8 cell, u8 kind
 *   · list pods: varint id+1, u8 cell, varint bloomIn+1, u8 (bits 0-2 reach, bit 3 woken, 4 fresh,
 *     5 wokeNow; bits 6-7 zero), varint cascade+1 · varint nextPod
 *   · list blooms: varint pod+1, varint cascade+1, varint left+1, list of u8 cells
 *   · list cascades: varint id, varint relights, varint pods
 *   · list dimlings: varint id+1, u8 (bits 0-2 kind, 3-5 dir+1, 6-7 mode), u8 at, u8 to+1,
 *     varint prog+1, varint steps+1, varint wait+1, varint moves+1, varint shimmer+1 · varint nextDimling
 *   · list pickups: u8 cell, u8 kind · list deferred: u8 cell, u8 what+1
 *   · list of u8 fireflies · u8 gate+1 · u8 lastRelight+1
 *   · varint calmLeft · varint creepEvents+1 · varint creepIn+1 · varint regrowIn+1
 *   · list of u8 marks · list of u8 growPending
 *   · lastBatch: u8 requested · u8 applied · u8 stoppedBy (none, count, heart, nightCleared, runOver,
 *     arrived) · varint eventsDropped
 *
 * Every field is as wide as the range `fromWire` allows, so every state `fromWire` accepts packs (but
 * for a `stoppedBy` the engine never writes). `unpack` reads exactly that, refuses a short or long
 * input, an unknown format, a set bit that means nothing or an unknown `stoppedBy`, and then runs
 * `checkState`: the same value checks as `fromWire`, with the same messages.
 */
import { ByteReader, ByteWriter } from '../../core/bytes.js';
import { wideSeedBytes, wideSeedFromBytes, type Seed } from '../../core/seed.js';
import { CELLS } from './grid.js';
import type { Bloom, Cascade, Deferred, Dimling, Pickup, Pod, BriarwinkState } from './types.js';
import { OWN_NONE } from './own.js';
import { checkState, fail } from './wire.js';
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

const FORMAT = 1;
/** The format byte with bit 7 set: the same layout with a wide seed's 16 bytes in the seed's place. */
const FORMAT_WIDE = FORMAT | 0x80;
const STOPPED_BY = ['none', 'count', 'heart', 'nightCleared', 'runOver', 'arrived'] as const;
/** Bit 31 of a cell set's second word: cell 63, off the board. */
const OFF_BOARD = 0x80000000;

/** A cell set: `has(c)` for each cell, as two u32 words. */
function writeSet(w: ByteWriter, has: (c: number) => boolean): void {
  let lo = 0;
  let hi = 0;
  for (let c = 0; c < 32; c++) if (has(c)) lo |= 1 << c;
  for (let c = 32; c < CELLS; c++) if (has(c)) hi |= 1 << (c - 32);
  w.u32(lo >>> 0).u32(hi >>> 0);
}

/** A cell set as 63 zeros and ones. */
function readSet(r: ByteReader, what: string): number[] {
  const lo = r.u32();
  const hi = r.u32();
  if (hi & OFF_BOARD) fail(`${what} holds a cell off the board`);
  const out: number[] = [];
  for (let c = 0; c < 32; c++) out.push((lo >>> c) & 1);
  for (let c = 32; c < CELLS; c++) out.push((hi >>> (c - 32)) & 1);
  return out;
}

function writeCells(w: ByteWriter, cells: readonly number[]): void {
  w.varint(cells.length);
  for (const c of cells) w.u8(c);
}

function readCells(r: ByteReader): number[] {
  const out: number[] = [];
  for (let n = r.varint(); n > 0; n--) out.push(r.u8());
  return out;
}

/** The state as bytes (layout above). */
export function pack(s: BriarwinkState): Uint8Array {
  const w = new ByteWriter(272 + 12 * s.dimlings.length + 8 * s.pods.length);
  if (typeof s.seed === 'number') w.u8(FORMAT).u32(s.seed);
  else w.u8(FORMAT_WIDE).raw(wideSeedBytes(s.seed));
  for (const word of s.rng) w.u32(word);
  w.u8(s.status).varint(s.night).varint(s.tick).varint(s.nightTick).varint(s.score).u8(s.hearts);
  w.varint(s.nightsCleared).varint(s.relitTotal);
  w.u8(+s.lostHeart | (+s.moonless << 1) | (+s.restless << 2) | (+s.settled << 3));
  w.u8(s.levels[0] | (s.levels[1] << 2) | (s.levels[2] << 4));
  w.u8(s.pAt + 1)
    .u8(s.pTo + 1)
    .varint(s.pProg + 1)
    .u8(s.pSteps)
    .u8(s.pDir + 1)
    .varint(s.away + 1);
  w.varint(s.grace + 1);
  w.u8(s.band).u8(s.layout).u8(s.corner);
  for (const t of s.terrain) w.u8(t);
  writeSet(w, (c) => s.origBriar[c] === 1);
  writeSet(w, (c) => s.sproutAge[c] > 0);
  for (const age of s.sproutAge) if (age > 0) w.varint(age - 1);
  w.varint(s.hidden.length / 2);
  for (const v of s.hidden) w.u8(v);
  w.varint(s.pods.length);
  for (const p of s.pods) {
    w.varint(p.id + 1)
      .u8(p.cell)
      .varint(p.bloomIn + 1);
    w.u8(p.reach | (+p.woken << 3) | (+p.fresh << 4) | (+p.wokeNow << 5)).varint(p.cascade + 1);
  }
  w.varint(s.nextPod).varint(s.blooms.length);
  for (const b of s.blooms) {
    w.varint(b.pod + 1)
      .varint(b.cascade + 1)
      .varint(b.left + 1);
    writeCells(w, b.cells);
  }
  w.varint(s.cascades.length);
  for (const c of s.cascades) w.varint(c.id).varint(c.relights).varint(c.pods);
  w.varint(s.dimlings.length);
  for (const d of s.dimlings) {
    w.varint(d.id + 1).u8(d.kind | ((d.dir + 1) << 3) | (d.mode << 6));
    w.u8(d.at)
      .u8(d.to + 1)
      .varint(d.prog + 1)
      .varint(d.steps + 1);
    w.varint(d.wait + 1)
      .varint(d.moves + 1)
      .varint(d.shimmer + 1);
  }
  w.varint(s.nextDimling).varint(s.pickups.length);
  for (const p of s.pickups) w.u8(p.cell).u8(p.kind);
  w.varint(s.deferred.length);
  for (const q of s.deferred) w.u8(q.cell).u8(q.what + 1);
  writeCells(w, s.fireflies);
  w.u8(s.gate + 1).u8(s.lastRelight + 1);
  w.varint(s.calmLeft)
    .varint(s.creepEvents + 1)
    .varint(s.creepIn + 1)
    .varint(s.regrowIn + 1);
  writeCells(w, s.marks);
  writeCells(w, s.growPending);
  const stop = STOPPED_BY.indexOf(s.lastBatch.stoppedBy as (typeof STOPPED_BY)[number]);
  if (stop < 0) throw new RangeError(`cannot pack lastBatch.stoppedBy ${JSON.stringify(s.lastBatch.stoppedBy)}`);
  w.u8(s.lastBatch.requested).u8(s.lastBatch.applied).u8(stop).varint(s.lastBatch.eventsDropped);
  return w.bytes();
}

/** Rebuilds a state from `pack`'s bytes; throws an Error on anything short, long or out of range. */
export function unpack(bytes: Uint8Array): BriarwinkState {
  const r = new ByteReader(bytes);
  const format = r.u8();
  if (format !== FORMAT && format !== FORMAT_WIDE) fail('unknown packed format');
  const seed: Seed = format === FORMAT ? r.u32() : wideSeedFromBytes(r.raw(16));
  const rng: BriarwinkState['rng'] = [r.u32(), r.u32(), r.u32(), r.u32()];
  const status = r.u8();
  const night = r.varint();
  const tick = r.varint();
  const nightTick = r.varint();
  const score = r.varint();
  const hearts = r.u8();
  const nightsCleared = r.varint();
  const relitTotal = r.varint();
  const flags = r.u8();
  if (flags > 0b1111) fail('unknown flag bits');
  const lv = r.u8();
  if (lv > 0b111111) fail('unknown level bits');
  const pAt = r.u8() - 1;
  const pTo = r.u8() - 1;
  const pProg = r.varint() - 1;
  const pSteps = r.u8();
  const pDir = r.u8() - 1;
  const away = r.varint() - 1;
  const grace = r.varint() - 1;
  const band = r.u8();
  const layout = r.u8();
  const corner = r.u8();
  const terrain: number[] = [];
  for (let c = 0; c < CELLS; c++) terrain.push(r.u8());
  const origBriar = readSet(r, 'origBriar');
  const sproutAge = readSet(r, 'the sprout set');
  for (let c = 0; c < CELLS; c++) if (sproutAge[c] === 1) sproutAge[c] = r.varint() + 1;
  const hidden: number[] = [];
  for (let n = r.varint(); n > 0; n--) hidden.push(r.u8(), r.u8());
  const pods: Pod[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const id = r.varint() - 1;
    const cell = r.u8();
    const bloomIn = r.varint() - 1;
    const bits = r.u8();
    if (bits > 0b111111) fail('unknown pod bits');
    const cascade = r.varint() - 1;
    const woken = (bits & 8) !== 0;
    const fresh = (bits & 16) !== 0;
    pods.push(new PodRecord(id, cell, bloomIn, bits & 7, cascade, woken, fresh, (bits & 32) !== 0));
  }
  const nextPod = r.varint();
  const blooms: Bloom[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const pod = r.varint() - 1;
    const cascade = r.varint() - 1;
    const left = r.varint() - 1;
    blooms.push(new BloomRecord(pod, cascade, left, readCells(r)));
  }
  const cascades: Cascade[] = [];
  for (let n = r.varint(); n > 0; n--) cascades.push(new CascadeRecord(r.varint(), r.varint(), r.varint()));
  const dimlings: Dimling[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const id = r.varint() - 1;
    const bits = r.u8();
    const at = r.u8();
    const to = r.u8() - 1;
    const prog = r.varint() - 1;
    const steps = r.varint() - 1;
    const dir = ((bits >> 3) & 7) - 1;
    const mode = bits >> 6;
    const wait = r.varint() - 1;
    const moves = r.varint() - 1;
    const shimmer = r.varint() - 1;
    dimlings.push(new DimlingRecord(id, bits & 7, at, to, prog, steps, dir, mode, wait, moves, shimmer));
  }
  const nextDimling = r.varint();
  const pickups: Pickup[] = [];
  for (let n = r.varint(); n > 0; n--) pickups.push(new PickupRecord(r.u8(), r.u8()));
  const deferred: Deferred[] = [];
  for (let n = r.varint(); n > 0; n--) deferred.push(new DeferredRecord(r.u8(), r.u8() - 1));
  const fireflies = readCells(r);
  const gate = r.u8() - 1;
  const lastRelight = r.u8() - 1;
  const calmLeft = r.varint();
  const creepEvents = r.varint() - 1;
  const creepIn = r.varint() - 1;
  const regrowIn = r.varint() - 1;
  const marks = readCells(r);
  const growPending = readCells(r);
  const requested = r.u8();
  const applied = r.u8();
  const stoppedBy = STOPPED_BY[r.u8()];
  if (stoppedBy === undefined) fail('unknown lastBatch.stoppedBy');
  const eventsDropped = r.varint();
  r.end();
  // returned as a record, so it shares the hidden class of every other state (records.ts)
  const s: BriarwinkState = {
    seed,
    status,
    night,
    tick,
    nightTick,
    score,
    hearts,
    nightsCleared,
    relitTotal,
    lostHeart: (flags & 1) !== 0,
    levels: [lv & 3, (lv >> 2) & 3, lv >> 4],
    pAt,
    pTo,
    pProg,
    pSteps,
    pDir,
    away,
    grace,
    band,
    layout,
    moonless: (flags & 2) !== 0,
    corner,
    terrain,
    origBriar,
    sproutAge,
    hidden,
    pods,
    nextPod,
    blooms,
    cascades,
    dimlings,
    nextDimling,
    pickups,
    deferred,
    fireflies,
    gate,
    lastRelight,
    calmLeft,
    creepEvents,
    creepIn,
    marks,
    growPending,
    restless: (flags & 4) !== 0,
    settled: (flags & 8) !== 0,
    regrowIn,
    rng,
    lastBatch: new LastBatchRecord(requested, applied, stoppedBy, eventsDropped),
    own: OWN_NONE,
  };
  checkState(s);
  return new StateRecord(s, dimlings);
}
