/**
 * The play page, generic over the contract: board (the game's renderer or the observation text),
 * status, legal actions as buttons, the last action's events, the recorded run, and a game-over panel.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { AnyGame, GameAction, GameEvent } from '../../core/game.js';
import { EventList, HelpOverlay, Legend, StatusBar, releaseMouseFocus } from '../components/parts.js';
import type { Run } from '../../core/replay.js';
import { PLAYER_NAME_MAX } from '../../store/store.js';
import { ApiFailure, PLAYER_NAME, submitRun, type Submitted } from '../api.js';
import { TextBoard, genericActionLabel, genericStatus, genericView } from '../games/generic.js';
import { viewFor } from '../games/index.js';
import { navigate } from '../router.js';
import { downloadRun, encodeRun, shareLink } from '../runfile.js';
import { PlaySession, randomSeed } from '../session.js';

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

export function PlayPage({ game, seed }: { game: AnyGame; seed: number | null }) {
  // ?view=text plays through the generic view (the observation text and the legal actions as buttons),
  // the way an agent sees the game; for Briarwink that means one tick per button press.
  const [textView, setTextView] = useState(() => new URLSearchParams(location.search).get('view') === 'text');
  const ownView = viewFor(game.spec.slug);
  const view = textView ? genericView : ownView;
  const [session, setSession] = useState(() => new PlaySession(game, seed ?? randomSeed()));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [help, setHelp] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const helpRef = useRef(help);
  helpRef.current = help;

  // Keep the URL naming the seed being played, so the address bar is always a way back to this game.
  useEffect(() => {
    const want = `/play/${game.spec.slug}?seed=${session.seed}${textView ? '&view=text' : ''}`;
    if (location.pathname + location.search !== want) history.replaceState(null, '', want);
    document.title = `${game.spec.name} · seed ${session.seed} · Gameboard`;
  }, [session, textView]);

  // Real-time games change every tick, so their events panel keeps the latest few across ticks.
  const recent = useRef<GameEvent[]>([]);
  const act = (a: GameAction) => {
    const s = sessionRef.current;
    if (s.isOver()) return;
    s.act(a);
    if (s.last.kind === 'accepted' && s.last.events.length)
      recent.current = [...s.last.events].reverse().concat(recent.current).slice(0, 12);
    setLink(null);
    redraw(0);
  };

  const restart = (newSeed: number) => {
    recent.current = [];
    setSession(new PlaySession(game, newSeed));
    setLink(null);
  };

  // A layout effect, so keys work from the first frame (a plain effect waits for the next paint).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp((h) => !h);
        return;
      }
      if (helpRef.current) {
        if (e.key === 'Escape') setHelp(false);
        return;
      }
      const s = sessionRef.current;
      if (view.ownsKeys || s.isOver()) return;
      // Enter and Space on a focused button belong to the button.
      if (
        (e.key === 'Enter' || e.key === ' ') &&
        e.target instanceof HTMLElement &&
        e.target.closest('button, [role=button], a')
      )
        return;
      let a: GameAction | null = null;
      if (view.keyToAction) a = view.keyToAction(e, s.legal(), s.observation());
      else if (/^[1-9]$/.test(e.key)) a = s.legal()[Number(e.key) - 1] ?? null;
      if (a) {
        e.preventDefault();
        act(a);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);

  const obs = session.observation();
  const legal = session.legal();
  const over = session.isOver();
  const score = session.score();
  const label = view.actionLabel ?? genericActionLabel;
  const buttons = view.buttonActions ? view.buttonActions(legal, obs) : legal;
  const last = session.last;
  const run = session.run();
  const Board = view.Board;
  const keyHelp = [
    ...(view.keyHelp ?? []),
    { keys: 'Tab, Enter', does: 'reach and press any button or board cell' },
    { keys: '?', does: 'show or hide this help' },
  ];

  const watchReplay = async () => navigate(`/replay#${await encodeRun(session.run())}`);
  const makeLink = async () => setLink(await shareLink(session.run()));

  return (
    <main class="play" id="main">
      <div class="play-head">
        <h1>{game.spec.name}</h1>
        <span class="muted">
          seed <span data-testid="seed">{session.seed}</span> · {game.spec.rulesVersion}
        </span>
        <span class="spacer" />
        <a class="btn ghost" href={`/ranked/${game.spec.slug}`} data-testid="ranked-link">
          Ranked
        </a>
        <a class="btn ghost" href={`/ranked/${game.spec.slug}?daily=1`} data-testid="daily-link">
          Daily challenge
        </a>
        <a class="btn ghost" href={`/rules/${game.spec.slug}`}>
          Rules
        </a>
        {ownView !== genericView && (
          <button class="btn ghost" onClick={() => setTextView((t) => !t)} aria-pressed={textView}>
            {textView ? 'Board view' : 'Text view'}
          </button>
        )}
        <button class="btn ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Keys (?)
        </button>
      </div>
      <StatusBar items={(view.status ?? genericStatus)(obs)} score={score} />
      {over && (
        <section class="panel gameover" role="region" aria-label="Game over" data-testid="gameover">
          <h2>Game over</h2>
          <p class="final">
            Final score <strong data-testid="final-score">{score}</strong> after {run.actions.length}{' '}
            {run.actions.length === 1 ? 'action' : 'actions'}.
          </p>
          <div class="row">
            <button class="btn primary" onClick={() => restart(randomSeed())}>
              Play again
            </button>
            <button class="btn" onClick={() => restart(session.seed)}>
              Same seed again
            </button>
            <button class="btn" onClick={() => downloadRun(session.run(), score)}>
              Download run
            </button>
            <button class="btn" onClick={watchReplay}>
              Watch replay
            </button>
            <button class="btn" onClick={makeLink}>
              Share link
            </button>
          </div>
          {link && <ShareBox link={link} />}
          <SubmitBox run={run} slug={game.spec.slug} />
        </section>
      )}
      <div class="play-grid">
        <div class="board-col">
          <div class="board-wrap">
            <Board obs={obs} legal={over ? [] : legal} onAction={over ? undefined : act} paused={help || over} />
          </div>
          <p
            class={last.kind === 'refused' ? 'outcome refused' : 'outcome'}
            role={view.ownsKeys && last.kind !== 'refused' ? undefined : 'status'}
            aria-live={view.ownsKeys && last.kind !== 'refused' ? 'off' : 'polite'}
            data-testid="outcome"
          >
            {last.kind === 'refused'
              ? `Not allowed: ${label(last.action)} — ${last.message}`
              : last.kind === 'accepted'
                ? `${label(last.action)}. Score ${score}.`
                : 'Your move. Press ? for the keys.'}
          </p>
          {Board !== TextBoard && (
            <details class="agent-view">
              <summary>What an agent sees: the observation text</summary>
              <TextBoard obs={obs} legal={legal} />
            </details>
          )}
        </div>
        <aside class="side">
          {!over && buttons.length > 0 && (
            <section class="panel actions" aria-label="Legal actions">
              <h2>Actions</h2>
              <div class="action-buttons">
                {buttons.map((a, i) => (
                  <button
                    class="btn action"
                    data-action={JSON.stringify(a)}
                    onClick={(e) => {
                      releaseMouseFocus(e);
                      act(a);
                    }}
                  >
                    {!view.keyToAction && !view.ownsKeys && i < 9 ? <kbd>{i + 1}</kbd> : null}
                    {label(a, obs)}
                  </button>
                ))}
              </div>
            </section>
          )}
          {view.ownsKeys ? (
            <EventList events={recent.current} title="Recent events (newest first)" />
          ) : (
            <EventList events={last.kind === 'accepted' ? last.events : []} />
          )}
          <Legend entries={view.legend ?? []} />
          <section class="panel run" aria-label="This run">
            <h2>This run</h2>
            <p>
              <span data-testid="action-count">{run.actions.length}</span>{' '}
              {run.actions.length === 1 ? 'action' : 'actions'} recorded on seed {session.seed}.
            </p>
            <div class="row">
              <button class="btn small" onClick={() => restart(session.seed)}>
                Same seed again
              </button>
              <button class="btn small" onClick={() => restart(randomSeed())}>
                New seed
              </button>
              <button class="btn small" onClick={() => downloadRun(session.run(), score)}>
                Download run
              </button>
              <button class="btn small" onClick={makeLink}>
                Share link
              </button>
            </div>
            {link && !over && <ShareBox link={link} />}
            <form
              class="seedform"
              onSubmit={(e) => {
                e.preventDefault();
                const input = (e.currentTarget as HTMLFormElement).elements.namedItem('seed') as HTMLInputElement;
                const n = Number(input.value);
                if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) restart(n);
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
          </section>
        </aside>
      </div>
      {help && (
        <HelpOverlay keys={keyHelp} onClose={() => setHelp(false)}>
          <p class="muted">Every action is also a button in the Actions panel.</p>
        </HelpOverlay>
      )}
    </main>
  );
}

function ShareBox({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="sharebox">
      <label>
        Replay link
        <input
          readOnly
          value={link}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
          data-testid="share-link"
        />
      </label>
      <button
        class="btn small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(link);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

const NAME_KEY = 'gameboard.playerName';

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

type Submit =
  | { kind: 'idle' }
  | { kind: 'asking'; problem?: string }
  | { kind: 'sending' }
  | { kind: 'done'; result: Submitted }
  | { kind: 'error'; message: string };

/** "Submit to leaderboard": asks a name, posts the recorded run as a human's, and shows its rank. */
function SubmitBox({ run, slug }: { run: Run; slug: string }) {
  const [state, setState] = useState<Submit>({ kind: 'idle' });
  const [name, setName] = useState(savedName);

  const send = async () => {
    const n = name.trim();
    if (!PLAYER_NAME.test(n) || n.length > PLAYER_NAME_MAX) {
      setState({
        kind: 'asking',
        problem: 'Use 1 to 32 letters, digits, spaces, _ . or -.',
      });
      return;
    }
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      /* private mode: nothing to remember it in */
    }
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', result: await submitRun(run, { name: n, kind: 'human' }) });
    } catch (err) {
      const message =
        err instanceof ApiFailure && err.code === 'store_unavailable'
          ? 'This server keeps no leaderboard.'
          : `The run was not accepted: ${(err as Error).message}`;
      setState({ kind: 'error', message });
    }
  };

  if (state.kind === 'idle')
    return (
      <div class="row submit-row">
        <button class="btn primary" onClick={() => setState({ kind: 'asking' })} data-testid="submit-open">
          Submit to leaderboard
        </button>
      </div>
    );
  if (state.kind === 'done') {
    const r = state.result;
    return (
      <p class="submit-result" role="status" data-testid="submit-result">
        Verified by the server: score <strong>{r.score}</strong>, rank{' '}
        <strong data-testid="submit-rank">{r.rank === null ? 'unlisted' : `#${r.rank}`}</strong> among humans on the
        open board. <a href={`/leaderboard/${slug}?board=open`}>See the leaderboard</a> ·{' '}
        <a href={`/replay?run=${encodeURIComponent(r.id)}`}>Replay it</a>
      </p>
    );
  }
  return (
    <form
      class="submitform"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label>
        Your name on the leaderboard{' '}
        <input
          name="player"
          value={name}
          maxLength={PLAYER_NAME_MAX}
          autoFocus
          autoComplete="nickname"
          placeholder="1 to 32 letters or digits"
          data-testid="submit-name"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <button class="btn primary" type="submit" disabled={state.kind === 'sending'} data-testid="submit-send">
        {state.kind === 'sending' ? 'Submitting…' : 'Submit'}
      </button>
      {state.kind === 'asking' && state.problem && (
        <p class="problem" role="alert">
          {state.problem}
        </p>
      )}
      {state.kind === 'error' && (
        <p class="problem" role="alert" data-testid="submit-error">
          {state.message}
        </p>
      )}
    </form>
  );
}
