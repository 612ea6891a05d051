/**
 * Ranked play and the daily challenge in the browser: a live session on the server (secret seed, every
 * action recorded, no undo). The page asks a name, starts the session, then shows the game's board
 * from the server's observations; when the session ends it is on the ranked (or daily) board.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { AnyGame, GameAction } from '../../core/game.js';
import { PLAYER_NAME_MAX } from '../../store/store.js';
import { StatusBar, releaseMouseFocus } from '../components/parts.js';
import { useSwipe } from '../swipe.js';
import {
  ApiFailure,
  PLAYER_NAME,
  fetchStanding,
  plainProblem,
  resumeLive,
  startLive,
  type BoardStanding,
  type LiveAnswer,
} from '../api.js';
import { genericActionLabel, genericStatus } from '../games/generic.js';
import { viewFor } from '../games/index.js';
import { LiveGame } from '../live.js';
import { forgetLive, keepLive, keptLive } from '../livekeep.js';
import { GoalLine } from '../components/goal.js';
import { noteMine } from '../mine.js';
import { wordsFor } from '../words/index.js';
import { seconds } from '../words/types.js';

const NAME_KEY = 'gameboard.playerName';

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

type Phase =
  | { kind: 'asking'; problem?: string; code?: string }
  | { kind: 'starting' }
  | { kind: 'resuming' }
  | { kind: 'playing'; live: LiveGame };

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

export function RankedPage({ game, daily }: { game: AnyGame; daily: boolean }) {
  const slug = game.spec.slug;
  const [phase, setPhase] = useState<Phase>(() => (keptLive(slug, daily) ? { kind: 'resuming' } : { kind: 'asking' }));
  const [name, setName] = useState(savedName);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const title = daily ? 'Daily challenge' : 'Ranked';
  document.title = `${game.spec.name} · ${title} · Gameboard`;

  /** Plays `first` on, keeping the session after every answer so that nothing is lost on a reload. */
  const play = (first: LiveAnswer) => {
    const challenge = first.challenge ?? null;
    keepLive(slug, daily, first, challenge);
    // The run is this browser's: the boards open on it and mark it (mine.ts).
    noteMine({
      slug,
      // A game without randomness plays its daily challenge as an ordinary ranked session (no day).
      board: daily && challenge ? 'daily' : 'ranked',
      id: first.session.id,
      ...(challenge ? { date: challenge } : {}),
      at: Date.now(),
    });
    const live: LiveGame = new LiveGame(first, () => {
      keepLive(slug, daily, live.answer, challenge);
      redraw(0);
    });
    setPhase({ kind: 'playing', live });
  };

  // A session this browser was playing (a reload, Back, another tab): reopen it where the record stands.
  useEffect(() => {
    const kept = keptLive(slug, daily);
    if (!kept) return;
    let gone = false;
    resumeLive(kept.id, kept.stateToken).then(
      (answer) => {
        if (!gone) play(answer);
      },
      (err: unknown) => {
        if (gone) return;
        forgetLive(slug, daily);
        setPhase({
          kind: 'asking',
          problem: `Your earlier session could not be reopened (${(err as Error).message}). Start a new one.`,
        });
      },
    );
    return () => {
      gone = true;
    };
  }, [slug, daily]);

  const start = async () => {
    const n = name.trim();
    if (!PLAYER_NAME.test(n) || n.length > PLAYER_NAME_MAX) {
      setPhase({ kind: 'asking', problem: 'Use 1 to 32 letters, digits, spaces, _ . or -.' });
      return;
    }
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      /* private mode */
    }
    setPhase({ kind: 'starting' });
    try {
      play(await startLive(game.spec.slug, { name: n, kind: 'human' }, daily));
    } catch (err) {
      const problem =
        err instanceof ApiFailure && err.code === 'store_unavailable'
          ? 'This server keeps no runs, so it has no ranked play.'
          : plainProblem(err);
      setPhase({ kind: 'asking', problem, code: err instanceof ApiFailure ? err.code : undefined });
    }
  };

  return (
    <main class="play" id="main">
      <div class="play-head">
        <h1>
          {game.spec.name} · {title}
        </h1>
        <span class="spacer" />
        <a class="btn ghost" href={`/play/${game.spec.slug}`}>
          Free play
        </a>
        <a class="btn ghost" href={`/leaderboard/${game.spec.slug}?board=${daily ? 'daily' : 'ranked'}`}>
          {daily ? 'Daily board' : 'Ranked board'}
        </a>
      </div>
      {phase.kind === 'playing' ? (
        <LivePlay game={game} live={phase.live} daily={daily} />
      ) : phase.kind === 'resuming' ? (
        <p class="panel lead" role="status" data-testid="live-resuming">
          Reopening your session where you left it…
        </p>
      ) : (
        <form
          class="panel submitform"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <p class="lead">
            {daily && game.spec.seedless === true
              ? "Today's challenge is the same for everyone. One attempt per name, for names that played ranked before today."
              : daily
                ? "Today's seed is the same for everyone and stays secret until the day is over (UTC). One attempt per name, for names that played ranked before today."
                : 'The server draws a secret seed and records every action as you play: no undo, no second try of a move.'}{' '}
            Your name is yours once used: this browser keeps its key.
          </p>
          <label>
            Your name on the board{' '}
            <input
              name="player"
              value={name}
              maxLength={PLAYER_NAME_MAX}
              autoComplete="nickname"
              placeholder="1 to 32 letters or digits"
              data-testid="live-name"
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <button class="btn primary" type="submit" disabled={phase.kind === 'starting'} data-testid="live-start">
            {phase.kind === 'starting' ? 'Starting…' : daily ? 'Play the daily challenge' : 'Play ranked'}
          </button>
          {phase.kind === 'asking' && phase.problem && (
            <p class="problem" role="alert" data-testid="live-problem">
              {phase.problem}
              {phase.code === 'daily_not_qualified' && (
                <>
                  {' '}
                  <a href={`/ranked/${game.spec.slug}`} data-testid="live-play-ranked">
                    Play ranked
                  </a>
                </>
              )}
            </p>
          )}
        </form>
      )}
    </main>
  );
}

