/**
 * Test helpers: build a playing night from a text map in the seed's own legend, and run ticks.
 * Legend: G gardener (@ in grace), m p r n t s T dimlings (P a spotted peeker, R a rootling in briar),
 * o pod, * active bloom, % briar, , sprout, # moonstone, H hedge, ~ pond, X thicket, x creep mark,
 * + pickup, ^ open gate, . floor. Used only by tests.
 */
import type { GameEvent } from '../../core/game.js';
import { seedRng } from '../../core/rng.js';
import type { BriarwinkAction } from './types.js';
import { step } from './rules.js';
import { init } from './rules.js';
import type { Dimling, BriarwinkState } from './types.js';
import { BRIAR, FLOOR, HEDGE, MOONSTONE, PLAYING, POND, SPROUT, STARE, THICKET, WANDER, WIDE_PETAL } from './types.js';
import { bandOf, BLOOM_TICKS, PLAYER_STEPS } from './roster.js';
import { CELLS } from './grid.js';

const KINDS = 'mprntsT';

/** Options for `garden`: anything on the state, applied after the map. */
export type MapOptions = Partial<BriarwinkState>;

/**
 * A playing state from a 9-row map (rows of 7). The hush is over, the calm is long, regrowth is off,
 * and ids go in cell order. A `*` run becomes one bloom (cascade 100) with 18 ticks left.
 */
export function fromMap(map: string, opts: MapOptions = {}): BriarwinkState {
  const rows = map
    .trim()
    .split('\n')
    .map((r) => r.trim());
  if (rows.length !== 9 || rows.some((r) => r.length !== 7)) throw new Error('a garden map is 9 rows of 7');
  const night = opts.night ?? 1;
  const s = init(1);
  s.night = night;
  s.band = bandOf(night).band;
  s.status = PLAYING;
  s.nightTick = 1000;
  s.calmLeft = 100000;
  s.regrowIn = -1;
  s.hidden = [];
  s.corner = 0;
  s.moonless = false;
  s.rng = seedRng(12345);
  s.terrain = new Array<number>(CELLS).fill(FLOOR);
  s.origBriar = new Array<number>(CELLS).fill(0);
  s.sproutAge = new Array<number>(CELLS).fill(0);
  s.dimlings = [];
  s.pods = [];
  s.blooms = [];
  s.pickups = [];
  s.pAt = -1;
  s.away = 24;
  const bloom: number[] = [];
  const chars = rows.join('');
  for (let c = 0; c < CELLS; c++) {
    const ch = chars[c];
    if (ch === '%' || ch === 'R') {
      s.terrain[c] = BRIAR;
      s.origBriar[c] = 1;
    } else if (ch === ',') s.terrain[c] = SPROUT;
    else if (ch === '#') s.terrain[c] = MOONSTONE;
    else if (ch === 'H') s.terrain[c] = HEDGE;
    else if (ch === '~') s.terrain[c] = POND;
    else if (ch === 'X') s.terrain[c] = THICKET;
    else if (ch === 'x') s.marks.push(c);
    else if (ch === '+') s.pickups.push({ cell: c, kind: WIDE_PETAL });
    else if (ch === '^') s.gate = c;
    else if (ch === '*') bloom.push(c);
    else if (ch === 'o')
      s.pods.push({
        id: s.pods.length,
        cell: c,
        bloomIn: 66,
        reach: 2,
        cascade: -1,
        woken: false,
        fresh: false,
        wokeNow: false,
      });
    else if (ch === 'G' || ch === '@') {
      s.pAt = c;
      s.away = 0;
      s.grace = ch === '@' ? 75 : 0;
    }
    const k = ch === 'P' ? 1 : ch === 'R' ? 2 : KINDS.indexOf(ch);
    if (k >= 0) s.dimlings.push(dimling(s.dimlings.length, k, c, ch === 'P' ? STARE : WANDER));
  }
  s.nextPod = s.pods.length;
  s.nextDimling = s.dimlings.length;
  if (bloom.length > 0) {
    s.blooms.push({ pod: 100, cascade: 100, left: BLOOM_TICKS, cells: bloom });
    s.cascades.push({ id: 100, relights: 0, pods: 1 });
  }
  s.pSteps = PLAYER_STEPS[s.levels[2]];
  Object.assign(s, opts);
  return s;
}

/** A standing dimling. */
export function dimling(id: number, kind: number, at: number, mode = WANDER): Dimling {
  return {
    id,
    kind,
    at,
    to: -1,
    prog: 0,
    steps: 0,
    dir: -1,
    mode,
    wait: mode === STARE ? 11 : 0,
    moves: 0,
    shimmer: 0,
  };
}

/** The refusal of `a` in `s` (its reason and message), or null when the engine accepts it. */
export function refusal(s: BriarwinkState, a: unknown): { reason: string; message: string } | null {
  const r = step(s, a as BriarwinkAction);
  return r.ok ? null : { reason: r.reason, message: r.message };
}

/** Plays `actions` from `s`, failing loudly on a refusal; returns the final state and every event. */
export function play(s: BriarwinkState, ...actions: BriarwinkAction[]): { state: BriarwinkState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.reason} ${r.message}`);
    s = r.state;
    events = events.length === 0 ? r.events : [...events, ...r.events];
  }
  return { state: s, events };
}

/** Run `n` single ticks holding `move` (a direction name or null); returns the final state and all events. */
export function ticks(s: BriarwinkState, n: number, move: string | null = null, plant = false) {
  let st = s;
  const events: GameEvent[] = [];
  for (let i = 0; i < n; i++) {
    const r = play(st, { type: 'tick', move, plant: plant && i === 0 });
    st = r.state;
    events.push(...r.events);
  }
  return { state: st, events };
}

/** The cell at (x, y). */
export const cell = (x: number, y: number): number => y * 7 + x;
