/**
 * The difficulty curve. The seed file pins every parameter at pitches 1, 5, 8, 13, 22 and 34; between
 * two listed pitches each parameter moves in a straight line and is rounded half up to a whole number,
 * and from pitch 34 on everything holds (only the pitch award keeps growing, in rules.ts).
 *
 * "Every N turns" parameters, where 0 means never, are interpolated as rates (1/N, 0 for never) and
 * turned back into a whole interval: a straight line in N from 0 would make the pitches just after an
 * "off" point fiercer than the pitch where the hazard is meant to start.
 */

/** Every parameter that changes with the pitch. Percentages are whole percents. */
export interface Difficulty {
  tank: number;
  holdsMin: number;
  holdsMax: number;
  jugPct: number;
  jugBreaths: number;
  crimpPct: number;
  crackedPct: number;
  overhangPct: number;
  icyPct: number;
  /** Frost creeps on turns divisible by this; 0 = never. */
  frostEvery: number;
  gustCols: number;
  /** Gusts blow on turns divisible by this; 0 = never. */
  gustEvery: number;
  /** A column is swept on turns divisible by this; 0 = never. */
  sweepEvery: number;
  foresight: number;
}

type Key = keyof Difficulty;

/** The listed pitches, as published by the seed file. */
export const LISTED: ReadonlyArray<{ pitch: number } & Difficulty> = [
  {
    pitch: 1,
    tank: 24,
    holdsMin: 4,
    holdsMax: 5,
    jugPct: 34,
    jugBreaths: 2,
    crimpPct: 0,
    crackedPct: 0,
    overhangPct: 0,
    icyPct: 0,
    frostEvery: 0,
    gustCols: 0,
    gustEvery: 0,
    sweepEvery: 0,
    foresight: 6,
  },
  {
    pitch: 5,
    tank: 23,
    holdsMin: 4,
    holdsMax: 5,
    jugPct: 26,
    jugBreaths: 2,
    crimpPct: 12,
    crackedPct: 8,
    overhangPct: 12,
    icyPct: 0,
    frostEvery: 0,
    gustCols: 1,
    gustEvery: 5,
    sweepEvery: 0,
    foresight: 6,
  },
  {
    pitch: 8,
    tank: 22,
    holdsMin: 3,
    holdsMax: 4,
    jugPct: 20,
    jugBreaths: 2,
    crimpPct: 21,
    crackedPct: 20,
    overhangPct: 24,
    icyPct: 6,
    frostEvery: 9,
    gustCols: 1,
    gustEvery: 5,
    sweepEvery: 16,
    foresight: 6,
  },
  {
    pitch: 13,
    tank: 20,
    holdsMin: 2,
    holdsMax: 3,
    jugPct: 12,
    jugBreaths: 1,
    crimpPct: 36,
    crackedPct: 28,
    overhangPct: 40,
    icyPct: 14,
    frostEvery: 7,
    gustCols: 2,
    gustEvery: 4,
    sweepEvery: 11,
    foresight: 6,
  },
  {
    pitch: 22,
    tank: 17,
    holdsMin: 2,
    holdsMax: 3,
    jugPct: 12,
    jugBreaths: 1,
    crimpPct: 50,
    crackedPct: 28,
    overhangPct: 40,
    icyPct: 14,
    frostEvery: 4,
    gustCols: 3,
    gustEvery: 2,
    sweepEvery: 5,
    foresight: 5,
  },
  {
    pitch: 34,
    tank: 15,
    holdsMin: 2,
    holdsMax: 3,
    jugPct: 12,
    jugBreaths: 1,
    crimpPct: 50,
    crackedPct: 28,
    overhangPct: 40,
    icyPct: 14,
    frostEvery: 4,
    gustCols: 3,
    gustEvery: 2,
    sweepEvery: 5,
    foresight: 3,
  },
];

/** The pitch from which every parameter holds. */
export const CAP_PITCH = 34;

const INTERVALS: ReadonlySet<Key> = new Set<Key>(['frostEvery', 'gustEvery', 'sweepEvery']);

/** n / d rounded half up, for positive d; exact on integers. */
function roundRatio(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** A value `t` of `d` steps from a to b, rounded half up. */
function lerp(a: number, b: number, t: number, d: number): number {
  return roundRatio(a * d + (b - a) * t, d);
}

/** An interval (0 = never) `t` of `d` steps from a to b, interpolated as a rate, rounded half up. */
function lerpInterval(a: number, b: number, t: number, d: number): number {
  if (t === 0) return a;
  if (t === d) return b;
  if (a === 0 && b === 0) return 0;
  // rate = ((d - t)/a + t/b) / d with 1/0 read as 0; interval = 1 / rate
  if (a === 0) return roundRatio(b * d, t);
  if (b === 0) return roundRatio(a * d, d - t);
  return roundRatio(a * b * d, (d - t) * b + t * a);
}

function compute(pitch: number): Difficulty {
  const p = Math.min(Math.max(pitch, 1), CAP_PITCH);
  let i = 0;
  while (i < LISTED.length - 1 && LISTED[i + 1].pitch <= p) i++;
  const lo = LISTED[i];
  const hi = LISTED[Math.min(i + 1, LISTED.length - 1)];
  const d = hi.pitch - lo.pitch;
  const t = p - lo.pitch;
  const at = (k: Key): number => {
    if (t === 0) return lo[k];
    return INTERVALS.has(k) ? lerpInterval(lo[k], hi[k], t, d) : lerp(lo[k], hi[k], t, d);
  };
  // built field by field (no spread-and-delete) so every row shares one fast object shape
  return {
    tank: at('tank'),
    holdsMin: at('holdsMin'),
    holdsMax: at('holdsMax'),
    jugPct: at('jugPct'),
    jugBreaths: at('jugBreaths'),
    crimpPct: at('crimpPct'),
    crackedPct: at('crackedPct'),
    overhangPct: at('overhangPct'),
    icyPct: at('icyPct'),
    frostEvery: at('frostEvery'),
    gustCols: at('gustCols'),
    gustEvery: at('gustEvery'),
    sweepEvery: at('sweepEvery'),
    foresight: at('foresight'),
  };
}

const TABLE: Difficulty[] = [];
for (let p = 1; p <= CAP_PITCH; p++) TABLE.push(Object.freeze(compute(p)) as Difficulty);

/** The parameters of a pitch (1-based); pitches past 34 get pitch 34's. */
export function difficulty(pitch: number): Difficulty {
  return TABLE[Math.min(Math.max(pitch, 1), CAP_PITCH) - 1];
}

/** The pitch a (non-ledge) row belongs to: rows 1-9 are pitch 1, 11-19 pitch 2, and so on. */
export function pitchOfRow(row: number): number {
  return Math.floor(row / 10) + 1;
}
