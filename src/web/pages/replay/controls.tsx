/** The replay's controls and side panels: the transport and the timeline, the step shown, the run's
 * download and share link, and the keys' help. */
import type { Ref } from 'preact';
import type { GameAction } from '../../../core/game.js';
import type { Run } from '../../../core/replay.js';
import { HelpOverlay } from '../../components/parts.js';
import { downloadRun, encodeRun } from '../../runfile.js';
import type { Timeline } from '../../timeline.js';

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16];

/** The transport (start, step back, play or pause, step forward, end, speed) and the timeline's slider. */
export function ReplayControls(p: {
  controlsRef: Ref<HTMLDivElement>;
  at: number;
  n: number;
  seek: (i: number) => void;
  playing: boolean;
  setPlaying: (f: (p: boolean) => boolean) => void;
  speed: number;
  setSpeed: (s: number) => void;
}) {
  const { at, n, seek, playing } = p;
  return (
    <div class="replay-controls" data-testid="replay-controls" ref={p.controlsRef}>
      <div class="transport" role="group" aria-label="Replay controls">
        <button class="btn" onClick={() => seek(0)} aria-label="Go to the start (Home)">
          |◀
        </button>
        <button class="btn" onClick={() => seek(at - 1)} aria-label="Step back (Left arrow)" data-testid="step-back">
          ◀
        </button>
        <button
          class="btn primary"
          onClick={() => p.setPlaying((on) => (at >= n ? false : !on))}
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
          <select value={String(p.speed)} onChange={(e) => p.setSpeed(Number((e.target as HTMLSelectElement).value))}>
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
  );
}

/** The step shown: the action that led to it, and the final score at the end. */
export function StepPanel(p: { timeline: Timeline; at: number; score: number; label: (x: GameAction) => string }) {
  const { timeline, at } = p;
  const lastAction = at > 0 ? timeline.run.actions[at - 1] : null;
  return (
    <section class="panel">
      <h2>Step {at}</h2>
      <p>{lastAction ? p.label(lastAction) : 'The opening position.'}</p>
      {at === timeline.length && (
        <p data-testid="replay-final">
          Final score <strong>{p.score}</strong>
          {timeline.finalGameOver ? ', game over.' : ' (the run was still going).'}
        </p>
      )}
    </section>
  );
}

/** The run's file to download, and its link (put in the address bar and copied). */
export function ThisRun({ run, finalScore }: { run: Run; finalScore: number }) {
  return (
    <section class="panel">
      <h2>This run</h2>
      <div class="row">
        <button class="btn small" onClick={() => downloadRun(run, finalScore)}>
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
  );
}

export function ReplayHelp({ onClose }: { onClose: () => void }) {
  return (
    <HelpOverlay
      keys={[
        { keys: 'Space or K', does: 'play or pause' },
        { keys: '← / →  (J / L)', does: 'step back / forward' },
        { keys: 'Home / End', does: 'go to the start / the end' },
        { keys: '?', does: 'show or hide this help' },
      ]}
      onClose={onClose}
    />
  );
}
