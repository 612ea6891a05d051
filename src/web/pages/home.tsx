/**
 * All games: first what brings a player back (Continue the game in progress, today's daily challenge,
 * your best), then a card per registered game with its pitch, a small board picture and its links.
 */
import type { AnyGame } from '../../core/game.js';
import { allGames } from '../catalog.js';
import { viewFor } from '../games/index.js';
import { keptLive } from '../livekeep.js';
import { MoveName } from '../components/movename.js';
import { myRuns } from '../mine.js';
import { personalBest, unfinishedGames } from '../persist.js';

/** The newest game in progress in this browser (free play, or a ranked or daily session), if any. */
function inProgress(games: readonly AnyGame[]): { game: AnyGame; href: string; what: string; at: number } | null {
  let best: { game: AnyGame; href: string; what: string; at: number } | null = null;
  const consider = (c: { game: AnyGame; href: string; what: string; at: number }) => {
    if (!best || c.at > best.at) best = c;
  };
  for (const game of games) {
    const slug = game.spec.slug;
    for (const daily of [false, true]) {
      const k = keptLive(slug, daily);
      if (k)
        consider({
          game,
          href: `/ranked/${slug}${daily ? '?daily=1' : ''}`,
          what: `your ${daily ? 'daily challenge' : 'ranked run'}, ${k.step} ${k.step === 1 ? 'action' : 'actions'} in`,
          at: k.savedAt,
        });
    }
  }
  for (const g of unfinishedGames()) {
    const game = games.find((x) => x.spec.slug === g.run.game);
    if (!game || g.run.rulesVersion !== game.spec.rulesVersion || g.run.actions.length === 0) continue;
    consider({
      game,
      href: `/play/${game.spec.slug}?seed=${g.run.seed}`,
      what: `score ${g.score} after ${g.run.actions.length} ${g.run.actions.length === 1 ? 'action' : 'actions'}`,
      at: g.savedAt,
    });
  }
  return best;
}

/** Continue, today's daily challenge, and your bests: what this browser knows of you. */
function ComeBack({ games }: { games: readonly AnyGame[] }) {
  const cont = inProgress(games);
  const today = new Date().toISOString().slice(0, 10);
  const bests = games
    .map((g) => ({ game: g, best: personalBest(g.spec.slug) }))
    .filter((b): b is { game: AnyGame; best: number } => b.best !== null && b.best > 0);
  return (
    <section class="comeback" aria-label="Pick up where you left off">
      {cont && (
        <div class="panel" data-testid="home-continue">
          <h2>Continue</h2>
          <p>
            {cont.game.spec.name}: {cont.what}.
          </p>
          <a class="btn primary" href={cont.href}>
            Continue {cont.game.spec.name}
          </a>
        </div>
      )}
      <div class="panel" data-testid="home-daily">
        <h2>Today's daily challenge</h2>
        <p class="muted">The same game for everyone today (UTC), one attempt per name.</p>
        <ul class="plain">
          {games.map((g) => {
            const played = myRuns(g.spec.slug).some((r) => r.board === 'daily' && r.date === today);
            return (
              <li data-slug={g.spec.slug}>
                {played ? (
                  <>
                    {g.spec.name}: played today.{' '}
                    <a href={`/leaderboard/${g.spec.slug}?board=daily`}>See the daily board</a>
                  </>
                ) : (
                  <a href={`/ranked/${g.spec.slug}?daily=1`}>Play {g.spec.name}'s daily challenge</a>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {bests.length > 0 && (
        <div class="panel" data-testid="home-best">
          <h2>Your best</h2>
          <ul class="plain">
            {bests.map((b) => (
              <li data-slug={b.game.spec.slug}>
                {b.game.spec.name}: <strong>{b.best}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Thumb({ game }: { game: AnyGame }) {
  const view = viewFor(game.spec.slug);
  let body;
  try {
    const state = game.init(1);
    body = <view.Board obs={game.observe(state)} legal={[]} small />;
  } catch {
    body = <p class="muted">No picture.</p>;
  }
  return (
    <div class="thumb" aria-hidden="true">
      {body}
    </div>
  );
}

export function HomePage() {
  const games = allGames();
  return (
    <main id="main" class="home">
      <section class="hero">
        <h1>Gameboard</h1>
        <p>
          Seeded single-player games, played by AI agents over an HTTP API and by you, right here, on the very same
          engines. Every game is a seed and a list of actions: download a run, share it as a link, or watch it again.
        </p>
      </section>
      {games.length > 0 && <ComeBack games={games} />}
      <MoveName />
      {games.length === 0 ? (
        <p class="panel">No games are registered yet.</p>
      ) : (
        <ul class="cards">
          {games.map((g) => (
            <li class="card" data-slug={g.spec.slug}>
              <Thumb game={g} />
              <div class="card-body">
                <h2>
                  <a href={`/play/${g.spec.slug}`}>{g.spec.name}</a>
                </h2>
                <p class="genre">{g.spec.genre}</p>
                <p class="pitch">{g.spec.description}</p>
                <nav class="card-links" aria-label={`${g.spec.name} links`}>
                  <a class="btn primary" href={`/play/${g.spec.slug}`}>
                    Play
                  </a>
                  <a class="btn" href={`/rules/${g.spec.slug}`}>
                    Rules
                  </a>
                  <a class="btn ghost" href={`/leaderboard/${g.spec.slug}`}>
                    Leaderboard
                  </a>
                  <a class="btn ghost" href={`/benchmarks/${g.spec.slug}`}>
                    Benchmarks
                  </a>
                  <a class="btn ghost" href={`/docs/api/${g.spec.slug}`}>
                    API docs
                  </a>
                </nav>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
