/**
 * Briarwink board and its real-time controls. The board draws the observation's map (terrain), the pods
 * with the cross each will bloom over and its countdown, active blooms, visible dimlings, pickups, the
 * gate, fireflies and, on moonless nights, the darkness over unlit cells. The controls run the game at
 * 30 ticks a second in the browser: the held arrow key walks, Space plants, a click walks to a cell,
 * P pauses, and while paused `.` advances a single tick.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { GameAction, Observation } from '../../core/game.js';
import type { BriarwinkObservation } from '../../games/briarwink/index.js';
import { releaseMouseFocus } from '../components/parts.js';
import { Glide } from '../motion/glide.js';
import { seconds } from '../words/types.js';
import type { BoardProps, GameView, LegendEntry, StatusItem } from './types.js';

type BriarwinkObs = BriarwinkObservation & Observation;
type Player = BriarwinkObs['player'];

const W = 7;
const H = 9;
const C = 52;
const TICK_MS = 1000 / 30;
/** A dimling's glide between cells: about its step time, so it moves on without stopping. */
const STEP_MS = 8 * TICK_MS;

const KIND_LETTER: Record<string, string> = {
  mope: 'm',
  peeker: 'p',
  rootling: 'r',
  nudger: 'n',
  twinbud: 't',
  sprig: 's',
  tangler: 'T',
};
const DIRS: Record<string, string> = {
  ArrowUp: 'up',
  ArrowRight: 'right',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  w: 'up',
  d: 'right',
  s: 'down',
  a: 'left',
};
const HEAD: Record<string, [number, number]> = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };

/** Cells the gardener can never stand on, in the map's letters, and what they are called. */
const BLOCKED: Record<string, string> = {
  '%': 'briar',
  R: 'briar',
  '#': 'a moonstone',
  H: 'a hedge',
  '~': 'the pond',
  X: 'thicket',
  o: 'a pod',
};

const cx = (cell: number) => (cell % W) * C + C / 2;
const cy = (cell: number) => Math.floor(cell / W) * C + C / 2;

/** Terrain for one map character (entities are drawn on floor). */
function Terrain({ ch, cell }: { ch: string; cell: number }) {
  const x = (cell % W) * C;
  const y = Math.floor(cell / W) * C;
  const base = <rect class="bw-floor" x={x} y={y} width={C} height={C} />;
  const label = (t: string, cls: string) => (
    <text class={'bw-t ' + cls} x={x + C / 2} y={y + C / 2 + 6}>
      {t}
    </text>
  );
  switch (ch) {
    case '%':
    case 'R':
      return (
        <g class="bw-briar">
          <rect x={x} y={y} width={C} height={C} />
          <path d={`M${x + 6},${y + 40} l8,-12 l8,12 l8,-12 l8,12 l8,-12`} />
          <path d={`M${x + 6},${y + 22} l8,-12 l8,12 l8,-12 l8,12 l8,-12`} />
          {ch === '%' && label('%', 'light')}
        </g>
      );
    case ',':
      return (
        <g class="bw-sprout">
          {base}
          <path
            d={`M${x + 18},${y + 40} q4,-14 -4,-22 M${x + 26},${y + 40} q0,-14 6,-22 M${x + 34},${y + 40} q2,-10 8,-14`}
          />
        </g>
      );
    case '#':
      return (
        <g class="bw-stone">
          {base}
          <ellipse cx={x + C / 2} cy={y + C / 2 + 2} rx={C / 2 - 5} ry={C / 2 - 9} />
          {label('#', '')}
        </g>
      );
    case 'H':
      return (
        <g class="bw-hedge">
          <rect x={x + 1} y={y + 1} width={C - 2} height={C - 2} rx="6" />
          {label('H', 'light')}
        </g>
      );
    case '~':
      return (
        <g class="bw-pond">
          <rect x={x} y={y} width={C} height={C} />
          <path d={`M${x + 8},${y + 20} q6,-6 12,0 t12,0 t12,0 M${x + 8},${y + 34} q6,-6 12,0 t12,0 t12,0`} />
        </g>
      );
    case 'X':
      return (
        <g class="bw-thicket">
          <rect x={x} y={y} width={C} height={C} />
          {label('X', 'light')}
        </g>
      );
    case 'x':
      return (
        <g class="bw-mark">
          {base}
          <path
            d={`M${x + 10},${y + 10} L${x + C - 10},${y + C - 10} M${x + C - 10},${y + 10} L${x + 10},${y + C - 10}`}
          />
        </g>
      );
    default:
      return base;
  }
}

