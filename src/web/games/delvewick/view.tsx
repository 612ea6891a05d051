/**
 * Delvewick board: the level grid from the observation's `grid` rows. Each thing is a drawn sprite
 * with its own outline as well as colour (a grey boulder, a blue cut gem, a pink hexagonal geode, the
 * mole with its lantern, a barred or an open lit exit), named for screen readers; falling things get
 * motion streaks, and their names say they are falling.
 */
import type { GameAction, GameEvent, Observation } from '../../../core/game.js';
// The level card between levels shows each level's lesson line and the clear tally from the game's own
// level table and scoring constants, so the card cannot drift from the rules it describes.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the levels' names and lesson lines
import { LEVELS } from '../../../games/delvewick/generate.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the clear bonus and oil points of the tally
import { CLEAR_POINTS, OIL_POINTS } from '../../../games/delvewick/types.js';
import type { DelvewickObservation } from '../../../games/delvewick/index.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the spec's typed level facts (the registry's spec is the common type)
import { spec as delvewickSpec } from '../../../games/delvewick/spec.js';
import { delvewickWords } from './words.js';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import { Glide, GLIDE_MS } from '../../motion/glide.js';
import { planDelvewick, type DelvewickPlan } from './plan.js';
import { reducedMotion } from '../../motion/prefs.js';
import { Sprite } from '../../sprites/sprite.js';
import type { BoardProps, GameView, Interlude, LegendEntry, StatusItem } from '../types.js';

const C = 32;

function Streaks({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g class="dw-streak">
      <line x1={cx - 6} y1={cy - 15} x2={cx - 6} y2={cy - 9} />
      <line x1={cx} y1={cy - 16} x2={cx} y2={cy - 10} />
      <line x1={cx + 6} y1={cy - 15} x2={cx + 6} y2={cy - 9} />
    </g>
  );
}

const TILE: Record<string, [string, string]> = {
  '#': ['dw-bedrock', 'Bedrock'],
  '%': ['dw-soil', 'Soil'],
  O: ['dw-boulder', 'Boulder'],
  o: ['dw-boulder', 'Falling boulder'],
  '*': ['dw-gem', 'Gem'],
  v: ['dw-gem', 'Falling gem'],
  G: ['dw-geode', 'Geode'],
  g: ['dw-geode', 'Falling geode'],
  X: ['dw-exit', 'Closed exit'],
  E: ['dw-exit-open', 'Open exit'],
  M: ['dw-mole', 'Mole (you)'],
};
const FALLING = new Set(['o', 'v', 'g']);

/** One cell of the map, drawn at (x, y): its sprite, named with the thing and the cell. */
function DwCell({ ch, x, y }: { ch: string; x: number; y: number }) {
  const t = TILE[ch];
  if (!t) return null;
  const px = x * C;
  const py = y * C;
  const sprite = <Sprite id={t[0]} x={px} y={py} w={C} label={`${t[1]} at (${x}, ${y})`} />;
  if (!FALLING.has(ch)) return ch === '#' || ch === '%' ? sprite : <g class={t[0]}>{sprite}</g>;
  return (
    <g class={t[0] + ' falling'}>
      {sprite}
      <Streaks cx={px + C / 2} cy={py + C / 2} />
    </g>
  );
}

/** A tick's gravity moves start this long after the mole's step (the rules: the action, then gravity). */
const GRAVITY_AT = 50;
/** One cell of a fall, roll or push, at full speed. */
const MOVE_MS = 110;
/** A gem collected or a crush stays marked this long (with reduced motion too). */
const MARK_MS = 600;

interface Tick {
  key: string;
  obs: DelvewickObservation;
  plan: DelvewickPlan | null;
  at: number;
  speed: number;
  animate: boolean;
  marksUntil: number;
}

const tickKey = (o: DelvewickObservation) => JSON.stringify([o.level, o.oil, o.score, o.mole, o.grid]);

/** The tick the board shows; a new observation replaces it at once (held keys never queue motion). */
function useTick(o: DelvewickObservation, small: boolean | undefined): Tick {
  const tick = useRef<Tick | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const key = tickKey(o);
  if (!tick.current || tick.current.key !== key) {
    const last = tick.current;
    const now = performance.now();
    const plan = last ? planDelvewick(last.obs, o) : null;
    const animate = !small && !reducedMotion();
    // A tick that comes sooner than the last one took plays faster.
    const gap = last ? now - last.at : Infinity;
    const speed = plan && animate ? Math.max(0.2, Math.min(1, gap / (GRAVITY_AT + MOVE_MS))) : 1;
    tick.current = {
      key,
      obs: o,
      plan,
      at: now,
      speed,
      animate,
      marksUntil: plan?.marks.length ? now + MARK_MS : 0,
    };
  }
  const t = tick.current;
  useEffect(() => {
    if (!t.marksUntil) return;
    const timer = setTimeout(redraw, Math.max(0, t.marksUntil - performance.now()) + 5);
    return () => clearTimeout(timer);
  }, [t]);
  return t;
}

const MOVABLE = new Set(['O', 'o', '*', 'v', 'G', 'g']);

type Cell = { x: number; y: number };

/** One step from the mole toward `to`: along the longer way first (across on a tie); a wait on the mole. */
function stepToward(mole: Cell, to: Cell): GameAction {
  const dx = to.x - mole.x;
  const dy = to.y - mole.y;
  if (dx === 0 && dy === 0) return { type: 'wait' };
  if (Math.abs(dx) >= Math.abs(dy)) return { type: 'move', dir: dx > 0 ? 'right' : 'left' };
  return { type: 'move', dir: dy > 0 ? 'down' : 'up' };
}

/**
 * A tap on a level too wide for finger-sized cells (20 across on a phone: about 17 px each): the first
 * tap picks a cell (drawn outlined), a tap on the picked cell steps the mole toward it, one step a tap,
 * until it is there. A mouse click steps at once (the cells are big enough on a desktop).
 */
function useTapPick(o: DelvewickObservation, onAction: BoardProps['onAction']) {
  const [picked, setPicked] = useState<Cell | null>(null);
  useEffect(() => setPicked(null), [o.level]);
  useEffect(() => {
    if (picked && picked.x === o.mole.x && picked.y === o.mole.y) setPicked(null);
  }, [o.mole.x, o.mole.y]);
  const onClick = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    if (!onAction) return;
    const m = svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const cell = { x: Math.floor(p.x / C), y: Math.floor(p.y / C) };
    if (cell.x < 0 || cell.y < 0 || cell.x >= o.width || cell.y >= o.height) return;
    const touch = 'pointerType' in e && (e as PointerEvent).pointerType !== 'mouse';
    if (touch && (!picked || picked.x !== cell.x || picked.y !== cell.y)) {
      setPicked(cell);
      return;
    }
    setPicked(touch ? cell : null);
    onAction(stepToward(o.mole, cell));
  };
  return { picked, onClick: onAction ? onClick : undefined };
}

