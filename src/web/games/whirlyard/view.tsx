/**
 * Whirlyard board: the 6 by 6 yard drawn from the observation's rover, drones and scrap, each a drawn
 * sprite with its own outline as well as colour (the rover on its tracks, a drone on four rotors, a
 * charged drone a diamond with a lightning bolt, scrap a heap), so the board reads without telling
 * colours apart, and each piece is named for screen readers.
 */
import type { GameAction, Observation } from '../../../core/game.js';
import { releaseMouseFocus } from '../../components/parts.js';
import type { WhirlyardObservation } from '../../../games/whirlyard/index.js';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import { Glide } from '../../motion/glide.js';
import { lastStep, stepDelay } from '../../motion/fx.js';
import { reducedMotion } from '../../motion/prefs.js';
import { hintOf, planWhirlyard, type WhirlyardPlan } from './plan.js';
import type { BoardProps, GameView, LegendEntry, StatusItem } from '../types.js';
import { WhirlyardMisses } from './misses.js';
import { Sprite } from '../../sprites/sprite.js';

interface Pt {
  x: number;
  y: number;
}

const N = 6;
const C = 60;

// `arrow` marks a move target on the board: the key letters would read as pieces (D drone, X caught).
const DIRS: Record<string, { dx: number; dy: number; name: string; key: string; arrow: string }> = {
  nw: { dx: -1, dy: -1, name: 'north-west', key: 'Q', arrow: '↖' },
  n: { dx: 0, dy: -1, name: 'north', key: 'W', arrow: '↑' },
  ne: { dx: 1, dy: -1, name: 'north-east', key: 'E', arrow: '↗' },
  w: { dx: -1, dy: 0, name: 'west', key: 'A', arrow: '←' },
  e: { dx: 1, dy: 0, name: 'east', key: 'D', arrow: '→' },
  sw: { dx: -1, dy: 1, name: 'south-west', key: 'Z', arrow: '↙' },
  s: { dx: 0, dy: 1, name: 'south', key: 'X', arrow: '↓' },
  se: { dx: 1, dy: 1, name: 'south-east', key: 'C', arrow: '↘' },
};

const LETTER_KEYS: Record<string, string> = { q: 'nw', w: 'n', e: 'ne', a: 'w', d: 'e', z: 'sw', x: 's', c: 'se' };
const CODE_KEYS: Record<string, string> = {
  Numpad7: 'nw',
  Numpad8: 'n',
  Numpad9: 'ne',
  Numpad4: 'w',
  Numpad6: 'e',
  Numpad1: 'sw',
  Numpad2: 's',
  Numpad3: 'se',
  ArrowUp: 'n',
  ArrowDown: 's',
  ArrowLeft: 'w',
  ArrowRight: 'e',
};

function asObs(o: Observation): WhirlyardObservation {
  return o as WhirlyardObservation;
}

const sign = (v: number) => (v > 0 ? 1 : v < 0 ? -1 : 0);

function Rover({ x, y }: Pt) {
  return (
    <g class="wy-rover">
      <Sprite id="wy-rover" x={x * C + 6} y={y * C + 6} w={C - 12} label={`Rover at (${x}, ${y})`} />
    </g>
  );
}

function Drone({ x, y, charged, extra = '' }: Pt & { charged: boolean; extra?: string }) {
  return (
    <g class={(charged ? 'wy-drone charged' : 'wy-drone') + extra}>
      <Sprite
        id={charged ? 'wy-charged' : 'wy-drone'}
        x={x * C + 5}
        y={y * C + 5}
        w={C - 10}
        label={`${charged ? 'Charged drone' : 'Drone'} at (${x}, ${y})`}
      />
    </g>
  );
}

function Scrap({ x, y, late }: Pt & { late?: number }) {
  return (
    <g
      class={late === undefined ? 'wy-scrap' : 'wy-scrap late'}
      style={late === undefined ? undefined : { '--d': `${late}ms` }}
    >
      <Sprite id="wy-scrap" x={x * C + 5} y={y * C + 5} w={C - 10} label={`Scrap at (${x}, ${y})`} />
    </g>
  );
}

