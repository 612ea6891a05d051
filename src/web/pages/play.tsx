/**
 * The play page, generic over the contract: board (the game's renderer or the observation text),
 * status, legal actions as buttons, what the last action did in sentences, the recorded run, and a
 * game-over summary. Every accepted action is kept in localStorage (see persist.ts), so a reload,
 * Back or a new seed never loses a game, and a finished run waits to be submitted.
 */
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import type { AnyGame, GameAction, GameEvent } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { ConfirmDialog, type Ask } from '../components/confirm.js';
import { EventList, HelpOverlay, Legend, StatusBar, releaseMouseFocus } from '../components/parts.js';
import { YourRuns } from '../components/yourruns.js';
import { GameOverPanel } from '../components/gameover.js';
import { ShareBox } from '../components/sharebox.js';
import { TextBoard, genericStatus, genericView } from '../games/generic.js';
import { endRunQuestion, endsRun, viewFor } from '../games/index.js';
import { FxLayer, MomentBanner, marksFor, momentIn } from '../motion/fx.js';
import { GoalLine } from '../components/goal.js';
import { LevelCard } from '../components/levelcard.js';
import type { Interlude } from '../games/types.js';
import {
  dropUnfinished,
  finishedFor,
  latestUnfinished,
  saveFinished,
  saveUnfinished,
  unfinishedFor,
} from '../persist.js';
import { navigate } from '../router.js';
import { downloadRun, encodeRun, shareLink } from '../runfile.js';
import { PlaySession, randomSeed } from '../session.js';
import { play as playSound, setSoundOn, soundOn } from '../sound.js';
import { useSwipe } from '../swipe.js';
import { wordsFor, type Moment } from '../words/index.js';

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/** The events' sentences for the outcome line: repeats counted ("… (×2)"), at most three. */
function sentences(lines: (string | null)[]): string {
  const seen = new Map<string, number>();
  for (const l of lines) if (l) seen.set(l, (seen.get(l) ?? 0) + 1);
  return [...seen]
    .slice(-3)
    .map(([l, n]) => (n > 1 ? `${l} (×${n})` : l))
    .join(' ');
}

/** Real-time games save at most this often while running (and always on leaving the page). */
const SAVE_EVERY_MS = 1000;

/**
 * The game to show for this address: the game in progress on the asked seed, else the newest
 * finished run on it that is not yet submitted (a reload at game over), else a fresh game. Without a
 * seed, the newest game in progress of this game, else a fresh random seed.
 */
function openSession(game: AnyGame, seed: Seed | null): PlaySession {
  const slug = game.spec.slug;
  const saved = seed === null ? latestUnfinished(slug) : unfinishedFor(slug, seed);
  if (saved && saved.run.rulesVersion === game.spec.rulesVersion) return PlaySession.resume(game, saved.run);
  if (seed !== null) {
    const done = finishedFor(slug, seed);
    if (done && !done.submittedId && done.run.rulesVersion === game.spec.rulesVersion)
      return PlaySession.resume(game, done.run);
  }
  return new PlaySession(game, seed ?? randomSeed());
}

