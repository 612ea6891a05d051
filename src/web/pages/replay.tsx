/**
 * The replay viewer: opens a run (a downloaded file, the run carried in the link's fragment, or a run
 * stored on the server, `/replay?run=<id>`),
 * re-runs it on the engine, and steps through it: play, pause, step, scrub, change speed.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Run } from '../../core/replay.js';
import { gameBySlug, gameForRun } from '../catalog.js';
import { EventList, HelpOverlay, Legend, StatusBar } from '../components/parts.js';
import { ScoreGraph } from '../components/scoregraph.js';
import { genericActionLabel, genericStatus } from '../games/generic.js';
import { viewFor } from '../games/index.js';
import { fetchRun, type StoredRun } from '../api.js';
import { decodeRun, downloadRun, encodeRun, parseRun } from '../runfile.js';
import { Timeline } from '../timeline.js';
import { SubmitBox } from '../components/submit.js';
import { WatchList } from '../components/watchlist.js';
import { markSubmitted, ownRun } from '../persist.js';
import { wordsFor } from '../words/index.js';

type Loaded =
  | { kind: 'empty' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string; badLink?: boolean }
  | { kind: 'ok'; timeline: Timeline; stored?: StoredRun };

function load(run: Run): Loaded {
  const current = gameBySlug(run.game);
  if (!current) return { kind: 'error', message: `This run is for "${run.game}", a game this site does not have.` };
  // a run replays on the engine of its own rules version (earlier versions are kept for that)
  const game = gameForRun(run.game, run.rulesVersion);
  if (!game)
    return {
      kind: 'error',
      message: `This run was played on rules "${run.rulesVersion}"; this site runs "${current.spec.rulesVersion}".`,
    };
  return { kind: 'ok', timeline: new Timeline(game, run) };
}

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16];

export function ReplayPage() {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'empty' });

  const fromHash = async () => {
    const h = location.hash.replace(/^#/, '');
    const id = new URLSearchParams(location.search).get('run');
    if (!h && id) {
      setLoaded({ kind: 'loading' });
      try {
        const stored = await fetchRun(id);
        const l = load(stored.run);
        return setLoaded(l.kind === 'ok' ? { ...l, stored } : l);
      } catch (err) {
        return setLoaded({
          kind: 'error',
          message: `The stored run "${id}" could not be opened: ${(err as Error).message}`,
        });
      }
    }
    if (!h) return setLoaded({ kind: 'empty' });
    try {
      setLoaded(load(await decodeRun(h)));
    } catch (err) {
      // A link cut short when copied, or mangled on the way: said plainly, with a way onward.
      setLoaded({
        kind: 'error',
        badLink: true,
        message: `This replay link is damaged or incomplete, so there is no run to show (often a link cut short when it was copied). Ask for the link again, or watch another run. (What went wrong: ${(err as Error).message}.)`,
      });
    }
  };

  useEffect(() => {
    document.title = 'Replay viewer · Gameboard';
    void fromHash();
    const onHash = () => void fromHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const openFile = async (file: File) => {
    try {
      const run = parseRun(JSON.parse(await file.text()));
      const l = load(run);
      setLoaded(l);
      if (l.kind === 'ok') history.replaceState(null, '', `/replay#${await encodeRun(run)}`);
    } catch (err) {
      setLoaded({ kind: 'error', message: `That file is not a run: ${(err as Error).message}` });
    }
  };

  const openText = async (text: string) => {
    const t = text.trim();
    const hash = t.indexOf('#');
    if (!t.startsWith('{') && hash >= 0) {
      history.replaceState(null, '', `/replay${t.slice(hash)}`);
      return fromHash();
    }
    try {
      const run = parseRun(JSON.parse(t));
      const l = load(run);
      setLoaded(l);
      if (l.kind === 'ok') history.replaceState(null, '', `/replay#${await encodeRun(run)}`);
    } catch (err) {
      setLoaded({ kind: 'error', message: `That is not a run: ${(err as Error).message}` });
    }
  };

  return (
    <main id="main" class="replay">
      <div class="play-head">
        <h1>Replay viewer</h1>
        <span class="spacer" />
        <label class="btn file-btn">
          Open a run file…
          <input
            type="file"
            accept=".json,application/json"
            data-testid="run-file"
            onChange={(e) => {
              const f = (e.target as HTMLInputElement).files?.[0];
              if (f) void openFile(f);
            }}
          />
        </label>
      </div>
      {loaded.kind === 'empty' && <WatchList />}
      {loaded.kind === 'empty' && (
        <section
          class="panel dropzone"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const f = e.dataTransfer?.files?.[0];
            if (f) void openFile(f);
          }}
        >
          <h2>Open a run</h2>
          <p>
            Choose a downloaded run file (the <code>{'{game, rulesVersion, seed, actions}'}</code> JSON from the play
            page's "Download run"), or drop it here. A shared replay link opens here directly.
          </p>
          <form
            class="paste"
            onSubmit={(e) => {
              e.preventDefault();
              const area = (e.currentTarget as HTMLFormElement).elements.namedItem('run') as HTMLTextAreaElement;
              void openText(area.value);
            }}
          >
            <label>
              Or paste a run's JSON or a replay link
              <textarea name="run" rows={3} spellcheck={false} data-testid="paste-run" />
            </label>
            <button class="btn" type="submit">
              Open
            </button>
          </form>
        </section>
      )}
      {loaded.kind === 'loading' && <p class="muted">Loading the run…</p>}
      {loaded.kind === 'ok' && loaded.stored && (
        <p class="lead" data-testid="stored-run">
          Played by <strong>{loaded.stored.player.name}</strong> ({loaded.stored.player.kind}), verified score{' '}
          {loaded.stored.score}. <a href={`/leaderboard/${loaded.stored.run.game}`}>Leaderboard</a>
        </p>
      )}
      {loaded.kind === 'ok' && !loaded.stored && <OwnRun run={loaded.timeline.run} />}
      {loaded.kind === 'error' && (
        <p class="panel error" role="alert" data-testid="replay-problem">
          {loaded.message}
          {loaded.badLink && (
            <>
              {' '}
              <a
                href="/replay"
                data-testid="replay-list-link"
                onClick={() => {
                  // The same page without the broken fragment: the list of runs to watch.
                  history.replaceState(null, '', '/replay');
                  setLoaded({ kind: 'empty' });
                }}
              >
                See the replays
              </a>
            </>
          )}
        </p>
      )}
      {loaded.kind === 'ok' && (
        <Viewer
          timeline={loaded.timeline}
          key={`${loaded.timeline.run.game}:${loaded.timeline.run.seed}:${loaded.timeline.run.actions.length}`}
        />
      )}
    </main>
  );
}

/** One's own finished run, not yet on a leaderboard: offer to submit it from here. */
function OwnRun({ run }: { run: Run }) {
  const own = useMemo(() => ownRun(run), [run]);
  if (!own || own.submittedId) return null;
  return (
    <section class="panel own-run" aria-label="Your run" data-testid="own-run">
      <h2>Your run</h2>
      <p>You played this run in this browser (score {own.score}); it is not on a leaderboard yet.</p>
      <SubmitBox run={own.run} slug={own.run.game} onSubmitted={(r) => markSubmitted(own.id, r.id)} />
    </section>
  );
}

