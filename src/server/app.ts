/**
 * `buildApp()`: the whole HTTP server as a Fastify instance, without listening (tests use `inject()`;
 * `main.ts` listens). Stateless: every answer carries the state, sealed, and the server only continues
 * states it issued.
 */
import { randomId } from '../core/randomid.js';
import type { Socket } from 'node:net';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Registry } from '../core/registry.js';
import type { StateSealer } from './state/seal.js';
import { registry as defaultRegistry } from '../games/index.js';
import type { RunStore } from '../store/store.js';
import { playRoutes } from './routes/play.js';
import { batchRoutes } from './routes/batch.js';
import { Presenter } from './presenter.js';
import { docsRoutes } from './routes/docs.js';
import { llmsRoutes } from './routes/llms.js';
import { DEFAULT_RECENT_STATES, RecentStates } from './state/recent.js';
import { DEFAULT_TIMEOUTS, type RateLimits, type Timeouts } from './config.js';
import { capConnections, type ConnectionCaps } from './ops/connections.js';
import { ConnectionDrain } from './ops/drain.js';
import { ApiError, clip, ERRORS, errorBody, type ErrorCode } from './errors.js';
import { registerRateLimits, type RateLimiter } from './ops/limits.js';
import { Metrics, recordRequests } from './ops/metrics.js';
import { opsRoutes } from './routes/ops.js';
import { KeyAttempts, registerKeyAttempts, type KeyAttemptLimit } from './ranked/key-attempts.js';
import { playerKeyRoutes } from './routes/player-keys.js';
import { nameSchemaMessage, normalizePlayerNames } from './ranked/players.js';
import { StoreHealth } from './ops/store-health.js';
import { runRoutes } from './routes/runs.js';
import { VerifyPool } from './verify/pool.js';
import { boardRoutes } from './routes/boards.js';
import { sessionRoutes } from './routes/sessions.js';
import { evaluationRoutes } from './routes/evaluations.js';
import { DEFAULT_ATTEMPT_RULES, type AttemptRules } from './ranked/attempts.js';
import { notFoundPage, wantsHtmlPage } from './routes/site-pages.js';
import { registerPageHeaders, webRoutes } from './routes/web.js';

export interface AppOptions {
  sealer: StateSealer;
  registry?: Registry;
  /** Largest accepted request body in bytes (default 256 KiB: states are a few KB at most). */
  bodyLimit?: number;
  /** Fastify logger options; false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Folder holding the built browser UI (dist/web); null to serve none. */
  webRoot?: string | null;
  /**
   * How many recently issued state tokens to remember with their states, so the next action skips
   * opening them (default `DEFAULT_RECENT_STATES`, 64; 0 turns it off and every token is decrypted).
   * See `recent.ts` for why it is small.
   */
  recentStates?: number;
  /**
   * Compress the action route's answers too when the client accepts it (default false: at 64
   * connections gzip and brotli cost more CPU per answer than the whole route without them; see
   * docs/architecture.md). Other answers of 1 KiB and more are always compressed for such clients.
   */
  compressActions?: boolean;
  /** Where verified runs are kept (POST /api/runs, leaderboards); without one those routes answer 503. */
  store?: RunStore | null;
  /** Connection and request timeouts (defaults in `config.ts`; they only matter once listening). */
  timeouts?: Partial<Timeouts>;
  /**
   * Per-client rate limits by route group; null or absent for none (tests, local evaluation).
   * `main.ts` passes `readRateLimits(env)`, on by default.
   */
  rateLimits?: RateLimits | null;
  /**
   * Connection caps (global and per client address; see `connections.ts`); absent for none (tests).
   * `main.ts` passes `readConnectionCaps(env)`, on by default.
   */
  connections?: ConnectionCaps;
  /** Serve GET /metrics and record into it (default false). */
  metrics?: boolean;
  /** One worker of several: resolves once every worker has stopped accepting at shutdown (drain.ts). */
  drainPeers?: () => Promise<void>;
  /** Wrong player keys a name takes per window before it is locked (ranked/key-attempts.ts; default 10 a minute). */
  keyAttempts?: KeyAttemptLimit;
  /**
   * Worker threads verifying long submitted runs off the event loop (default 1, started on the first
   * long run; 0 verifies every run inline).
   */
  verifyThreads?: number;
  /** A verifier of one's own instead (tests watch it); closed with the app. */
  verifier?: VerifyPool;
  /** The clock of ranked play (daily challenge days, session expiry); tests move it. Default: the system clock. */
  clock?: () => Date;
  /**
   * A live session with no action for this long is expired (default 24 hours; main.ts reads
   * GAMEBOARD_SESSION_EXPIRY_HOURS).
   */
  sessionExpiryMs?: number;
  /**
   * Daily challenge attempts only for names that finished a ranked session of the game before the day
   * (default true; docs/ranked.md). `main.ts` reads `GAMEBOARD_DAILY_QUALIFY=off` for local evaluation.
   */
  dailyQualify?: boolean;
  /** Ranked attempts: the live cap per name, the start limits, the board's statistic (attempts.ts). */
  attemptRules?: Partial<AttemptRules>;
}