function DelvewickBoard({ obs: raw, small, onAction }: BoardProps) {
  const o = raw as DelvewickObservation;
  const tick = useTick(o, small);
  const pick = useTapPick(o, small ? undefined : onAction);
  const plan = tick.plan;
  const cells = [];
  for (let y = 0; y < o.grid.length; y++)
    for (let x = 0; x < o.grid[y].length; x++) {
      const ch = o.grid[y][x];
      // The mole is drawn on its own layer, so it can glide from cell to cell.
      if (ch === 'M') continue;
      if (MOVABLE.has(ch))
        cells.push(
          <g key={`${x},${y}`} data-at={`${x},${y}`}>
            <DwCell ch={ch} x={x} y={y} />
          </g>,
        );
      else cells.push(<DwCell key={`${x},${y}`} ch={ch} x={x} y={y} />);
    }
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const root = svg.current;
    if (!root || !plan || !tick.animate || typeof root.animate !== 'function') return;
    const sp = tick.speed;
    for (const m of plan.moves) {
      const el = root.querySelector(`[data-at="${m.to.x},${m.to.y}"]`);
      if (!el) continue;
      for (const a of el.getAnimations()) a.cancel();
      const off = (c: { x: number; y: number }) => `translate(${(c.x - m.to.x) * C}px, ${(c.y - m.to.y) * C}px)`;
      // A push moves with the mole; a fall or roll comes after it, in the gravity pass.
      const start = m.push ? 0 : GRAVITY_AT * sp;
      const legs = m.via ? 2 : 1;
      const end = start + MOVE_MS * sp * legs;
      const frames: Keyframe[] = [
        { offset: 0, transform: off(m.from) },
        { offset: start / end, transform: off(m.from) },
        ...(m.via ? [{ offset: (start + MOVE_MS * sp) / end, transform: off(m.via) }] : []),
        { offset: 1, transform: 'translate(0px, 0px)' },
      ];
      el.animate(frames, { duration: end, easing: m.push ? 'ease-out' : 'ease-in' });
    }
  }, [tick]);
  const marking = !!plan && tick.marksUntil > performance.now();
  const w = o.width * C;
  const h = o.height * C;
  return (
    <svg
      ref={svg}
      class={small ? 'board dw small' : 'board dw'}
      viewBox={`0 0 ${w} ${h}`}
      role="group"
      aria-label={`Delvewick level ${o.level}, ${o.levelName}: mole at (${o.mole.x}, ${o.mole.y}), gems ${o.gems} of ${o.quota}, exit ${o.exitOpen ? 'open' : 'closed'}. The text map: ${o.grid.join(' / ')}`}
      onClick={pick.onClick}
    >
      <rect class="dw-empty" x="0" y="0" width={w} height={h} />
      {cells}
      <g>
        {plan &&
          tick.animate &&
          plan.dug.map((c) => (
            <rect key={`dug${tick.at},${c.x},${c.y}`} class="dw-dug" x={c.x * C} y={c.y * C} width={C} height={C} />
          ))}
      </g>
      {o.grid.some((r) => r.includes('M')) && (
        <Glide key={o.level} x={o.mole.x * C} y={o.mole.y * C} maxJump={C * 1.5} ms={GLIDE_MS * tick.speed}>
          <DwCell ch="M" x={o.mole.x} y={o.mole.y} />
        </Glide>
      )}
      {o.endReason === 'crushed' && (
        // The crush, shown: the rock has landed on the mole's cell; the mole lies flattened under it,
        // struck (a red flash, then it stays flat, with reduced motion too).
        <g class="dw-struck" data-testid="dw-struck">
          <rect
            class="dw-struck-flash"
            x={o.mole.x * C - C / 2}
            y={o.mole.y * C - C / 2}
            width={C * 2}
            height={C * 2}
            rx={C}
          />
          <g class="dw-struck-mole">
            <Sprite
              id={TILE.M[0]}
              x={o.mole.x * C}
              y={o.mole.y * C}
              w={C}
              label={`The mole at (${o.mole.x}, ${o.mole.y}), struck by a falling rock`}
            />
          </g>
        </g>
      )}
      {pick.picked && (
        <rect
          class="dw-pick"
          data-testid="dw-pick"
          x={pick.picked.x * C + 1.5}
          y={pick.picked.y * C + 1.5}
          width={C - 3}
          height={C - 3}
          rx="4"
        />
      )}
      <g>
        {marking &&
          plan!.marks.map((m) => (
            <circle
              class={`dw-mark ${m.kind}`}
              data-testid={`dw-mark-${m.kind}`}
              cx={m.cell.x * C + C / 2}
              cy={m.cell.y * C + C / 2}
              r={C / 2 - 1}
            />
          ))}
      </g>
    </svg>
  );
}

