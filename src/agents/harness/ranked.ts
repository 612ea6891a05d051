/**
 * `gameboard eval --ranked N --server URL --name NAME`: held-out seeds. Plays N ranked live sessions on
 * the server (it draws each secret 128-bit seed and witnesses every step, at the ranked budget) with
 * any agent, `--concurrency` sessions at a time (at most the server's cap of live sessions per name,
 * 8). The result file records the runs as the `held-out` suite, each with its session and its seed as
 * revealed once it ended; `--resume FILE.jsonl` plays only the sessions still missing. Such a file goes
 * on the benchmark board as held-out (`--submit-evaluation`, or `gameboard submit`): the server checks
 * each session against its own record, so nothing is replayed.
 */
import { createHash } from 'node:crypto';
import type { GameAction, Observation, Outcome } from '../../core/game.js';
import type { AgentFactory, AgentView } from '../types.js';
import type { RunResult } from './stats.js';

/** One held-out run: a RunResult whose seed is the session's revealed wide seed. */
export type RankedRun = RunResult & { session: string };

export interface RankedOptions {
  server: string;
  game: string;
  factory: AgentFactory;
  /** Sessions to play now. */
  count: number;
  concurrency: number;
  name: string;
  /** The name's key; null to let the first start claim it (its key is answered to `onKey`). */
  playerKey: string | null;
  onKey?: (key: string) => void;
  onRun?: (run: RankedRun) => void;
  signal?: AbortSignal;
}

/** A refusal or failure of the server, with its code. */
export class RankedError extends Error {}

type Answer = Record<string, unknown> & {
  ok?: boolean;
  error?: string;
  message?: string;
  stateToken?: string;
  legalActions?: GameAction[];
  observation?: Observation;
  score?: number;
  outcome?: Outcome | null;
  session?: { id: string; step: number; finished: boolean; seed?: string };
  playerKey?: string;
};

async function send(url: string, body: unknown, key: string | null): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'x-player-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json().catch(() => ({}))) as Answer;
    // Rate-limited: wait as told, then send the same request again (a live action is a safe retry).
    if (res.status === 429 && attempt < 20) {
      const wait = Number(res.headers.get('retry-after') ?? '1');
      await new Promise((ok) => setTimeout(ok, Math.min(60, Math.max(1, wait)) * 1000));
      continue;
    }
    if (!res.ok) throw new RankedError(`${answer.message ?? `HTTP ${res.status}`} (${answer.error ?? res.status})`);
    return answer;
  }
}

/** A number for the agent's context from the session id (an agent's own randomness; the seed is secret). */
const contextSeed = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0);

/** Plays one ranked session to its end. */
async function playOne(o: RankedOptions, key: string | null): Promise<{ run: RankedRun; key: string | null }> {
  const base = o.server.replace(/\/+$/, '');
  const started = performance.now();
  let a = await send(`${base}/api/games/${o.game}/sessions`, { player: { name: o.name, kind: 'agent' } }, key);
  if (a.playerKey) {
    key = a.playerKey;
    o.onKey?.(a.playerKey);
  }
  const id = a.session!.id;
  const agent = o.factory({ game: o.game, seed: contextSeed(id) });
  let steps = 0;
  let failure: { reason: string; message: string } | null = null;
  while (!a.session!.finished) {
    const view: AgentView = {
      game: o.game,
      observation: a.observation!,
      legalActions: a.legalActions!,
      score: a.score ?? 0,
      step: steps,
    };
    let action: GameAction;
    try {
      action = await agent.act(view);
    } catch (err) {
      failure = { reason: 'agent_error', message: (err as Error).message };
      break;
    }
    const next = await send(`${base}/api/sessions/${id}/action`, { stateToken: a.stateToken, action }, null);
    if (next.ok === false) {
      // Refused by the rules: the session does not move; it ends at its score when it expires.
      failure = { reason: 'refused_action', message: String(next.message) };
      break;
    }
    a = next;
    steps++;
  }
  // Ended: the server's record of the run, with its seed revealed.
  const stored = failure
    ? null
    : ((await send(`${base}/api/runs/${id}`, undefined, null)) as Answer & {
        run: { seed: string };
        score: number;
        progress: number | null;
      });
  const run: RankedRun = {
    seed: (stored?.run.seed ?? '') as unknown as number,
    session: id,
    score: stored?.score ?? a.score ?? 0,
    steps,
    ms: performance.now() - started,
    outcome: failure ? { kind: 'error', ...failure } : (stored?.outcome ?? { kind: 'ended', reason: 'unknown' }),
    progress: stored?.progress ?? null,
  };
  const stats = o.factory.runStats?.(contextSeed(id));
  if (stats !== undefined) run.agentStats = stats;
  return { run, key };
}

/**
 * Plays `count` ranked sessions, `concurrency` at a time (the first alone while the name's key is
 * unknown, so that it alone claims the name), reporting each run as it ends.
 */
export async function playRanked(o: RankedOptions): Promise<RankedRun[]> {
  const runs: RankedRun[] = [];
  let key = o.playerKey;
  let next = 0;
  const take = () => (o.signal?.aborted || next >= o.count ? false : (next++, true));
  const finish = (r: RankedRun) => {
    runs.push(r);
    o.onRun?.(r);
  };
  if (key === null && take()) {
    const first = await playOne(o, key);
    key = first.key;
    finish(first.run);
  }
  const worker = async () => {
    while (take()) finish((await playOne(o, key)).run);
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, worker));
  return runs;
}
