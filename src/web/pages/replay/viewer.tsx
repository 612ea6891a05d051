/**
 * A run replayed on its engine, stepped through: the board at the step shown, the controls under it, the
 * score graph, and the step's action and events beside it. The component is the layout; its workings are
 * in playback.ts.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { EventList, Legend, StatusBar } from '../../components/parts.js';
import { ScoreGraph } from '../../components/scoregraph.js';
import { genericActionLabel, genericStatus } from '../../games/generic.js';
import { viewFor } from '../../games/index.js';
import type { Timeline } from '../../timeline.js';
import { wordsFor } from '../../words/index.js';
import { ReplayControls, ReplayHelp, StepPanel, ThisRun } from './controls.js';
import { usePlayback, useReplayKeys, useRoomAbove } from './playback.js';

export function Viewer({ timeline }: { timeline: Timeline }) {
  const game = timeline.game;
  const view = viewFor(game.spec.slug);
  const n = timeline.length;
  const { at, atRef, seek, playing, setPlaying, speed, setSpeed } = usePlayback(n, view.replayRate ?? 3);
  const [help, setHelp] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  useRoomAbove(wrapRef, controlsRef);
  useReplayKeys({ n, atRef, seek, setPlaying, setHelp });

  const state = useMemo(() => timeline.stateAt(at), [at]);
  const events = useMemo(() => timeline.eventsAt(at), [at]);
  const obs = game.observe(state);
  const score = timeline.scores[at];
  const run = timeline.run;

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
          <ReplayControls
            controlsRef={controlsRef}
            at={at}
            n={n}
            seek={seek}
            playing={playing}
            setPlaying={setPlaying}
            speed={speed}
            setSpeed={setSpeed}
          />
          <ScoreGraph scores={timeline.scores} at={at} onSeek={seek} />
        </div>
        <aside class="side">
          <StepPanel timeline={timeline} at={at} score={score} label={view.actionLabel ?? genericActionLabel} />
          <EventList events={events} describe={wordsFor(game).event} title="Events of this step" />
          <Legend entries={view.legend ?? []} />
          <ThisRun run={run} finalScore={timeline.scores[n]} />
        </aside>
      </div>
      {help && <ReplayHelp onClose={() => setHelp(false)} />}
    </>
  );
}
