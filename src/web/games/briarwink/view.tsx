/**
 * Briarwink board and its real-time controls, a night garden drawn in sprites named for screen readers.
 * The board draws the observation's map (terrain), the pods
 * with the cross each will bloom over and its countdown, active blooms, visible dimlings, pickups, the
 * gate, fireflies and, on moonless nights, the darkness over unlit cells. The controls run the game at
 * 30 ticks a second in the browser: the held arrow key walks, Space plants, a click walks to a cell,
 * P pauses, and while paused `.` advances a single tick.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { GameAction, Observation } from '../../../core/game.js';
import type { BriarwinkObservation } from '../../../games/briarwink/index.js';
import { releaseMouseFocus } from '../../components/parts.js';
import { useBriarwinkMotion } from './fx.js';
import { dimlingFirst, walkPath } from './path.js';
import { reducedMotion } from '../../motion/prefs.js';
import { Glide } from '../../motion/glide.js';
import { seconds } from '../../words/types.js';
import { Sprite } from '../../sprites/sprite.js';
import type { BoardProps, GameView, LegendEntry, StatusItem } from '../types.js';

type BriarwinkObs = BriarwinkObservation & Observation;
type Player = BriarwinkObs['player'];

const W = 7;
const H = 9;
const C = 52;
const TICK_MS = 1000 / 30;
/** A dimling's glide between cells: about its step time, so it moves on without stopping. */
const STEP_MS = 8 * TICK_MS;

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

/** The terrain a map character stands for: its sprite and its name (entities stand on moss). */
const TERRAIN: Record<string, [string, string]> = {
  '%': ['bw-briar', 'Briar'],
  R: ['bw-briar', 'Briar'],
  ',': ['bw-sprout', 'Sprout'],
  '#': ['bw-moonstone', 'Moonstone'],
  H: ['bw-hedge', 'Hedge'],
  '~': ['bw-pond', 'Pond'],
  X: ['bw-thicket', 'Thicket'],
  x: ['bw-creep', 'Creep mark'],
};

const at = (cell: number) => `(${cell % W}, ${Math.floor(cell / W)})`;

/** Terrain for one map character (entities are drawn on moss). */
function Terrain({ ch, cell }: { ch: string; cell: number }) {
  const x = (cell % W) * C;
  const y = Math.floor(cell / W) * C;
  const t = TERRAIN[ch];
  return (
    <>
      <Sprite id="bw-moss" x={x} y={y} w={C} />
      {t && <Sprite id={t[0]} x={x} y={y} w={C} label={`${t[1]} at ${at(cell)}`} />}
    </>
  );
}

const KIND_NAME: Record<string, string> = {
  mope: 'Mope',
  peeker: 'Peeker',
  rootling: 'Rootling',
  nudger: 'Nudger',
  twinbud: 'Twinbud',
  sprig: 'Sprig',
  tangler: 'Tangler',
};

function Dimling({ d }: { d: BriarwinkObs['dimlings'][number] }) {
  const x = cx(d.cell);
  const y = cy(d.cell);
  const head = d.heading ? HEAD[d.heading] : null;
  const id = d.spotted ? 'bw-peeker-spotted' : KIND_NAME[d.kind] ? `bw-${d.kind}` : 'bw-mope';
  const name = `${KIND_NAME[d.kind] ?? 'Dimling'}${d.spotted ? ' that has spotted you' : ''}${
    d.shimmer > 0 ? ', shimmering' : ''
  } at ${at(d.cell)}`;
  return (
    <g class={`bw-dim k-${d.kind}${d.spotted ? ' spotted' : ''}${d.shimmer > 0 ? ' shimmer' : ''}`}>
      {head && <line class="bw-heading" x1={x} y1={y} x2={x + head[0] * 24} y2={y + head[1] * 24} />}
      <Sprite id={id} x={x - 20} y={y - 20} w={40} label={name} />
    </g>
  );
}

