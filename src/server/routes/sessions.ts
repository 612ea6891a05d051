/**
 * Live sessions: ranked play the server witnesses. `POST /api/games/:slug/sessions` draws a secret
 * seed (or the day's challenge seed) and answers like `init`, without the seed; `POST
 * /api/sessions/:id/action` takes the carried token and one action, records the action in the store
 * before answering, and answers like `action`. The token is bound to its session and step:
 *
 * - a state from an earlier step is a fork, refused with 409 stale_state naming the current step;
 * - the same state with the action already recorded for its step is a retry, answered identically
 *   (the token of a step is deterministic, see `state/session-token.ts`);
 * - two requests racing for one step: the store's (session, step) key records exactly one; the other
 *   is answered as a retry if it sent the same action, refused as a fork if not.
 *
 * A session's seed is wide (128 random bits from node:crypto, or the day's pinned seed; see
 * docs/ranked.md): no table of free seeds' first observations can name it. A session ends on game
 * over, endRun, or its ranked budget (`truncated`); it is then stored on the ranked board and its seed
 * and actions become public (a daily challenge's, once the day is over).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { budgetOf, progressOf, Spending } from '../../core/budget.js';
import { answerInto, Session, standing } from '../../core/session.js';
import type { AnyGame, GameAction, GameEvent, Outcome } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import { canonicalJson } from '../../core/canonical.js';
import { StateError, type StateSealer } from '../state/seal.js';
import { DAILY_QUALIFYING_ACTIONS, foldName } from '../../store/names.js';
import type { DailyQualification, RunStore, SessionEnd, SessionRecord, SessionStart } from '../../store/store.js';
import { DailySeeds, isSeeded, utcDay } from '../ranked/daily.js';
import { DEFAULT_SESSION_EXPIRY_HOURS } from '../config.js';
import { ApiError } from '../errors.js';
import { grammarRefusal, grammarsOf, plainJson, requireGame } from '../answer-json.js';
import { asNameError, keyIdOf, nameUse, PLAYER_KEY_HEADER, usedKey } from '../ranked/players.js';
import {
  liveAnswer,
  liveAccepted,
  liveErrors,
  namedErrors,
  rankedErrors,
  sessionActionBody,
  sessionAnswer,
  sessionIdParams,
  sessionResumeBody,
  sessionStartBody,
} from '../schemas/ranked.js';
import { playerKeyHeaders, slugParams } from '../schemas/api.js';
import { SessionTokens, type LiveContent } from '../state/session-token.js';
import type { SchemaRequest, SchemaTypes } from '../schemas/types.js';
import { DEFAULT_ATTEMPT_RULES, endAtScore, StartLimiter, type AttemptRules } from '../ranked/attempts.js';

/** Where a run can be fetched and watched once public. */
const runLinks = (id: string) => ({ runUrl: `/api/runs/${id}`, replayUrl: `/replay?run=${id}` });

/** What the live-session routes need: the games, the sealer, the store, and the attempt rules. */
export interface SessionRouteOptions {
  registry: Registry;
  sealer: StateSealer;
  store: RunStore | null;
  clock?: () => Date;
  expiryMs?: number;
  /** Daily attempts only for names with a qualifying ranked session (see docs/ranked.md); false for local evaluation. */
  dailyQualify?: boolean;
  /** The cap of live sessions per name, the start limits (ranked/attempts.ts). */
  rules?: AttemptRules;
}

/** `POST /api/games/:slug/sessions`. */
const startSchema = {
  summary: 'Start a live (ranked) session: the server draws a secret seed and records every action',
  params: slugParams,
  body: sessionStartBody,
  headers: playerKeyHeaders,
  response: { 200: liveAnswer, ...namedErrors },
} as const;

/** `POST /api/sessions/:id/action`. */
const actionSchema = {
  summary: 'Play one action in a live session (recorded before the answer; forks refused, retries safe)',
  params: sessionIdParams,
  body: sessionActionBody,
  response: { 200: liveAnswer, ...liveErrors },
} as const;

/** `POST /api/sessions/:id/resume`. */
const resumeSchema = {
  summary: "Resume a live session from any of its tokens: answers the session's latest position",
  params: sessionIdParams,
  body: sessionResumeBody,
  response: { 200: liveAccepted, ...liveErrors },
} as const;