/**
 * A dismantled drone's burst: six shards flying out of its cell, drawn in the board (an HTML layer of
 * animated shards over the SVG made the browser raster the whole board again at each burst: Whirlyard's
 * frame p95 was 33 to 50 ms on a phone because of it).
 */
function Shards({ x, y, late }: Pt & { late: number }) {
  return (
    <g class="wy-shards" transform={`translate(${x * C + C / 2} ${y * C + C / 2})`} style={{ '--d': `${late}ms` }}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <g transform={`rotate(${i * 60})`}>
          <rect x="-4" y="-4" width="8" height="8" rx="2" />
        </g>
      ))}
    </g>
  );
}

/** The rover caught: a burst where the drone reached it. */
function Caught({ x, y, late = 0 }: Pt & { late?: number }) {
  return (
    <g class="wy-caught" style={{ '--d': `${late}ms` }}>
      <Sprite id="wy-caught" x={x * C + 2} y={y * C + 2} w={C - 4} label={`Caught at (${x}, ${y})`} />
    </g>
  );
}

function HatchDef() {
  return (
    <defs>
      <marker id="wy-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto">
        <path d="M0,0 L10,5 L0,10 z" fill="#b33c00" />
      </marker>
    </defs>
  );
}

/** The rover's move, then each pursuit step, at full speed, in ms. */
const ROVER_MS = 100;
const STEP_MS = 120;
/** A dismantled drone fades out this long after it arrived. */
const FADE_MS = 160;
/** The cleared board stays this long after its last collision before the next wave appears. */
export const BEAT_MS = 500;
/** A collision cell stays marked this long (with reduced motion too). */
const HIT_MS = 600;

/** One drone drawn on the board: its element's identity, cell, and the path it came by this turn. */
interface DroneView {
  id: number;
  x: number;
  y: number;
  charged: boolean;
  /** Dismantled this turn: drawn where it ended, fading out once it got there. */
  ghost: boolean;
  /** Keyframes of the turn: where it was at each time (ms). */
  path: { t: number; x: number; y: number }[];
  /** When it fades (a ghost), in ms. */
  fade?: number;
  /** A new wave's drone, appearing. */
  spawn?: boolean;
}

interface Turn {
  key: string;
  obs: WhirlyardObservation;
  plan: WhirlyardPlan | null;
  /** Drone element ids of `obs`, by index. */
  ids: number[];
  /** What the board draws for this turn. */
  drones: DroneView[];
  /** The time scale of this turn (1 at a calm pace, down to 0.2 for held keys and fast replays). */
  speed: number;
  /** When (performance.now) the turn began. */
  at: number;
  /** Timing of the pursuit steps, scaled. */
  t: { first: number; second: number; end: number };
  /** The cleared board is held until this time (performance.now), 0 when not. */
  holdUntil: number;
  /** The collision marks go at this time. */
  hitsUntil: number;
  /** Whether this turn moves (not on a thumbnail, not with reduced motion). */
  animate: boolean;
}

let nextDroneId = 1;
/**
 * Until when (performance.now) the play board holds a cleared wave's last picture: the next wave's
 * drones are not drawn yet, so its moves are not taken (`holdsInput`), never played blind.
 */
let inputHeldUntil = 0;
const turnKey = (o: WhirlyardObservation) => JSON.stringify([o.turn, o.wave, o.score, o.rover, o.drones, o.endReason]);