/** The longest error message answered: a safety net under the per-value clipping (`clip`). */
const MAX_MESSAGE = 1000;

/** A client's own request id is kept when it is short and plain; anything else gets a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fresh request ids, 12 random bytes each written as 16 base64url characters, cut from one text of 256
 * of them: one base64url conversion per 256 requests instead of one per request (1.5 µs of the action
 * route's CPU, `npm run profile`). 12 bytes are 16 characters exactly, so each id is its own 12 bytes of
 * `randomId`'s pool, never handed out twice.
 */
const ID_CHARS = 16;
let idText = '';
let idAt = 0;

/** A request id: the client's `x-request-id` when usable, else 12 random bytes. */
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  if (idAt === idText.length) {
    idText = randomId(256 * 12);
    idAt = 0;
  }
  return idText.slice(idAt, (idAt += ID_CHARS));
}

/**
 * Errors on a connection before a request reached the app: a request that did not arrive in time
 * (408) or one Node could not parse (400, 431). Answered in the catalogue's shape when nothing was
 * written yet, then the socket is closed: its remaining bytes cannot be trusted.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400,
    body: object = errorBody('bad_request', 'The request could not be parsed as HTTP.');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = errorBody('request_timeout');
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = errorBody('bad_request', 'The request headers are too large.');
  }
  if (socket.writable && socket.bytesWritten === 0) {
    const text = JSON.stringify(body);
    const reason =
      status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Deepest JSON nesting accepted in a body; real requests nest a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counting brackets outside strings (no recursion, no parse). Strings
 * (tokens, texts: most of a request's bytes) are jumped over with `indexOf` to their closing quote, a
 * quote being escaped when an odd number of backslashes precede it; only the characters between
 * strings are looked at one by one.
 */
export function jsonDepth(text: string): number {
  let depth = 0,
    max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      while (end > 0 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end < 0) return max; // an unterminated string: the parser refuses the text
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) max = depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** True when the quote at `at` is escaped: an odd run of backslashes precedes it. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  while (text.charCodeAt(at - 1 - n) === 92 /* \ */) n++;
  return n % 2 === 1;
}

/**
 * The methods each route pattern answers, collected as routes are added (an `onRoute` hook), so a known
 * address asked with another method is answered 405 with `Allow` instead of 404. Wildcard patterns
 * (static files) are left out: they match every address.
 */
class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(url: string, method: string | string[]): void {
    if (url.includes('*')) return;
    let methods = this.byUrl.get(url);
    if (!methods) {
      methods = new Set();
      this.byUrl.set(url, methods);
      const source = url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.routes.push({ pattern: new RegExp(`^${source}$`), methods });
    }
    for (const m of Array.isArray(method) ? method : [method]) methods.add(m.toUpperCase());
  }

  /** The methods answered at `path` (no query), in a stable order; undefined when no route matches it. */
  at(path: string): string[] | undefined {
    const found = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) for (const m of r.methods) found.add(m);
    if (found.size === 0) return undefined;
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
}

/** Maps Fastify's own error codes onto the catalogue. */
function classify(err: FastifyError): ErrorCode {
  if (err instanceof ApiError) return err.code;
  if (err.validation) return 'bad_request';
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'bad_json';
  }
  if (err instanceof SyntaxError) return 'bad_json';
  const status = err.statusCode ?? 500;
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'internal_error';
}

/** The Fastify instance: the server's timeouts, body limit, strict validation and framework errors. */
function createFastify(opts: AppOptions): FastifyInstance {
  const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  return Fastify({
    logger: opts.logger ?? false,
    // Slow or stalled clients are cut off: a whole request must arrive within requestMs (Node answers
    // 408 through clientErrorHandler), a silent socket closes after idleMs, an idle keep-alive one
    // after keepAliveMs. Node checks request deadlines every connectionsCheckingInterval.
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(t.requestMs / 4))),
    },
    clientErrorHandler,
    // Every log line of a request carries its id as reqId; the id comes back in x-request-id.
    genReqId: requestId,
    // Shutting down is answered by our own hook below, in the catalogue's shape.
    return503OnClosing: false,
    bodyLimit: opts.bodyLimit ?? 256 * 1024,
    // One log line per error, not per request: request logs drown a busy agent loop.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Strict validation: unknown fields are refused, never stripped; nothing is coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false } },
    // Errors the router raises before any hook runs: a malformed URL, an over-long path segment.
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const code: ErrorCode = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
      reply
        .code(ERRORS[code].status)
        .send(errorBody(code, code === 'bad_request' ? 'The URL is malformed.' : undefined));
    },
  });
}

