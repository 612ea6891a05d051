/**
 * "Your games": what this browser keeps for one game: games in progress on other seeds (resume them)
 * and finished runs not yet on a leaderboard (watch and submit them, or discard them after a question).
 */
import { useEffect, useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { navigate } from '../router.js';
import { encodeRun } from '../runfile.js';
import { RUNS_CHANGED, dropFinished, unfinishedGames, unsubmittedRuns, type FinishedRun } from '../persist.js';
import type { Ask } from './confirm.js';

const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

export function YourRuns({ game, seed, ask }: { game: AnyGame; seed: Seed; ask: (a: Ask) => void }) {
  const slug = game.spec.slug;
  const [, bump] = useState(0);
  // A run submitted from the game-over panel leaves the "not on a leaderboard yet" list at once.
  useEffect(() => {
    const changed = () => bump((n) => n + 1);
    window.addEventListener(RUNS_CHANGED, changed);
    return () => window.removeEventListener(RUNS_CHANGED, changed);
  }, []);
  const open = unfinishedGames().filter((g) => g.run.game === slug && g.run.seed !== seed && g.run.actions.length);
  const done = unsubmittedRuns(slug);
  if (!open.length && !done.length) return null;
  const watch = async (r: FinishedRun) => navigate(`/replay#${await encodeRun(r.run)}`);
  // A game whose levels are fixed (Delvewick) plays the same whatever the seed: no word of seeds.
  const seedless = game.spec.seedless === true;
  return (
    <section class="panel yours" aria-label="Your games" data-testid="your-runs">
      <h2>Your games</h2>
      {open.length > 0 && (
        <ul class="plain">
          {open.map((g) => (
            <li>
              <a href={`/play/${slug}?seed=${g.run.seed}`} data-testid="resume-link">
                {seedless ? 'Resume another game' : `Resume seed ${g.run.seed}`}
              </a>{' '}
              <span class="muted">
                score {g.score}, {g.run.actions.length} actions
              </span>
            </li>
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <>
          <p class="muted">Finished, not on a leaderboard yet:</p>
          <ul class="plain">
            {done.slice(0, 8).map((r) => (
              <li>
                <button class="btn small" onClick={() => void watch(r)} data-testid="watch-own">
                  Watch and submit
                </button>{' '}
                score {r.score}
                {seedless ? '' : `, seed ${r.run.seed}`} <span class="muted">{when(r.endedAt)}</span>{' '}
                <button
                  class="btn small ghost"
                  data-testid="discard-run"
                  onClick={() =>
                    ask({
                      question: 'Discard this run?',
                      detail: `Your finished run${seedless ? '' : ` on seed ${r.run.seed}`} (score ${r.score}) will be gone from this browser and cannot be submitted any more.`,
                      yes: 'Discard the run',
                      onYes: () => {
                        dropFinished(r.id);
                        bump((n) => n + 1);
                      },
                    })
                  }
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
