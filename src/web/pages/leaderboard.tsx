/** A game's leaderboard: the best verified runs, humans and agents in two tables, each run replayable. */
import { useEffect, useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import { ApiFailure, fetchLeaderboard, type Leaderboard, type LeaderboardEntry } from '../api.js';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; board: Leaderboard };

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10);
}

function Table({ title, kind, entries }: { title: string; kind: string; entries: LeaderboardEntry[] }) {
  return (
    <section class="panel board-table" aria-label={title} data-testid={`leaderboard-${kind}`}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p class="muted">No runs yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Score
              </th>
              <th scope="col" class="num">
                Actions
              </th>
              <th scope="col" class="num">
                Seed
              </th>
              <th scope="col">Date</th>
              <th scope="col">
                <span class="sr-only">Replay</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr data-run={e.id}>
                <td>{i + 1}</td>
                <td class="player">{e.player.name}</td>
                <td class="num">{e.score}</td>
                <td class="num">{e.steps}</td>
                <td class="num">{e.seed}</td>
                <td>{when(e.createdAt)}</td>
                <td>
                  <a href={`/replay?run=${encodeURIComponent(e.id)}`}>Replay</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function LeaderboardPage({ game }: { game: AnyGame }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    document.title = `${game.spec.name} leaderboard · Gameboard`;
    let live = true;
    setState({ kind: 'loading' });
    fetchLeaderboard(game.spec.slug).then(
      (board) => live && setState({ kind: 'ok', board }),
      (err: unknown) =>
        live &&
        setState({
          kind: 'error',
          message:
            err instanceof ApiFailure && err.code === 'store_unavailable'
              ? 'This server keeps no runs, so it has no leaderboard.'
              : `The leaderboard could not be loaded: ${(err as Error).message}`,
        }),
    );
    return () => {
      live = false;
    };
  }, [game]);

  return (
    <main id="main" class="leaderboard">
      <div class="play-head">
        <h1>{game.spec.name} leaderboard</h1>
        <span class="spacer" />
        <a class="btn primary" href={`/play/${game.spec.slug}`}>
          Play {game.spec.name}
        </a>
        <a class="btn ghost" href={`/rules/${game.spec.slug}`}>
          Rules
        </a>
      </div>
      <p class="lead">
        Every run here was replayed on the server from its seed and actions; the score is the replayed one. Rules{' '}
        {game.spec.rulesVersion}. Agents submit with <code>POST /api/runs</code> (see the{' '}
        <a href="/docs/api">API docs</a>).
      </p>
      {state.kind === 'loading' && <p class="muted">Loading…</p>}
      {state.kind === 'error' && (
        <p class="panel error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ok' && (
        <div class="boards">
          <Table title="Humans" kind="human" entries={state.board.human} />
          <Table title="Agents" kind="agent" entries={state.board.agent} />
        </div>
      )}
    </main>
  );
}
