/**
 * The evaluations of the SQLite store (evaluations.ts has the table): stored with their runs in one
 * IMMEDIATE transaction that also checks (and if free claims) the owner's name, then updated as the
 * server replays them.
 */
import type Database from 'better-sqlite3';
import {
  EVALUATION_COLUMNS,
  EVALUATION_INSERT,
  evaluationColumns,
  evaluationOf,
  type EvaluationEnd,
  type EvaluationRecord,
  type EvaluationRow,
} from './evaluations.js';
import type { NameUse } from './store.js';

export class EvaluationTables {
  private readonly stmts;

  constructor(
    private readonly db: Database.Database,
    private readonly useName: (name: string, use: NameUse) => boolean,
  ) {
    this.stmts = {
      insert: db.prepare(EVALUATION_INSERT((name) => '@' + name)),
      progress: db.prepare<[number, string]>(
        "UPDATE evaluations SET replayed = ? WHERE id = ? AND status = 'replaying'",
      ),
      publish: db.prepare<[number, string, string, number, string]>(
        "UPDATE evaluations SET status = 'published', mean = ?, figures = ?, published_at = ?, replayed = ? WHERE id = ? AND status = 'replaying'",
      ),
      refuse: db.prepare<[string, string]>(
        "UPDATE evaluations SET status = 'refused', error = ? WHERE id = ? AND status = 'replaying'",
      ),
      full: db.prepare<[string], EvaluationRow>('SELECT * FROM evaluations WHERE id = ?'),
      bare: db.prepare<[string], EvaluationRow>(`SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE id = ?`),
      board: db.prepare<[string], EvaluationRow>(
        `SELECT ${EVALUATION_COLUMNS} FROM evaluations WHERE game = ? AND status = 'published'
         ORDER BY mean DESC, created_at ASC, id ASC`,
      ),
    };
  }

  create(e: EvaluationRecord, use: NameUse): { claimed: boolean } {
    return this.db
      .transaction(() => {
        const claimed = this.useName(e.player.name, use);
        this.stmts.insert.run(evaluationColumns(e));
        return { claimed };
      })
      .immediate();
  }

  progress(id: string, replayed: number): void {
    this.stmts.progress.run(replayed, id);
  }

  end(id: string, end: EvaluationEnd): void {
    if (end.status === 'published')
      this.stmts.publish.run(end.figures.mean, JSON.stringify(end.figures), end.publishedAt, end.figures.runs, id);
    else this.stmts.refuse.run(end.error, id);
  }

  get(id: string, withRuns: boolean): EvaluationRecord | null {
    const r = (withRuns ? this.stmts.full : this.stmts.bare).get(id);
    return r ? evaluationOf(r) : null;
  }

  board(game: string): EvaluationRecord[] {
    return this.stmts.board.all(game).map(evaluationOf);
  }
}
