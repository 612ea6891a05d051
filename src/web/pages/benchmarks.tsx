/**
 * A game's benchmark board (`/benchmarks/<slug>`): whole evaluations of a published suite, each replayed
 * by the server before it is listed, sorted by mean, beside the built-in random and heuristic agents
 * (GET /api/games/<slug>/benchmarks). A row opens its per-seed table (GET /api/evaluations/<id>), each
 * seed with a link to watch it in the replay viewer. docs/benchmark.md says how the figures are made.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';

interface Row {
  id: string | null;
  kind: 'evaluation' | 'builtin';
  label: string;
  owner: string | null;
  suite: string;
  runs: number;
  failed?: number;
  mean: number;
  ci95: [number, number] | null;
  normalised: number | null;
  meanWithFailed: number | null;
  tokensPerRun: number | null;
  createdAt: string | null;
  meta?: { model?: string; note?: string };
}

interface Board {
  rows: Row[];
  human: { median: number; players: number; note: string } | null;
  note: string;
  rulesVersion: string;
}

interface SeedRow {
  seed: number | string;
  score: number;
  steps: number;
  failed: boolean;
  tokens: number | null;
  replayUrl: string | null;
}

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; board: Board };

const SUITES = [
  { name: '', title: 'All suites' },
  { name: 'test', title: 'test' },
  { name: 'dev', title: 'dev' },
  { name: 'held-out', title: 'held-out' },
];

const fig = (x: number | null | undefined, digits = 1) =>
  x === null || x === undefined ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: digits });

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  const body = (await r.json()) as T & { ok?: boolean; message?: string; error?: string };
  if (!r.ok)
    throw new Error(
      body.error === 'store_unavailable' ? 'this server keeps no runs' : (body.message ?? `HTTP ${r.status}`),
    );
  return body;
}

function Seeds({ id, label }: { id: string; label: string }) {
  const [rows, setRows] = useState<SeedRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ runs: SeedRow[] }>(`/api/evaluations/${encodeURIComponent(id)}`).then(
      (e) => setRows(e.runs),
      (err: unknown) => setError((err as Error).message),
    );
  }, [id]);
  if (error)
    return (
      <p class="panel error" role="alert">
        The runs could not be loaded: {error}
      </p>
    );
  if (!rows) return <p class="muted">Loading the runs…</p>;
  return (
    <table data-testid="seed-table" aria-label={`Runs of ${label}`}>
      <thead>
        <tr>
          <th scope="col">Seed</th>
          <th scope="col" class="num">
            Score
          </th>
          <th scope="col" class="num">
            Steps
          </th>
          <th scope="col">Failed</th>
          <th scope="col" class="num">
            Tokens
          </th>
          <th scope="col">
            <span class="sr-only">Watch</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>{String(r.seed)}</td>
            <td class="num">{fig(r.score, 2)}</td>
            <td class="num">{r.steps}</td>
            <td>{r.failed ? 'yes' : 'no'}</td>
            <td class="num">{fig(r.tokens, 0)}</td>
            <td>
              {r.replayUrl ? (
                <a href={r.replayUrl} aria-label={`Watch seed ${String(r.seed)}`}>
                  Watch
                </a>
              ) : (
                '–'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The benchmark board of a game on a suite ('' for all), loaded from the server. */
function useBenchmarkBoard(game: AnyGame, suite: string): State {
  const slug = game.spec.slug;
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    document.title = `${game.spec.name} benchmarks · Gameboard`;
    let live = true;
    getJson<Board>(`/api/games/${slug}/benchmarks${suite ? `?suite=${suite}` : ''}`).then(
      (board) => live && setState({ kind: 'ok', board }),
      (err: unknown) =>
        live &&
        setState({ kind: 'error', message: `The benchmark board could not be loaded: ${(err as Error).message}` }),
    );
    return () => {
      live = false;
    };
  }, [slug, suite]);
  return state;
}

