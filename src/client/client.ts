/**
 * The TypeScript client of the Gameboard HTTP API: list the games, start a typed session, play it,
 * fork it, submit it. Fetch-based, so it runs in Node 18+ and in browsers.
 */
import type { GameAction, GameSpec } from '../core/game.js';
import { GameboardError } from './errors.js';
import {
  drawPlayerKey,
  memoryKeyStore,
  requestJson,
  submitAs,
  type PlayerKeyStore,
  type RetryOptions,
  type Transport,
} from './http.js';
import {
  leaderboardAnswer,
  liveActionAnswer,
  resumeAnswer,
  rotateKeyAnswer,
  sessionStatusAnswer,
  startRankedAnswer,
  storedRunAnswer,
} from './calls.js';
import { GameSession, LiveSession } from './session.js';
import type {
  ActionOf,
  Answer,
  BatchItem,
  BatchResult,
  BoardName,
  GameEntry,
  Leaderboard,
  LiveAnswer,
  ObservationOf,
  Player,
  SessionStatus,
  StoredRun,
  SubmitResult,
  TensorAnswer,
  TensorRequest,
} from './types.js';

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
  /**
   * Where to keep player keys instead (by lower-cased name), e.g. one backed by the key file so that
   * claimed names survive the process; `playerKeys` are added to it.
   */
  keyStore?: PlayerKeyStore;
}

/**
 * An answer's tensor in any form as typed arrays: planes (uint8, C x H x W in spec.tensorSpec's
 * order) and features (float32; base64 carries them little-endian). The bits form needs the game's
 * `tensorSpec` (its plane count is not a whole number of bytes).
 */
export function decodeTensor(
  tensor: TensorAnswer,
  tensorSpec?: { planes: { shape: readonly number[] } },
): { planes: Uint8Array; features: Float32Array } {
  if (!('format' in tensor))
    return { planes: Uint8Array.from(tensor.planes), features: Float32Array.from(tensor.features) };
  const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const raw = bytes(tensor.features);
  const view = new DataView(raw.buffer);
  const features = new Float32Array(raw.length / 4);
  for (let i = 0; i < features.length; i++) features[i] = view.getFloat32(i * 4, true);
  if (tensor.format !== 'bits') return { planes: bytes(tensor.planes), features };
  if (!tensorSpec) throw new Error("decodeTensor: the bits form needs the game's tensorSpec (spec.tensorSpec).");
  const packed = bytes(tensor.planes);
  const planes = new Uint8Array(tensorSpec.planes.shape.reduce((n, d) => n * d, 1));
  for (let i = 0; i < planes.length; i++) planes[i] = (packed[i >> 3] >> (7 - (i & 7))) & 1;
  return { planes, features };
}

/** A player given as a name (an agent) or in full. */
const asPlayer = (p: string | Player): Player => (typeof p === 'string' ? { name: p, kind: 'agent' } : p);

/** A client for one Gameboard server. */
export class GameboardClient {
  private readonly transport: Transport;

  /** `baseUrl` is the server's root, e.g. `http://127.0.0.1:3000`. */
  constructor(baseUrl: string, options: ClientOptions = {}) {
    const keys = options.keyStore ?? memoryKeyStore();
    for (const [name, key] of Object.entries(options.playerKeys ?? {})) keys.set(name, key);
    this.transport = {
      ...options,
      baseUrl,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      playerKeys: keys,
      rateLimited: 0,
    };
  }

  /** How many requests the server rate-limited (429) and this client sent again after waiting. */
  get rateLimited(): number {
    return this.transport.rateLimited;
  }

  /** The key of a player name this client holds (given in the options or answered by a claim). */
  playerKey(name: string): string | undefined {
    return this.transport.playerKeys.get(name);
  }

