/**
 * The evaluations of the PostgreSQL store: the same statements as sqlite-evaluations.ts, the owner's
 * name checked (and if free claimed) in the insert's transaction.
 */
import type { Pool } from 'pg';
import {
  EVALUATION_COLUMNS,
  EVALUATION_INSERT,
  EVALUATION_INSERT_COLUMNS,
  evaluationColumns,
  evaluationOf,
  type EvaluationEnd,
  type EvaluationRecord,
  type EvaluationRow,
} from './evaluations.js';
import { inTransaction, useName } from './postgres-ranked.js';
import type { NameUse } from './store.js';

const INSERT = EVALUATION_INSERT((_name, i) => `$${i + 1}`);

export async function createEvaluation(pool: Pool, e: EvaluationRecord, use: NameUse): Promise<{ claimed: boolean }> {
  return inTransaction(pool, async (tx) => {
    const claimed = await useName(tx, e.player.name, use);
    const row = evaluationColumns(e);
    await tx.query(
      INSERT,
      EVALUATION_INSERT_COLUMNS.map((c) => row[c]),
    );
    return { claimed };
  });
}

export async function evaluationProgress(pool: Pool, id: string, replayed: number): Promise<void> {
  await pool.query("UPDATE evaluations SET replayed = $1 WHERE id = $2 AND status = 'replaying'", [replayed, id]);
}

export async function endEvaluation(pool: Pool, id: string, end: EvaluationEnd): Promise<void> {
  if (end.status === 'published')
    await pool.query(
      "UPDATE evaluations SET status = 'published', mean = $1, figures = $2, published_at = $3, replayed = $4 WHERE id = $5 AND status = 'replaying'",
      [end.figures.mean, JSON.stringify(end.figures), end.publishedAt, end.figures.runs, id],
    );
  else
    await pool.query("UPDATE evaluations SET status = 'refused', error = $1 WHERE id = $2 AND status = 'replaying'", [
      end.error,
      id,
    ]);
}

export async function getEvaluation(pool: Pool, id: string, withRuns: boolean): Promise<EvaluationRecord | null> {
  const r = await pool.query<EvaluationRow>(
    `SELECT ${withRuns ? '*' : EVALUATION_COLUMNS} FROM evaluations WHERE id = $1`,
    [id],
  );
  return r.rows[0] ? evaluationOf(r.rows[0]) : null;
}

export async function evaluationBoard(pool: Pool, game: string): Promise<EvaluationRecord[]> {
  const r = await pool.query<EvaluationRow>(
    `SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE game = $1 AND status = 'published'
     ORDER BY mean DESC, created_at ASC, id ASC`,
    [game],
  );
  return r.rows.map(evaluationOf);
}
