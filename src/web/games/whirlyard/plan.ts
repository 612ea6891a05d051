/**
 * What happened between two Whirlyard pictures, in the order the rules resolve it, so the board can
 * show it: the rover's move (or pulse), then every drone's first pursuit step, then the charged
 * drones' second step, each step's casualties (reaching the rover, arriving on scrap, meeting another
 * drone) and, when the last drone went, the cleared board before the next wave replaced it.
 *
 * The observations say where the pieces are, not how they got there; the rules say the rest. The
 * path of each drone comes from the engine's own step table (TOWARD); the plan is only decoration and
 * is checked against the picture after: when it does not reproduce it (a jump of several turns, a
 * replay seek, an undo), there is no plan and the board simply shows the new picture.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the drones' pursuit step, so the motion shows the engine's own path
import { TOWARD } from '../../../games/whirlyard/board.js';
import type { WhirlyardObservation } from '../../../games/whirlyard/index.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the board size and charged cadence the plan is drawn on
import { CHARGED_CADENCE, SIZE } from '../../../games/whirlyard/types.js';

/** A cell as x, y. */
export interface Cell {
  x: number;
  y: number;
}

/** One drone of the picture before, followed through the turn. */
interface DronePath {
  /** Index of this drone in the picture before. */
  from: number;
  charged: boolean;
  /** Its cell before, after the first step, after the second step (the same cell when it stood still). */
  cells: [Cell, Cell, Cell];
  /** The stage it was dismantled (or reached the rover) in, or null if it is still on the board. */
  end: null | { stage: 'pulse' | 'first' | 'second'; how: 'pulse' | 'scrap' | 'collision' | 'caught' };
  /** Its index in the picture after, when it survived. */
  to: number | null;
}

export interface WhirlyardPlan {
  /** The rover's cell before and after its action (before the next wave's reset). */
  rover: [Cell, Cell];
  pulse: boolean;
  drones: DronePath[];
  /** Whether a second (charged) pursuit step ran. */
  second: boolean;
  /** The last drone went: the board after is the next wave's, and `clearedScrap` the board before it. */
  cleared: boolean;
  /** The scrap on the board at the end of the turn, before any reset. */
  scrap: Cell[];
  /** Cells where something was dismantled or reached the rover, with the stage it happened in. */
  hits: { cell: Cell; stage: 'pulse' | 'first' | 'second'; how: string }[];
  caught: boolean;
}

const idx = (c: Cell) => c.y * SIZE + c.x;
const cell = (i: number): Cell => ({ x: i % SIZE, y: Math.floor(i / SIZE) });
const cheb = (a: number, b: number) =>
  Math.max(Math.abs((a % SIZE) - (b % SIZE)), Math.abs(Math.floor(a / SIZE) - Math.floor(b / SIZE)));

/** The turn from `p` with the rover ending its action on `rover` (a pulse when `pulse`). */
function simulate(p: WhirlyardObservation, rover: number, pulse: boolean): WhirlyardPlan {
  const scrap = new Set(p.scrap.map(idx));
  const paths: DronePath[] = p.drones.map((d, i) => {
    const c = { x: d.x, y: d.y };
    return { from: i, charged: d.charged, cells: [c, c, c], end: null, to: null };
  });
  const hits: WhirlyardPlan['hits'] = [];
  let caught = false;
  const alive = () => paths.filter((d) => !d.end);
  if (pulse)
    for (const d of alive())
      if (cheb(idx(d.cells[0]), rover) === 1) {
        d.end = { stage: 'pulse', how: 'pulse' };
        scrap.add(idx(d.cells[0]));
        hits.push({ cell: d.cells[0], stage: 'pulse', how: 'pulse' });
      }
  const waveTurn = p.waveTurn + 1;
  let second = false;
  for (const stage of ['first', 'second'] as const) {
    const k = stage === 'first' ? 1 : 2;
    const live = alive();
    if (caught || !live.length) break;
    const movers = live.filter((d) => stage === 'first' || d.charged);
    if (stage === 'second' && (waveTurn % CHARGED_CADENCE !== 0 || !movers.length)) break;
    if (stage === 'second') second = true;
    const dest = new Map<DronePath, number>();
    for (const d of live) {
      const at = idx(d.cells[k - 1]);
      dest.set(d, movers.includes(d) ? TOWARD[at * SIZE * SIZE + rover] : at);
    }
    for (const d of live) {
      const c = cell(dest.get(d)!);
      d.cells[k] = c;
      if (k === 1) d.cells[2] = c;
    }
    // contact first: the run ends and this step dismantles nothing
    const contact = live.filter((d) => dest.get(d) === rover);
    if (contact.length) {
      caught = true;
      for (const d of contact) d.end = { stage, how: 'caught' };
      hits.push({ cell: cell(rover), stage, how: 'caught' });
      break;
    }
    // then arrivals on scrap, then groups
    for (const d of movers)
      if (scrap.has(dest.get(d)!)) {
        d.end = { stage, how: 'scrap' };
        hits.push({ cell: d.cells[k], stage, how: 'scrap' });
      }
    const count = new Map<number, number>();
    for (const d of live) if (!d.end) count.set(dest.get(d)!, (count.get(dest.get(d)!) ?? 0) + 1);
    const met = new Set<number>();
    for (const d of live)
      if (!d.end && count.get(dest.get(d)!)! > 1) {
        d.end = { stage, how: 'collision' };
        met.add(dest.get(d)!);
      }
    for (const m of met) {
      scrap.add(m);
      hits.push({ cell: cell(m), stage, how: 'collision' });
    }
  }
  let n = 0;
  for (const d of paths) if (!d.end || d.end.how === 'caught') d.to = n++;
  return {
    rover: [p.rover, cell(rover)],
    pulse,
    drones: paths,
    second,
    cleared: !caught && paths.every((d) => d.end),
    scrap: [...scrap].sort((a, b) => a - b).map(cell),
    hits,
    caught,
  };
}

