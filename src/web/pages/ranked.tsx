/**
 * Ranked play and the daily challenge in the browser: a live session on the server (secret seed, every
 * action recorded, no undo). The page asks a name, starts the session, then shows the game's board
 * from the server's observations; when the session ends it is on the ranked (or daily) board.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { AnyGame, GameAction } from '../../core/game.js';
import { isPlayerName, normalizePlayerName, PLAYER_NAME_MAX, PLAYER_NAME_RULE } from '../../store/store.js';
import { ConfirmDialog, type Ask } from '../components/confirm.js';
import { HelpOverlay, StatusBar, releaseMouseFocus } from '../components/parts.js';
import { useSwipe } from '../swipe.js';
import {
  ApiFailure,
  fetchStanding,
  plainProblem,
  resumeLive,
  startLive,
  type BoardStanding,
  type LiveAnswer,
} from '../api.js';
import { genericActionLabel, genericStatus } from '../games/generic.js';
import { endRunQuestion, endsRun, viewFor } from '../games/index.js';
import { LiveGame, MAX_RETRY_MS, transient, type LiveLink } from '../live.js';
import { MomentBanner, momentIn } from '../motion/fx.js';
import type { Moment } from '../words/index.js';
import { play as playSound, setSoundOn, soundOn } from '../sound.js';
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
  const [help, setHelp] = useState(false);
  const [sound, setSound] = useState(soundOn);
  /** Reopening a kept session while the server cannot be reached: the next try's time and its number. */
  const [reopen, setReopen] = useState<{ attempt: number; at: number } | null>(null);
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
  // A server that cannot be reached is tried again with a growing pause; only a refusal forgets it.
  useEffect(() => {
    const kept = keptLive(slug, daily);
    if (!kept) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) =>
      resumeLive(kept.id, kept.stateToken).then(
        (answer) => {
          if (!gone) {
            setReopen(null);
            play(answer);
          }
        },
        (err: unknown) => {
          if (gone) return;
          if (transient(err)) {
            const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** (n - 1));
            setReopen({ attempt: n, at: Date.now() + wait });
            timer = setTimeout(() => void attempt(n + 1), wait);
            return;
          }
          forgetLive(slug, daily);
          setPhase({
            kind: 'asking',
            problem: `Your earlier session could not be reopened (${(err as Error).message}). Start a new one.`,
          });
        },
      );
    void attempt(1);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [slug, daily]);

  const start = async () => {
    const n = normalizePlayerName(name.trim());
    if (!isPlayerName(n)) {
      setPhase({ kind: 'asking', problem: `A name is ${PLAYER_NAME_RULE}.` });
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
      <div class="play-top">
        <div class="play-head">
          <h1>
            {game.spec.name} · {title}
          </h1>
        </div>
        <div class="play-tools">
          <a class="btn ghost" href={`/play/${game.spec.slug}`}>
            Free play
          </a>
          <a class="btn ghost" href={`/leaderboard/${game.spec.slug}?board=${daily ? 'daily' : 'ranked'}`}>
            {daily ? 'Daily board' : 'Ranked board'}
          </a>
          <button
            class="btn ghost"
            aria-pressed={sound}
            data-testid="sound"
            onClick={() => {
              setSoundOn(!sound);
              setSound(!sound);
              if (!sound) playSound('move');
            }}
          >
            {sound ? 'Sound on' : 'Sound off'}
          </button>
          <button class="btn ghost keys-btn" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Keys (?)
          </button>
        </div>
      </div>
      {phase.kind === 'playing' ? (
        <LivePlay game={game} live={phase.live} daily={daily} help={help} setHelp={setHelp} />
      ) : phase.kind === 'resuming' ? (
        <p class="panel lead" role="status" data-testid="live-resuming">
          {reopen ? (
            <Countdown
              at={reopen.at}
              say={(s) =>
                `The server could not be reached. Trying again ${s} (try ${reopen.attempt + 1}) to reopen your session where you left it…`
              }
            />
          ) : (
            'Reopening your session where you left it…'
          )}
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
      {help && phase.kind !== 'playing' && <LiveHelp game={game} onClose={() => setHelp(false)} />}
    </main>
  );
}

/** The keys of free play that ranked play has too (no take-back: every action is recorded). */
function LiveHelp({ game, onClose }: { game: AnyGame; onClose: () => void }) {
  const view = viewFor(game.spec.slug);
  const keys = [
    ...(view.keyHelp ?? []).filter((k) => !k.freePlayOnly),
    { keys: 'Tab, Enter', does: 'reach and press any button or board cell' },
    { keys: '?', does: 'show or hide this help' },
  ];
  return (
    <HelpOverlay keys={keys} onClose={onClose}>
      <p class="muted">Every action is also a button in the Actions panel. Ranked play has no undo.</p>
    </HelpOverlay>
  );
}

/** "in 4 s", counting down each second to `at`, then "now". */
function Countdown({ at, say }: { at: number; say: (when: string) => string }) {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [at]);
  const left = Math.ceil((at - Date.now()) / 1000);
  return <>{say(left > 0 ? `in ${left} s` : 'now')}</>;
}

/** What the link to the server is doing, in words; nothing while all is well. */
function LinkLine({ link, live }: { link: LiveLink; live: LiveGame }) {
  if (link.kind === 'ok') return null;
  return (
    <p class={link.kind === 'back' ? 'panel link-line back' : 'panel link-line'} data-testid="live-link">
      {link.kind === 'waiting' ? (
        <>
          <Countdown
            at={link.retryAt}
            say={(when) =>
              `The server could not be reached. Your moves are kept and will be sent in order: trying again ${when} (try ${link.attempt + 1}).`
            }
          />{' '}
          <button class="btn small" onClick={() => live.retryNow()} data-testid="live-retry">
            Try now
          </button>
        </>
      ) : link.kind === 'resyncing' ? (
        'Reconnecting: asking the server where your session stands…'
      ) : (
        `Back in touch with the server: your session is at step ${link.step}.`
      )}
    </p>
  );
}

function LivePlay({
  game,
  live,
  daily,
  help,
  setHelp,
}: {
  game: AnyGame;
  live: LiveGame;
  daily: boolean;
  help: boolean;
  setHelp: (h: boolean | ((h: boolean) => boolean)) => void;
}) {
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
  const [ask, setAsk] = useState<Ask | null>(null);
  const [moment, setMoment] = useState<(Moment & { id: number }) | null>(null);
  const helpRef = useRef(help);
  helpRef.current = help || !!ask;
  useEffect(() => () => live.dispose(), [live]);

  // The same sounds as free play: a blip per move, a chime for points, an arpeggio for a moment, a buzz
  // for a refusal; each answer sounds once, when it arrives.
  const heard = useRef<{ answer: unknown; last: unknown; score: number }>({
    answer: live.answer,
    last: live.last,
    score: live.answer.score,
  });
  useEffect(() => {
    const h = heard.current;
    if (live.last !== h.last && live.last.kind === 'refused') playSound('bad');
    else if (live.answer !== h.answer && live.last.kind === 'accepted') {
      const m = momentIn(live.answer.events ?? [], words);
      // As in free play: a moment on the board, gone with the next move.
      if (m) setMoment({ ...m, id: live.answer.session.step });
      else if (!view.ownsKeys) setMoment(null);
      playSound(m ? (m.tone === 'good' ? 'clear' : 'bad') : live.answer.score > h.score ? 'points' : 'move');
    }
    heard.current = { answer: live.answer, last: live.last, score: live.answer.score };
  });
  /** A click the board turned into an action of no listed shape (a far Whirlyard cell), said here. */
  const [local, setLocal] = useState<string | null>(null);
  const act = (x: GameAction) => {
    const l = liveRef.current;
    // A board between two pictures (a Whirlyard wave change) takes no move: none is played blind.
    if (view.holdsInput?.() && !endsRun(x)) return;
    const keys = Object.keys(x).sort().join();
    const listed = l.answer.legalActions.some((y) => y.type === x.type && Object.keys(y).sort().join() === keys);
    if (!listed && !view.ownsKeys) {
      // Never sent: the server would only answer that it is outside the grammar; the words say why.
      setLocal(words.refusal(x, 'unknown_action', '', l.answer.observation));
      return;
    }
    setLocal(null);
    if (endsRun(x)) {
      const ended = x;
      setAsk({
        ...endRunQuestion(l.answer.score, true),
        yes: 'End the run',
        onYes: () => liveRef.current.act(ended),
      });
      return;
    }
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
      if (view.ownsKeys) return;
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
        main={
          view.statusMain && [
            ...view.statusMain,
            ...(budget
              ? [
                  budget.unit === 'ticks'
                    ? 'Time allowed'
                    : `${budget.unit[0].toUpperCase()}${budget.unit.slice(1)} allowed`,
                ]
              : []),
          ]
        }
      />
      {over && (
        <section class="panel gameover" role="region" aria-label="Session over" data-testid="live-gameover">
          <h2>{a.outcome?.kind === 'truncated' ? 'Budget reached' : 'Game over'}</h2>
          <p class="final">
            {a.outcome ? words.ending(a.outcome, obs) : ''} Final score{' '}
            <strong data-testid="live-final-score">{a.score}</strong> after{' '}
            {budget?.unit === 'ticks'
              ? `${a.session.spent} ticks (${seconds(a.session.spent)} of play)`
              : `${a.session.step} ${a.session.step === 1 ? 'action' : 'actions'}`}
            , recorded by the server and ranked.
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
      <LinkLine link={live.link} live={live} />
      {live.error && (
        <p class="panel error" role="alert" data-testid="live-error">
          {live.error}
        </p>
      )}
      <div class="play-grid">
        <div class="board-col">
          <div class={view.swipe ? 'board-wrap swipes' : 'board-wrap'} ref={boardRef}>
            <Board
              obs={obs}
              legal={over ? [] : legal}
              onAction={over ? undefined : act}
              paused={over || help || !!ask}
            />
            <QueuedMoves actions={live.queued()} label={(x) => label(x, obs)} />
            <MomentBanner moment={moment} />
          </div>
          <p
            class={live.last.kind === 'refused' || local ? 'outcome refused' : 'outcome'}
            role="status"
            data-testid="outcome"
          >
            {local
              ? local
              : live.last.kind === 'refused'
                ? words.refusal(live.last.action, live.last.reason, live.last.message, obs) +
                  (live.last.dropped > 0
                    ? ` The ${live.last.dropped} ${live.last.dropped === 1 ? 'move' : 'moves'} queued after it ${live.last.dropped === 1 ? 'was' : 'were'} dropped.`
                    : '')
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
          <GoalLine goal={game.spec.goal} view={view} moves={a.session.step} live />
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
              <span data-testid="live-step">{a.session.step}</span> {a.session.step === 1 ? 'action' : 'actions'}{' '}
              recorded by the server
              {a.challenge ? ` on the daily challenge of ${a.challenge}` : ''}.
            </p>
          </section>
        </aside>
      </div>
      {help && <LiveHelp game={game} onClose={() => setHelp(false)} />}
      {ask && <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />}
    </>
  );
}

/**
 * The moves made and not yet answered, on the board's corner in order (the first is being sent):
 * a slow answer never hides a key press. Real-time ticks are not listed (they merge into batches).
 */
function QueuedMoves({ actions, label }: { actions: GameAction[]; label: (x: GameAction) => string }) {
  const shown = actions.filter((x) => x.type !== 'tick');
  if (shown.length === 0) return null;
  return (
    <div class="live-queue" data-testid="live-queued" role="status">
      <span class="live-queue-head">{shown.length === 1 ? 'Sending' : `Queued (${shown.length})`}</span>
      <ol>
        {shown.map((x, i) => (
          <li class={i === 0 ? 'sending' : undefined}>{label(x)}</li>
        ))}
      </ol>
    </div>
  );
}