/** JSON bodies only, bounded in depth; every error answered in the catalogue's shape. */
function registerParsing(app: FastifyInstance): void {
  // JSON only; refuse pathological nesting before parsing, then parse with prototype-poisoning checks.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new ApiError('bad_json', `The body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(req, text, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const code = classify(err);
    if (code === 'internal_error') req.log.error({ err }, 'unhandled error');
    else req.log.debug({ err: err.message, code }, 'request refused');
    const message =
      code === 'internal_error'
        ? undefined
        : err instanceof ApiError
          ? err.message
          : code === 'bad_request'
            ? (nameSchemaMessage(err) ?? `The request is malformed: ${clip(err.message)}`)
            : undefined;
    reply
      .code(ERRORS[code].status)
      .send(errorBody(code, message && message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message));
  });
}

/** The limiter of what no route answers (404s, preflights), counted as reads once limits are registered. */
interface Unrouted {
  limit: RateLimiter | null;
}

/** 405 with `Allow` for a known address asked with another method; 404 (a page for people) otherwise. */
function registerNotFound(app: FastifyInstance, registry: Registry, routeMethods: RouteMethods, unrouted: Unrouted) {
  // A known address asked with another method: 405 with `Allow`, naming the methods it answers.
  // People following a bad link get a page in the site's style; the API and machines keep the JSON.
  // The path is quoted clipped: a 12 KB address must not come back as a 12 KB answer. A 404 counts
  // against the reads limit: guessing URLs costs like reading.
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (unrouted.limit) await unrouted.limit(req, reply);
  };
  app.setNotFoundHandler({ preHandler }, (req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = routeMethods.at(path);
    // (A route that found nothing for its own method calls this handler too: that stays a 404.)
    if (allowed && !allowed.includes(req.method)) {
      // /api/ addresses also answer OPTIONS (CORS preflights, in the onRequest hook below).
      const allow = path.startsWith('/api/') ? [...allowed, 'OPTIONS'] : allowed;
      const use = allowed.filter((m) => m !== 'HEAD');
      reply
        .code(405)
        .header('allow', allow.join(', '))
        .send(
          errorBody(
            'method_not_allowed',
            `${clip(req.method, 20)} is not allowed at ${clip(path)}: use ${use.join(' or ')} (Allow: ${allow.join(', ')}).`,
          ),
        );
      return;
    }
    if (wantsHtmlPage(req)) {
      reply.code(404).type('text/html; charset=utf-8').send(notFoundPage(path, registry));
      return;
    }
    reply
      .code(404)
      .send(errorBody('not_found', `Nothing at ${clip(req.method, 20)} ${clip(path)}. Start at GET /api/games.`));
  });
}

/** Every request's headers (its id, CORS for /api/, preflights) and the answers while shutting down. */
function registerRequestHooks(app: FastifyInstance, drain: ConnectionDrain, unrouted: Unrouted): void {
  // Once closing, requests still arriving on open connections are answered 503 shutting_down, requests
  // in flight finish, and the last answer known on each connection asks the client to close it (see
  // drain.ts: an earlier one must not, or the requests queued behind it would go unanswered); quiet
  // connections are closed gently, so shutdown neither resets requests nor waits out keep-alives.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    drain.drain();
    await drain.acceptBacklog();
  });

  // A public, stateless API: any origin may call it (no cookies, no credentials).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    if (closing) {
      // Answered on the next turn of the loop: requests pipelined behind this one in the same bytes are
      // parsed by then, so the answer knows whether it is the connection's last (see onSend).
      // It also asks the client to close the connection when it is the connection's last (drain.ts).
      setImmediate(() => {
        drain.closeIfLast(reply.raw, req.raw.socket);
        reply.code(503).send(errorBody('shutting_down'));
      });
      return;
    }
    if (req.url.startsWith('/api/')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', 'no-store');
      if (req.method === 'OPTIONS') {
        // A preflight is answered here, before any route's limit runs, so it is counted here (reads).
        const answer = () =>
          reply
            .header('access-control-allow-methods', 'GET, POST, OPTIONS')
            .header('access-control-allow-headers', 'content-type, x-player-key')
            .header('access-control-max-age', '86400')
            .code(204)
            .send();
        if (!unrouted.limit) answer();
        else unrouted.limit(req, reply).then(answer, (err: Error) => reply.send(err));
        return;
      }
    }
    done();
  });
}

