/**
 * Evaluations: whole result files of a published suite (or held-out ranked sessions), kept for the
 * benchmark boards. The server stores one when it is submitted (status `replaying`), replays every run
 * off the request path, and then either publishes it (its figures computed from the replayed scores) or
 * refuses it, naming the first seed that does not replay to its recorded score. The table and its SQL
 * are the same in both stores (schema version 7).
 */
import type { GameAction } from '../core/game.js';
import type { Seed } from '../core/seed.js';
import type { Audit, Player } from './store.js';

/** Schema version 7, the same SQL in SQLite and PostgreSQL. */
export const EVALUATIONS_MIGRATION = `
  CREATE TABLE evaluations (
    id            TEXT             PRIMARY KEY,
    game          TEXT             NOT NULL,
    rules_version TEXT             NOT NULL,
    suite         TEXT             NOT NULL,
    label         TEXT             NOT NULL,
    player_name   TEXT             NOT NULL,
    player_kind   TEXT             NOT NULL,
    status        TEXT             NOT NULL,
    total         INTEGER          NOT NULL,
    replayed      INTEGER          NOT NULL,
    mean          DOUBLE PRECISION,
    error         TEXT,
    meta          TEXT             NOT NULL,
    figures       TEXT,
    runs          TEXT             NOT NULL,
    key_id        TEXT,
    request_id    TEXT,
    created_at    TEXT             NOT NULL,
    published_at  TEXT
  );
  CREATE INDEX evaluations_board ON evaluations (game, status, mean DESC);`;

/** Where an evaluation's seeds come from: a published suite, or ranked sessions the server drew (held out). */
export type EvaluationSuite = 'dev' | 'test' | 'held-out';

/** `replaying` until every run is replayed; then `published` on the board, or `refused` with a reason. */
type EvaluationStatus = 'replaying' | 'published' | 'refused';

/** What the submitter says about the agent, shown beside its row (nothing here is checked). */
interface EvaluationMeta {
  model?: string;
  provider?: string;
  replyFormat?: string;
  temperature?: number;
  harnessVersion?: string;
  note?: string;
}

/** How the runs were made, from the result file's header (kept as it came, for readers to compare). */
type EvaluationHeader = Record<string, unknown>;

/** One run of an evaluation, as stored. */
export interface EvaluationRun {
  seed: Seed;
  score: number;
  steps: number;
  /** The game's outcome, or `{kind: "error", reason, message}` for a run the agent failed. */
  outcome: { kind: string; reason: string; message?: string } | null;
  progress: number | null;
  failed: boolean;
  /** Prompt plus completion tokens, when the agent reported them. */
  tokens: number | null;
  /** The actions (to replay); null for a held-out run, whose actions the ranked session holds. */
  actions: GameAction[] | null;
  /** A held-out run: the ranked session that played it (its run id on the ranked board). */
  session?: string;
}

/** The board's figures of a published evaluation (scores are the replayed ones). */
export interface EvaluationFigures {
  runs: number;
  completed: number;
  failed: number;
  /** Mean over the completed runs (as the harness's summary computes it). */
  mean: number;
  /** A 95 % interval for that mean (Student's t). */
  ci95: [number, number];
  /** Mean over every run, a failed run counting 0. */
  meanWithFailed: number;
  /** Mean tokens per run over the runs that reported them; null when none did. */
  tokensPerRun: number | null;
  /** 0 = the built-in random agent, 100 = the heuristic, on the same suite; null without reference figures. */
  normalised: number | null;
}

/** An evaluation as stored. */
export interface EvaluationRecord {
  id: string;
  game: string;
  rulesVersion: string;
  suite: EvaluationSuite;
  label: string;
  player: Player;
  meta: EvaluationMeta;
  header: EvaluationHeader;
  status: EvaluationStatus;
  /** Runs to replay, and replayed so far. */
  total: number;
  replayed: number;
  /** Why it was refused, else null. */
  error: string | null;
  figures: EvaluationFigures | null;
  createdAt: string;
  publishedAt: string | null;
  /** Read only when asked for (`getEvaluation(id, true)`); the board's rows leave them out. */
  runs?: EvaluationRun[];
  audit?: Audit;
}

/** How an evaluation's replay ended. */
export type EvaluationEnd =
  { status: 'published'; figures: EvaluationFigures; publishedAt: string } | { status: 'refused'; error: string };

/** A row of the evaluations table, as both drivers read it. */
export interface EvaluationRow {
  id: string;
  game: string;
  rules_version: string;
  suite: string;
  label: string;
  player_name: string;
  player_kind: string;
  status: string;
  total: number | string;
  replayed: number | string;
  mean: number | null;
  error: string | null;
  meta: string;
  figures: string | null;
  runs?: string;
  key_id: string | null;
  request_id: string | null;
  created_at: string;
  published_at: string | null;
}

/** The columns a board row reads (every one but the runs). */
export const EVALUATION_COLUMNS =
  'id, game, rules_version, suite, label, player_name, player_kind, status, total, replayed, mean, error, meta, figures, key_id, request_id, created_at, published_at';

/** The record of a row. */
export function evaluationOf(r: EvaluationRow): EvaluationRecord {
  const stored = JSON.parse(r.meta) as { meta: EvaluationMeta; header: EvaluationHeader };
  return {
    id: r.id,
    game: r.game,
    rulesVersion: r.rules_version,
    suite: r.suite as EvaluationSuite,
    label: r.label,
    player: { name: r.player_name, kind: r.player_kind as Player['kind'] },
    meta: stored.meta,
    header: stored.header,
    status: r.status as EvaluationStatus,
    total: Number(r.total),
    replayed: Number(r.replayed),
    error: r.error,
    figures: r.figures === null ? null : (JSON.parse(r.figures) as EvaluationFigures),
    createdAt: r.created_at,
    publishedAt: r.published_at,
    ...(r.runs === undefined ? {} : { runs: JSON.parse(r.runs) as EvaluationRun[] }),
    audit: { keyId: r.key_id, requestId: r.request_id },
  };
}

/** The row's values of a new record, by column name. */
export function evaluationColumns(e: EvaluationRecord): EvaluationRow {
  return {
    id: e.id,
    game: e.game,
    rules_version: e.rulesVersion,
    suite: e.suite,
    label: e.label,
    player_name: e.player.name,
    player_kind: e.player.kind,
    status: e.status,
    total: e.total,
    replayed: e.replayed,
    mean: e.figures?.mean ?? null,
    error: e.error,
    meta: JSON.stringify({ meta: e.meta, header: e.header }),
    figures: e.figures === null ? null : JSON.stringify(e.figures),
    runs: JSON.stringify(e.runs ?? []),
    key_id: e.audit?.keyId ?? null,
    request_id: e.audit?.requestId ?? null,
    created_at: e.createdAt,
    published_at: e.publishedAt,
  };
}

/** The order of the columns in an INSERT, and the statement with a placeholder per column. */
export const EVALUATION_INSERT_COLUMNS = [
  'id',
  'game',
  'rules_version',
  'suite',
  'label',
  'player_name',
  'player_kind',
  'status',
  'total',
  'replayed',
  'mean',
  'error',
  'meta',
  'figures',
  'runs',
  'key_id',
  'request_id',
  'created_at',
  'published_at',
] as const;

export const EVALUATION_INSERT = (param: (name: string, i: number) => string) =>
  `INSERT INTO evaluations (${EVALUATION_INSERT_COLUMNS.join(', ')}) VALUES (${EVALUATION_INSERT_COLUMNS.map(param).join(', ')})`;
