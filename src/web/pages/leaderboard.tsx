/**
 * A game's boards: Ranked (live sessions the server witnessed), Daily challenge (one day's live
 * sessions, past days browsable) and Open (replay-verified submissions, search allowed), never mixed.
 * Each lists one line a player, humans and agents in two tables, each run watchable: Daily and Open by
 * the player's best finished run, Ranked by the mean of their newest attempts (with its 95 % interval,
 * the attempts it is over, and the best attempt as a column; provisional below the minimum).
 * Asked for no board, the page opens on the board of this browser's latest run of the game (see
 * mine.ts), else on Ranked, or on Open while Ranked is empty; this browser's rows are marked "you".
 */
import { useEffect, useState } from 'preact/hooks';
import { budgetOf } from '../../core/budget.js';
import type { AnyGame } from '../../core/game.js';
import { ApiFailure, fetchLeaderboard, type BoardName, type Leaderboard, type LeaderboardEntry } from '../api.js';
import { isMine, latestMine, myRuns } from '../mine.js';
import { shortEnding } from '../words/index.js';

/** A ranked board line also carries the statistic the board ranks by (src/server/attempts.ts). */
type Ranked = {
  mean?: number;
  ci95?: [number, number];
  counted?: number;
  finished?: number;
  provisional?: boolean;
};

/** A figure to two decimals at most, grouped as the page writes scores. */
const figure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; board: Leaderboard };

const BOARDS: { name: BoardName; title: string }[] = [
  { name: 'ranked', title: 'Ranked' },
  { name: 'daily', title: 'Daily challenge' },
  { name: 'open', title: 'Open' },
];

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10);
}

/**
 * The ticks per second of a game whose ranked budget counts ticks (Briarwink), else null. Its runs'
 * length is then their time: one tick action may carry many ticks, so steps say little.
 */
function tickRate(game: AnyGame): number | null {
  const rate = game.spec.ticksPerSecond;
  return budgetOf(game)?.unit === 'ticks' && typeof rate === 'number' && rate > 0 ? rate : null;
}