/**
 * The board's room above the replay's controls: the window's height less what stands above the board
 * (with the page at its top) and the controls' height, set as `--room` on the board's frame, so the
 * sticky controls never cover the board's bottom row (layout.css).
 */
function useRoomAbove(wrap: { current: HTMLElement | null }, controls: { current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const fit = () => {
      const w = wrap.current;
      const c = controls.current;
      const board = w?.querySelector('.board');
      if (!w || !c || !board) return;
      const frame = w.getBoundingClientRect().height - board.getBoundingClientRect().height;
      const top = w.getBoundingClientRect().top + window.scrollY;
      const room = Math.floor(window.innerHeight - top - frame - c.offsetHeight - 4);
      // Only when the board as laid out would reach under the controls: otherwise it keeps its size.
      if (w.style.getPropertyValue('--room') || board.getBoundingClientRect().height > room)
        w.style.setProperty('--room', `${room}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
}

function Viewer({ timeline }: { timeline: Timeline }) {
  const game = timeline.game;
  const view = viewFor(game.spec.slug);
  const baseRate = view.replayRate ?? 3;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [help, setHelp] = useState(false);
  const n = timeline.length;
  const atRef = useRef(at);
  atRef.current = at;
  const wrapRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  useRoomAbove(wrapRef, controlsRef);

  const seek = (i: number) => setAt(Math.max(0, Math.min(n, Math.round(i))));

  useEffect(() => {
    if (!playing) return;
    const rate = baseRate * speed;
    // Above ~30 frames a second, advance several steps per frame instead.
    const perFrame = Math.max(1, Math.round(rate / 30));
    const id = setInterval(
      () => {
        const next = Math.min(n, atRef.current + perFrame);
        setAt(next);
        if (next >= n) setPlaying(false);
      },
      1000 / Math.min(rate, 30),
    );
    return () => clearInterval(id);
  }, [playing, speed, n]);

  // A layout effect, so keys work from the first frame (a plain effect waits for the next paint).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.key !== ' ')
        return;
      const keys: Record<string, () => void> = {
        ' ': () => setPlaying((p) => (atRef.current >= n ? false : !p)),
        k: () => setPlaying((p) => !p),
        ArrowRight: () => seek(atRef.current + 1),
        l: () => seek(atRef.current + 1),
        ArrowLeft: () => seek(atRef.current - 1),
        j: () => seek(atRef.current - 1),
        Home: () => seek(0),
        End: () => seek(n),
        '?': () => setHelp((h) => !h),
        Escape: () => setHelp(false),
      };
      const f = keys[e.key];
      if (f) {
        if (e.key === ' ' && e.target instanceof HTMLElement && e.target.closest('button')) return;
        e.preventDefault();
        f();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [n]);

  const state = useMemo(() => timeline.stateAt(at), [at]);
  const events = useMemo(() => timeline.eventsAt(at), [at]);
  const obs = game.observe(state);
  const score = timeline.scores[at];
  const run = timeline.run;
  const label = view.actionLabel ?? genericActionLabel;
  const lastAction = at > 0 ? run.actions[at - 1] : null;

  return (
    <>
      <p class="lead">
        <strong>{game.spec.name}</strong>, seed {run.seed}, {run.actions.length} actions, rules {run.rulesVersion}.{' '}
        <a href={`/play/${game.spec.slug}?seed=${run.seed}`}>Play this seed yourself</a>.
      </p>
      {timeline.error && (
        <p class="panel error" role="alert">
          The run stops early: {timeline.error}
        </p>
      )}
      <StatusBar items={(view.status ?? genericStatus)(obs)} score={score} slots={view.statusSlots} />
      <div class="play-grid">
        <div class="board-col">
          <div class="board-wrap" ref={wrapRef}>
            <view.Board obs={obs} legal={[]} />
          </div>
          {/* The transport and the timeline stick to the bottom of the window while the board is taller. */}
          <div class="replay-controls" data-testid="replay-controls" ref={controlsRef}>
            <div class="transport" role="group" aria-label="Replay controls">
              <button class="btn" onClick={() => seek(0)} aria-label="Go to the start (Home)">
                |◀
              </button>
              <button
                class="btn"
                onClick={() => seek(at - 1)}
                aria-label="Step back (Left arrow)"
                data-testid="step-back"
              >
                ◀
              </button>
              <button
                class="btn primary"
                onClick={() => setPlaying((p) => (at >= n ? false : !p))}
                aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
                data-testid="play-pause"
              >
                {playing ? '❚❚ Pause' : '▶ Play'}
              </button>
              <button
                class="btn"
                onClick={() => seek(at + 1)}
                aria-label="Step forward (Right arrow)"
                data-testid="step-forward"
              >
                ▶
              </button>
              <button class="btn" onClick={() => seek(n)} aria-label="Go to the end (End)" data-testid="to-end">
                ▶|
              </button>
              <label class="speed">
                Speed{' '}
                <select value={String(speed)} onChange={(e) => setSpeed(Number((e.target as HTMLSelectElement).value))}>
                  {SPEEDS.map((s) => (
                    <option value={String(s)}>{s}×</option>
                  ))}
                </select>
              </label>
            </div>
            <label class="scrub">
              <span>
                Step <span data-testid="step">{at}</span> of {n}
              </span>
              <input
                type="range"
                min="0"
                max={String(n)}
                value={String(at)}
                aria-label="Timeline"
                data-testid="timeline"
                onInput={(e) => seek(Number((e.target as HTMLInputElement).value))}
              />
            </label>
          </div>
          <ScoreGraph scores={timeline.scores} at={at} onSeek={seek} />
        </div>
        <aside class="side">
          <section class="panel">
            <h2>Step {at}</h2>
            <p>{lastAction ? label(lastAction) : 'The opening position.'}</p>
            {at === n && (
              <p data-testid="replay-final">
                Final score <strong>{score}</strong>
                {timeline.finalGameOver ? ', game over.' : ' (the run was still going).'}
              </p>
            )}
          </section>
          <EventList events={events} describe={wordsFor(game).event} title="Events of this step" />
          <Legend entries={view.legend ?? []} />
          <section class="panel">
            <h2>This run</h2>
            <div class="row">
              <button class="btn small" onClick={() => downloadRun(run, timeline.scores[n])}>
                Download run
              </button>
              <button
                class="btn small"
                onClick={async () => {
                  const url = `${location.origin}/replay#${await encodeRun(run)}`;
                  history.replaceState(null, '', url);
                  try {
                    await navigator.clipboard.writeText(url);
                  } catch {
                    /* the address bar holds the link anyway */
                  }
                }}
              >
                Copy share link
              </button>
            </div>
          </section>
        </aside>
      </div>
      {help && (
        <HelpOverlay
          keys={[
            { keys: 'Space or K', does: 'play or pause' },
            { keys: '← / →  (J / L)', does: 'step back / forward' },
            { keys: 'Home / End', does: 'go to the start / the end' },
            { keys: '?', does: 'show or hide this help' },
          ]}
          onClose={() => setHelp(false)}
        />
      )}
    </>
  );
}