/** True when the plan ends on exactly the picture `q` shows (drones in order, scrap, rover). */
function reproduces(plan: WhirlyardPlan, q: WhirlyardObservation): boolean {
  if (plan.cleared) return false;
  const ends = plan.drones.filter((d) => d.to !== null).map((d) => d.cells[2]);
  if (ends.length !== q.drones.length) return false;
  for (let i = 0; i < ends.length; i++) if (ends[i].x !== q.drones[i].x || ends[i].y !== q.drones[i].y) return false;
  const s = q.scrap.map(idx).sort((a, b) => a - b);
  return s.length === plan.scrap.length && s.every((c, i) => c === idx(plan.scrap[i]));
}

/** What the step's events said: where the rover ended its action, and whether it pulsed. */
export interface WhirlyardHint {
  rover: Cell;
  pulse: boolean;
}

/** The hint in one accepted step's events, if they are Whirlyard's. */
export function hintOf(events: readonly { type: string; [k: string]: unknown }[], before: Cell): WhirlyardHint | null {
  for (const e of events) {
    if ((e.type === 'moved' || e.type === 'waited') && typeof e.x === 'number' && typeof e.y === 'number')
      return { rover: { x: e.x, y: e.y }, pulse: false };
    if (e.type === 'pulse') return { rover: before, pulse: true };
  }
  return null;
}

/**
 * The plan of the one accepted action that turned `p` into `q`, or null when `q` is not one action
 * after `p` (or nothing moved: End Run). When the last drone went, the rover is back at its start in
 * `q`: the action is then read from `hint` (the step's events) or, without one, guessed as the first
 * action that clears the wave for the points the score went up by (two may: the guess can be wrong).
 */
export function planWhirlyard(
  p: WhirlyardObservation,
  q: WhirlyardObservation,
  hint?: WhirlyardHint | null,
): WhirlyardPlan | null {
  if (q.turn !== p.turn + 1) return null;
  const from = idx(p.rover);
  if (q.wave === p.wave) {
    const pulse = q.charges < p.charges;
    const plan = simulate(p, idx(q.rover), pulse);
    return reproduces(plan, q) ? plan : null;
  }
  if (q.wave !== p.wave + 1) return null;
  // The wave was cleared and the rover is back at its start: the action that cleared it is the one
  // whose turn dismantles every drone and pays the points the score went up by.
  const gained = q.score - p.score;
  const candidates: [number, boolean][] = [
    [from, false],
    [from, true],
  ];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++) {
      const x = p.rover.x + dx;
      const y = p.rover.y + dy;
      if ((dx || dy) && x >= 0 && y >= 0 && x < SIZE && y < SIZE) candidates.push([y * SIZE + x, false]);
    }
  if (hint) {
    const plan = simulate(p, idx(hint.rover), hint.pulse);
    if (plan.cleared) return plan;
  }
  const blocked = new Set([...p.scrap.map(idx), ...p.drones.map(idx)]);
  for (const [rover, pulse] of candidates) {
    if (rover !== from && blocked.has(rover)) continue;
    if (pulse && p.charges === 0) continue;
    const plan = simulate(p, rover, pulse);
    if (!plan.cleared) continue;
    const dead = plan.drones.length;
    let bonus = 0;
    for (const stage of ['first', 'second'] as const) {
      const n = plan.drones.filter((d) => d.end?.stage === stage).length;
      bonus += 10 * Math.max(0, n - 1);
    }
    const clear = 100 + (pulse || p.pulseUsedThisWave ? 0 : 50);
    if (dead * 20 + bonus + clear === gained) return plan;
  }
  return null;
}