export function PlayPage({ game, seed }: { game: AnyGame; seed: Seed | null }) {
  // ?view=text plays through the generic view (the observation text and the legal actions as buttons),
  // the way an agent sees the game; for Briarwink that means one tick per button press.
  const [textView, setTextView] = useState(() => new URLSearchParams(location.search).get('view') === 'text');
  const ownView = viewFor(game.spec.slug);
  const view = textView ? genericView : ownView;
  const words = useMemo(() => wordsFor(game), [game]);
  const [session, setSession] = useState(() => openSession(game, seed));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [help, setHelp] = useState(false);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [sound, setSound] = useState(soundOn);
  const [marks, setMarks] = useState<ReturnType<typeof marksFor>>([]);
  const [moment, setMoment] = useState<(Moment & { id: number }) | null>(null);
  /** The card between two levels (Delvewick), until any key or a tap. */
  const [card, setCard] = useState<Interlude | null>(null);
  const cardRef = useRef(card);
  cardRef.current = card;
  /** Said after a take-back (undo, restart level), until the next move. */
  const [tookBack, setTookBack] = useState<string | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const helpRef = useRef(help || !!ask);
  helpRef.current = help || !!ask;
  const slug = game.spec.slug;
  // A game whose levels are fixed (Delvewick) plays the same whatever the seed: no seed controls.
  const seedless = game.spec.seedless === true;

  // Keep the URL naming the seed being played, so the address bar is always a way back to this game.
  useEffect(() => {
    const want = `/play/${slug}?seed=${session.seed}${textView ? '&view=text' : ''}`;
    if (location.pathname + location.search !== want) history.replaceState(null, '', want);
    document.title = seedless
      ? `${game.spec.name} · Gameboard`
      : `${game.spec.name} · seed ${session.seed} · Gameboard`;
  }, [session, textView]);

  // Saving: a finished run goes to the finished list at once; a game in progress is saved after each
  // turn, and at most once a second for a real-time game, plus whenever the page is left or hidden.
  const lastSave = useRef(0);
  const save = (s: PlaySession, now = false) => {
    if (s.isOver()) {
      saveFinished(s.run(), s.score(), s.outcome());
      return;
    }
    const t = performance.now();
    if (!now && view.ownsKeys && t - lastSave.current < SAVE_EVERY_MS) return;
    lastSave.current = t;
    saveUnfinished(s.run(), s.score());
  };
  useEffect(() => {
    save(session, true);
    const flush = () => save(sessionRef.current, true);
    const onHide = () => document.hidden && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [session]);

  // Real-time games change every tick, so their events panel keeps the latest few across ticks.
  const recent = useRef<GameEvent[]>([]);
  // Keyboard focus stays on the board after a move: when the focused control goes away (the hold the
  // climber now stands on, a move no longer possible), the board itself takes the focus.
  const boardRef = useRef<HTMLDivElement>(null);
  const focusInBoard = useRef(false);
  useLayoutEffect(() => {
    const wrap = boardRef.current;
    if (focusInBoard.current && wrap && !wrap.contains(document.activeElement)) wrap.focus();
    focusInBoard.current = false;
  });
  // A swipe on the board plays the game's move that way (Delvewick), by the same path as a key.
  useSwipe(
    boardRef,
    view.swipe &&
      ((dir) => {
        const s = sessionRef.current;
        const a = !s.isOver() && !helpRef.current ? view.swipe!(dir, s.legal(), s.observation()) : null;
        if (a) act(a);
      }),
  );
  /** Every action the player makes goes here: ending the run asks first (it cannot be taken back). */
  const act = (a: GameAction) => {
    const s = sessionRef.current;
    if (s.isOver()) return;
    if (endsRun(a)) {
      setAsk({ ...endRunQuestion(s.score(), false), yes: 'End the run', onYes: () => played(a) });
      return;
    }
    played(a);
  };
  const played = (a: GameAction) => {
    const s = sessionRef.current;
    // A board between two pictures (a Whirlyard wave change) takes no move: none is played blind.
    if (s.isOver() || (view.holdsInput?.() && !endsRun(a))) return;
    const focused = document.activeElement;
    focusInBoard.current = !!boardRef.current && focused !== boardRef.current && !!boardRef.current.contains(focused);
    const before = s.score();
    s.act(a);
    if (s.last.kind === 'accepted') {
      const events = s.last.events;
      if (events.length) recent.current = [...events].reverse().concat(recent.current).slice(0, 12);
      const m = momentIn(events, words);
      // A moment's words go with the next move (a real-time tick is no move: they stay their time).
      if (m) setMoment({ ...m, id: s.actions.length });
      else if (!view.ownsKeys) setMoment(null);
      // A new level's card; any other move (a button in the side panel) puts the last one away.
      setCard(view.interlude?.(events) ?? null);
      const newMarks = events.length ? marksFor(events, words, s.observation()) : [];
      if (newMarks.length) setMarks(newMarks);
      playSound(m ? (m.tone === 'good' ? 'clear' : 'bad') : s.score() > before ? 'points' : 'move');
      save(s);
    } else if (!view.ownsKeys) playSound('bad');
    setLink(null);
    setTookBack(null);
    redraw(0);
  };

  const restart = (newSeed: Seed) => {
    recent.current = [];
    const s = new PlaySession(game, newSeed);
    saveUnfinished(s.run(), 0);
    setSession(s);
    setLink(null);
    setMoment(null);
    setCard(null);
    // The route names the seed, so that a link to another seed (Resume) opens that game.
    navigate(`/play/${slug}?seed=${newSeed}${textView ? '&view=text' : ''}`, true);
  };

  /**
   * Undo and restart level: the same game cut to its first `n` actions (free play only). A lost game
   * can be taken back too (the finished run stays in the list of runs, to submit or watch).
   */
  const cutTo = (n: number) => {
    const s = sessionRef.current;
    if (n < 0 || n >= s.actions.length) return;
    const back = s.cut(n);
    recent.current = [];
    saveUnfinished(back.run(), back.score());
    setSession(back);
    setMoment(null);
    setCard(null);
    setTookBack(n === 0 ? 'Taken back to the start.' : `Taken back to after action ${n}.`);
  };
  const levelEvent = view.undo?.levelStartEvent;
  const restartLevel = () => {
    const s = sessionRef.current;
    if (!levelEvent) return;
    const start = s.levelStart(levelEvent);
    const lost = s.actions.length - start;
    if (lost <= 0) return;
    setAsk({
      question: 'Restart this level?',
      detail: `The ${lost} ${lost === 1 ? 'action' : 'actions'} since the level began will be taken back.`,
      yes: 'Restart the level',
      onYes: () => cutTo(start),
    });
  };

  /** "Same seed again" (or that seed typed in) throws the game in progress away: ask first. */
  const restartAsking = (newSeed: Seed) => {
    const s = sessionRef.current;
    if (newSeed !== s.seed || s.isOver() || s.actions.length === 0) return restart(newSeed);
    setAsk({
      question: seedless ? 'Start over?' : `Start seed ${s.seed} again?`,
      detail: `Your game in progress (score ${s.score()}, ${s.actions.length} actions) will be lost.`,
      yes: 'Start again',
      onYes: () => {
        dropUnfinished(slug, s.seed);
        restart(newSeed);
      },
    });
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
      // Any key dismisses the card between levels (and plays nothing); Tab still moves the focus.
      if (cardRef.current && !['Tab', 'Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
        e.preventDefault();
        setCard(null);
        return;
      }
      const s = sessionRef.current;
      if (view.undo && !view.ownsKeys && (e.key === 'u' || e.key === 'U')) {
        e.preventDefault();
        cutTo(s.actions.length - 1);
        return;
      }
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
  const label = view.actionLabel ?? ((a: GameAction) => a.type);
  const buttons = view.buttonActions ? view.buttonActions(legal, obs) : legal;
  const legalKeys = new Set(legal.map((a) => JSON.stringify(a)));
  const last = session.last;
  const run = session.run();
  const Board = view.Board;
  const keyHelp = [
    ...(view.keyHelp ?? []),
    { keys: 'Tab, Enter', does: 'reach and press any button or board cell' },
    { keys: '?', does: 'show or hide this help' },
  ];
  const said = last.kind === 'accepted' ? sentences(last.events.map((e) => words.event(e))) : '';

  // Free play after a loss: the part the run ended in, from its start (the same seed and actions).
  const retryAt = view.retry && over ? session.partStart(view.retry.event, view.retry.before) : -1;
  const retryPart =
    view.retry && retryAt >= 0 && retryAt < session.actions.length
      ? {
          label: `Retry this ${view.retry.noun}`,
          onRetry: () => {
            cutTo(retryAt);
            setTookBack(
              `Back at the start of this ${view.retry!.noun}: the same ${seedless ? 'game' : 'seed'} and moves up to it.`,
            );
          },
        }
      : undefined;

  const watchReplay = async () => navigate(`/replay#${await encodeRun(session.run())}`);
  const makeLink = async () => setLink(await shareLink(session.run()));

  return (
    <main class="play" id="main">
      <div class="play-top">
        <div class="play-head">
          <h1>{game.spec.name}</h1>
          <span class="muted">
            {!seedless && (
              <>
                seed <span data-testid="seed">{session.seed}</span> ·{' '}
              </>
            )}
            {game.spec.rulesVersion}
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
          {ownView !== genericView && (
            <button class="btn ghost" onClick={() => setTextView((t) => !t)} aria-pressed={textView}>
              {textView ? 'Board view' : 'Text view'}
            </button>
          )}
          <button
            class="btn ghost"
            aria-pressed={sound}
            data-testid="sound"
            onClick={() => {
              setSoundOn(!sound);
              setSound(!sound);
              // Turned on: a soft blip says at what volume.
              if (!sound) playSound('move');
            }}
          >
            {/* Words only: an emoji speaker is an empty box where there is no emoji font (plain Debian). */}
            {sound ? 'Sound on' : 'Sound off'}
          </button>
          <button class="btn ghost keys-btn" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Keys (?)
          </button>
        </div>
      </div>
      <StatusBar
        items={(view.status ?? genericStatus)(obs)}
        score={score}
        slots={view.statusSlots}
        main={view.statusMain}
      />
      <div class="play-grid">
        <div class="board-col">
          <div class={view.swipe ? 'board-wrap swipes' : 'board-wrap'} ref={boardRef} tabIndex={-1}>
            <Board
              obs={obs}
              legal={over ? [] : legal}
              onAction={over ? undefined : act}
              paused={help || over || !!ask}
            />
            <FxLayer marks={marks} />
            <MomentBanner moment={moment} />
            {card && !over && <LevelCard card={card} onGo={() => setCard(null)} />}
          </div>
          <p
            class={last.kind === 'refused' ? 'outcome refused' : 'outcome'}
            role={view.ownsKeys && last.kind !== 'refused' ? undefined : 'status'}
            aria-live={view.ownsKeys && last.kind !== 'refused' ? 'off' : 'polite'}
            data-testid="outcome"
          >
            {last.kind === 'refused'
              ? words.refusal(last.action, last.reason, last.message, obs)
              : last.kind === 'accepted'
                ? `${said || label(last.action, obs) + '.'} Score ${score}.`
                : tookBack
                  ? tookBack
                  : session.actions.length
                    ? seedless
                      ? 'Welcome back: your game is where you left it.'
                      : `Welcome back: your game on seed ${session.seed} is where you left it.`
                    : 'Your move.'}
          </p>
          {Board !== TextBoard && (
            <details class="agent-view">
              <summary>What an agent sees: the observation text</summary>
              <TextBoard obs={obs} legal={legal} />
            </details>
          )}
        </div>
        <aside class="side">
          <GoalLine goal={game.spec.goal} view={view} moves={session.actions.length} />
          {over && (
            <GameOverPanel
              session={session}
              words={words}
              link={link}
              onPlayAgain={() => restart(randomSeed())}
              onSameSeed={() => restart(session.seed)}
              onWatch={watchReplay}
              onShare={makeLink}
              retry={retryPart}
            />
          )}
          {!over && buttons.length > 0 && (
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
          {view.undo && (
            <section class="panel takeback" aria-label="Take back">
              <div class="row">
                <button
                  class="btn small"
                  disabled={session.actions.length === 0}
                  onClick={() => cutTo(session.actions.length - 1)}
                  aria-keyshortcuts="u"
                >
                  Undo (U)
                </button>
                {levelEvent && (
                  <button
                    class="btn small"
                    disabled={session.levelStart(levelEvent) >= session.actions.length}
                    onClick={restartLevel}
                  >
                    Restart level
                  </button>
                )}
              </div>
            </section>
          )}
          {view.ownsKeys ? (
            <EventList events={recent.current} describe={words.event} title="Recent events (newest first)" />
          ) : (
            <EventList events={last.kind === 'accepted' ? last.events : []} describe={words.event} />
          )}
          <YourRuns game={game} seed={session.seed} ask={setAsk} />
          <Legend entries={view.legend ?? []} />
          <section class="panel run" aria-label="This run">
            <h2>This run</h2>
            <p>
              <span data-testid="action-count">{run.actions.length}</span>{' '}
              {run.actions.length === 1 ? 'action' : 'actions'} recorded{seedless ? '' : ` on seed ${session.seed}`};
              kept in this browser.
            </p>
            <div class="row">
              <button class="btn small" onClick={() => restartAsking(session.seed)}>
                {seedless ? 'Start over' : 'Same seed again'}
              </button>
              {!seedless && (
                <button class="btn small" onClick={() => restart(randomSeed())}>
                  New seed
                </button>
              )}
              <button class="btn small" onClick={() => downloadRun(session.run(), score)}>
                Download run
              </button>
              <button class="btn small" onClick={makeLink}>
                Share link
              </button>
            </div>
            {link && !over && <ShareBox link={link} />}
            {!seedless && (
              <form
                class="seedform"
                onSubmit={(e) => {
                  e.preventDefault();
                  const input = (e.currentTarget as HTMLFormElement).elements.namedItem('seed') as HTMLInputElement;
                  const n = Number(input.value);
                  if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) restartAsking(n);
                }}
              >
                <label>
                  Seed{' '}
                  <input
                    name="seed"
                    type="number"
                    min="0"
                    max="4294967295"
                    step="1"
                    placeholder={String(session.seed)}
                  />
                </label>
                <button class="btn small" type="submit">
                  Play this seed
                </button>
              </form>
            )}
          </section>
        </aside>
      </div>
      {help && (
        <HelpOverlay keys={keyHelp} onClose={() => setHelp(false)}>
          <p class="muted">Every action is also a button in the Actions panel.</p>
        </HelpOverlay>
      )}
      {ask && <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />}
    </main>
  );
}
