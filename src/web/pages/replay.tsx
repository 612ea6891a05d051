/**
 * The replay viewer: opens a run (a downloaded file, the run carried in the link's fragment, or a run
 * stored on the server, `/replay?run=<id>`),
 * re-runs it on the engine, and steps through it: play, pause, step, scrub, change speed.
 *
 * The page is the layout; its workings are in replay/: opening a run (open.ts) and the viewer
 * (viewer.tsx, its controls and its hooks).
 */
import { WatchList } from '../components/watchlist.js';
import { useReplayRun } from './replay/open.js';
import { FileButton, OpenPanel, OwnRun, ReplayProblem, StoredLine } from './replay/parts.js';
import { Viewer } from './replay/viewer.js';

export function ReplayPage() {
  const { loaded, setLoaded, openFile, openText } = useReplayRun();
  return (
    <main id="main" class="replay">
      <div class="play-head">
        <h1>Replay viewer</h1>
        <span class="spacer" />
        <FileButton openFile={openFile} />
      </div>
      {loaded.kind === 'empty' && <WatchList />}
      {loaded.kind === 'empty' && <OpenPanel openFile={openFile} openText={openText} />}
      {loaded.kind === 'loading' && <p class="muted">Loading the run…</p>}
      {loaded.kind === 'ok' && loaded.stored && <StoredLine stored={loaded.stored} />}
      {loaded.kind === 'ok' && !loaded.stored && <OwnRun run={loaded.timeline.run} />}
      {loaded.kind === 'error' && (
        <ReplayProblem
          message={loaded.message}
          badLink={loaded.badLink}
          onList={() => {
            // The same page without the broken fragment: the list of runs to watch.
            history.replaceState(null, '', '/replay');
            setLoaded({ kind: 'empty' });
          }}
        />
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
