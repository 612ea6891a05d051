/**
 * Every ranked attempt counts (docs/ranked.md): a started ranked session is an attempt, finished or
 * not. A session left idle past the expiry time ends where it stands, at its score, and counts; a name
 * holds at most `liveCap` live ranked sessions of a game, and a start past the cap ends the name's
 * oldest open one at its score (it counts too). Starts are limited per name and per address. The
 * ranked board ranks each player by the mean of their last `recent` finished attempts, from
 * `minAttempts` attempts on (fewer: listed after, as provisional), with the attempt count, a 95 %
 * interval and the best attempt beside it.
 */
import { progressOf } from '../../core/budget.js';
import type { AnyGame, GameAction } from '../../core/game.js';
import { scoreStats } from '../../agents/harness/stats.js';
import type { LeaderboardEntry, RankedAttempts, RunStore, SessionRecord } from '../../store/store.js';

/** The rules of ranked attempts; `DEFAULT_ATTEMPT_RULES` is what docs/ranked.md documents. */
export interface AttemptRules {
  /** Live ranked sessions one name may hold on one game (enough for `eval --ranked --concurrency 8`). */
  liveCap: number;
  /** Attempts the board's mean is taken over: each player's newest finished ones. */
  recent: number;
  /** Finished attempts before a player is ranked (fewer: listed after the ranked players, provisional). */
  minAttempts: number;
  /** Ranked starts per name (folded) in `windowMs`, and per address. */
  startsPerName: number;
  startsPerAddress: number;
  windowMs: number;
}

export const DEFAULT_ATTEMPT_RULES: AttemptRules = {
  liveCap: 8,
  recent: 20,
  minAttempts: 5,
  startsPerName: 120,
  startsPerAddress: 240,
  windowMs: 3_600_000,
};

/** Why a session was ended where it stood. */
export type EndReason = 'expired' | 'superseded';

/**
 * Ends a live session at its score: its recorded actions replayed from its seed give the position,
 * and the run is stored with outcome `ended:<reason>`. False when it had moved or ended meanwhile, or
 * when its rules version is not the one `game` plays (it is then left to expire).
 */
export async function endAtScore(
  store: RunStore,
  game: AnyGame,
  session: SessionRecord,
  reason: EndReason,
  at: string,
): Promise<boolean> {
  if (session.rulesVersion !== game.spec.rulesVersion) return false;
  const actions = (await store.sessionActions(session.id)).slice(0, session.step);
  let state = game.init(session.seed);
  for (const a of actions) {
    const r = game.step(state, a as GameAction);
    if (!r.ok) return false;
    state = r.state;
  }
  return store.endSession(
    session.id,
    session.step,
    {
      score: game.score(state),
      gameOver: game.isGameOver(state),
      outcome: { kind: 'ended', reason },
      progress: progressOf(game, state)?.value ?? null,
    },
    at,
  );
}

/** Counts starts in a sliding window, per key (a name or an address), in this process. */
export class StartLimiter {
  private readonly starts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Null when `key` may start now; else the seconds until it may. Counts nothing. */
  wait(key: string, now: number): number | null {
    const kept = (this.starts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.starts.set(key, kept);
    return kept.length < this.max ? null : Math.max(1, Math.ceil((kept[0] + this.windowMs - now) / 1000));
  }

  /** Counts a start of `key` at `now`. */
  add(key: string, now: number): void {
    const kept = this.starts.get(key) ?? [];
    kept.push(now);
    this.starts.set(key, kept);
    if (this.starts.size > 100_000) this.starts.delete(this.starts.keys().next().value!);
  }
}

/** A ranked board line: the best attempt's fields, and the statistic the board ranks by. */
export type Standing = LeaderboardEntry & {
  mean: number;
  ci95: [number, number];
  /** Attempts the mean is over (the newest, at most `recent`). */
  counted: number;
  /** Finished attempts in all. */
  finished: number;
  /** Fewer than `minAttempts` finished attempts: listed after the ranked players. */
  provisional: boolean;
  best: { id: string; score: number };
};

/** The ranked board's lines, in order: ranked players by mean, then provisional ones by mean. */
export function standings(players: RankedAttempts[], rules: AttemptRules): Standing[] {
  const lines = players
    .filter((p) => p.best !== undefined && p.recent.length > 0)
    .map((p): Standing => {
      const st = scoreStats(p.recent);
      return {
        ...p.best,
        attempts: p.attempts,
        mean: st.mean,
        ci95: st.ci95,
        counted: p.recent.length,
        finished: p.finished,
        provisional: p.finished < rules.minAttempts,
        best: { id: p.best.id, score: p.best.score },
      };
    });
  return lines.sort(
    (a, b) =>
      Number(a.provisional) - Number(b.provisional) ||
      b.mean - a.mean ||
      b.score - a.score ||
      a.steps - b.steps ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
  );
}
