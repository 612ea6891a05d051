/**
 * The Whirlyard agent's own model of a turn, built from the observation alone. Inside a wave the game
 * is fully determined by the board (the generator is drawn from only when a wave is laid out), so the
 * model is exact until the wave is cleared; a search stops there, since the next wave is unknowable.
 *
 * The turn follows the rules as the seed gives them: the action, the turn count, then the pursuit
 * step (contact, then arrivals on existing scrap, then groups), and on every third wave turn a second
 * step for the charged drones alone, resolved the same way.
 */
import type { WhirlyardAction, WhirlyardObservation } from '../../games/whirlyard/index.js';

/** Board side and cell count (cell = y * 6 + x). */
const SIZE = 6;
const CELLS = SIZE * SIZE;
/** Action codes: 0..7 are the moves in grammar order, then wait and pulse. */
export const WAIT = 8;
export const PULSE = 9;
/** The move directions in the grammar's order, with their offsets. */
const DIRECTIONS = ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'] as const;

/** The game's action for an action code. */
export function actionOf(code: number): WhirlyardAction {
  return code === WAIT
    ? { type: 'wait' }
    : code === PULSE
      ? { type: 'pulse' }
      : { type: 'move', direction: DIRECTIONS[code] };
}
const DX = [-1, 0, 1, -1, 1, -1, 0, 1];
const DY = [-1, -1, -1, 0, 0, 1, 1, 1];

/** A position in the model. Drones are parallel arrays; `scrap` is one flag per cell. */
export interface Sim {
  rover: number;
  drones: number[];
  charged: boolean[];
  scrap: Uint8Array;
  waveTurn: number;
  charges: number;
  pulseUsed: boolean;
}

/** What one modelled turn did. */
export interface TurnResult {
  sim: Sim;
  caught: boolean;
  /** Points the turn paid (kills, step bonuses, a wave clear). */
  points: number;
  cleared: boolean;
}

/** The model of an observation. */
export function simOf(o: WhirlyardObservation): Sim {
  const scrap = new Uint8Array(CELLS);
  for (const p of o.scrap) scrap[p.y * SIZE + p.x] = 1;
  return {
    rover: o.rover.y * SIZE + o.rover.x,
    drones: o.drones.map((d) => d.y * SIZE + d.x),
    charged: o.drones.map((d) => d.charged),
    scrap,
    waveTurn: o.waveTurn,
    charges: o.charges,
    pulseUsed: o.pulseUsedThisWave,
  };
}

/** The cell one step from `cell` in direction `dir`, or -1 off the board. */
function neighbour(cell: number, dir: number): number {
  const x = (cell % SIZE) + DX[dir];
  const y = ((cell / SIZE) | 0) + DY[dir];
  return x < 0 || y < 0 || x >= SIZE || y >= SIZE ? -1 : y * SIZE + x;
}

/** Chebyshev distance between two cells. */
export function chebyshev(a: number, b: number): number {
  return Math.max(Math.abs((a % SIZE) - (b % SIZE)), Math.abs(((a / SIZE) | 0) - ((b / SIZE) | 0)));
}

/** One pursuit step toward `target`: (sign dx, sign dy). */
export function toward(from: number, target: number): number {
  const dx = Math.sign((target % SIZE) - (from % SIZE));
  const dy = Math.sign(((target / SIZE) | 0) - ((from / SIZE) | 0));
  return from + dy * SIZE + dx;
}

/** Whether the rover may take action `code` (moves: on the board, not onto a drone or scrap). */
export function isLegal(s: Sim, code: number): boolean {
  if (code === WAIT) return true;
  if (code === PULSE) return s.charges > 0;
  const to = neighbour(s.rover, code);
  return to >= 0 && s.scrap[to] === 0 && !s.drones.includes(to);
}

/**
 * One pursuit step of all the drones, or of the charged ones alone, resolved in the
 * seed's order. Mutates `s`; answers the points, or -1 when a drone reached the rover.
 */
function pursue(s: Sim, chargedOnly: boolean): number {
  const n = s.drones.length;
  const next = s.drones.slice();
  for (let i = 0; i < n; i++) {
    if (chargedOnly && !s.charged[i]) continue;
    next[i] = toward(s.drones[i], s.rover);
    if (next[i] === s.rover) return -1;
  }
  const dead = new Uint8Array(n);
  let kills = 0;
  for (let i = 0; i < n; i++) {
    if (next[i] !== s.drones[i] && s.scrap[next[i]]) {
      dead[i] = 1;
      kills++;
    }
  }
  for (let i = 0; i < n; i++) {
    if (dead[i]) continue;
    let group = false;
    for (let j = i + 1; j < n; j++) {
      if (!dead[j] && next[j] === next[i]) {
        dead[j] = 2;
        kills++;
        group = true;
      }
    }
    if (group) {
      dead[i] = 2;
      kills++;
    }
  }
  for (let i = 0; i < n; i++) if (dead[i] === 2) s.scrap[next[i]] = 1;
  const drones: number[] = [];
  const charged: boolean[] = [];
  for (let i = 0; i < n; i++) {
    if (dead[i]) continue;
    drones.push(next[i]);
    charged.push(s.charged[i]);
  }
  s.drones = drones;
  s.charged = charged;
  return kills * 20 + (kills > 1 ? 10 * (kills - 1) : 0);
}

/** Plays action `code` (assumed legal) on a copy of `s`. */
export function play(s: Sim, code: number): TurnResult {
  const t: Sim = {
    rover: s.rover,
    drones: s.drones,
    charged: s.charged,
    scrap: s.scrap.slice(),
    waveTurn: s.waveTurn + 1,
    charges: s.charges,
    pulseUsed: s.pulseUsed,
  };
  let points = 0;
  if (code === PULSE) {
    t.charges--;
    t.pulseUsed = true;
    const drones: number[] = [];
    const charged: boolean[] = [];
    for (let i = 0; i < s.drones.length; i++) {
      if (chebyshev(s.drones[i], s.rover) === 1) {
        t.scrap[s.drones[i]] = 1;
        points += 20;
      } else {
        drones.push(s.drones[i]);
        charged.push(s.charged[i]);
      }
    }
    t.drones = drones;
    t.charged = charged;
  } else if (code !== WAIT) {
    t.rover = neighbour(s.rover, code);
  }
  const clear = (): TurnResult => ({
    sim: t,
    caught: false,
    points: points + (t.pulseUsed ? 100 : 150),
    cleared: true,
  });
  if (t.drones.length === 0) return clear();
  const first = pursue(t, false);
  if (first < 0) return { sim: t, caught: true, points, cleared: false };
  points += first;
  if (t.drones.length === 0) return clear();
  if (t.waveTurn % 3 === 0 && t.charged.includes(true)) {
    const second = pursue(t, true);
    if (second < 0) return { sim: t, caught: true, points, cleared: false };
    points += second;
    if (t.drones.length === 0) return clear();
  }
  return { sim: t, caught: false, points, cleared: false };
}