function Gardener({ p, caught }: { p: Player; caught?: boolean }) {
  if (p.x < 0) return null;
  const grace = p.grace > 0 && !caught;
  return (
    <g class={caught ? 'bw-gardener caught' : grace ? 'bw-gardener grace' : 'bw-gardener'} data-testid="bw-gardener">
      <Sprite
        id={grace ? 'bw-gardener-grace' : 'bw-gardener'}
        x={p.x * C + 4}
        y={p.y * C + 2}
        w={C - 8}
        label={`You, the gardener${caught ? ', caught here as the last heart went' : grace ? ', in grace' : ''}`}
      />
    </g>
  );
}

/**
 * Where to draw the gardener: where they stand, or, at a game over that took the last heart (the
 * gardener is then away, x = -1), the cell they last stood on in this garden, marked as caught.
 */
function useGardenerAt(o: BriarwinkObs): { p: Player; caught: boolean } {
  const p = o.player;
  const lastSeen = useRef<{ x: number; y: number } | null>(null);
  if (p.x >= 0) lastSeen.current = { x: p.x, y: p.y };
  const seen = lastSeen.current;
  if (p.x < 0 && o.status === 'over' && seen) return { p: { ...p, x: seen.x, y: seen.y }, caught: true };
  return { p, caught: false };
}

const POWER_SPRITE: Record<string, string> = {
  'Wide Petal': 'bw-wide-petal',
  'Extra Pod': 'bw-extra-pod',
  'Quick Step': 'bw-quick-step',
};