/** The next turn's picture from the last one and a new observation. */
function nextTurn(last: Turn | null, obs: WhirlyardObservation, animate: boolean): Turn {
  const now = performance.now();
  const key = turnKey(obs);
  const p = last?.obs;
  const hint =
    p && lastStep && turnKey(lastStep.obs as WhirlyardObservation) === key ? hintOf(lastStep.events, p.rover) : null;
  const plan = p ? planWhirlyard(p, obs, hint) : null;
  const fresh = () => obs.drones.map(() => nextDroneId++);
  let ids: number[];
  const drones: DroneView[] = [];
  // A turn that comes sooner than the last one took plays faster, so held keys never fall behind.
  const full = ROVER_MS + 2 * STEP_MS;
  const gap = last ? now - last.at : Infinity;
  const speed = plan && animate ? Math.max(0.2, Math.min(1, gap / full)) : 1;
  const t1 = ROVER_MS * speed;
  const t2 = t1 + STEP_MS * speed;
  const t3 = t2 + (plan?.second ? STEP_MS * speed : 0);
  if (plan && last) {
    ids = plan.cleared ? fresh() : [];
    for (const d of plan.drones) {
      const id = last.ids[d.from] ?? nextDroneId++;
      if (!plan.cleared && d.to !== null) ids[d.to] = id;
      const [a, b, c] = d.cells;
      const path = [
        { t: 0, ...a },
        { t: t1, ...a },
        { t: t2, ...b },
        { t: t3, ...c },
      ];
      const stage = d.end?.stage;
      const endCell = stage === 'pulse' ? a : stage === 'first' ? b : c;
      const ghost = !!d.end && d.end.how !== 'caught';
      if (ghost || !plan.cleared)
        drones.push({
          id,
          ...endCell,
          charged: d.charged,
          ghost,
          path: stage === 'pulse' ? [{ t: 0, ...a }] : stage === 'first' ? path.slice(0, 3) : path,
          fade: ghost ? (stage === 'pulse' ? 0 : stage === 'first' ? t2 : t3) : undefined,
        });
    }
  } else {
    const same = p && p.wave === obs.wave && p.drones.length === obs.drones.length;
    ids = same && last ? last.ids.slice() : fresh();
  }
  if (!plan) obs.drones.forEach((d, i) => drones.push({ id: ids[i], ...d, ghost: false, path: [] }));
  const lastHit = plan?.hits.length
    ? Math.max(...plan.hits.map((h) => (h.stage === 'pulse' ? 0 : h.stage === 'first' ? t2 : t3)))
    : 0;
  return {
    key,
    obs,
    plan,
    ids,
    drones,
    speed,
    at: now,
    t: { first: t2, second: t3, end: t3 },
    holdUntil: plan?.cleared ? now + lastHit + BEAT_MS : 0,
    hitsUntil: plan && (plan.hits.length || plan.pulse) ? now + lastHit + HIT_MS : 0,
    animate,
  };
}

/**
 * The turn the board shows, and a redraw when its cleared board or its collision marks time out. A
 * new observation ends the running turn at once (its animations are replaced by the next turn's).
 */
function useTurn(obs: WhirlyardObservation, small: boolean | undefined): Turn {
  const turn = useRef<Turn | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const key = turnKey(obs);
  if (!turn.current || turn.current.key !== key) {
    turn.current = nextTurn(turn.current, obs, !small && !reducedMotion());
    if (!small) inputHeldUntil = turn.current.holdUntil;
  }
  const t = turn.current;
  useEffect(() => {
    const wait = Math.max(t.holdUntil, t.hitsUntil) - performance.now();
    if (wait <= 0) return;
    const timers = [t.holdUntil, t.hitsUntil]
      .filter((u) => u > 0)
      .map((u) => setTimeout(redraw, Math.max(0, u - performance.now()) + 5));
    return () => timers.forEach(clearTimeout);
  }, [t]);
  // The marks layer times a burst by the pursuit step it happened in.
  // (at this turn's pace: the next turn is likely to come as quickly).
  stepDelay.first = (ROVER_MS + STEP_MS) * t.speed;
  stepDelay.second = (ROVER_MS + 2 * STEP_MS) * t.speed;
  stepDelay.pulse = 0;
  return t;
}

