/**
 * Cragwake board: the band of ten rows the observation carries, top row first. Holds are drawn
 * sprites that differ by shape as well as colour (a big jug with its pocket and breath dots, a round
 * plain hold, a cracked one with its cracks and uses, a thin crimp), each named for screen readers; ice
 * is a white glaze with a snowflake, frosting a dashed ring of crystals. Reachable holds are outlined with their stamina cost; click one, or pick one with the arrow keys
 * (the picked hold is drawn with a solid outline) and press Enter. A click on any other cell of the wall
 * is sent to the engine as a move too, so its refusal says why that hold cannot be reached.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { GameAction, Observation } from '../../../core/game.js';
import type { CragwakeObservation as CragwakeObs } from '../../../games/cragwake/index.js';
import { releaseMouseFocus } from '../../components/parts.js';
import { Glide } from '../../motion/glide.js';
import { WallFx } from './fx.js';
import { reducedMotion } from '../../motion/prefs.js';
import { CW_CELL, CW_COLUMNS, CW_LEFT, CW_TOP, cragwakeWords } from './words.js';
import { Sprite } from '../../sprites/sprite.js';
import type { BoardProps, GameView, LegendEntry, StatusItem } from '../types.js';

const C = CW_CELL;
const LEFT = CW_LEFT;
const TOP = CW_TOP;
const W = CW_COLUMNS;

const isLedge = (row: number) => row % 10 === 0;

const HOLD: Record<string, [string, string]> = {
  J: ['cw-jug', 'Jug'],
  P: ['cw-plain', 'Plain hold'],
  K: ['cw-cracked', 'Cracked hold'],
  C: ['cw-crimp', 'Crimp'],
};

/** What a hold token is, in words: "Jug, 2 breaths left, icy". */
export function holdName(token: string): string {
  const ice = token.endsWith('*') ? ', icy' : token.endsWith('~') ? ', frosting' : '';
  const t = ice ? token.slice(0, -1) : token;
  const n = Number(t.slice(1) || 0);
  const what = HOLD[t[0]]?.[1] ?? 'Hold';
  if (t[0] === 'J') return `${what}, ${n === 1 ? '1 breath' : `${n} breaths`} left${ice}`;
  if (t[0] === 'K') return `${what}, ${n === 1 ? '1 more use' : `${n} more uses`}${ice}`;
  return what + ice;
}

/** A hold drawn from its token (J2, P, K1, C, with ~ or * for frost and ice) centred at (cx, cy). */
function Hold({ token, cx, cy }: { token: string; cx: number; cy: number }) {
  if (!token || token === '.' || token === '?') return null;
  const ice = token.endsWith('*') ? 'icy' : token.endsWith('~') ? 'frost' : '';
  const t = ice ? token.slice(0, -1) : token;
  const kind = t[0];
  const n = Number(t.slice(1) || 0);
  const id = kind === 'K' && n >= 2 ? 'cw-cracked2' : (HOLD[kind]?.[0] ?? 'cw-plain');
  return (
    <g class={`cw-hold cw-${kind} ${ice}`}>
      <Sprite id={id} x={cx - 24} y={cy - 24} w={48} label={holdName(token)} />
      {kind === 'K' && (
        <text class="cw-uses" x={cx + 15} y={cy + 18}>
          {n}
        </text>
      )}
      {kind === 'J' &&
        Array.from({ length: n }, (_, i) => <circle class="cw-breath" cx={cx - 4 + i * 8} cy={cy + 18} r="3" />)}
      {ice === 'icy' && <Sprite id="cw-ice" x={cx - 24} y={cy - 24} w={48} />}
      {ice === 'frost' && <Sprite id="cw-frost" x={cx - 24} y={cy - 24} w={48} />}
    </g>
  );
}

function Climber({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g class="cw-you">
      <Sprite id="cw-climber" x={cx - 24} y={cy - 26} w={48} label="You, the climber" />
    </g>
  );
}

/** The arrow keys' directions on the wall, as (rows up, columns right). */
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The reachable hold an arrow picks from (row, col): among the holds lying that way (a positive step
 * along the arrow, no further sideways than along), the nearest, sideways distance counting double.
 * Null when none lies that way.
 */
function pickToward(
  from: { row: number; col: number },
  arrow: [number, number],
  holds: { row: number; col: number }[],
): { row: number; col: number } | null {
  let best: { row: number; col: number } | null = null;
  let bestScore = Infinity;
  const [dr, dc] = arrow;
  for (const h of holds) {
    const up = h.row - from.row;
    const right = h.col - from.col;
    const along = up * dr + right * dc;
    const aside = Math.abs(dr !== 0 ? right : up);
    if (along <= 0 || aside > along + 1) continue;
    const score = along + 2 * aside;
    if (score < bestScore || (score === bestScore && best && (h.row > best.row || h.col < best.col))) {
      best = h;
      bestScore = score;
    }
  }
  return best;
}

