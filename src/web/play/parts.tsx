/**
 * The play page's parts, laid out by pages/play.tsx: the title and tools, the line under the board
 * saying what the last move did, the legal actions as buttons, the take-back buttons and the run panel
 * (seed, download, share).
 */
import type { AnyGame, GameAction, Observation } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { releaseMouseFocus } from '../components/parts.js';
import { ShareBox } from '../components/sharebox.js';
import type { GameView } from '../games/types.js';
import { downloadRun } from '../runfile.js';
import { randomSeed, type PlaySession } from '../session.js';
import { play as playSound, setSoundOn } from '../sound.js';
import type { GameWords } from '../words/index.js';
import type { PlayControls } from './session.js';

/** The events' sentences for the outcome line: repeats counted ("… (×2)"), at most three. */
function sentences(lines: (string | null)[]): string {
  const seen = new Map<string, number>();
  for (const l of lines) if (l) seen.set(l, (seen.get(l) ?? 0) + 1);
  return [...seen]
    .slice(-3)
    .map(([l, n]) => (n > 1 ? `${l} (×${n})` : l))
    .join(' ');
}

export function PlayTop(p: {
  game: AnyGame;
  seed: Seed;
  textView: boolean | null;
  onTextView: () => void;
  sound: boolean;
  setSound: (on: boolean) => void;
  onHelp: () => void;
}) {
  const slug = p.game.spec.slug;
  return (
    <div class="play-top">
      <div class="play-head">
        <h1>{p.game.spec.name}</h1>
        <span class="muted">
          {p.game.spec.seedless !== true && (
            <>
              seed <span data-testid="seed">{p.seed}</span> ·{' '}
            </>
          )}
          {p.game.spec.rulesVersion}
        </span>
      </div>
      {/* The page's tools: beside the title on a wide screen, under the board on a phone or at high zoom. */}
      <div class="play-tools">
        <a class="btn ghost" href={`/ranked/${slug}`} data-testid="ranked-link">
          Ranked
        </a>
        <a class="btn ghost" href={`/ranked/${slug}?daily=1`} data-testid="daily-link">
          Daily challenge
        </a>
        <a class="btn ghost" href={`/rules/${slug}`}>
          Rules
        </a>
        {p.textView !== null && (
          <button class="btn ghost" onClick={p.onTextView} aria-pressed={p.textView}>
            {p.textView ? 'Board view' : 'Text view'}
          </button>
        )}
        <button
          class="btn ghost"
          aria-pressed={p.sound}
          data-testid="sound"
          onClick={() => {
            setSoundOn(!p.sound);
            p.setSound(!p.sound);
            // Turned on: a soft blip says at what volume.
            if (!p.sound) playSound('move');
          }}
        >
          {/* Words only: an emoji speaker is an empty box where there is no emoji font (plain Debian). */}
          {p.sound ? 'Sound on' : 'Sound off'}
        </button>
        <button class="btn ghost keys-btn" onClick={p.onHelp} aria-keyshortcuts="?">
          Keys (?)
        </button>
      </div>
    </div>
  );
}

/** The line under the board: what the last move did, a refusal's reason, or how the game was found. */
export function Outcome(p: {
  session: PlaySession;
  view: GameView;
  words: GameWords;
  obs: Observation;
  tookBack: string | null;
}) {
  const { session, view, words, obs } = p;
  const last = session.last;
  const label = view.actionLabel ?? ((a: GameAction) => a.type);
  const said = last.kind === 'accepted' ? sentences(last.events.map((e) => words.event(e))) : '';
  const quiet = view.ownsKeys && last.kind !== 'refused';
  return (
    <p
      class={last.kind === 'refused' ? 'outcome refused' : 'outcome'}
      role={quiet ? undefined : 'status'}
      aria-live={quiet ? 'off' : 'polite'}
      data-testid="outcome"
    >
      {last.kind === 'refused'
        ? words.refusal(last.action, last.reason, last.message, obs)
        : last.kind === 'accepted'
          ? `${said || label(last.action, obs) + '.'} Score ${session.score()}.`
          : p.tookBack
            ? p.tookBack
            : session.actions.length
              ? session.game.spec.seedless === true
                ? 'Welcome back: your game is where you left it.'
                : `Welcome back: your game on seed ${session.seed} is where you left it.`
              : 'Your move.'}
    </p>
  );
}