function Dimling({ d }: { d: BriarwinkObs['dimlings'][number] }) {
  const x = cx(d.cell);
  const y = cy(d.cell);
  const letter = d.spotted ? 'P' : (KIND_LETTER[d.kind] ?? '?');
  const head = d.heading ? HEAD[d.heading] : null;
  return (
    <g class={`bw-dim k-${d.kind}${d.spotted ? ' spotted' : ''}${d.shimmer > 0 ? ' shimmer' : ''}`}>
      {head && <line class="bw-heading" x1={x} y1={y} x2={x + head[0] * 22} y2={y + head[1] * 22} />}
      <circle cx={x} cy={y} r="15" />
      {d.spotted && (
        <>
          <circle class="bw-eye" cx={x - 5} cy={y - 7} r="3" />
          <circle class="bw-eye" cx={x + 5} cy={y - 7} r="3" />
        </>
      )}
      <text x={x} y={y + 6}>
        {letter}
      </text>
    </g>
  );
}

function Gardener({ p }: { p: Player }) {
  if (p.x < 0) return null;
  const x = p.x * C + C / 2;
  const y = p.y * C + C / 2;
  return (
    <g class={p.grace > 0 ? 'bw-gardener grace' : 'bw-gardener'}>
      <rect x={x - 16} y={y - 16} width="32" height="32" rx="7" />
      <text x={x} y={y + 7}>
        {p.grace > 0 ? '@' : 'G'}
      </text>
    </g>
  );
}

/** The garden as an SVG picture (used by the live board, the replay viewer, cards and rules). */
function Garden({ obs: o, small, onCell }: { obs: BriarwinkObs; small?: boolean; onCell?: (cell: number) => void }) {
  const cells = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) cells.push(<Terrain ch={o.map[y]?.[x] ?? '.'} cell={y * W + x} />);
  const cross = new Set<number>();
  for (const p of o.pods) for (const c of p.covers) cross.add(c);
  const bloom = new Set<number>();
  for (const b of o.blooms) for (const c of b.cells) bloom.add(c);
  const unlit = new Set(o.unlit);
  const p = o.player;
  return (
    <svg
      class={small ? 'board bw small' : 'board bw'}
      viewBox={`0 0 ${W * C} ${H * C}`}
      role="group"
      aria-label={`Briarwink garden, night ${p.night}${p.moonless ? ' (moonless)' : ''}: ${
        p.x >= 0 ? `you at (${p.x}, ${p.y})` : 'you are away'
      }, ${o.dimlings.length} dimlings seen, ${o.pods.length} pods, ${o.blooms.length} blooms. Map rows: ${o.map.join(' / ')}`}
    >
      {/* One <g> per layer: the layers' order is fixed however many things each holds. */}
      <g>{cells}</g>
      <g>
        {[...cross].map((c) => (
          <rect
            class="bw-cross"
            x={(c % W) * C + 4}
            y={Math.floor(c / W) * C + 4}
            width={C - 8}
            height={C - 8}
            rx="6"
          />
        ))}
      </g>
      {/* Moonless darkness goes under everything the observation says is visible (pods, blooms, the
          gate, fireflies, and only the dimlings and pickups that can be seen), over the terrain. */}
      <g>
        {[...unlit].map((c) => (
          <rect class="bw-dark" x={(c % W) * C} y={Math.floor(c / W) * C} width={C} height={C} />
        ))}
      </g>
      <g>
        {[...bloom].map((c) => (
          <g class="bw-bloom">
            <rect x={(c % W) * C} y={Math.floor(c / W) * C} width={C} height={C} />
            <text x={cx(c) + 15} y={cy(c) - 12}>
              *
            </text>
          </g>
        ))}
      </g>
      <g>
        {o.gate >= 0 && (
          <g class="bw-gate">
            <path d={`M${cx(o.gate) - 16},${cy(o.gate) + 18} v-18 a16,16 0 0 1 32,0 v18 z`} />
            <text x={cx(o.gate)} y={cy(o.gate) + 12}>
              ^
            </text>
          </g>
        )}
      </g>
      <g>
        {o.fireflies.map((f) => (
          <circle class="bw-firefly" cx={cx(f) - 14} cy={cy(f) + 14} r="4" />
        ))}
      </g>
      <g>
        {o.pickups.map((k) => (
          <g class="bw-pickup">
            <title>{k.power}</title>
            <polygon
              points={[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
                .map((i) => {
                  const r = i % 2 ? 7 : 16;
                  const a = (Math.PI / 5) * i - Math.PI / 2;
                  return `${cx(k.cell) + r * Math.cos(a)},${cy(k.cell) + r * Math.sin(a)}`;
                })
                .join(' ')}
            />
            <text x={cx(k.cell)} y={cy(k.cell) + 5}>
              +
            </text>
          </g>
        ))}
      </g>
      <g>
        {o.pods.map((pod) => (
          <g class={pod.woken ? 'bw-pod woken' : 'bw-pod'}>
            <circle cx={cx(pod.cell)} cy={cy(pod.cell)} r="14" />
            <text x={cx(pod.cell)} y={cy(pod.cell) + 5}>
              {pod.bloomIn}
            </text>
          </g>
        ))}
      </g>
      <g>
        {o.dimlings.map((d) => (
          <Glide key={d.id} x={cx(d.cell)} y={cy(d.cell)} ms={STEP_MS} maxJump={C * 1.5} linear>
            <Dimling d={d} />
          </Glide>
        ))}
      </g>
      <g>
        <Glide x={p.x * C} y={p.y * C} ms={p.stepTicks * TICK_MS} maxJump={C * 1.5} linear>
          <Gardener p={p} />
        </Glide>
      </g>
      <g>
        {o.pods
          .filter((pod) => pod.cell === p.y * W + p.x)
          .map((pod) => (
            <circle class="bw-podring" cx={cx(pod.cell)} cy={cy(pod.cell)} r="22" />
          ))}
      </g>
      <g>
        {onCell &&
          Array.from({ length: W * H }, (_, c) => (
            <rect
              class="bw-hit"
              x={(c % W) * C}
              y={Math.floor(c / W) * C}
              width={C}
              height={C}
              data-cell={c}
              onClick={() => onCell(c)}
            >
              <title>{`Walk to (${c % W}, ${Math.floor(c / W)})`}</title>
            </rect>
          ))}
      </g>
    </svg>
  );
}