/** The oil gauge warns at this much oil left. */
const OIL_LOW = 10;

/** The oil a level starts with, from the spec's published table. */
function levelOil(level: number): number {
  return delvewickSpec.levels.find((l) => l.level === level)?.oil ?? 40;
}

function status(raw: Observation): StatusItem[] {
  const o = raw as DelvewickObservation;
  const items: StatusItem[] = [
    { label: 'Level', value: `${o.level} of ${o.levels}: ${o.levelName}` },
    { label: 'Gems', value: `${o.gems} of ${o.quota}` },
    { label: 'Exit', value: o.exitOpen ? 'open' : `closed (${Math.max(0, o.quota - o.gems)} more)` },
    { label: 'Oil', value: o.oil, gauge: { max: levelOil(o.level), low: OIL_LOW } },
    { label: 'Chain', value: o.chain },
  ];
  if (o.endReason)
    items.push({ label: 'Ended', value: delvewickWords.ending({ kind: 'terminated', reason: o.endReason }, raw) });
  return items;
}

const KEYS: Record<string, string> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
};

function keyToAction(e: KeyboardEvent): GameAction | null {
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const dir = KEYS[k];
  if (dir) return { type: 'move', dir };
  if (k === ' ' || k === '.' || e.code === 'Numpad5') return { type: 'wait' };
  return null;
}