function LivePlay({ game, live, daily }: { game: AnyGame; live: LiveGame; daily: boolean }) {
  const view = viewFor(game.spec.slug);
  const words = wordsFor(game);
  const a = live.answer;
  const obs = a.observation;
  const legal = a.legalActions;
  const over = live.isOver();
  const label = view.actionLabel ?? genericActionLabel;
  const buttons = view.buttonActions ? view.buttonActions(legal, obs) : legal;
  const liveRef = useRef(live);
  liveRef.current = live;
  /** A click the board turned into an action of no listed shape (a far Whirlyard cell), said here. */
  const [local, setLocal] = useState<string | null>(null);
  const act = (x: GameAction) => {
    const l = liveRef.current;
    const keys = Object.keys(x).sort().join();
    const listed = l.answer.legalActions.some((y) => y.type === x.type && Object.keys(y).sort().join() === keys);
    if (!listed && !view.ownsKeys) {
      // Never sent: the server would only answer that it is outside the grammar; the words say why.
      setLocal(words.refusal(x, 'unknown_action', '', l.answer.observation));
      return;
    }
    setLocal(null);
    l.act(x);
  };

  // A swipe on the board plays the game's move that way (Delvewick), as its key does.
  const boardRef = useRef<HTMLDivElement>(null);
  useSwipe(
    boardRef,
    view.swipe &&
      ((dir) => {
        const l = liveRef.current;
        const x = l.isOver() ? null : view.swipe!(dir, l.answer.legalActions, l.answer.observation);
        if (x) act(x);
      }),
  );

  // At game over: where the run stands on its board (its rank, or the player's better run's).
  const [standing, setStanding] = useState<BoardStanding | 'failed' | null>(null);
  useEffect(() => {
    if (!over) return;
    let gone = false;
    fetchStanding(
      game.spec.slug,
      daily && a.challenge ? 'daily' : 'ranked',
      live.id,
      savedName() || null,
      a.challenge ?? undefined,
    ).then(
      (s) => !gone && setStanding(s),
      () => !gone && setStanding('failed'),
    );
    return () => {
      gone = true;
    };
  }, [over, live.id]);

  // Turn-based games: the same keys as free play, sent to the server.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || view.ownsKeys) return;
      const l = liveRef.current;
      if (l.isOver()) return;
      if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLElement && e.target.closest('button, a'))
        return;
      let x: GameAction | null = null;
      const answer = l.answer;
      if (view.keyToAction) x = view.keyToAction(e, answer.legalActions, answer.observation);
      else if (/^[1-9]$/.test(e.key)) x = answer.legalActions[Number(e.key) - 1] ?? null;
      if (x) {
        e.preventDefault();
        act(x);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);

  const budget = a.session.budget;
  const Board = view.Board;
  const boardHref = `/leaderboard/${game.spec.slug}?board=${daily ? 'daily' : 'ranked'}`;
  return (
    <>
      <GoalLine goal={game.spec.goal} view={view} moves={a.session.step} />
      <StatusBar
        items={[
          ...(view.status ?? genericStatus)(obs),
          { label: 'Step', value: a.session.step },
          ...(budget
            ? [
                budget.unit === 'ticks'
                  ? { label: 'Time allowed', value: `${seconds(a.session.spent)} of ${seconds(budget.limit)}` }
                  : {
                      label: `${budget.unit[0].toUpperCase()}${budget.unit.slice(1)} allowed`,
                      value: `${a.session.spent} of ${budget.limit}`,
                    },
              ]
            : []),
        ]}
        score={a.score}
        slots={(view.statusSlots ?? 0) + (budget ? 2 : 1)}
      />
      {over && (
        <section class="panel gameover" role="region" aria-label="Session over" data-testid="live-gameover">
          <h2>{a.outcome?.kind === 'truncated' ? 'Budget reached' : 'Game over'}</h2>
          <p class="final">
            {a.outcome ? words.ending(a.outcome, obs) : ''} Final score{' '}
            <strong data-testid="live-final-score">{a.score}</strong> after {a.session.step} actions, recorded by the
            server and ranked.
          </p>
          <p class="standing" role="status" data-testid="live-rank">
            {standing === null
              ? 'Looking up your rank…'
              : standing === 'failed'
                ? 'Your rank could not be looked up just now: the board has it.'
                : standing.rank !== null
                  ? `You are #${standing.rank} of ${standing.of} ${standing.of === 1 ? 'human' : 'humans'} on the ${daily ? 'daily' : 'ranked'} board.`
                  : standing.best
                    ? `Your best run stays #${standing.best.rank} on the ${daily ? 'daily' : 'ranked'} board, with ${standing.best.score}.`
                    : `This run is not in the top ${standing.of} of the ${daily ? 'daily' : 'ranked'} board.`}
          </p>
          <div class="row">
            <a class="btn primary" href={boardHref} data-testid="live-board-link">
              See the {daily ? 'daily' : 'ranked'} board
            </a>
            {!daily && (
              <a class="btn" href={`/replay?run=${encodeURIComponent(live.id)}`}>
                Watch replay
              </a>
            )}
          </div>
        </section>
      )}
      {live.error && (
        <p class="panel error" role="alert" data-testid="live-error">
          {live.error}
        </p>
      )}
      <div class="play-grid">
        <div class="board-col">
          <div class={view.swipe ? 'board-wrap swipes' : 'board-wrap'} ref={boardRef}>
            <Board obs={obs} legal={over ? [] : legal} onAction={over ? undefined : act} paused={over} />
          </div>
          <p
            class={live.last.kind === 'refused' || local ? 'outcome refused' : 'outcome'}
            role="status"
            data-testid="outcome"
          >
            {local
              ? local
              : live.last.kind === 'refused'
                ? words.refusal(live.last.action, live.last.reason, live.last.message, obs)
                : live.last.kind === 'accepted'
                  ? `${label(live.last.action)}. Score ${a.score}.`
                  : live.last.kind === 'caught_up'
                    ? `This session was played on elsewhere: here it is at step ${live.last.step}.`
                    : a.session.step > 0
                      ? `Welcome back: your session goes on at step ${a.session.step}.`
                      : 'Your move: every action is recorded.'}
          </p>
        </div>
        <aside class="side">
          {!over && buttons.length > 0 && (
            <section class="panel actions" aria-label="Legal actions">
              <h2>Actions</h2>
              <div class="action-buttons">
                {buttons.map((x, i) => (
                  <button
                    class="btn action"
                    data-action={JSON.stringify(x)}
                    onClick={(e) => {
                      releaseMouseFocus(e);
                      act(x);
                    }}
                  >
                    {!view.keyToAction && !view.ownsKeys && i < 9 ? <kbd>{i + 1}</kbd> : null}
                    {label(x, obs)}
                  </button>
                ))}
              </div>
            </section>
          )}
          <section class="panel run" aria-label="This session">
            <h2>This session</h2>
            <p>
              <span data-testid="live-step">{a.session.step}</span> actions recorded by the server
              {a.challenge ? ` on the daily challenge of ${a.challenge}` : ''}.
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