/** What the route plugins share: the games, the guarded store and the instruments. */
interface Shared {
  registry: Registry;
  store: RunStore | null;
  metrics: Metrics | null;
  health: StoreHealth;
}

/** The route groups, each a Fastify plugin (src/server/routes/), registered in order. */
async function registerRoutes(app: FastifyInstance, opts: AppOptions, { registry, store, metrics, health }: Shared) {
  // Hooks every route shares stay on the root: wrong-key lockouts, request metrics.
  registerKeyAttempts(app, new KeyAttempts(opts.keyAttempts), metrics?.registry);
  if (metrics) recordRequests(app, metrics);
  await app.register(opsRoutes, { store, health, metrics });
  const recent = new RecentStates(opts.recentStates ?? DEFAULT_RECENT_STATES);
  const play = {
    registry,
    presenter: new Presenter(registry, opts.sealer, recent),
    compressActions: opts.compressActions,
  };
  await app.register(playRoutes, play);
  await app.register(batchRoutes, { ...play, recent });
  const verifier = opts.verifier ?? new VerifyPool(opts.verifyThreads ?? 1);
  app.addHook('onClose', () => verifier.close());
  const clock = opts.clock ?? (() => new Date());
  const rules = { ...DEFAULT_ATTEMPT_RULES, ...opts.attemptRules };
  await app.register(runRoutes, { registry, store, clock, verifier });
  const { sealer, sessionExpiryMs: expiryMs, dailyQualify } = opts;
  await app.register(sessionRoutes, { registry, sealer, store, clock, expiryMs, dailyQualify, rules });
  await app.register(boardRoutes, { registry, sealer, store, clock, rules });
  await app.register(playerKeyRoutes, { store });
  await app.register(evaluationRoutes, { registry, store, verifier, clock, rules });
  await app.register(docsRoutes, { registry });
  await app.register(llmsRoutes, { registry });
  await app.register(webRoutes, { webRoot: opts.webRoot ?? null, registry, store, clock });
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const registry = opts.registry ?? defaultRegistry;
  const app = createFastify(opts);

  // Every route's methods, for 405 answers (the hook sees every route added after it, in every plugin).
  const routeMethods = new RouteMethods();
  app.addHook('onRoute', (route) => routeMethods.add(route.url, route.method));
  // Player names are judged and stored in their NFKC form (ranked/players.ts).
  app.addHook('preValidation', normalizePlayerNames);
  registerParsing(app);
  const unrouted: Unrouted = { limit: null };
  registerNotFound(app, registry, routeMethods, unrouted);
  // The backlog is drained for at most half the shutdown timeout: the rest is for the answers.
  const shutdownMs = opts.timeouts?.shutdownMs ?? DEFAULT_TIMEOUTS.shutdownMs;
  const drain = new ConnectionDrain(app.server, opts.drainPeers, shutdownMs / 2);
  registerRequestHooks(app, drain, unrouted);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Gameboard API',
        version: '1',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        description:
          'Deterministic, seeded single-player games over a stateless two-call loop: init, then action with the carried state.',
      },
    },
  });

  // Answers of 1 KiB and more (init with its spec, docs, the OpenAPI document) are compressed when the
  // client accepts it; the action route's are not unless `compressActions` (see bench/RESULTS.md,
  // "The action route and the HTTP bench", for what it costs and saves). Request bodies are not decompressed.
  // Page headers (CSP and framing) read each HTML page before compression turns it into a stream.
  registerPageHeaders(app);
  await app.register(compress, { globalDecompression: false, threshold: 1024, encodings: ['gzip', 'br'] });

  const metrics = opts.metrics ? new Metrics() : null;
  metrics?.watchInFlight(() => drain.requestsInFlight());
  if (opts.connections)
    capConnections(app.server, opts.connections, (reason) => metrics?.connectionsRefused.inc({ reason }));
  // A failing store answers 503 store_unavailable on every route (ops/store-health.ts), counted by metrics.
  const health = new StoreHealth();
  const counted = opts.store && metrics ? metrics.instrument(opts.store) : (opts.store ?? null);
  const store = counted ? health.guard(counted) : null;
  if (opts.rateLimits)
    unrouted.limit = await registerRateLimits(app, opts.rateLimits, (group) => metrics?.limited(group));

  await registerRoutes(app, opts, { registry, store, metrics, health });
  return app;
}