function CragwakeBoard({ obs: raw, legal, onAction, small, paused }: BoardProps) {
  const o = raw as CragwakeObs;
  const svg = useRef<SVGSVGElement>(null);
  /** The hold the arrow keys have picked ("row:col"), until the climber moves. */
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => setPicked(null), [o.row, o.col, o.pitch, o.phase, o.turn]);
  // The climber stays in view: scrolled to after each move and at each belay (live board only).
  useEffect(() => {
    if (!onAction) return;
    const you = svg.current?.querySelector('.cw-you');
    if (you instanceof SVGElement && typeof you.scrollIntoView === 'function')
      you.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [o.row, o.col, o.pitch, o.phase]);
  const rows = o.band;
  const h = TOP + rows.length * C;
  const w = LEFT + W * C;
  const costs = new Map<string, { action: GameAction; cost: number }>();
  const legalKeys = new Set(legal.map((a) => JSON.stringify(a)));
  for (const m of o.moves ?? [])
    if (m.action.type === 'move' && legalKeys.has(JSON.stringify(m.action)))
      costs.set(`${String(m.action.row)}:${String(m.action.col)}`, m);
  const out = [];
  rows.forEach((r, i) => {
    const y = TOP + i * C;
    const ledge = isLedge(r.row) && !r.fogged;
    out.push(
      <rect
        class={r.fogged ? 'cw-row fog' : ledge ? 'cw-row ledge' : r.overhang ? 'cw-row overhang' : 'cw-row'}
        x={LEFT}
        y={y}
        width={W * C}
        height={C}
      />,
    );
    out.push(
      <text class="cw-rowlabel" x={LEFT - 5} y={y + C / 2 + 4}>
        {r.row}
        {r.overhang ? '^' : ''}
        {ledge ? '=' : ''}
      </text>,
    );
    if (r.fogged) {
      out.push(
        <Sprite id="cw-fog" x={LEFT + 8} y={y + 6} w={(W * C) / 2 - 16} h={C - 12} label={`Fog over row ${r.row}`} />,
        <Sprite id="cw-fog" x={LEFT + (W * C) / 2 + 8} y={y + 6} w={(W * C) / 2 - 16} h={C - 12} />,
      );
      return;
    }
    if (ledge) {
      out.push(
        <rect class="cw-ledge" x={LEFT + 2} y={y + C - 16} width={W * C - 4} height="12" rx="3" />,
        <Sprite
          id="cw-belay"
          x={LEFT + (W * C) / 2 - 14}
          y={y + 4}
          w={28}
          label={r.row === o.belay ? `Belay ledge, row ${r.row}: the next belay` : `Belay ledge, row ${r.row}`}
        />,
      );
    } else {
      r.cells.forEach((t, c) => out.push(<Hold token={t} cx={LEFT + c * C + C / 2} cy={y + C / 2} />));
    }
  });
  // Gusts and rockfall, published for this turn, marked above their columns.
  for (const c of o.gust ?? [])
    out.push(
      <g class="cw-gust">
        <rect x={LEFT + c * C + 2} y={TOP} width={C - 4} height={rows.length * C} />
        <Sprite id="cw-gust" x={LEFT + c * C + C / 2 - 22} y={1} w={22} label={`Gust in column ${c}: +2 to reach`} />
        <text x={LEFT + c * C + C / 2 + 10} y={TOP - 8}>
          +2
        </text>
      </g>,
    );
  if (o.rockfall !== null && o.rockfall !== undefined)
    out.push(
      <g class="cw-rock">
        <rect x={LEFT + o.rockfall * C + 6} y={TOP} width={C - 12} height={rows.length * C} />
        <Sprite
          id="cw-rockfall"
          x={LEFT + o.rockfall * C + C / 2 - 11}
          y={1}
          w={22}
          label={`Rockfall in column ${o.rockfall} after your move`}
        />
      </g>,
    );
  const yOf = (row: number) => TOP + rows.findIndex((r) => r.row === row) * C;
  // The keys: arrows pick among the reachable holds, Enter climbs to the picked one. They read the
  // latest board through a ref, so the listener is set once.
  const keys = useRef({ costs, picked, onAction, paused, o });
  keys.current = { costs, picked, onAction, paused, o };
  useLayoutEffect(() => {
    if (!onAction) return;
    const down = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('[role=dialog]')) return;
      const cur = keys.current;
      if (cur.paused || !cur.onAction) return;
      const arrow = ARROWS[e.key];
      if (arrow) {
        const holds = [...cur.costs.keys()].map((k) => {
          const [row, col] = k.split(':').map(Number);
          return { row, col };
        });
        if (!holds.length) return;
        e.preventDefault();
        const [pr, pc] = cur.picked ? cur.picked.split(':').map(Number) : [cur.o.row, cur.o.col];
        const next = pickToward({ row: pr, col: pc }, arrow, holds);
        if (next) setPicked(`${next.row}:${next.col}`);
        else if (!cur.picked) setPicked(`${holds[0].row}:${holds[0].col}`);
      } else if (e.key === 'Enter' && cur.picked) {
        if (t instanceof HTMLElement && t.closest('button, a, [role=button]')) return;
        const m = cur.costs.get(cur.picked);
        if (!m) return;
        e.preventDefault();
        cur.onAction(m.action);
      }
    };
    document.addEventListener('keydown', down);
    return () => document.removeEventListener('keydown', down);
  }, [!!onAction]);
  // Every other cell of the wall takes a click too: the engine refuses it and the page says why.
  const misses = onAction
    ? rows.flatMap((r) =>
        r.fogged
          ? []
          : Array.from({ length: W }, (_, col) =>
              costs.has(`${r.row}:${col}`) || (r.row === o.row && col === o.col) ? null : (
                <rect
                  class="cw-miss"
                  x={LEFT + col * C}
                  y={yOf(r.row)}
                  width={C}
                  height={C}
                  data-row={r.row}
                  data-col={col}
                  onClick={(e) => {
                    releaseMouseFocus(e);
                    onAction({ type: 'move', row: r.row, col });
                  }}
                />
              ),
            ),
      )
    : null;
  const targets = onAction
    ? [...costs.values()].map((m) => {
        const row = Number(m.action.row);
        const col = Number(m.action.col);
        const x = LEFT + col * C;
        const y = yOf(row);
        if (y < TOP) return null;
        const act = () => onAction(m.action);
        const isPicked = picked === `${row}:${col}`;
        return (
          <g
            key={`${row},${col}`}
            class={isPicked ? 'cw-target picked' : 'cw-target'}
            role="button"
            tabindex={0}
            aria-current={isPicked ? 'true' : undefined}
            aria-label={`Move to row ${row}, column ${col}: costs ${m.cost} stamina`}
            data-row={row}
            data-col={col}
            onClick={(e) => {
              releaseMouseFocus(e);
              act();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                e.stopPropagation();
                act();
              }
            }}
          >
            <title>{`Row ${row}, column ${col}: costs ${m.cost}`}</title>
            {/* The whole cell takes the tap (at least 44 px on a 390-wide phone), the cost in its corner. */}
            <rect x={x + 2} y={y + 2} width={C - 4} height={C - 4} rx="8" />
            <text x={x + C - 10} y={y + 17}>
              {m.cost}
            </text>
          </g>
        );
      })
    : null;
  const youY = yOf(o.row);
  return (
    <svg
      ref={svg}
      class={small ? 'board cw small' : 'board cw'}
      viewBox={`0 0 ${w + 4} ${h + 4}`}
      role="group"
      aria-label={`Cragwake wall, pitch ${o.pitch}: you are on row ${o.row}, column ${o.col}, stamina ${o.stamina} of ${o.tank}. Rows ${rows[rows.length - 1]?.row} to ${rows[0]?.row}; the belay is row ${o.belay}.`}
    >
      {/* One <g> per layer: the layers' order is fixed however many things each holds. */}
      <g>{out}</g>
      {!small && <WallFx obs={o} left={LEFT} top={TOP} cell={C} />}
      <g>
        {youY >= TOP && (
          <Glide x={LEFT + o.col * C} y={youY} maxJump={C * 3}>
            <Climber cx={LEFT + o.col * C + C / 2} cy={youY + C / 2} />
          </Glide>
        )}
      </g>
      <g>{misses}</g>
      <g>{targets}</g>
    </svg>
  );
}