function WhirlyardBoard({ obs: raw, legal, onAction, small }: BoardProps) {
  const obs = asObs(raw);
  const turn = useTurn(obs, small);
  const moves = new Map<string, GameAction>();
  for (const a of legal) if (a.type === 'move' && typeof a.direction === 'string') moves.set(a.direction, a);
  const cells = [];
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++)
      cells.push(<rect class={(x + y) % 2 ? 'wy-cell alt' : 'wy-cell'} x={x * C} y={y * C} width={C} height={C} />);
  // Every cell that is no move target takes a click too, so a refused click says why (style.css lets
  // clicks through the pieces drawn over these cells).
  const now = performance.now();
  const plan = turn.plan;
  // While the cleared board is held, the picture is the board as the turn left it, before the reset:
  // the next wave's moves are neither drawn nor taken until its drones are.
  const holding = !!plan && turn.holdUntil > now;
  if (onAction && !holding)
    cells.push(<WhirlyardMisses rover={obs.rover} moves={moves} dirs={DIRS} onAction={onAction} n={N} c={C} />);
  const targets =
    onAction && !holding
      ? Object.entries(DIRS).map(([dir, d]) => {
          const a = moves.get(dir);
          if (!a) return null;
          const x = obs.rover.x + d.dx;
          const y = obs.rover.y + d.dy;
          const act = () => onAction(a);
          return (
            <g
              class="wy-target"
              role="button"
              tabindex={0}
              aria-label={`Move ${d.name} to (${x}, ${y}), key ${d.key}`}
              data-dir={dir}
              onClick={(e) => {
                releaseMouseFocus(e);
                act();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  e.stopPropagation();
                  act();
                }
              }}
            >
              <title>{`Move ${d.name} (${d.key})`}</title>
              <rect x={x * C + 3} y={y * C + 3} width={C - 6} height={C - 6} rx="6" />
              <text x={x * C + C - 10} y={y * C + 16}>
                {d.arrow}
              </text>
            </g>
          );
        })
      : null;
  const marking = !!plan && turn.hitsUntil > now;
  const rover = holding && plan ? plan.rover[1] : obs.rover;
  const scrap = holding && plan ? plan.scrap : obs.scrap;
  const when = (stage: string) => (stage === 'pulse' ? 0 : stage === 'first' ? turn.t.first : turn.t.second);
  const lateAt = new Map<string, number>();
  // Scrap made this turn (where drones met) appears when it is made; scrap already there stays.
  if (plan && turn.animate)
    for (const h of plan.hits) if (h.how === 'collision') lateAt.set(`${h.cell.x},${h.cell.y}`, when(h.stage));
  let drones: DroneView[];
  if (plan?.cleared && !holding)
    drones = obs.drones.map((d, i) => ({ id: turn.ids[i], ...d, ghost: false, path: [], spawn: true }));
  else drones = turn.animate ? turn.drones : turn.drones.filter((d) => !d.ghost);
  const live = holding ? [] : obs.drones;
  const caughtAt = plan?.hits.find((h) => h.how === 'caught');
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const root = svg.current;
    if (!root || !turn.animate || typeof root.animate !== 'function') return;
    for (const d of turn.drones) {
      if (d.path.length < 2 && !d.ghost) continue;
      const el = root.querySelector(`[data-drone="${d.id}"]`);
      if (!el) continue;
      for (const a of el.getAnimations()) a.cancel();
      const fadeAt = d.fade ?? 0;
      const end = d.ghost ? fadeAt + FADE_MS * turn.speed : d.path[d.path.length - 1].t;
      if (end <= 0) continue;
      const move = (q: { x: number; y: number }) => `translate(${(q.x - d.x) * C}px, ${(q.y - d.y) * C}px)`;
      const frames: Keyframe[] = d.path.map((q) => ({ offset: q.t / end, transform: move(q), opacity: 1 }));
      if (!frames.length) frames.push({ offset: 0, transform: 'translate(0px, 0px)', opacity: 1 });
      if (d.ghost) {
        frames.push({ offset: fadeAt / end, transform: 'translate(0px, 0px)', opacity: 1 });
        frames.push({ offset: 1, transform: 'translate(0px, 0px)', opacity: 0 });
      }
      el.animate(frames, { duration: end, easing: 'linear', fill: d.ghost ? 'forwards' : 'none' });
    }
  }, [turn]);
  const arrows =
    small || holding
      ? null
      : live.map((d) => {
          const dx = sign(obs.rover.x - d.x);
          const dy = sign(obs.rover.y - d.y);
          if (!dx && !dy) return null;
          const cx = d.x * C + C / 2;
          const cy = d.y * C + C / 2;
          return (
            <line
              class={turn.animate && plan ? 'wy-pursuit late' : 'wy-pursuit'}
              style={{ '--d': `${turn.t.end}ms` }}
              x1={cx + dx * 16}
              y1={cy + dy * 16}
              x2={cx + dx * 27}
              y2={cy + dy * 27}
              marker-end="url(#wy-arrow)"
            />
          );
        });
  const label = `Whirlyard yard, wave ${obs.wave}: rover at (${obs.rover.x}, ${obs.rover.y}); ${obs.drones.length} drones${
    obs.drones.length ? ' at ' + obs.drones.map((d) => `(${d.x}, ${d.y})${d.charged ? ' charged' : ''}`).join(', ') : ''
  }; scrap at ${obs.scrap.map((s) => `(${s.x}, ${s.y})`).join(', ') || 'nowhere'}.`;
  return (
    <svg
      ref={svg}
      class={small ? 'board wy small' : holding ? 'board wy holding' : 'board wy'}
      viewBox={`-1 -1 ${N * C + 2} ${N * C + 2}`}
      role="group"
      aria-label={label}
      data-wave-shown={holding && plan ? obs.wave - 1 : obs.wave}
    >
      <HatchDef />
      {/* One <g> per layer: the layers' order is fixed however many things each holds. */}
      <g>{cells}</g>
      <g>
        {scrap.map((s) => (
          <Scrap key={`${s.x},${s.y}`} {...s} late={lateAt.get(`${s.x},${s.y}`)} />
        ))}
      </g>
      <g>{arrows}</g>
      <g>
        {!small &&
          !holding &&
          obs.charges > 0 &&
          !obs.endReason &&
          live
            .filter((d) => Math.max(Math.abs(d.x - obs.rover.x), Math.abs(d.y - obs.rover.y)) === 1)
            .map((d) => <circle class="wy-inrange" cx={d.x * C + C / 2} cy={d.y * C + C / 2} r={C / 2 - 3} />)}
      </g>
      <g>
        {drones.map((d) => (
          <g key={d.id} data-drone={d.id} class={d.ghost ? 'wy-ghost' : undefined}>
            <Drone x={d.x} y={d.y} charged={d.charged} extra={d.spawn && turn.animate ? ' spawn' : ''} />
          </g>
        ))}
      </g>
      <Glide
        key={holding ? obs.wave - 1 : obs.wave}
        x={rover.x * C}
        y={rover.y * C}
        maxJump={C * 1.5}
        ms={ROVER_MS * turn.speed}
      >
        <Rover {...rover} />
      </Glide>
      <g>
        {marking && plan && plan.pulse && (
          <>
            <circle
              class="wy-ring"
              data-testid="wy-ring"
              cx={plan.rover[1].x * C + C / 2}
              cy={plan.rover[1].y * C + C / 2}
              r={C * 1.5}
            />
            <g class="wy-ring">
              <Sprite
                id="wy-pulse"
                x={plan.rover[1].x * C - C / 2}
                y={plan.rover[1].y * C - C / 2}
                w={C * 2}
                label={`Pulse around (${plan.rover[1].x}, ${plan.rover[1].y})`}
              />
            </g>
          </>
        )}
        {marking &&
          plan &&
          plan.hits
            .filter((h) => h.how !== 'caught')
            .map((h) => (
              <>
                <circle
                  class="wy-hit"
                  data-testid="wy-hit"
                  style={{ '--d': `${turn.animate ? when(h.stage) : 0}ms` }}
                  cx={h.cell.x * C + C / 2}
                  cy={h.cell.y * C + C / 2}
                  r={C / 2 - 2}
                />
                {turn.animate && <Shards x={h.cell.x} y={h.cell.y} late={when(h.stage)} />}
              </>
            ))}
      </g>
      <g>
        {obs.drones.some((d) => d.x === obs.rover.x && d.y === obs.rover.y) && (
          <Caught {...obs.rover} late={turn.animate && caughtAt ? when(caughtAt.stage) : 0} />
        )}
      </g>
      <g>{targets}</g>
    </svg>
  );
}