/** The garden as an SVG picture (used by the live board, the replay viewer, cards and rules). */
function Garden({
  obs: o,
  small,
  onCell,
  onHover,
  preview,
  gardener,
}: {
  obs: BriarwinkObs;
  small?: boolean;
  onCell?: (cell: number) => void;
  /** The cell under the pointer (null when it leaves the garden), for the walk preview. */
  onHover?: (cell: number | null) => void;
  /** The walk preview: the path walkTo would take and its cells a dimling may reach first. */
  preview?: Preview | null;
  /** Where to draw the gardener, when not where the observation has them (useGardenerAt). */
  gardener?: { p: Player; caught: boolean };
}) {
  const cells = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) cells.push(<Terrain ch={o.map[y]?.[x] ?? '.'} cell={y * W + x} />);
  const cross = new Set<number>();
  for (const p of o.pods) for (const c of p.covers) cross.add(c);
  const bloom = new Set<number>();
  for (const b of o.blooms) for (const c of b.cells) bloom.add(c);
  const unlit = new Set(o.unlit);
  const p = o.player;
  const shown = gardener ?? { p, caught: false };
  const { svg, ghosts } = useBriarwinkMotion(o, !!small);
  return (
    <svg
      ref={svg}
      class={small ? 'board bw small' : p.moonless ? 'board bw moonless' : 'board bw'}
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
        {p.moonless &&
          Array.from({ length: W * H }, (_, c) =>
            unlit.has(c) ? (
              <Sprite id="bw-dark" x={(c % W) * C} y={Math.floor(c / W) * C} w={C} label={`Dark cell ${at(c)}`} />
            ) : (
              <Sprite id="bw-moonlit" x={(c % W) * C} y={Math.floor(c / W) * C} w={C} cls="bw-lit" />
            ),
          )}
      </g>
      <g class="bw-blooms">
        {[...bloom].map((c) => (
          <g key={c} class="bw-bloom" data-cell={c}>
            <Sprite id="bw-bloom" x={(c % W) * C} y={Math.floor(c / W) * C} w={C} label={`Bloom at ${at(c)}`} />
          </g>
        ))}
      </g>
      <g>
        {o.gate >= 0 && (
          <g class="bw-gate">
            <Sprite
              id="bw-gate"
              x={cx(o.gate) - 22}
              y={cy(o.gate) - 22}
              w={44}
              label={`Open moon gate at ${at(o.gate)}`}
            />
          </g>
        )}
      </g>
      <g>
        {o.fireflies.map((f) => (
          <g key={f} class="bw-firefly" data-cell={f}>
            <Sprite id="bw-firefly" x={cx(f) - 26} y={cy(f) + 1} w={24} label={`Firefly at ${at(f)}`} />
          </g>
        ))}
      </g>
      <g>
        {o.pickups.map((k) => (
          <g class="bw-pickup">
            <Sprite
              id={POWER_SPRITE[k.power] ?? 'bw-wide-petal'}
              x={cx(k.cell) - 17}
              y={cy(k.cell) - 17}
              w={34}
              label={`${k.power} pickup at ${at(k.cell)}`}
            />
          </g>
        ))}
      </g>
      <g>
        {o.pods.map((pod) => (
          <g class={pod.woken ? 'bw-pod woken' : 'bw-pod'}>
            <Sprite
              id={pod.woken ? 'bw-pod-woken' : 'bw-pod'}
              x={cx(pod.cell) - 20}
              y={cy(pod.cell) - 22}
              w={40}
              label={`${pod.woken ? 'Woken pod' : 'Pod'} at ${at(pod.cell)}, bursts in ${pod.bloomIn} ticks`}
            />
            <text x={cx(pod.cell)} y={cy(pod.cell) + 8}>
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
        {ghosts.flatMap((g) => [
          <circle
            key={`f${g.key}`}
            class="bw-relit-flash"
            data-flash={g.key}
            data-testid="bw-relit-flash"
            cx={cx(g.from)}
            cy={cy(g.from)}
            r={C * (0.8 + 0.35 * Math.min(g.size, 4))}
          />,
          <g key={g.key} class="bw-relit" data-ghost={g.key} data-testid="bw-relit">
            <Sprite id={`bw-${g.kind}`} x={cx(g.from) - 20} y={cy(g.from) - 20} w={40} />
          </g>,
        ])}
      </g>
      <g>
        <Glide x={shown.p.x * C} y={shown.p.y * C} ms={p.stepTicks * TICK_MS} maxJump={C * 1.5} linear>
          <Gardener p={shown.p} caught={shown.caught} />
        </Glide>
      </g>
      <g>
        {o.pods
          .filter((pod) => pod.cell === p.y * W + p.x)
          .map((pod) => (
            <circle class="bw-podring" cx={cx(pod.cell)} cy={cy(pod.cell)} r="22" />
          ))}
      </g>
      <g class="bw-preview">
        {preview && preview.path.length > 1 && (
          <polyline
            class="bw-path"
            data-testid="bw-path"
            data-cells={preview.path.join(' ')}
            points={preview.path.map((c) => `${cx(c)},${cy(c)}`).join(' ')}
          />
        )}
        {preview?.path
          .filter((c) => preview.marked.has(c))
          .map((c) => (
            <rect
              class="bw-risk"
              data-testid="bw-risk"
              data-cell={c}
              x={(c % W) * C + 3}
              y={Math.floor(c / W) * C + 3}
              width={C - 6}
              height={C - 6}
              rx="8"
              role="img"
              aria-label={`A dimling may get to ${at(c)} first`}
            />
          ))}
      </g>
      <g onPointerLeave={onHover && (() => onHover(null))}>
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
              onPointerEnter={onHover && (() => onHover(c))}
            >
              <title>{`Walk to (${c % W}, ${Math.floor(c / W)})`}</title>
            </rect>
          ))}
      </g>
    </svg>
  );
}

interface Preview {
  target: number;
  path: number[];
  marked: Set<number>;
}

/** The walk preview to `target` on the observation, or null for none. */
function previewOf(o: BriarwinkObs, target: number | null): Preview | null {
  if (target === null || o.status !== 'playing') return null;
  const path = walkPath(o, target);
  return { target, path, marked: dimlingFirst(o, path) };
}