function status(raw: Observation): StatusItem[] {
  const o = raw as CragwakeObs;
  const items: StatusItem[] = [
    { label: 'Pitch', value: `${o.pitch} (belay row ${o.belay})` },
    { label: 'Stamina', value: `${o.stamina} of ${o.tank}` },
    { label: 'Turn', value: o.turn },
    { label: 'Height', value: `row ${o.row}, best ${o.high}` },
    { label: 'Clean streak', value: `${o.streak}${o.dipped ? ' (dipped)' : ''}` },
    { label: 'Gust', value: o.gust?.length ? `column ${o.gust.join(', ')} (+2)` : 'none' },
    { label: 'Rockfall', value: o.rockfall === null ? 'none' : `column ${o.rockfall} after your move` },
    { label: 'Next frost', value: o.nextFrostTurn === null ? 'none' : `turn ${o.nextFrostTurn}` },
  ];
  if (o.spindrift) items.push({ label: 'Spindrift', value: o.spindrift });
  if (o.phase === 'ledge') items.push({ label: 'At the belay', value: 'climb on or end the run' });
  if (o.end)
    items.push({
      label: 'Ended',
      value: cragwakeWords.ending({ kind: 'terminated', reason: o.end === 'ended' ? 'end_run' : o.end }, raw),
    });
  return items;
}