function status(raw: Observation): StatusItem[] {
  const o = asObs(raw);
  const until = o.actionsUntilChargedStep ?? 3 - (o.waveTurn % 3);
  const items: StatusItem[] = [
    { label: 'Wave', value: o.wave },
    { label: 'Turn', value: o.turn },
    { label: 'Wave turn', value: o.waveTurn },
    { label: 'Charges', value: `${o.charges} of ${o.maxCharges ?? 2}` },
    { label: 'Pulse this wave', value: o.pulseUsedThisWave ? 'used' : 'not used' },
    { label: 'Drones', value: `${o.drones.length} (${o.drones.filter((d) => d.charged).length} charged)` },
  ];
  if (!o.endReason)
    items.push({ label: 'Double step', value: until === 1 ? 'on the next action' : `in ${until} actions` });
  if (o.endReason) items.push({ label: 'Ended', value: o.endReason === 'caught' ? 'caught by a drone' : 'banked' });
  return items;
}

function keyToAction(e: KeyboardEvent, legal: GameAction[]): GameAction | null {
  const k = e.key.toLowerCase();
  const dir = CODE_KEYS[e.code] ?? (e.code.startsWith('Numpad') ? undefined : LETTER_KEYS[k]);
  if (dir) return { type: 'move', direction: dir };
  if (k === 's' || k === ' ' || e.code === 'Numpad5' || e.code === 'Space') return { type: 'wait' };
  if (k === 'p' || e.code === 'Numpad0') return { type: 'pulse' };
  void legal;
  return null;
}