/** `GET /api/sessions/:id`. */
const infoSchema = {
  summary: 'A live session: where it stands; its seed once it has ended and is public',
  params: sessionIdParams,
  response: { 200: sessionAnswer, ...rankedErrors },
} as const;

// Each handler's request type, derived from the schemas its route validates with.
type StartRequest = SchemaRequest<typeof startSchema>;
type ActionRequest = SchemaRequest<typeof actionSchema>;
type ResumeRequest = SchemaRequest<typeof resumeSchema>;
type InfoRequest = SchemaRequest<typeof infoSchema>;

const remember = <V>(m: Map<string, V>, k: string, v: V) => {
  if (m.size >= 2048) m.delete(m.keys().next().value!);
  m.set(k, v);
};

/** The live sessions of one server: its limits, its token sealer, two memories, and the routes' handlers. */
class LiveSessions {
  readonly registry: Registry;
  readonly store: RunStore | null;
  readonly clock: () => Date;
  readonly expiryMs: number;
  readonly dailyQualify: boolean;
  readonly rules: AttemptRules;
  readonly nameStarts: StartLimiter;
  readonly addressStarts: StartLimiter;
  readonly validators: ReturnType<typeof grammarsOf>;
  readonly tokens: SessionTokens;
  // Two memories, each a speed-up only. Recently issued tokens with their content skip opening the
  // next request's token (tokens are deterministic, so a token always means the same content). The
  // last known position of recently active sessions skips a read: it can only lag behind the store
  // (another instance may have moved the session on), which reads again whenever it matters, and the
  // store's compare-and-set records nothing from a stale position.
  readonly recentTokens = new Map<string, LiveContent>();
  readonly positions = new Map<string, SessionRecord>();
  readonly daily: DailySeeds;

  constructor(opts: SessionRouteOptions) {
    this.registry = opts.registry;
    this.store = opts.store;
    this.clock = opts.clock ?? (() => new Date());
    this.expiryMs = opts.expiryMs ?? DEFAULT_SESSION_EXPIRY_HOURS * 3_600_000;
    this.dailyQualify = opts.dailyQualify ?? true;
    this.rules = opts.rules ?? DEFAULT_ATTEMPT_RULES;
    this.nameStarts = new StartLimiter(this.rules.startsPerName, this.rules.windowMs);
    this.addressStarts = new StartLimiter(this.rules.startsPerAddress, this.rules.windowMs);
    this.validators = grammarsOf(this.registry);
    this.tokens = new SessionTokens(opts.sealer.derivedKeys('live-session'));
    this.daily = new DailySeeds(opts.sealer.deriveKey('daily-challenge'));
  }

  needStore(): RunStore {
    if (!this.store) throw new ApiError('store_unavailable');
    return this.store;
  }

  // Abandoned sessions are expired lazily (the action route) and swept every hour (or sooner for a
  // short expiry time: sessionRoutes), so that they stop counting as live however nobody comes back.
  cutoff(): string {
    return new Date(this.clock().getTime() - this.expiryMs).toISOString();
  }

  expiredMessage(): string {
    return `This live session expired: no action was played in it for ${Math.round(this.expiryMs / 3_600_000)} hours. It ended at its score, which counts as an attempt; start a new session.`;
  }

  /**
   * Every idle session ends where it stands, at its score, and counts as an attempt (ranked/attempts.ts);
   * one whose rules version is no longer played here is only expired.
   */
  async endIdle(s: RunStore): Promise<void> {
    const before = this.cutoff();
    for (;;) {
      const idle = await s.liveSessions({ before, limit: 200 });
      let ended = 0;
      for (const session of idle) {
        const game = this.registry.get(session.game);
        if (game && (await endAtScore(s, game, session, 'expired', this.clock().toISOString()))) ended++;
      }
      if (idle.length < 200 || ended === 0) break;
    }
    await s.expireSessions(before);
  }

  /** How the run stands: the game's own outcome, else `truncated` once the budget is spent. */
  outcomeOf(game: AnyGame, state: unknown, spent: number): Outcome | null {
    return standing(game, state, budgetOf(game), spent);
  }

