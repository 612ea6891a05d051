/**
 * The kept-best board statements both stores run (schema.ts's store migration made `board_best`):
 * the same SQL text, with each store's parameter markers (`?`/`@name` in SQLite, `$n` in PostgreSQL).
 */
/**
 * Keeps `board_best` (the same statement in both stores): a finished run replaces the player's entry
 * only when it ranks above it (higher score, then fewer steps, then earlier). `player_key` is the
 * name's fold (names.ts `foldName`), which the page's attempt counts compare with `sessions.player_key`.
 */
export const BEST_UPSERT = (p: (name: string) => string) => `
  INSERT INTO board_best (game, rules_version, board, challenge, player_kind, player_name, player_key, seq, score, steps)
  VALUES (${['game', 'rules_version', 'board', 'challenge', 'player_kind', 'player_name', 'player_key', 'seq', 'score', 'steps'].map(p).join(', ')})
  ON CONFLICT (game, rules_version, board, challenge, player_kind, player_name) DO UPDATE
    SET seq = excluded.seq, score = excluded.score, steps = excluded.steps
    WHERE excluded.score > board_best.score
       OR (excluded.score = board_best.score AND (excluded.steps < board_best.steps
       OR (excluded.steps = board_best.steps AND excluded.seq < board_best.seq)))`;

/**
 * A page of one board, best first, off `board_best_order`; with each entry's attempts (the sessions
 * its player started on that game, rules and challenge). Parameters: game, rules, board, kind,
 * challenge, limit (the same in both stores, `?` or `$n`).
 */
export const BOARD_PAGE = (p: (i: number) => string) => `
  SELECT r.id, r.player_name, r.player_kind, r.score, r.steps, r.spent, r.seed, r.wide_seed, r.progress, r.outcome_kind,
    r.outcome_reason, r.created_at,
    (SELECT COUNT(*) FROM sessions s
     WHERE s.player_key = b.player_key AND s.game = b.game AND s.rules_version = b.rules_version
       AND COALESCE(s.challenge, '') = b.challenge) AS attempts
  FROM board_best b JOIN runs r ON r.seq = b.seq
  WHERE b.game = ${p(1)} AND b.rules_version = ${p(2)} AND b.board = ${p(3)} AND b.player_kind = ${p(4)}
    AND b.challenge = ${p(5)}
  ORDER BY b.score DESC, b.steps ASC, b.seq ASC
  LIMIT ${p(6)}`;

/**
 * The place a run would take: 1 + the other players whose kept best ranks above it (an index range
 * of `board_best_order`, never a scan of the runs). Named parameters.
 */
export const RANK_OF = (p: (name: string) => string) => `
  SELECT COUNT(*) AS n FROM board_best
  WHERE game = ${p('game')} AND rules_version = ${p('rv')} AND board = ${p('board')} AND challenge = ${p('challenge')}
    AND player_kind = ${p('kind')} AND player_name <> ${p('name')}
    AND (score > ${p('score')} OR (score = ${p('score')} AND (steps < ${p('steps')} OR (steps = ${p('steps')} AND seq < ${p('seq')}))))`;

/**
 * The ranked board's standings read (both stores): each player's finished ranked attempts (not daily),
 * the `recent` newest of them and their best one, with the count of finished attempts and of sessions
 * started. Parameters: game, rules, kind, recent.
 */
export const RANKED_ATTEMPTS = (p: (i: number) => string) => `
  SELECT * FROM (
    SELECT r.id, r.player_name, r.player_kind, r.score, r.steps, r.spent, r.seed, r.wide_seed, r.progress, r.outcome_kind,
      r.outcome_reason, r.created_at, r.seq,
      ROW_NUMBER() OVER (PARTITION BY r.player_name ORDER BY r.seq DESC) AS recent,
      ROW_NUMBER() OVER (PARTITION BY r.player_name ORDER BY r.score DESC, r.steps ASC, r.seq ASC) AS place,
      COUNT(*) OVER (PARTITION BY r.player_name) AS finished
    FROM runs r
    WHERE r.game = ${p(1)} AND r.rules_version = ${p(2)} AND r.board = 'ranked' AND r.challenge IS NULL
      AND r.player_kind = ${p(3)} AND r.outcome_kind IS NOT NULL
  ) t WHERE recent <= ${p(4)} OR place = 1
  ORDER BY player_name, seq DESC`;

/** Sessions started per player (folded name) on a game's ranked board, finished or not. Parameters: game, rules. */
export const RANKED_STARTS = (p: (i: number) => string) => `
  SELECT player_key, COUNT(*) AS n FROM sessions
  WHERE game = ${p(1)} AND rules_version = ${p(2)} AND challenge IS NULL
  GROUP BY player_key`;
