/**
 * The TypeScript client of the Gameboard HTTP API: list the games, start a typed session, play it,
 * fork it, submit it. Fetch-based, so it runs in Node 18+ and in browsers.
 */
import type { GameSpec } from '../core/game.js';
import { GameboardError } from './errors.js';
import { requestJson, submitAs, type RetryOptions, type Transport } from './http.js';
import { GameSession } from './session.js';
import type { ActionOf, Answer, GameEntry, ObservationOf, Player, SubmitResult } from './types.js';

/** Options of `new GameboardClient`. */
export interface ClientOptions extends RetryOptions {
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /**
   * Keys of player names already claimed (name → key), sent with submissions under those names. A name
   * used for the first time is claimed and its key kept (`playerKey(name)`): save it to submit under
   * that name from another process.
   */
  playerKeys?: Record<string, string>;
}

/** A client for one Gameboard server. */
export class GameboardClient {
  private readonly transport: Transport;

  /** `baseUrl` is the server's root, e.g. `http://127.0.0.1:3000`. */
  constructor(baseUrl: string, options: ClientOptions = {}) {
    const keys = Object.entries(options.playerKeys ?? {}).map(([name, key]) => [name.toLowerCase(), key] as const);
    this.transport = {
      ...options,
      baseUrl,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      playerKeys: new Map(keys),
      rateLimited: 0,
    };
  }

  /** How many requests the server rate-limited (429) and this client sent again after waiting. */
  get rateLimited(): number {
    return this.transport.rateLimited;
  }

  /** The key of a player name this client holds (given in the options or answered by a claim). */
  playerKey(name: string): string | undefined {
    return this.transport.playerKeys.get(name.toLowerCase());
  }

  /** The games this server offers. */
  async games(): Promise<GameEntry[]> {
    const answer = (await requestJson(this.transport, 'GET', 'api/games')) as { games: GameEntry[] };
    return answer.games;
  }

  /** A game's entry and full spec (rules, grammar, seed suites). */
  async spec(slug: string): Promise<GameSpec> {
    const answer = (await requestJson(this.transport, 'GET', `api/games/${encodeURIComponent(slug)}`)) as {
      spec: GameSpec;
    };
    return answer.spec;
  }

  /** Starts a run of `slug`; without a seed the server picks one (`session.seed`). */
  async start<S extends string>(
    slug: S,
    opts: { seed?: number | string } = {},
  ): Promise<GameSession<ActionOf<S>, ObservationOf<S>>> {
    const query = opts.seed === undefined ? '' : `?seed=${encodeURIComponent(String(opts.seed))}`;
    const answer = (await requestJson(
      this.transport,
      'GET',
      `api/games/${encodeURIComponent(slug)}/init${query}`,
    )) as Answer;
    if (!answer.spec || answer.seed === undefined) {
      throw new GameboardError('bad_answer', `The server's ${slug} init answer holds no spec or seed.`);
    }
    return new GameSession(this.transport, slug, answer.seed, answer.spec.rulesVersion, answer.spec.carry, answer);
  }

  /** Submits any run (for instance one played in-process) to the open leaderboard. */
  async submitRun(
    run: { game: string; rulesVersion: string; seed: number | string; actions: unknown[] },
    player: string | Player,
  ): Promise<SubmitResult> {
    const who = typeof player === 'string' ? { name: player, kind: 'agent' as const } : player;
    return (await submitAs(this.transport, run, who)) as SubmitResult;
  }
}