  /** A live answer: a pure function of the session, step and state, so a retry gets the same bytes. */
  present(game: AnyGame, c: LiveContent, head: Record<string, unknown>, events?: GameEvent[]) {
    const outcome = this.outcomeOf(game, c.state, c.spent);
    const session: Record<string, unknown> = {
      id: c.session,
      step: c.step,
      spent: c.spent,
      budget: budgetOf(game),
      finished: outcome !== null,
      actionUrl: `/api/sessions/${c.session}/action`,
    };
    if (outcome !== null) Object.assign(session, runLinks(c.session));
    head.session = session;
    const token = this.tokens.seal(game, c);
    remember(this.recentTokens, token, c);
    head.stateToken = token;
    answerInto(game, c.state, head, budgetOf(game), c.spent);
    if (events) head.events = events;
    return head;
  }

  refusal(game: AnyGame, c: LiveContent, reason: string, message: string) {
    return {
      ok: false,
      reason,
      message,
      legalActions: game.legalActions(c.state),
      session: { id: c.session, step: c.step, spent: c.spent, budget: budgetOf(game), finished: false },
    };
  }

  async start(req: StartRequest, reply: FastifyReply) {
    const { registry, clock, dailyQualify, rules, nameStarts, addressStarts, daily } = this;
    const game = requireGame(registry, req.params.slug);
    const s = this.needStore();
    const { player } = req.body;
    const keyed = nameUse(req.headers[PLAYER_KEY_HEADER]);
    const { use, claimKey } = keyed;
    const key = usedKey(keyed, req.headers[PLAYER_KEY_HEADER]);
    // A game without randomness has one ranked board; its daily challenge is an ordinary session.
    const challenge = req.body.challenge === 'daily' && isSeeded(game) ? utcDay(clock()) : null;
    // Ranked starts cost something: a limit per address (counted now) and per name (counted once the
    // name is found to be this player's).
    const nowMs = clock().getTime();
    if (!challenge) {
      const wait =
        addressStarts.wait(`address:${req.ip}`, nowMs) ?? nameStarts.wait(`name:${foldName(player.name)}`, nowMs);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new ApiError(
          'rate_limited',
          `Too many ranked starts from this address or name: at most ${rules.startsPerAddress} per address and ${rules.startsPerName} per name every ${rules.windowMs / 60_000} minutes (docs/ranked.md). Try again in ${wait} s.`,
        );
      }
      addressStarts.add(`address:${req.ip}`, nowMs);
    }
    const record: SessionRecord = {
      id: randomBytes(9).toString('base64url'),
      game: game.spec.slug,
      rulesVersion: game.spec.rulesVersion,
      seed: challenge ? await daily.pinned(s, game.spec.slug, challenge) : randomBytes(16).toString('hex'),
      player,
      challenge,
      step: 0,
      spent: 0,
      finished: false,
      createdAt: clock().toISOString(),
      audit: { keyId: key && keyIdOf(key), requestId: req.id },
    };
    const qualify: DailyQualification | undefined =
      challenge && dailyQualify
        ? { before: `${challenge}T00:00:00.000Z`, minActions: DAILY_QUALIFYING_ACTIONS }
        : undefined;
    let started: SessionStart;
    try {
      started = await s.createSession(record, use, qualify);
    } catch (err) {
      throw asNameError(err, player, use);
    }
    const claimed = started.ok && started.claimed;
    if (started.ok && !challenge) {
      nameStarts.add(`name:${foldName(player.name)}`, nowMs);
      // Past the cap of live sessions, the oldest open ones end at their scores (and count).
      const live = await s.liveSessions({ game: game.spec.slug, name: player.name });
      const over = live.filter((x) => x.id !== record.id).slice(0, Math.max(0, live.length - rules.liveCap));
      for (const old of over) await endAtScore(s, game, old, 'superseded', clock().toISOString());
    }
    if (!started.ok && started.reason === 'daily_taken' && challenge) {
      // A start whose answer was lost: the session has not moved, so answer it again, identically.
      const earlier = await s.dailySession(game.spec.slug, challenge, player.name);
      if (
        earlier &&
        earlier.step === 0 &&
        !earlier.expired &&
        !earlier.finished &&
        earlier.player.kind === player.kind
      ) {
        Object.assign(record, { id: earlier.id, seed: earlier.seed });
        started = { ok: true, claimed: false };
      }
    }
    if (!started.ok && started.reason === 'not_qualified') {
      throw new ApiError(
        'daily_not_qualified',
        `"${player.name}" cannot play the ${game.spec.name} daily challenge yet: it is open to names that finished a ranked ${game.spec.name} session of at least ${DAILY_QUALIFYING_ACTIONS} actions before the day began (UTC), so that nobody can rehearse it under a new name. Play ranked under this name today, and the daily is yours from tomorrow.`,
      );
    }
    if (!started.ok) {
      throw new ApiError(
        'daily_taken',
        `"${player.name}" has already played the ${game.spec.name} daily challenge of ${challenge}: one attempt per player and day.`,
      );
    }
    const head: Record<string, unknown> = { ok: true, game: game.spec.slug, player, challenge };
    if (claimed && claimKey) head.playerKey = claimKey;
    const answer = this.present(game, { session: record.id, step: 0, spent: 0, state: game.init(record.seed) }, head);
    answer.spec = game.spec;
    return answer;
  }

  async act(req: ActionRequest) {
    const { registry, clock, validators, tokens, recentTokens, positions } = this;
    const s = this.needStore();
    const id = req.params.id;
    let session = positions.get(id) ?? (await s.getSession(id));
    if (!session) throw new ApiError('session_not_found', `There is no live session "${id}".`);
    const game = registry.get(session.game);
    if (!game || game.spec.rulesVersion !== session.rulesVersion)
      throw new ApiError('session_over', 'This session was played under rules this server no longer runs.');
    let c: LiveContent;
    try {
      c = recentTokens.get(req.body.stateToken) ?? tokens.open(game, req.body.stateToken);
    } catch (e) {
      const detail = e instanceof StateError ? e.message : 'its content is not a valid game state';
      throw new ApiError('invalid_state', `This live ${game.spec.slug} state cannot be continued: ${detail}.`);
    }
    if (c.session === id && c.step > session.step) session = (await s.getSession(id)) ?? session;
    if (c.session !== id || c.step > session.step)
      throw new ApiError('invalid_state', `This state token does not belong to live session "${id}".`);
    const action = req.body.action;
    const grammar = validators.get(game.spec.slug)!;
    if (!grammar.check(action)) {
      return this.refusal(game, c, 'unknown_action', grammarRefusal(game, grammar, action));
    }
    // A state behind the record: a retry of the last recorded step (same action) or a fork.
    const stale = async () => {
      const latest = await s.getSession(id);
      if (latest?.expired) throw new ApiError('session_over', this.expiredMessage());
      const now = latest?.step ?? session.step;
      const recorded = await s.sessionAction(id, c.step);
      if (c.step === now - 1 && recorded && canonicalJson(recorded) === canonicalJson(action)) return;
      throw new ApiError(
        'stale_state',
        `This live session is at step ${now}; the state sent is from step ${c.step}. Live sessions cannot fork: continue from the latest answer (resending the last request unchanged is a safe retry).`,
      );
    };
    if (c.step < session.step) await stale();
    else if (session.finished) throw new ApiError('session_over');
    else if (session.expired) throw new ApiError('session_over', this.expiredMessage());
    else if ((session.steppedAt ?? session.createdAt) < this.cutoff()) {
      positions.delete(id);
      await this.endIdle(s);
      throw new ApiError('session_over', this.expiredMessage());
    }

    const budget = budgetOf(game);
    const meter = budget ? new Spending(budget, c.spent) : null;
    const over = meter?.refusal(action as GameAction);
    if (over) return this.refusal(game, c, over.reason, over.message);
    const result = game.step(c.state, action as GameAction);
    if (!result.ok) return this.refusal(game, c, result.reason, result.message);
    meter?.charge(action as GameAction);
    const next: LiveContent = { session: id, step: c.step + 1, spent: meter?.spent ?? c.spent, state: result.state };
    if (c.step === session.step) {
      const outcome = this.outcomeOf(game, next.state, next.spent);
      const end: SessionEnd | undefined = outcome
        ? {
            score: game.score(next.state),
            gameOver: game.isGameOver(next.state),
            outcome,
            progress: progressOf(game, next.state)?.value ?? null,
            requestId: req.id,
          }
        : undefined;
      const at = clock().toISOString();
      if (await s.recordStep(id, c.step, action as GameAction, next.spent, end, at))
        remember(positions, id, {
          ...session,
          step: next.step,
          spent: next.spent,
          finished: end !== undefined,
          steppedAt: at,
        });
      else {
        positions.delete(id);
        await stale();
      }
    }
    return this.present(game, next, { ok: true, game: game.spec.slug }, result.events);
  }

  async resume(req: ResumeRequest) {
    const { registry, tokens, recentTokens } = this;
    const s = this.needStore();
    const id = req.params.id;
    const session = await s.getSession(id);
    if (!session) throw new ApiError('session_not_found', `There is no live session "${id}".`);
    const game = registry.get(session.game);
    if (!game || game.spec.rulesVersion !== session.rulesVersion)
      throw new ApiError('session_over', 'This session was played under rules this server no longer runs.');
    let sent: LiveContent;
    try {
      sent = recentTokens.get(req.body.stateToken) ?? tokens.open(game, req.body.stateToken);
    } catch (e) {
      const detail = e instanceof StateError ? e.message : 'its content is not a valid game state';
      throw new ApiError('invalid_state', `This live ${game.spec.slug} state cannot be resumed: ${detail}.`);
    }
    if (sent.session !== id || sent.step > session.step)
      throw new ApiError('invalid_state', `This state token does not belong to live session "${id}".`);
    let c = sent;
    if (sent.step < session.step) {
      const actions = (await s.sessionActions(id)).slice(0, session.step);
      const run = Session.resume(game, { seed: session.seed, actions }, { budget: budgetOf(game) });
      if (run.steps !== actions.length)
        throw new Error(`session ${id} does not replay at ${JSON.stringify(actions[run.steps])}`);
      c = { session: id, step: session.step, spent: run.spent, state: run.state };
    }
    const head: Record<string, unknown> = {
      ok: true,
      game: game.spec.slug,
      player: session.player,
      challenge: session.challenge,
      resumed: true,
    };
    return this.present(game, c, head);
  }

  async info(req: InfoRequest) {
    const { registry, clock } = this;
    const session = await this.needStore().getSession(req.params.id);
    if (!session) throw new ApiError('session_not_found', `There is no live session "${req.params.id}".`);
    const game = registry.get(session.game);
    const info: Record<string, unknown> = {
      id: session.id,
      game: session.game,
      rulesVersion: session.rulesVersion,
      player: session.player,
      challenge: session.challenge,
      step: session.step,
      spent: session.spent,
      budget: game ? budgetOf(game) : null,
      finished: session.finished,
      createdAt: session.createdAt,
      // Expired: no action for the server's expiry time; it can no longer be played.
      expired: session.expired === true,
    };
    const secret = !session.finished || (session.challenge !== null && session.challenge >= utcDay(clock()));
    if (!secret) Object.assign(info, { seed: session.seed }, runLinks(session.id));
    return { ok: true, session: info };
  }
}