  /** Keeps `key` as the key of player name `name` (sent with its later starts and submissions). */
  setPlayerKey(name: string, key: string): void {
    this.transport.playerKeys.set(name, key);
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

  /**
   * POST /api/games/<slug>/batch: up to 256 items, each `{seed}` (an init) or an /action body, answered
   * in order. `tensor` asks every item for the tensor fields (`true` or `'json'`: arrays; `'base64'`:
   * bytes, read with `decodeTensor`; `'bits'`, games whose planes are 0 or 1: the planes one bit a cell,
   * read with `decodeTensor(tensor, spec.tensorSpec)`); `fields` trims every result to those fields (plus ok, error,
   * reason and message). A bad item answers its own error and the others go on.
   */
  async batch(
    slug: string,
    items: BatchItem[],
    opts: { tensor?: TensorRequest; fields?: string[] } = {},
  ): Promise<BatchResult[]> {
    const body: Record<string, unknown> = { items };
    if (opts.tensor === true) body.tensor = true;
    else if (opts.tensor) body.tensorFormat = opts.tensor;
    if (opts.fields) body.fields = opts.fields;
    const answer = (await requestJson(this.transport, 'POST', `api/games/${encodeURIComponent(slug)}/batch`, body)) as {
      results: BatchResult[];
    };
    return answer.results;
  }

  /** Submits any run (for instance one played in-process) to the open leaderboard. */
  async submitRun(
    run: { game: string; rulesVersion: string; seed: number | string; actions: unknown[] },
    player: string | Player,
  ): Promise<SubmitResult> {
    return (await submitAs(this.transport, run, asPlayer(player))) as SubmitResult;
  }

  /**
   * Starts a live ranked session of `slug` (or, with `challenge: 'daily'`, today's daily challenge):
   * the server draws the seed, records every action and meters the ranked budget. `player` is a name
   * (an agent) or a full player; its key is sent when this client holds one (or `key` gives it), and
   * the key the server answers when the name is claimed now is kept.
   */
  async startRanked<S extends string>(
    slug: S,
    player: string | Player,
    opts: { challenge?: 'daily'; key?: string } = {},
  ): Promise<LiveSession<ActionOf<S>, ObservationOf<S>>> {
    const who = asPlayer(player);
    if (opts.key !== undefined) this.transport.playerKeys.set(who.name, opts.key);
    const answer = await startRankedAnswer(
      this.transport,
      slug,
      who,
      opts.challenge ? { challenge: opts.challenge } : {},
    );
    return new LiveSession(this.transport, slug, answer);
  }

  /** Takes up live session `id` again from any of its state tokens, at its latest position. */
  async resume(id: string, stateToken: string): Promise<LiveSession> {
    const answer = await resumeAnswer(this.transport, id, stateToken);
    return new LiveSession(this.transport, String(answer.game ?? ''), answer);
  }

  /**
   * One action of live session `id` from the state token of an answer, without a `LiveSession` (for
   * callers that keep the answers themselves): a refusal is answered, not thrown.
   */
  async liveAction(id: string, stateToken: string, action: GameAction): Promise<LiveAnswer> {
    return liveActionAnswer(this.transport, id, stateToken, action);
  }

  /** Where live session `id` stands (its seed once it has ended and is public). */
  async sessionStatus(id: string): Promise<SessionStatus> {
    return sessionStatusAnswer(this.transport, id);
  }

  /** A game's board: each player's best finished run, humans and agents apart. */
  async leaderboard(
    slug: string,
    opts: { board?: BoardName; kind?: Player['kind']; date?: string; limit?: number } = {},
  ): Promise<Leaderboard> {
    return leaderboardAnswer(this.transport, slug, opts);
  }

  /** A stored run (a submission or a finished live session), ready for replay. */
  async storedRun(id: string): Promise<StoredRun> {
    return storedRunAnswer(this.transport, id);
  }

  /**
   * Replaces the key of player name `name` (POST /api/players/{name}/key) with `newKey` (drawn here by
   * default), sending the key this client holds for it, and keeps the new key: the old one stops
   * working at once. Should the answer be lost, call again with the same `newKey`: the server answers a
   * rotation already made again. Returns the new key.
   */
  async rotatePlayerKey(name: string, newKey: string = drawPlayerKey()): Promise<string> {
    return rotateKeyAnswer(this.transport, name, newKey);
  }
}
