/** Small shared pieces of the pages: status bar, events list, legend, key help overlay, link. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { GameEvent, Json } from '../../core/game.js';
import type { KeyHelp, LegendEntry, StatusItem } from '../games/types.js';

/**
 * The score and the game's status tiles. With `main` (the labels that matter now: three or four), only
 * those tiles stand beside the score, in full words; the rest wait behind one "More" control, so the
 * board comes first. `slots` is the most tiles the bar shows at once: it keeps room for them (empty,
 * hidden tiles fill the rest), so the board under it never moves when a tile comes or goes.
 */
export function StatusBar({
  items,
  score,
  slots = 0,
  main,
}: {
  items: StatusItem[];
  score: number;
  slots?: number;
  main?: string[];
}) {
  // How the game ended always stands beside the score.
  const first = main ? items.filter((it) => main.includes(it.label) || it.label === 'Ended') : items;
  const rest = main ? items.filter((it) => !first.includes(it)) : [];
  const fillers = Math.max(0, (main ? main.length : slots) - first.length);
  return (
    <div class={main ? 'status-bar compact' : 'status-bar'}>
      <dl class="status" aria-label="Status">
        <div class="stat score-stat">
          <dt>Score</dt>
          <dd data-testid="score">{score}</dd>
        </div>
        <StatTiles items={first} />
        {Array.from({ length: fillers }, () => (
          <div class="stat stat-filler" aria-hidden="true" />
        ))}
      </dl>
      {rest.length > 0 && (
        <details class="status-more" data-testid="status-more">
          <summary>More ({rest.length})</summary>
          <dl class="status" aria-label="More status">
            <StatTiles items={rest} />
          </dl>
        </details>
      )}
    </div>
  );
}

function StatTiles({ items }: { items: StatusItem[] }) {
  return (
    <>
      {items.map((it) => {
        // A gauge sits with the label, so the value itself stays the plain number.
        const g = it.gauge && typeof it.value === 'number' ? { ...it.gauge, value: it.value } : null;
        return (
          <div class={g && g.value <= g.low ? 'stat warn' : 'stat'} data-label={it.label}>
            <dt>
              {it.label}
              {g && (
                <>
                  {' '}
                  <meter
                    min={0}
                    max={g.max}
                    low={g.low + 0.5}
                    high={g.max}
                    optimum={g.max}
                    value={g.value}
                    aria-label={`${it.label} ${g.value} of ${g.max}`}
                  />
                  {g.value <= g.low && <strong class="low"> low!</strong>}
                </>
              )}
            </dt>
            <dd data-exact={it.exact}>{it.value}</dd>
          </div>
        );
      })}
    </>
  );
}

function fieldText(v: Json): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** "drone_dismantled x 3 y 4" — the event type made readable, then its fields. */
function eventText(e: GameEvent): string {
  const rest = Object.entries(e)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k} ${fieldText(v)}`);
  return e.type.replace(/_/g, ' ') + (rest.length ? ': ' + rest.join(', ') : '');
}

/**
 * The events of the last action (or the latest few), each as a sentence from `describe`; events it
 * has no sentence for are left out (the board already shows them).
 */
export function EventList({
  events,
  title = 'Last action',
  describe = eventText,
}: {
  events: GameEvent[];
  title?: string;
  describe?: (e: GameEvent) => string | null;
}) {
  const lines = events
    .slice(0, 64)
    .map((e) => describe(e))
    .filter((t): t is string => !!t);
  return (
    <section class="panel events" aria-label={title}>
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p class="muted">Nothing to tell.</p>
      ) : (
        // The list scrolls when long (its height is capped), so it is focusable for keyboard scrolling.
        <ul data-testid="events" tabIndex={0} aria-label={title}>
          {lines.map((t) => (
            <li>{t}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Legend({ entries }: { entries: LegendEntry[] }) {
  if (!entries.length) return null;
  return (
    <section class="panel legend" aria-label="Legend">
      <h2>Legend</h2>
      <ul>
        {entries.map((e) => (
          <li>
            <span class="legend-symbol" aria-hidden="true">
              {e.symbol}
            </span>
            <span>{e.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function KeyTable({ keys }: { keys: KeyHelp[] }) {
  return (
    <table class="keys">
      <tbody>
        {keys.map((k) => (
          <tr>
            <th scope="row">
              <kbd>{k.keys}</kbd>
            </th>
            <td>{k.does}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A modal dialog listing the keys; closes on Escape, `?` or its button. */
export function HelpOverlay({
  keys,
  onClose,
  children,
}: {
  keys: KeyHelp[];
  onClose: () => void;
  children?: ComponentChildren;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Focus moves into the dialog and back to where it was when the dialog closes.
  useEffect(() => {
    const before = document.activeElement;
    ref.current?.focus();
    return () => {
      if (before instanceof HTMLElement || before instanceof SVGElement) before.focus();
    };
  }, []);
  return (
    <div class="overlay" onClick={onClose}>
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          // The close button is the dialog's only control: Tab stays on it.
          if (e.key === 'Tab') {
            e.preventDefault();
            ref.current?.focus();
          }
        }}
      >
        <h2 id="help-title">Keys</h2>
        <KeyTable keys={keys} />
        {children}
        <button ref={ref} class="btn" onClick={onClose}>
          Close (Esc)
        </button>
      </div>
    </div>
  );
}

/**
 * After a mouse click, gives focus back to the page so the game's keys (Space, letters) keep driving the
 * game instead of pressing the clicked button again. Keyboard presses (detail 0) keep their focus.
 */
export function releaseMouseFocus(e: MouseEvent): void {
  const t = e.currentTarget;
  if (e.detail > 0 && (t instanceof HTMLElement || t instanceof SVGElement)) t.blur();
}
