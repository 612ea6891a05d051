/**
 * Whirlyard board: the 6 by 6 yard drawn from the observation's rover, drones and scrap. Shapes and
 * letters carry the meaning as well as colour (rover R square, drone D circle, charged drone C diamond,
 * scrap X hatched square), so the board reads without telling colours apart.
 */
import type { GameAction, Observation } from '../../core/game.js';
import { releaseMouseFocus } from '../components/parts.js';
import type { WhirlyardObservation } from '../../games/whirlyard/index.js';
import { Glide } from '../motion/glide.js';
import type { BoardProps, GameView, LegendEntry, StatusItem } from './types.js';
import { WhirlyardMisses } from './whirlyard-misses.js';

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

export function Rover({ x, y }: Pt) {
  return (
    <g class="wy-rover">
      <rect x={x * C + 10} y={y * C + 10} width={C - 20} height={C - 20} rx="8" />
      <text x={x * C + C / 2} y={y * C + C / 2 + 7}>
        R
      </text>
    </g>
  );
}

export function Drone({ x, y, charged }: Pt & { charged: boolean }) {
  const cx = x * C + C / 2;
  const cy = y * C + C / 2;
  if (charged) {
    const r = C / 2 - 7;
    return (
      <g class="wy-drone charged">
        <polygon points={`${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`} />
        <text x={cx} y={cy + 7}>
          C
        </text>
      </g>
    );
  }
  return (
    <g class="wy-drone">
      <circle cx={cx} cy={cy} r={C / 2 - 11} />
      <text x={cx} y={cy + 7}>
        D
      </text>
    </g>
  );
}

export function Scrap({ x, y }: Pt) {
  return (
    <g class="wy-scrap">
      <rect x={x * C + 8} y={y * C + 8} width={C - 16} height={C - 16} rx="3" fill="url(#wy-hatch)" />
      <text x={x * C + C / 2} y={y * C + C / 2 + 7}>
        #
      </text>
    </g>
  );
}

/** The rover caught: a burst where the drone reached it. */
function Caught({ x, y }: Pt) {
  const cx = x * C + C / 2;
  const cy = y * C + C / 2;
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 ? 12 : 28;
    const a = (Math.PI * 2 * i) / 16;
    pts.push(`${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`);
  }
  return (
    <g class="wy-caught">
      <polygon points={pts.join(' ')} />
      <text x={cx} y={cy + 6}>
        X
      </text>
    </g>
  );
}

function HatchDef() {
  return (
    <defs>
      <pattern id="wy-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill="#8a8a8a" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#4a4a4a" stroke-width="4" />
      </pattern>
      <marker id="wy-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto">
        <path d="M0,0 L10,5 L0,10 z" fill="#b33c00" />
      </marker>
    </defs>
  );
}

function WhirlyardBoard({ obs: raw, legal, onAction, small }: BoardProps) {
  const obs = asObs(raw);
  const moves = new Map<string, GameAction>();
  for (const a of legal) if (a.type === 'move' && typeof a.direction === 'string') moves.set(a.direction, a);
  const cells = [];
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++)
      cells.push(<rect class={(x + y) % 2 ? 'wy-cell alt' : 'wy-cell'} x={x * C} y={y * C} width={C} height={C} />);
  // Every cell that is no move target takes a click too, so a refused click says why (ux.css lets
  // clicks through the pieces drawn over these cells).
  if (onAction)
    cells.push(<WhirlyardMisses rover={obs.rover} moves={moves} dirs={DIRS} onAction={onAction} n={N} c={C} />);
  const targets = onAction
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
  const arrows = small
    ? null
    : obs.drones.map((d) => {
        const dx = sign(obs.rover.x - d.x);
        const dy = sign(obs.rover.y - d.y);
        if (!dx && !dy) return null;
        const cx = d.x * C + C / 2;
        const cy = d.y * C + C / 2;
        return (
          <line
            class="wy-pursuit"
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
      class={small ? 'board wy small' : 'board wy'}
      viewBox={`-1 -1 ${N * C + 2} ${N * C + 2}`}
      role="group"
      aria-label={label}
    >
      <HatchDef />
      {/* One <g> per layer: the layers' order is fixed however many things each holds. */}
      <g>{cells}</g>
      <g>
        {obs.scrap.map((s) => (
          <Scrap key={`${s.x},${s.y}`} {...s} />
        ))}
      </g>
      <g>{arrows}</g>
      <g>
        {!small &&
          obs.charges > 0 &&
          !obs.endReason &&
          obs.drones
            .filter((d) => Math.max(Math.abs(d.x - obs.rover.x), Math.abs(d.y - obs.rover.y)) === 1)
            .map((d) => <circle class="wy-inrange" cx={d.x * C + C / 2} cy={d.y * C + C / 2} r={C / 2 - 3} />)}
      </g>
      <g>
        {obs.drones.map((d) => (
          <Drone {...d} />
        ))}
      </g>
      <Glide x={obs.rover.x * C} y={obs.rover.y * C} maxJump={C * 1.5}>
        <Rover {...obs.rover} />
      </Glide>
      <g>{obs.drones.some((d) => d.x === obs.rover.x && d.y === obs.rover.y) && <Caught {...obs.rover} />}</g>
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
    label: 'R — your rover',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Drone x={0} y={0} charged={false} />
      </svg>
    ),
    label: 'D — drone: steps one cell toward you after each action (the arrow shows where)',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <Drone x={0} y={0} charged={true} />
      </svg>
    ),
    label: 'C — charged drone: also steps a second time on every third action of a wave',
  },
  {
    symbol: (
      <svg viewBox="0 0 60 60" class="legend-icon">
        <HatchDef />
        <Scrap x={0} y={0} />
      </svg>
    ),
    label: '# — scrap: drones that land on it are dismantled; you cannot move onto it',
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
  Board: WhirlyardBoard,
  status,
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
