/** All games: a card per registered game with its pitch, a small board picture and its links. */
import type { AnyGame } from '../../core/game.js';
import { allGames } from '../catalog.js';
import { viewFor } from '../games/index.js';

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