export function BenchmarksPage({ game }: { game: AnyGame }) {
  const slug = game.spec.slug;
  const asked = new URLSearchParams(location.search).get('suite') ?? '';
  const suite = SUITES.some((s) => s.name === asked) ? asked : '';
  const state = useBenchmarkBoard(game, suite);

  return (
    <main id="main" class="leaderboard benchmarks">
      <div class="play-head">
        <h1>{game.spec.name} benchmarks</h1>
        <span class="spacer" />
        <a class="btn ghost" href={`/leaderboard/${slug}`}>
          Leaderboard
        </a>
        <a class="btn ghost" href={`/rules/${slug}`}>
          Rules
        </a>
      </div>
      <nav class="row board-tabs" aria-label="Suites">
        {SUITES.map((s) => (
          <a
            class={s.name === suite ? 'btn primary' : 'btn ghost'}
            aria-current={s.name === suite ? 'page' : undefined}
            href={`/benchmarks/${slug}${s.name ? `?suite=${s.name}` : ''}`}
          >
            {s.title}
          </a>
        ))}
      </nav>
      {state.kind === 'loading' && <p class="muted">Loading…</p>}
      {state.kind === 'error' && (
        <p class="panel error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ok' && (
        <>
          <p class="lead" data-testid="benchmarks-note">
            Rules {state.board.rulesVersion}. {state.board.note}
          </p>
          <p data-testid="human-baseline">
            {state.board.human
              ? `Human baseline: ${fig(state.board.human.median)}, the median of ${state.board.human.players} human ranked player${state.board.human.players === 1 ? '' : 's'} (each the mean of their last ranked attempts, held-out seeds).`
              : 'Human baseline: none yet (no human has enough ranked attempts of this game).'}
          </p>
          <Evaluations rows={state.board.rows} />
        </>
      )}
    </main>
  );
}

/** The evaluations and built-in agents, one row each; a row's Seeds button opens its per-seed table under it. */
function Evaluations({ rows }: { rows: Row[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section class="panel board-table" aria-label="Evaluations" data-testid="benchmarks">
      <h2>Evaluations</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Owner</th>
            <th scope="col">Suite</th>
            <th scope="col" class="num">
              Runs
            </th>
            <th scope="col" class="num">
              Mean ± 95 %
            </th>
            <th scope="col" class="num" title="0 = random, 100 = heuristic, on the same suite">
              Normalised
            </th>
            <th scope="col" class="num" title="A failed run counted as 0">
              Failed as 0
            </th>
            <th scope="col" class="num">
              Tokens / run
            </th>
            <th scope="col">Date</th>
            <th scope="col">
              <span class="sr-only">Runs by seed</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <>
              <EvaluationRow r={r} open={open === r.id} onToggle={() => setOpen(open === r.id ? null : r.id)} />
              {r.id && open === r.id && (
                <tr>
                  <td colSpan={10}>
                    <Seeds id={r.id} label={r.label} />
                  </td>
                </tr>
              )}
            </>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function EvaluationRow({ r, open, onToggle }: { r: Row; open: boolean; onToggle: () => void }) {
  return (
    <tr data-evaluation={r.id ?? undefined} class={r.kind === 'builtin' ? 'muted' : undefined}>
      <td class="player">{r.label}</td>
      <td>{r.owner ?? 'built-in'}</td>
      <td>{r.suite}</td>
      <td class="num">
        {r.runs}
        {r.failed ? ` (${r.failed} failed)` : ''}
      </td>
      <td class="num">
        {fig(r.mean)}
        {r.ci95 ? ` ± ${fig((r.ci95[1] - r.ci95[0]) / 2)}` : ''}
      </td>
      <td class="num">{fig(r.normalised)}</td>
      <td class="num">{fig(r.meanWithFailed)}</td>
      <td class="num">{fig(r.tokensPerRun, 0)}</td>
      <td>{r.createdAt ? r.createdAt.slice(0, 10) : '–'}</td>
      <td>
        {r.id && (
          <button type="button" class="btn small" aria-expanded={open} onClick={onToggle}>
            Seeds<span class="sr-only"> of {r.label}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
