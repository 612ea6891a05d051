/**
 * Runs to watch, for the replay viewer's empty state: one's own recent runs kept in this browser, and
 * the top human and agent runs of each game's open leaderboard (when the server keeps one).
 */
import { useEffect, useState } from 'preact/hooks';
import { fetchLeaderboard, type Leaderboard } from '../api.js';
import { allGames } from '../catalog.js';
import { finishedRuns } from '../persist.js';
import { navigate } from '../router.js';
import { encodeRun } from '../runfile.js';

/** How many runs each list shows. */
const SHOWN = 5;

export function WatchList() {
  const mine = finishedRuns().slice(0, SHOWN);
  const [boards, setBoards] = useState<Leaderboard[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(allGames().map((g) => fetchLeaderboard(g.spec.slug, 'open').catch(() => null))).then((all) => {
      if (live) setBoards(all.filter((b): b is Leaderboard => !!b));
    });
    return () => {
      live = false;
    };
  }, []);
  const top = (boards ?? []).filter((b) => b.human.length || b.agent.length);
  return (
    <section class="panel watchlist" aria-label="Runs to watch" data-testid="watchlist">
      <h2>Runs to watch</h2>
      {mine.length > 0 && (
        <>
          <h3>Your recent runs</h3>
          <ul class="plain">
            {mine.map((r) => (
              <li>
                <button
                  class="btn small"
                  onClick={async () => navigate(`/replay#${await encodeRun(r.run)}`)}
                  data-testid="watch-mine"
                >
                  Watch
                </button>{' '}
                {allGames().find((g) => g.spec.slug === r.run.game)?.spec.name ?? r.run.game}, score {r.score}
                {r.submittedId ? '' : ' (not submitted yet)'}
              </li>
            ))}
          </ul>
        </>
      )}
      {top.map((b) => (
        <>
          <h3>{allGames().find((g) => g.spec.slug === b.game)?.spec.name ?? b.game}: top runs</h3>
          <ul class="plain">
            {[...b.human.slice(0, 3), ...b.agent.slice(0, 2)].map((e) => (
              <li>
                <a href={`/replay?run=${encodeURIComponent(e.id)}`}>Watch</a> {e.player.name} ({e.player.kind}), score{' '}
                {e.score}
              </li>
            ))}
          </ul>
        </>
      ))}
      {boards !== null && !mine.length && !top.length && <p class="muted">No runs yet: play one, or open a file.</p>}
    </section>
  );
}