function actionLabel(a: GameAction): string {
  if (a.type === 'move') return `Move ${String(a.dir)}`;
  if (a.type === 'wait') return 'Wait (Space)';
  return a.type;
}

const icon = (ch: string) => (
  <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon">
    <rect class="dw-empty" width={C} height={C} />
    <DwCell ch={ch} x={0} y={0} />
  </svg>
);

const legend: LegendEntry[] = [
  { symbol: icon('M'), label: 'You, the mole (with its lantern)' },
  { symbol: icon('%'), label: 'Soil — dig through it by moving into it' },
  { symbol: icon('#'), label: 'Bedrock — never moves, never digs' },
  { symbol: icon('O'), label: 'Boulder: push it sideways; falling (streaks) it crushes you' },
  { symbol: icon('*'), label: 'Gem: walk into it (or catch it falling) to collect it' },
  { symbol: icon('G'), label: 'Geode: cracks into a gem when it lands after a fall' },
  { symbol: icon('X'), label: 'Exit, barred until you reach the gem quota' },
  { symbol: icon('E'), label: 'Open exit: step on it to clear the level' },
];

/** The card between two levels: the next one's name and lesson, the clear bonus and the oil tally. */
function interlude(events: GameEvent[]): Interlude | null {
  const started = events.find((e) => e.type === 'level_started');
  if (!started || typeof started.level !== 'number') return null;
  const def = LEVELS[started.level - 1];
  if (!def) return null;
  const cleared = events.find((e) => e.type === 'level_cleared');
  const oil = cleared && typeof cleared.oilLeft === 'number' ? cleared.oilLeft : 0;
  return {
    title: `Level ${started.level} of ${LEVELS.length}: ${def.name}`,
    lesson: def.lesson,
    tally: cleared
      ? [
          `Level ${String(cleared.level)} cleared: clear bonus +${CLEAR_POINTS}`,
          `Oil left ${oil} × ${OIL_POINTS}: +${oil * OIL_POINTS}`,
          `Together +${CLEAR_POINTS + oil * OIL_POINTS}`,
        ]
      : [],
    go: `Play level ${started.level}`,
  };
}

export const delvewickView: GameView = {
  Board: DelvewickBoard,
  status,
  statusSlots: 6,
  statusMain: ['Level', 'Gems', 'Exit', 'Oil'],
  keyToAction,
  swipe: (dir) => ({ type: 'move', dir }),
  actionLabel,
  legend,
  replayRate: 4,
  undo: { levelStartEvent: 'level_started' },
  retry: { event: 'level_started', noun: 'level' },
  interlude,
  // Always the same five buttons in the same places (a refused move is disabled, never removed), so a
  // second tap lands on the same control.
  buttonActions: (legal): GameAction[] =>
    legal.length
      ? [
          { type: 'move', dir: 'up' },
          { type: 'move', dir: 'left' },
          { type: 'move', dir: 'right' },
          { type: 'move', dir: 'down' },
          { type: 'wait' },
        ]
      : [],
  controls: {
    keys: 'Move with the arrows or W A S D, wait with Space; U takes back a move.',
    rankedKeys: 'Move with the arrows or W A S D, wait with Space: every move is recorded, with no take-back.',
    touch:
      'Swipe on the board or use the arrow pad to move, or tap a cell and tap it again to step toward it; Wait lets gravity run one tick.',
  },
  keyHelp: [
    { keys: '← ↑ → ↓ or W A S D', does: 'move (digging through soil, pushing a boulder or geode sideways)' },
    { keys: 'Space, . or Numpad 5', does: 'wait one tick (gravity still runs)' },
    { keys: 'U', does: 'take back the last move (free play)', freePlayOnly: true },
  ],
};