function breatheText(o: CragwakeObs): string {
  if (o.breathe === null || o.breathe === undefined) return '';
  return o.breathe > 0 ? `: gain ${o.breathe}` : o.breathe < 0 ? `: costs ${-o.breathe}` : ': gain 0';
}

function keyToAction(e: KeyboardEvent, legal: GameAction[]): GameAction | null {
  const k = e.key.toLowerCase();
  if (k === 'b') return { type: 'breathe' };
  if (k === 'c' && legal.some((a) => a.type === 'climbOn')) return { type: 'climbOn' };
  return null;
}

const legend: LegendEntry[] = [
  ['J2', 'Jug: breathe here to regain stamina; the dots are its breaths left'],
  ['P', 'Plain hold'],
  ['K2', 'Cracked hold: loses a use each time you leave it (the number is its uses left)'],
  ['C', 'Crimp: costs 2 to reach'],
  ['P~', 'Dashed ring — frosting (turns icy at the next frost)'],
  ['P*', 'Glazed white with a snowflake — icy: +2 to reach, no lunging from it'],
].map(([t, label]) => ({
  symbol: (
    <svg viewBox="0 0 56 56" class="legend-icon">
      <rect class="cw-row" width="56" height="56" />
      <Hold token={t} cx={28} cy={26} />
    </svg>
  ),
  label,
}));
legend.push(
  {
    symbol: (
      <svg viewBox="0 0 56 56" class="legend-icon">
        <g class="cw-target">
          <rect x="3" y="3" width="50" height="50" rx="8" />
          <text x="47" y="15">
            3
          </text>
        </g>
      </svg>
    ),
    label:
      'Dashed box — a reachable hold, with its stamina cost; click it, or pick it with the arrow keys (solid outline) and press Enter',
  },
  {
    symbol: (
      <svg viewBox="0 0 56 56" class="legend-icon">
        <Climber cx={28} cy={28} />
      </svg>
    ),
    label: 'You, the climber',
  },
);
legend.push({
  symbol: (
    <svg viewBox="0 0 56 56" class="legend-icon">
      <rect class="cw-row ledge" width="56" height="56" />
      <rect class="cw-ledge" x="2" y="40" width="52" height="12" rx="3" />
      <Sprite id="cw-belay" x={14} y={6} w={28} />
    </svg>
  ),
  label:
    'Plank with an anchor (= by its number) — a belay ledge every 10 rows: costs 1; the next one completes the pitch',
});
legend.push({
  symbol: (
    <svg viewBox="0 0 56 56" class="legend-icon">
      <rect class="cw-row overhang" width="56" height="56" />
    </svg>
  ),
  label: 'Darker row with a dashed edge (^ by its number) — overhang: +1 to reach',
});

export const cragwakeView: GameView = {
  retry: { event: 'climbedOn', noun: 'pitch' },
  Board: CragwakeBoard,
  status,
  statusSlots: 11,
  statusMain: ['Pitch', 'Stamina', 'Height', 'At the belay'],
  keyToAction,
  actionLabel: (a, obs) => {
    if (a.type === 'move') return `Move to row ${String(a.row)}, column ${String(a.col)}`;
    if (a.type === 'breathe') return 'Breathe (B)' + (obs ? breatheText(obs as CragwakeObs) : '');
    if (a.type === 'climbOn') return 'Climb on (C)';
    if (a.type === 'endRun') return 'End the run here';
    return a.type;
  },
  buttonActions: (legal) => legal.filter((a) => a.type !== 'move'),
  legend,
  replayRate: 3,
  controls: {
    keys: 'Click a dashed hold to climb to it, or pick one with the arrow keys and press Enter; B breathes, C climbs on from a ledge.',
    touch: 'Tap a dashed hold to climb to it; the buttons breathe and climb on.',
  },
  keyHelp: [
    { keys: 'click a dashed hold', does: 'move there (its cost shows in the corner and on hover)' },
    { keys: '← ↑ → ↓', does: 'pick a reachable hold (solid outline)' },
    { keys: 'Enter', does: 'climb to the picked hold' },
    { keys: 'B', does: 'breathe (on a jug with breaths: gain stamina; anywhere else: costs 1)' },
    { keys: 'C', does: 'climb on from a belay ledge' },
  ],
};
