/**
 * Night generation: a pure function of the run seed and the night number (seed file, GENERATION and
 * ROSTER). Decisions the seed leaves open are listed in README.md.
 */
import { Rng } from '../../core/rng.js';
import { seedHash, seedStream, type Seed } from '../../core/seed.js';
import { LAYOUT_TERRAIN } from './layouts.js';
import { ADVANCED_KINDS, BANDS, CAP, DEBUT, MEADOW_BRIAR_BONUS, bandOf, perNight, PLAYER_STEPS } from './roster.js';
import type { Dimling, BriarwinkState } from './types.js';
import { BRIAR, EXTRA_POD, MOPE, QUICK_STEP, WAITING, WIDE_PETAL, WANDER } from './types.js';
import { CELLS, NB, cornerCell, isFixed, manhattan, pocketCells } from './grid.js';
import { OWN_NEW_NIGHT } from './own.js';
import { DimlingRecord } from './records.js';

/** Streams: generation and play draw from separate seeded streams per night. */
const GEN_STREAM = 0x10000;
const PLAY_STREAM = 0x20000;
const MOON_SALT = 0x6d6f6f6e;

/** Is this night moonless? A seeded draw at the band's odds, refused once the running cap is reached. */
export function isMoonless(seed: Seed, night: number): boolean {
  let run = 0;
  let moonless = false;
  for (let n = BANDS[4].firstNight; n <= night; n++) {
    const b = bandOf(n);
    moonless = b.moonless > 0 && run < b.moonlessRun && seedHash(seed, n, MOON_SALT) / 4294967296 < b.moonless;
    run = moonless ? run + 1 : 0;
  }
  return moonless;
}

/** The dimling kinds of a night, advanced first (debut kind leading), then mopes. */
export function rosterKinds(night: number, rng: Rng): number[] {
  const band = bandOf(night);
  const count = perNight(band, band.dimlings, night);
  const advanced = perNight(band, band.advanced, night);
  const kinds: number[] = [];
  let debut = -1;
  for (const k of ADVANCED_KINDS) if (DEBUT[k] === night) debut = k;
  if (debut >= 0 && advanced > 0) kinds.push(debut);
  while (kinds.length < advanced) {
    const pool = ADVANCED_KINDS.filter(
      (k) => DEBUT[k] <= night && k !== debut && kinds.filter((x) => x === k).length < CAP[k],
    );
    kinds.push(pool.length > 0 ? rng.pick(pool) : MOPE);
  }
  while (kinds.length < count) kinds.push(MOPE);
  return kinds;
}

/** The power-ups hidden on a night: night 1 and 2 are fixed, later nights draw the band's count. */
function hiddenKinds(night: number, rng: Rng): number[] {
  if (night === 1) return [WIDE_PETAL, EXTRA_POD];
  if (night === 2) return [QUICK_STEP, rng.int(3)];
  const n = bandOf(night).hidden;
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rng.int(3));
  return out;
}

/** Cells where dimlings may start: at least 5 from the spawn corner and 3 from every pocket cell. */
export function dimlingStartCells(corner: number, terrain: readonly number[]): number[] {
  const home = cornerCell(corner);
  const pocket = pocketCells(corner);
  const out: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (isFixed(terrain[c]) || manhattan(c, home) < 5) continue;
    if (pocket.every((p) => manhattan(c, p) >= 3)) out.push(c);
  }
  return out;
}

/**
 * Lay out night `night` on a state that carries the run's lasting values (seed, score, hearts,
 * levels...). Resets everything that belongs to one night and leaves the run WAITING for start.
 */
export function generateNight(s: BriarwinkState, night: number): void {
  const rng = new Rng(seedStream(s.seed, GEN_STREAM + night));
  const band = bandOf(night);
  const layout = rng.int(band.layouts);
  const corner = rng.int(4);
  const terrain = LAYOUT_TERRAIN[layout].slice();
  const pocket = pocketCells(corner);

  const kinds = rosterKinds(night, rng);
  const starts = rng.shuffle(dimlingStartCells(corner, terrain)).slice(0, kinds.length);
  const keepClear = new Uint8Array(CELLS);
  for (const p of pocket) keepClear[p] = 1;
  const dimlings: Dimling[] = kinds.map((kind, id) => {
    const at = starts[id];
    keepClear[at] = 1;
    // one open neighbour so no dimling starts sealed in briar
    const exits = [0, 1, 2, 3].map((d) => NB[at * 4 + d]).filter((n) => n >= 0 && !isFixed(terrain[n]));
    if (exits.length > 0) keepClear[rng.pick(exits)] = 1;
    return new DimlingRecord(id, kind, at, -1, 0, 0, -1, WANDER, 0, 0, 0);
  });

  const eligible: number[] = [];
  for (let c = 0; c < CELLS; c++) if (!isFixed(terrain[c]) && !keepClear[c]) eligible.push(c);
  const density = band.briar + (layout === 1 ? MEADOW_BRIAR_BONUS : 0);
  const briarCount = Math.round((eligible.length * density) / 100);
  const briar = rng.shuffle(eligible).slice(0, briarCount);
  const origBriar = new Array<number>(CELLS).fill(0);
  for (const c of briar) {
    terrain[c] = BRIAR;
    origBriar[c] = 1;
  }
  const powers = hiddenKinds(night, rng);
  const under = rng.shuffle(briar.slice()).slice(0, powers.length);
  const hidden: number[] = [];
  under.forEach((c, i) => hidden.push(c, powers[i]));

  s.status = WAITING;
  s.night = night;
  s.nightTick = 0;
  s.lostHeart = false;
  s.band = band.band;
  s.layout = layout;
  s.moonless = isMoonless(s.seed, night);
  s.corner = corner;
  s.terrain = terrain;
  s.own |= OWN_NEW_NIGHT; // new terrain and sprout-age arrays: this step's own
  s.origBriar = origBriar;
  s.sproutAge = new Array<number>(CELLS).fill(0);
  s.hidden = hidden;
  s.pods = [];
  s.nextPod = 0;
  s.blooms = [];
  s.cascades = [];
  s.dimlings = dimlings;
  s.nextDimling = dimlings.length;
  s.pickups = [];
  s.deferred = [];
  s.fireflies = [];
  s.gate = -1;
  s.lastRelight = -1;
  s.calmLeft = band.calm;
  s.creepEvents = -1;
  s.creepIn = -1;
  s.marks = [];
  s.growPending = [];
  s.restless = false;
  s.settled = false;
  s.regrowIn = band.sproutEvery;
  s.rng = seedStream(s.seed, PLAY_STREAM + night);
  s.pAt = cornerCell(corner);
  s.pTo = -1;
  s.pProg = 0;
  s.pSteps = PLAYER_STEPS[s.levels[2]];
  s.pDir = -1;
  s.away = 0;
  s.grace = 0;
}