/**
 * The live-session routes as a Fastify plugin: start, action, resume and the session's record, and the
 * sweep that ends idle sessions.
 */
export const sessionRoutes: FastifyPluginAsync<SessionRouteOptions> = async (app, opts) => {
  const live = new LiveSessions(opts);
  const store = opts.store;
  if (store) {
    const sweep = setInterval(
      () => {
        live.endIdle(store).catch((err: unknown) => app.log.warn({ err }, 'expiring idle sessions failed'));
      },
      Math.min(live.expiryMs, 3_600_000),
    );
    sweep.unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(sweep);
      done();
    });
  }

  const api = app.withTypeProvider<SchemaTypes>();
  const plain = { serializerCompiler: plainJson };
  api.post('/api/games/:slug/sessions', { schema: startSchema, ...plain }, (req, reply) => live.start(req, reply));
  api.post('/api/sessions/:id/action', { schema: actionSchema, ...plain }, (req) => live.act(req));
  // Resume: any token this session issued proves its holder plays it (a token is bound to its session),
  // so it is answered the session's latest position with that step's token: a reload, another tab or a
  // browser reopened after a crash goes on where the record stands, and a daily attempt is never spent
  // twice. The position is rebuilt by replaying the recorded actions from the seed (engines are exact).
  api.post('/api/sessions/:id/resume', { schema: resumeSchema, ...plain }, (req) => live.resume(req));
  api.get('/api/sessions/:id', { schema: infoSchema, ...plain }, (req) => live.info(req));
};
