/**
 * The state as it travels (carry: "state"). Nothing in Delvewick is hidden, so everything is readable
 * `data` and there is no `secret`. The board travels as map rows, so a carried state reads like the
 * observation; `fromWire` checks every field and throws on anything malformed.
 */
import type { WireState } from '../../core/game.js';
import { SEED_RULE, isSeed, type Seed } from '../../core/seed.js';
import { parseRows, renderRows } from './board.js';
import { CRUSHED, END_REASONS, FALLING_BOULDER, FALLING_GEODE, PLAYING, type DelvewickState } from './types.js';

/** Largest board side fromWire accepts (levels are far smaller; this only bounds hostile input). */
const MAX_SIDE = 64;

/**
 * The wire form: all readable. Its keys are written in sorted order, so that the server's tag text (the
 * canonical JSON, keys sorted) is exactly what JSON.stringify writes (src/server/state/seal.ts, sealReadable).
 */
export function toWire(s: DelvewickState): WireState {
  const x = s.mole % s.w;
  return {
    data: {
      chain: s.chain,
      chainAge: s.chainAge,
      end: END_REASONS[s.end] ?? 'playing',
      exitOpen: s.exitOpen,
      gems: s.gems,
      level: s.level,
      mole: [x, (s.mole - x) / s.w],
      oil: s.oil,
      quota: s.quota,
      rows: renderRows(s.grid, s.w, s.h, s.exitOpen),
      score: s.score,
      seed: s.seed,
    },
  };
}

/** The seed, echoed only (Delvewick draws nothing from it): either kind. */
function seedField(v: unknown): Seed {
  if (!isSeed(v)) throw new Error(`state seed must be ${SEED_RULE}`);
  return v;
}

function int(v: unknown, name: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new Error(`state field "${name}" must be an integer in ${min}..${max}`);
  }
  return v;
}

/** Rebuilds a state from `toWire` output; throws an Error on anything malformed or inconsistent. */
export function fromWire(wire: WireState): DelvewickState {
  if (typeof wire !== 'object' || wire === null) throw new Error('state must be an object');
  const d = wire.data as Record<string, unknown>;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new Error('state data must be an object');
  const rows = d.rows;
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_SIDE) throw new Error('state rows are missing');
  if (rows.some((r) => typeof r !== 'string' || r.length > MAX_SIDE)) throw new Error('state rows must be strings');
  const board = parseRows(rows as string[]);
  const { w, h } = board;
  const end = END_REASONS.indexOf(d.end === 'playing' ? null : (d.end as never));
  if (end < 0) throw new Error('state field "end" is not a known ending');
  if (typeof d.exitOpen !== 'boolean') throw new Error('state field "exitOpen" must be a boolean');
  if (board.exitOpen !== null && board.exitOpen !== d.exitOpen) throw new Error('state exits disagree with exitOpen');
  const m = d.mole;
  if (!Array.isArray(m) || m.length !== 2) throw new Error('state field "mole" must be [x, y]');
  const mole = int(m[1], 'mole y', 0, h - 1) * w + int(m[0], 'mole x', 0, w - 1);
  // The mole is drawn on its cell, except after a crush, where the rock that fell on it is drawn there.
  const crushedBy = board.grid[mole];
  if (
    end === CRUSHED
      ? board.mole >= 0 || (crushedBy !== FALLING_BOULDER && crushedBy !== FALLING_GEODE)
      : board.mole !== mole
  ) {
    throw new Error('state mole position disagrees with the map');
  }
  const quota = int(d.quota, 'quota', 1, 10_000);
  const gems = int(d.gems, 'gems', 0, w * h);
  if (end === PLAYING && d.exitOpen !== gems >= quota) throw new Error('state exitOpen disagrees with gems and quota');
  const chain = int(d.chain, 'chain', 0, w * h);
  return {
    seed: seedField(d.seed),
    level: int(d.level, 'level', 1, 8),
    w,
    h,
    grid: board.grid,
    mole,
    oil: int(d.oil, 'oil', 0, 10_000),
    quota,
    gems,
    exitOpen: d.exitOpen,
    score: int(d.score, 'score', 0, Number.MAX_SAFE_INTEGER),
    chain,
    chainAge: int(d.chainAge, 'chainAge', 0, chain > 0 ? 3 : 0),
    end,
    settled: false,
  };
}