/** The live board: the garden plus the 30 ticks/s loop and its keys. */
function BriarwinkBoard({ obs: raw, legal, onAction, small, paused: pausedFromPage }: BoardProps) {
  const o = raw as BriarwinkObs;
  // A night already under way when the board opens (a reload, Back, a resumed session) opens paused:
  // the player was away, and the night waits for them to press Resume.
  const [paused, setPaused] = useState(() => !!onAction && legal.some((a) => a.type === 'tick'));
  const [target, setTarget] = useState<number | null>(null);
  const held = useRef<string[]>([]);
  const plant = useRef(false);
  const live = useRef({ o, legal, onAction, paused: paused || !!pausedFromPage, target });
  live.current = { o, legal, onAction, paused: paused || !!pausedFromPage, target };

  const tickAction = (): GameAction => {
    const { o: cur, target: t } = live.current;
    const move = held.current[held.current.length - 1] ?? null;
    const a: GameAction =
      t !== null && move === null
        ? { type: 'tick', walkTo: t, plant: plant.current }
        : { type: 'tick', move, plant: plant.current };
    plant.current = false;
    if (t !== null && cur.player.y * W + cur.player.x === t) setTarget(null);
    return a;
  };

  const canTick = () => live.current.legal.some((a) => a.type === 'tick');

  // The clock: each animation frame runs the ticks that 30 per second owe since the last frame, so the
  // long-run rate is exact whatever the display's refresh rate. A stall (hidden tab, slow frame) is
  // not caught up: at most two ticks run in one frame, and time while paused is simply dropped.
  useEffect(() => {
    if (!onAction) return;
    let owed = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function loop(now: number) {
      const cur = live.current;
      const running = !cur.paused && !!cur.onAction && canTick() && !document.hidden;
      owed = running ? Math.min(owed + (now - last), 2 * TICK_MS) : 0;
      last = now;
      while (owed >= TICK_MS && canTick()) {
        owed -= TICK_MS;
        cur.onAction?.(tickAction());
      }
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [!!onAction]);

  useLayoutEffect(() => {
    if (!onAction) return;
    const down = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      if (document.querySelector('[role=dialog]')) return;
      const cur = live.current;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      const onButton = e.target instanceof HTMLElement && !!e.target.closest('button, a');
      if (DIRS[k]) {
        e.preventDefault();
        if (!e.repeat) held.current = [...held.current.filter((d) => d !== DIRS[k]), DIRS[k]];
        setTarget(null);
      } else if (k === 'p') {
        e.preventDefault();
        setPaused((v) => !v);
      } else if ((k === ' ' || k === 'Enter') && !onButton) {
        e.preventDefault();
        if (cur.legal.some((a) => a.type === 'start')) cur.onAction?.({ type: 'start' });
        else if (k === ' ') plant.current = true;
      } else if (k === '.' && cur.paused && canTick()) {
        e.preventDefault();
        cur.onAction?.(tickAction());
      }
    };
    const up = (e: KeyboardEvent) => {
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (DIRS[k]) held.current = held.current.filter((d) => d !== DIRS[k]);
    };
    // Losing the window or the tab pauses the night: the player is not there to play it.
    const blur = () => {
      held.current = [];
      if (live.current.legal.some((x) => x.type === 'tick')) setPaused(true);
    };
    const hidden = () => document.hidden && blur();
    document.addEventListener('visibilitychange', hidden);
    document.addEventListener('keydown', down);
    document.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      document.removeEventListener('keydown', down);
      document.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [!!onAction]);

  if (!onAction) return <Garden obs={o} small={small} />;
  const waiting = legal.some((a) => a.type === 'start');
  return (
    <div class="bw-live">
      <Garden obs={o} onCell={(c) => setTarget(c)} />
      <div class="bw-bar" role="group" aria-label="Real-time controls">
        {waiting ? (
          <button
            class="btn primary"
            onClick={(e) => {
              releaseMouseFocus(e);
              onAction({ type: 'start' });
            }}
          >
            {o.player.nightsCleared > 0 ? `Start night ${o.player.night}` : 'Start the first night'} (Enter)
          </button>
        ) : (
          <>
            <button
              class="btn"
              onClick={(e) => {
                releaseMouseFocus(e);
                setPaused((v) => !v);
              }}
              aria-pressed={paused}
              data-testid="pause"
            >
              {paused ? '▶ Resume (P)' : '❚❚ Pause (P)'}
            </button>
            <button
              class="btn"
              onClick={(e) => {
                releaseMouseFocus(e);
                plant.current = true;
              }}
            >
              Plant a pod (Space)
            </button>
            {paused && (
              <button
                class="btn"
                onClick={(e) => {
                  releaseMouseFocus(e);
                  onAction(tickAction());
                }}
              >
                One tick (.)
              </button>
            )}
          </>
        )}
        <span class="muted" aria-live="polite">
          {waiting ? 'Waiting for the night to start.' : paused || pausedFromPage ? 'Paused.' : 'Running.'}
          {target !== null ? walkingTo(o, target) : ''}
        </span>
      </div>
    </div>
  );
}

/** Where a click sent the gardener, and why not onto the cell itself when it cannot be entered. */
function walkingTo(o: BriarwinkObs, target: number): string {
  const at = `(${target % W}, ${Math.floor(target / W)})`;
  const what = BLOCKED[o.map[Math.floor(target / W)]?.[target % W] ?? '.'];
  return what
    ? ` You can't stand on ${at}: it is ${what}. Walking to the nearest cell you can reach.`
    : ` Walking to ${at}.`;
}

function status(raw: Observation): StatusItem[] {
  const o = raw as BriarwinkObs;
  const p = o.player;
  const items: StatusItem[] = [
    { label: 'Night', value: `${p.night}${p.moonless ? ' (moonless)' : ''}` },
    { label: 'Hearts', value: `${'♥'.repeat(Math.max(0, p.hearts))} ${p.hearts}` },
    { label: 'Pods', value: `${p.podsOut} of ${p.podCap}` },
    { label: 'Reach', value: p.reach },
    { label: 'Step', value: `${(p.stepTicks / 30).toFixed(2)} s a cell` },
    { label: 'Dimlings left', value: p.dimlingsLeft },
    { label: 'Calm', value: p.calmLeft >= 0 ? seconds(p.calmLeft) : 'over' },
    { label: 'Creep in', value: p.creepNextIn >= 0 ? seconds(p.creepNextIn) : '—' },
    { label: 'Sprout in', value: p.regrowNextIn >= 0 ? seconds(p.regrowNextIn) : '—' },
    { label: 'Time', value: seconds(o.turn), exact: o.turn },
  ];
  // Grace and the way back only mean something while the run goes on.
  const live = o.status !== 'over';
  if (live && p.grace > 0) items.push({ label: 'Grace', value: seconds(p.grace) });
  if (live && p.respawnIn > 0) items.push({ label: 'Back in', value: seconds(p.respawnIn) });
  items.push({ label: 'Nights cleared', value: p.nightsCleared });
  return items;
}

const sample = (body: ComponentChildren) => (
  <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
    <rect class="bw-floor" width={C} height={C} />
    {body}
  </svg>
);

const legend: LegendEntry[] = [
  {
    symbol: sample(<Gardener p={{ x: 0, y: 0, grace: 0 } as Player} />),
    label: 'G — you, the gardener (@ while in grace)',
  },
  {
    symbol: sample(<Dimling d={{ id: 0, kind: 'mope', cell: 0, heading: null, spotted: false, shimmer: 0 }} />),
    label:
      'm p r n t s T — dimlings by kind (mope, peeker, rootling, nudger, twinbud, sprig, tangler); P with eyes: a peeker that has spotted you',
  },
  {
    symbol: sample(
      <g class="bw-pod">
        <circle cx={C / 2} cy={C / 2} r="14" />
        <text x={C / 2} y={C / 2 + 5}>
          66
        </text>
      </g>,
    ),
    label: 'Pod with ticks (1/30 s each) until it bursts; the dashed yellow cells are the cross its bloom will cover',
  },
  {
    symbol: sample(
      <g class="bw-bloom">
        <rect width={C} height={C} />
      </g>,
    ),
    label: '* Active bloom: relights dimlings, clears briar, dazzles you',
  },
  {
    symbol: (
      <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
        <Terrain ch="%" cell={0} />
      </svg>
    ),
    label: '% Briar (zigzag thorns)',
  },
  {
    symbol: (
      <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
        <Terrain ch="#" cell={0} />
      </svg>
    ),
    label: '# Moonstone; H hedge; ~ pond; X thicket',
  },
  {
    symbol: (
      <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
        <Terrain ch="x" cell={0} />
      </svg>
    ),
    label: 'x Creep mark: grows into thicket',
  },
  {
    symbol: sample(
      <g class="bw-gate">
        <path d={`M${C / 2 - 16},${C / 2 + 18} v-18 a16,16 0 0 1 32,0 v18 z`} />
      </g>,
    ),
    label: '^ Open moon gate: step on it to clear the night; + a pickup; small dots are fireflies',
  },
  {
    symbol: (
      <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
        <rect class="bw-floor" width={C} height={C} />
        <rect class="bw-dark" width={C} height={C} />
      </svg>
    ),
    label: 'Dark cell — unlit on a moonless night: dimlings and pickups there are hidden',
  },
];

export const briarwinkView: GameView = {
  Board: BriarwinkBoard,
  status,
  statusSlots: 13,
  ownsKeys: true,
  legend,
  replayRate: 30,
  // Plant at the spawn corner, walk clear of the cross, and wait for the burst (seed 1).
  rulesExample: [
    { type: 'start' },
    { type: 'tick', move: null, plant: true },
    { type: 'tick', walkTo: 60, count: 30 },
    { type: 'tick', move: null, count: 30 },
    { type: 'tick', move: null, count: 9 },
  ],
  buttonActions: (legal) => legal.filter((a) => a.type !== 'tick' && a.type !== 'start'),
  actionLabel: (a) => {
    if (a.type === 'start') return 'Start the night';
    if (a.type === 'endRun') return 'End the run (keep the score)';
    if (a.type === 'tick') {
      const where =
        a.walkTo !== undefined ? `walk to cell ${String(a.walkTo)}` : a.move ? `walk ${String(a.move)}` : 'stand';
      return `Tick: ${where}${a.plant ? ', plant' : ''}`;
    }
    return a.type;
  },
  controls: {
    keys: 'Enter starts a night; walk with the arrows or W A S D, plant a pod with Space, or click a cell to walk there.',
    touch: 'Tap Start, then tap a cell to walk there; Plant plants a pod where you stand.',
  },
  keyHelp: [
    { keys: 'Enter or Space (between nights)', does: 'start the night' },
    { keys: '← ↑ → ↓ or W A S D (hold)', does: 'walk; release to stop at the next cell' },
    { keys: 'Space', does: 'plant a pod where you stand' },
    { keys: 'click a cell', does: 'walk there by the shortest safe path' },
    { keys: 'P', does: 'pause or resume (the game also pauses while this help is open)' },
    { keys: '. (while paused)', does: 'advance one tick' },
  ],
};