export function ActionsPanel(p: { view: GameView; session: PlaySession; act: (a: GameAction) => void }) {
  const { view, session } = p;
  const legal = session.legal();
  const obs = session.observation();
  const buttons = view.buttonActions ? view.buttonActions(legal, obs) : legal;
  const legalKeys = new Set(legal.map((a) => JSON.stringify(a)));
  const label = view.actionLabel ?? ((a: GameAction) => a.type);
  if (session.isOver() || buttons.length === 0) return null;
  return (
    <section class="panel actions" aria-label="Legal actions">
      <h2>Actions</h2>
      <div class="action-buttons">
        {buttons.map((a, i) => (
          <button
            class="btn action"
            disabled={!legalKeys.has(JSON.stringify(a))}
            data-action={JSON.stringify(a)}
            onClick={(e) => {
              releaseMouseFocus(e);
              p.act(a);
            }}
          >
            {!view.keyToAction && !view.ownsKeys && i < 9 ? <kbd>{i + 1}</kbd> : null}
            {label(a, obs)}
          </button>
        ))}
      </div>
    </section>
  );
}

export function TakeBack({ session, controls }: { session: PlaySession; controls: PlayControls }) {
  const { levelEvent } = controls;
  return (
    <section class="panel takeback" aria-label="Take back">
      <div class="row">
        <button
          class="btn small"
          disabled={session.actions.length === 0}
          onClick={() => controls.cutTo(session.actions.length - 1)}
          aria-keyshortcuts="u"
        >
          Undo (U)
        </button>
        {levelEvent && (
          <button
            class="btn small"
            disabled={session.levelStart(levelEvent) >= session.actions.length}
            onClick={controls.restartLevel}
          >
            Restart level
          </button>
        )}
      </div>
    </section>
  );
}

export function RunPanel(p: {
  session: PlaySession;
  controls: PlayControls;
  link: string | null;
  makeLink: () => void;
}) {
  const { session, controls } = p;
  const run = session.run();
  const seedless = session.game.spec.seedless === true;
  return (
    <section class="panel run" aria-label="This run">
      <h2>This run</h2>
      <p>
        <span data-testid="action-count">{run.actions.length}</span> {run.actions.length === 1 ? 'action' : 'actions'}{' '}
        recorded{seedless ? '' : ` on seed ${session.seed}`}; kept in this browser.
      </p>
      <div class="row">
        <button class="btn small" onClick={() => controls.restartAsking(session.seed)}>
          {seedless ? 'Start over' : 'Same seed again'}
        </button>
        {!seedless && (
          <button class="btn small" onClick={() => controls.restart(randomSeed())}>
            New seed
          </button>
        )}
        <button class="btn small" onClick={() => downloadRun(session.run(), session.score())}>
          Download run
        </button>
        <button class="btn small" onClick={p.makeLink}>
          Share link
        </button>
      </div>
      {p.link && !session.isOver() && <ShareBox link={p.link} />}
      {!seedless && (
        <form
          class="seedform"
          onSubmit={(e) => {
            e.preventDefault();
            const input = (e.currentTarget as HTMLFormElement).elements.namedItem('seed') as HTMLInputElement;
            const n = Number(input.value);
            if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) controls.restartAsking(n);
          }}
        >
          <label>
            Seed{' '}
            <input name="seed" type="number" min="0" max="4294967295" step="1" placeholder={String(session.seed)} />
          </label>
          <button class="btn small" type="submit">
            Play this seed
          </button>
        </form>
      )}
    </section>
  );
}