/** A number of ticks as minutes:seconds (whole seconds, rounded down), e.g. 3750 at 30/s is "2:05". */
function clock(ticks: number, perSecond: number): string {
  const s = Math.floor(ticks / perSecond);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Table(props: {
  title: string;
  kind: string;
  entries: (LeaderboardEntry & Ranked & { rank: number })[];
  progressLabel: string | null;
  /** Ticks per second when the column shows time instead of steps. */
  rate: number | null;
  /** This browser's run ids on the server. */
  mine: Set<string>;
}) {
  const { title, kind, entries, progressLabel, rate, mine } = props;
  const tries = entries.some((e) => e.attempts !== undefined);
  // The ranked board ranks by the mean of each player's newest attempts: its best run is one column.
  const ranked = entries.some((e) => e.mean !== undefined);
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
              <th scope="col" class="num" title={ranked ? "The player's best attempt" : undefined}>
                {ranked ? 'Best' : 'Score'}
              </th>
              <th scope="col" class="num">
                {progressLabel ? progressLabel[0].toUpperCase() + progressLabel.slice(1) : 'How far'}
              </th>
              <th scope="col">Ended</th>
              <th scope="col" class="num" title={rate ? 'Time played, minutes:seconds' : undefined}>
                {rate ? 'Time' : 'Steps'}
              </th>
              <th scope="col">Date</th>
              {ranked && (
                <th scope="col" class="num" title="The mean of the player's newest attempts, what the board ranks by">
                  Mean
                </th>
              )}
              {ranked && (
                <th scope="col" class="num" title="The 95 % interval of that mean">
                  95 % interval
                </th>
              )}
              {tries && (
                <th scope="col" class="num" title="Sessions started on this board, finished or not">
                  Tries
                </th>
              )}
              <th scope="col">
                <span class="sr-only">Watch</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr
                data-run={e.id}
                class={isMine(e, mine) ? 'you' : undefined}
                aria-label={isMine(e, mine) ? `You: ${e.player.name}, rank ${e.rank}` : undefined}
              >
                <td>{e.rank}</td>
                <td class="player">{e.player.name}</td>
                <td class="num">{e.score}</td>
                <td class="num">{e.progress ?? '–'}</td>
                <td>{shortEnding(e.outcome)}</td>
                <td class="num">{rate ? (e.spent === null ? '–' : clock(e.spent, rate)) : e.steps}</td>
                <td>{when(e.createdAt)}</td>
                {ranked && (
                  <td class="num" data-testid="board-mean">
                    {e.mean === undefined ? '–' : figure(e.mean)}
                    {e.counted !== undefined && <span class="muted"> of {e.counted}</span>}
                    {e.provisional && (
                      <span class="muted" title="Fewer finished attempts than the board needs to rank a player">
                        {' '}
                        (provisional)
                      </span>
                    )}
                  </td>
                )}
                {ranked && <td class="num">{e.ci95 ? `${figure(e.ci95[0])} to ${figure(e.ci95[1])}` : '–'}</td>}
                {tries && <td class="num">{e.attempts ?? '–'}</td>}
                <td>
                  {e.seed === undefined ? (
                    <span class="muted">after the day</span>
                  ) : (
                    <a href={`/replay?run=${encodeURIComponent(e.id)}`}>Watch</a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The tabs between a game's boards (ranked, daily, open). */
function BoardTabs({ slug, board }: { slug: string; board: string }) {
  return (
    <nav class="row board-tabs" aria-label="Boards">
      {BOARDS.map((b) => (
        <a
          class={b.name === board ? 'btn primary' : 'btn ghost'}
          aria-current={b.name === board ? 'page' : undefined}
          href={`/leaderboard/${slug}?board=${b.name}`}
          data-testid={`board-${b.name}`}
        >
          {b.title}
        </a>
      ))}
    </nav>
  );
}

export function LeaderboardPage({ game }: { game: AnyGame }) {
  const params = new URLSearchParams(location.search);
  const asked = params.get('board');
  const chosen: BoardName | null = asked === 'open' || asked === 'daily' || asked === 'ranked' ? asked : null;
  // No board asked: the one holding this browser's latest run of the game, else Ranked (Open while
  // Ranked is empty, decided once Ranked has answered).
  const latest = chosen ? null : latestMine(game.spec.slug);
  const [board, setBoard] = useState<BoardName>(chosen ?? latest?.board ?? 'ranked');
  const fallBack = chosen === null && latest === null;
  const date = board === 'daily' ? (params.get('date') ?? latest?.date ?? undefined) : undefined;
  const mine = new Set(myRuns(game.spec.slug).map((r) => r.id));
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    document.title = `${game.spec.name} leaderboard · Gameboard`;
    let live = true;
    setState({ kind: 'loading' });
    fetchLeaderboard(game.spec.slug, board, date).then(
      (b) => {
        if (!live) return;
        if (fallBack && board === 'ranked' && b.human.length + b.agent.length === 0) {
          history.replaceState(null, '', `/leaderboard/${game.spec.slug}?board=open`);
          setBoard('open');
          return;
        }
        setState({ kind: 'ok', board: b });
      },
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
  }, [game, board, date]);

  const slug = game.spec.slug;
  const day = state.kind === 'ok' ? state.board.date : undefined;
  const shift = (d: string, by: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <main id="main" class="leaderboard">
      <div class="play-head">
        <h1>{game.spec.name} leaderboard</h1>
        <span class="spacer" />
        <a class="btn primary" href={`/ranked/${slug}${board === 'daily' ? '?daily=1' : ''}`}>
          {board === 'daily' ? 'Play the daily challenge' : `Play ${game.spec.name} ranked`}
        </a>
        <a class="btn ghost" href={`/rules/${slug}`}>
          Rules
        </a>
        <a class="btn ghost" href={`/benchmarks/${slug}`}>
          Benchmarks
        </a>
      </div>
      <BoardTabs slug={slug} board={board} />
      {state.kind === 'ok' && (
        <p class="lead" data-testid="board-label">
          {state.board.label} Rules {game.spec.rulesVersion}; each player says for themselves whether they are a human
          or an agent.
          {state.board.par && ` Par: ${state.board.par.score} (${state.board.par.by}).`}
          {day &&
            ` Day ${day} (UTC)${state.board.seed !== undefined ? `, seed ${state.board.seed}` : ', seed secret until the day is over'}.`}
        </p>
      )}
      {board === 'daily' && day && (
        <p class="row">
          <a class="btn small" href={`/leaderboard/${slug}?board=daily&date=${shift(day, -1)}`}>
            Previous day
          </a>
          {day < today && (
            <a class="btn small" href={`/leaderboard/${slug}?board=daily&date=${shift(day, 1)}`}>
              Next day
            </a>
          )}
        </p>
      )}
      {state.kind === 'loading' && <p class="muted">Loading…</p>}
      {state.kind === 'error' && (
        <p class="panel error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ok' && (
        <div class="boards">
          <Table
            title="Humans"
            kind="human"
            entries={state.board.human}
            progressLabel={state.board.progressLabel}
            rate={tickRate(game)}
            mine={mine}
          />
          <Table
            title="Agents"
            kind="agent"
            entries={state.board.agent}
            progressLabel={state.board.progressLabel}
            rate={tickRate(game)}
            mine={mine}
          />
        </div>
      )}
    </main>
  );
}