function actionLabel(a: GameAction): string {
  if (a.type === 'move' && typeof a.direction === 'string') {
    const d = DIRS[a.direction];
    return d ? `Move ${d.name} (${d.key})` : `Move ${a.direction}`;
  }
  if (a.type === 'wait') return 'Wait (S)';
  if (a.type === 'pulse') return 'Pulse (P)';
  if (a.type === 'end_run') return 'End run and bank the score';
  return a.type;
}

const legend: LegendEntry[] = [
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Rover x={0} y={0} />
      </svg>
    ),
    label: 'Your rover',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Drone x={0} y={0} charged={false} />
      </svg>
    ),
    label: 'Drone: steps one cell toward you after each action (the arrow shows where)',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Drone x={0} y={0} charged={true} />
      </svg>
    ),
    label: 'Charged drone (diamond, lightning): also steps a second time on every third action of a wave',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Scrap x={0} y={0} />
      </svg>
    ),
    label: 'Scrap: drones that land on it are dismantled; you cannot move onto it',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <circle class="wy-inrange" cx="30" cy="30" r="27" />
        <Drone x={0} y={0} charged={false} />
      </svg>
    ),
    label: 'Dotted ring — next to you: a pulse now would dismantle it',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <g class="wy-target">
          <rect x="3" y="3" width="54" height="54" rx="6" />
          <text x="50" y="16">
            Q
          </text>
        </g>
      </svg>
    ),
    label: 'Dashed cell — a legal move; click it or press its key',
  },
];

export const whirlyardView: GameView = {
  holdsInput: () => performance.now() < inputHeldUntil,
  retry: { event: 'wave_started', noun: 'wave' },
  Board: WhirlyardBoard,
  status,
  statusSlots: 7,
  statusMain: ['Wave', 'Charges', 'Drones'],
  keyToAction,
  actionLabel,
  legend,
  replayRate: 3,
  // Wait, Pulse and End run keep their places; Pulse is disabled, not removed, without a charge.
  buttonActions: (legal) => (legal.length ? [{ type: 'wait' }, { type: 'pulse' }, { type: 'end_run' }] : []),
  controls: {
    keys: 'Move with Q W E A D Z X C or the arrows, wait with S, pulse with P, or click a dashed cell.',
    touch: 'Tap a dashed cell to move there; the buttons wait and pulse.',
  },
  keyHelp: [
    {
      keys: 'Q W E / A D / Z X C',
      does: 'move north-west, north, north-east / west, east / south-west, south, south-east',
    },
    { keys: 'Numpad 7 8 9 / 4 6 / 1 2 3, arrows', does: 'the same eight moves (arrows: the four straight ones)' },
    { keys: 'S, Space or Numpad 5', does: 'wait' },
    { keys: 'P', does: 'pulse: dismantle every drone next to you (spends a charge)' },
    { keys: 'click a dashed cell', does: 'move there' },
  ],
};
