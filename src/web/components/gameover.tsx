/**
 * The game-over summary: how the run ended in words, the final score against the personal best, the
 * score graph, the best moments (the steps that gained most, in sentences), the player's last runs of
 * this game kept in this browser, and what to do next (play again, replay, share, submit).
 */
import type { PlaySession } from '../session.js';
import { finishedRuns, markSubmitted, personalBest, runId } from '../persist.js';
import { downloadRun } from '../runfile.js';
import type { GameWords } from '../words/index.js';
import { points, seconds } from '../words/types.js';
import { ScoreGraph } from './scoregraph.js';
import { ShareBox } from './sharebox.js';
import { SubmitBox } from './submit.js';

/** The (at most three) steps that gained the most points, each with its best sentence. */
function bestMoments(session: PlaySession, words: GameWords): { step: number; gain: number; text: string }[] {
  const out: { step: number; gain: number; text: string }[] = [];
  const s = session.scores;
  for (let i = 1; i < s.length; i++) {
    const gain = s[i] - s[i - 1];
    if (gain <= 0) continue;
    const events = session.eventsAt(i - 1);
    const moment = events.map((e) => words.moment?.(e)).find((m) => m);
    const said = events
      .filter((e) => typeof e.points === 'number')
      .sort((a, b) => Number(b.points) - Number(a.points))
      .map((e) => words.event(e))
      .find((t) => t);
    out.push({ step: i, gain, text: moment?.title ?? said ?? 'Points' });
  }
  return out.sort((a, b) => b.gain - a.gain || a.step - b.step).slice(0, 3);
}

export function GameOverPanel({
  session,
  words,
  link,
  onPlayAgain,
  onSameSeed,
  onWatch,
  onShare,
  retry,
}: {
  session: PlaySession;
  words: GameWords;
  link: string | null;
  onPlayAgain: () => void;
  onSameSeed: () => void;
  onWatch: () => void;
  onShare: () => void;
  /** Free play's retry of the part the run ended in: its button's words and what it does. */
  retry?: { label: string; onRetry: () => void };
}) {
  const slug = session.game.spec.slug;
  const run = session.run();
  const score = session.score();
  const outcome = session.outcome();
  const best = personalBest(slug);
  // A game whose levels are fixed (Delvewick) plays the same whatever the seed: no word of seeds.
  const seedless = session.game.spec.seedless === true;
  const moments = bestMoments(session, words);
  const ticks = run.actions.reduce(
    (n, a) => n + (a.type === 'tick' ? (typeof a.count === 'number' ? a.count : 1) : 0),
    0,
  );
  const mine = finishedRuns()
    .filter((r) => r.run.game === slug)
    .slice(0, 5);
  return (
    <section class="panel gameover" role="region" aria-label="Game over" data-testid="gameover">
      <h2>Game over</h2>
      <p class="ending" role="status" data-testid="ending">
        {outcome ? words.ending(outcome, session.observation()) : 'The run is over.'}
      </p>
      <p class="final">
        Final score <strong data-testid="final-score">{score}</strong> after{' '}
        {ticks > 0 ? (
          // A real-time game counts its ticks (30 a second), not its inputs.
          <>
            {ticks} {ticks === 1 ? 'tick' : 'ticks'} ({seconds(ticks)} of play).
          </>
        ) : (
          <>
            {run.actions.length} {run.actions.length === 1 ? 'action' : 'actions'}.
          </>
        )}
        {best !== null && score > 0 && <> {best <= score ? 'Your best on this game!' : `Your best: ${best}.`}</>}
      </p>
      {session.scores.length > 1 && (
        <ScoreGraph scores={session.scores} at={session.scores.length - 1} onSeek={() => undefined} />
      )}
      {moments.length > 0 && (
        <>
          <h3>Best moments</h3>
          <ul class="plain" data-testid="best-moments">
            {moments.map((m) => (
              <li>
                {points(m.gain)} at action {m.step}: {m.text}
              </li>
            ))}
          </ul>
        </>
      )}
      <div class="row">
        {retry && (
          <button class="btn primary" onClick={retry.onRetry} data-testid="retry-part">
            {retry.label}
          </button>
        )}
        <button class={retry ? 'btn' : 'btn primary'} onClick={onPlayAgain}>
          Play again
        </button>
        {!seedless && (
          <button class="btn" onClick={onSameSeed}>
            Same seed again
          </button>
        )}
        <button class="btn" onClick={() => downloadRun(run, score)}>
          Download run
        </button>
        <button class="btn" onClick={onWatch}>
          Watch replay
        </button>
        <button class="btn" onClick={onShare}>
          Share link
        </button>
      </div>
      {link && <ShareBox link={link} />}
      <SubmitBox run={run} slug={slug} onSubmitted={(r) => markSubmitted(runId(run), r.id)} />
      {mine.length > 1 && (
        <>
          <h3>Your last runs</h3>
          <ul class="plain" data-testid="history">
            {mine.map((r) => (
              <li>
                score {r.score}
                {seedless ? '' : `, seed ${r.run.seed}`}
                {r.submittedId ? ', on the leaderboard' : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