/** The live board: the garden plus the 30 ticks/s loop and its keys. */
function BriarwinkBoard({ obs: raw, legal, onAction, small, paused: pausedFromPage }: BoardProps) {
  const o = raw as BriarwinkObs;
  // Kept here, not in the garden: the garden is drawn afresh when the game ends (no controls then).
  const gardener = useGardenerAt(o);
  // A night already under way when the board opens (a reload, Back, a resumed session) opens paused:
  // the player was away, and the night waits for them to press Resume.
  const [paused, setPaused] = useState(() => !!onAction && legal.some((a) => a.type === 'tick'));
  const [target, setTarget] = useState<number | null>(null);
  /** The cell under the pointer, previewed in place of the walk target while it is there. */
  const [hover, setHover] = useState<number | null>(null);
  /** Why the night paused by itself (the pointer or the focus went elsewhere), said beside Resume. */
  const [why, setWhy] = useState<string | null>(null);
  const zone = useRef<HTMLDivElement>(null);
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
  // not caught up: at most two ticks run in one frame, and time while paused is simply dropped. The
  // loop runs only while the night can run: a paused, ended or not yet started night asks for no frame
  // (an idle page used a tenth of a core in Chromium, drawing frames for nothing).
  const running = !paused && !pausedFromPage && !!onAction && canTick();
  useEffect(() => {
    if (!running) return;
    let owed = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function loop(now: number) {
      const cur = live.current;
      const on = !cur.paused && !!cur.onAction && canTick() && !document.hidden;
      owed = on ? Math.min(owed + (now - last), 2 * TICK_MS) : 0;
      last = now;
      while (owed >= TICK_MS && canTick()) {
        owed -= TICK_MS;
        cur.onAction?.(tickAction());
      }
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [running]);

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
        setWhy(null);
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
    // Losing the window or the tab pauses the night: the player is not there to play it. So does the
    // mouse leaving the garden, or the focus moving to a control outside it (the legend, a link): the
    // player is reading, not playing. Each says why beside Resume.
    const pauseFor = (reason: string) => {
      held.current = [];
      const cur = live.current;
      if (!cur.legal.some((x) => x.type === 'tick') || cur.paused) return;
      setPaused(true);
      setWhy(reason);
    };
    const blur = () => pauseFor('Paused: the window lost focus.');
    const hidden = () => document.hidden && pauseFor('Paused: the tab was hidden.');
    const area = () => zone.current?.closest('.board-wrap') ?? zone.current;
    const leave = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') pauseFor('Paused: the pointer left the garden. Resume (P) when you are back.');
    };
    const focusIn = (e: FocusEvent) => {
      const t = e.target;
      if (t instanceof Node && t !== document.body && !area()?.contains(t))
        pauseFor('Paused: the focus moved to another control. Resume (P) to play on.');
    };
    const box = area();
    box?.addEventListener('pointerleave', leave as EventListener);
    document.addEventListener('focusin', focusIn);
    document.addEventListener('visibilitychange', hidden);
    document.addEventListener('keydown', down);
    document.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      document.removeEventListener('keydown', down);
      document.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
      document.removeEventListener('visibilitychange', hidden);
      document.removeEventListener('focusin', focusIn);
      box?.removeEventListener('pointerleave', leave as EventListener);
    };
  }, [!!onAction]);

  const waiting = legal.some((a) => a.type === 'start');
  // A night that starts brings the whole garden into view (on a small screen its bottom rows were below).
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting && onAction)
      zone.current
        ?.querySelector('.board')
        ?.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
    wasWaiting.current = waiting;
  }, [waiting]);
  if (!onAction) return <Garden obs={o} small={small} gardener={gardener} />;
  // One search for what is drawn (the pointer's cell, else the walk target) and one more for the
  // target's words only while the pointer previews another cell.
  const shown = previewOf(o, hover ?? target);
  const walking = hover === null || hover === target ? shown : previewOf(o, target);
  return (
    <div class="bw-live" ref={zone}>
      <Garden obs={o} onCell={(c) => setTarget(c)} onHover={setHover} preview={shown} gardener={gardener} />
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
                setWhy(null);
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
          {waiting
            ? 'Waiting for the night to start.'
            : paused && why
              ? why
              : paused || pausedFromPage
                ? 'Paused.'
                : 'Running.'}
          {target !== null ? walkingTo(o, target) + riskWords(walking) : ''}
          {hover !== null && hover !== target ? pathWords(shown) : ''}
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

/** The warning when a dimling may reach a cell of the walk first (an estimate: see docs/web.md). */
const riskWords = (p: Preview | null) => (p && p.marked.size > 0 ? ' A dimling may get there first.' : '');

/** What the pointer's cell would do: the walk there, and the warning. */
function pathWords(p: Preview | null): string {
  if (!p || p.path.length < 2) return '';
  const end = p.path[p.path.length - 1];
  return ` Path to ${at(end)}, ${p.path.length - 1} steps${p.marked.size > 0 ? ': a dimling may get there first.' : '.'}`;
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
  <svg viewBox={`0 0 ${C} ${C}`} class="legend-icon bw-icon">
    <Sprite id="bw-moss" x={0} y={0} w={C} />
    {body}
  </svg>
);
const icon = (id: string) => sample(<Sprite id={id} x={6} y={6} w={C - 12} />);

const legend: LegendEntry[] = [
  { symbol: icon('bw-gardener'), label: 'You, the gardener (a dashed halo while in grace)' },
  {
    symbol: icon('bw-mope'),
    label:
      'Dimlings, each kind its own face: mope (sleepy), peeker (big eyes), rootling (roots), nudger (horns), twinbud (two heads), sprig (a leaf), tangler (vines); glowing yellow eyes: a peeker that has spotted you',
  },
  { symbol: icon('bw-peeker-spotted'), label: 'A peeker that has spotted you: it stands, then dashes at you' },
  {
    symbol: sample(
      <g class="bw-pod">
        <Sprite id="bw-pod" x={6} y={4} w={C - 12} />
        <text x={C / 2} y={C / 2 + 8}>
          66
        </text>
      </g>,
    ),
    label: 'Pod with ticks (1/30 s each) until it bursts; the dashed yellow cells are the cross its bloom will cover',
  },
  { symbol: icon('bw-bloom'), label: 'Active bloom: relights dimlings into fireflies, clears briar, dazzles you' },
  { symbol: icon('bw-firefly'), label: 'Firefly: a relit dimling, lighting the garden for the rest of the night' },
  { symbol: icon('bw-briar'), label: 'Briar (thorny brambles); a sprout grows into briar' },
  { symbol: icon('bw-moonstone'), label: 'Moonstone; a hedge, the pond and thicket block the way too' },
  { symbol: icon('bw-creep'), label: 'Creep mark: grows into thicket' },
  { symbol: icon('bw-gate'), label: 'Open moon gate: step on it to clear the night' },
  { symbol: icon('bw-wide-petal'), label: 'Pickups: Wide Petal (reach), Extra Pod (pod cap), Quick Step (speed)' },
  {
    symbol: sample(
      <>
        <polyline class="bw-path" points={`0,${C / 2} ${C},${C / 2}`} />
        <rect class="bw-risk" x={3} y={3} width={C - 6} height={C - 6} rx="8" />
      </>,
    ),
    label:
      'Walk preview: the path a click would take; an orange ring marks a cell a dimling may reach first (an estimate from its distance and speed)',
  },
  {
    symbol: sample(<Sprite id="bw-dark" x={0} y={0} w={C} />),
    label: 'Dark cell — unlit on a moonless night: dimlings and pickups there are hidden',
  },
];

export const briarwinkView: GameView = {
  retry: { event: 'nightStarts', noun: 'night', before: true },
  Board: BriarwinkBoard,
  status,
  statusSlots: 13,
  statusMain: ['Night', 'Hearts', 'Dimlings left', 'Time'],
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
