/**
 * Draining a server's connections on shutdown without resetting any request it has received.
 *
 * Node's own shutdown (`server.close()` calls `closeIdleConnections()`) destroys every connection with
 * no response being written. A keep-alive connection with pipelined requests queued behind a finished
 * answer looks idle, and so does one whose next request sits unread in the socket: destroying them
 * resets those requests (and a close with unread bytes makes the kernel send a reset, which can even
 * discard answers the client has not read yet). And closing the listening socket resets the
 * connections still waiting in its backlog, requests and all. Instead, once draining:
 *
 * - the listener keeps accepting until its backlog is empty (`acceptBacklog`), then closes. Node accepts
 *   one connection per turn of its event loop, so on a busy server the backlog empties slowly (a turn
 *   answering pipelined requests under load took 100-250 ms in tests): the wait is bounded by half the
 *   shutdown timeout, not by a fixed second;
 * - every request received is answered: those that reach the app answer 503 `shutting_down` (app.ts),
 *   those in flight finish; the answer to the last request known on its connection carries
 *   `connection: close` (`closeIfLast`), earlier ones keep the connection, so the requests
 *   queued behind them are still read and answered;
 * - a connection with nothing in flight is closed gently once the listener (every worker's, for one
 *   worker of several) no longer accepts, and it has been quiet for `QUIET_MS`
 *   (bytes already sent by the client are read, and answered, by then), or for `KEPT_QUIET_MS` when an
 *   answer written while draining told its client to keep it (the client may be about to send its next
 *   request, and a loaded client can take hundreds of ms to do so): the server half-closes it,
 *   reads until the client closes its side, and only then destroys it, or after `LINGER_MS`;
 * - whatever is still open at the shutdown deadline is cut off by the caller (`closeAllConnections`).
 */
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection with nothing in flight must stay quiet before it is closed while draining. */
const QUIET_MS = 150;
/**
 * The same, for a connection whose latest answer was written while draining and kept the connection
 * (the listener was still accepting): its client was told it may send more, and may be about to.
 */
const KEPT_QUIET_MS = 1000;
/** How long a half-closed connection waits for the client to close its side before it is destroyed. */
const LINGER_MS = 2000;
/**
 * Before the listening socket is closed, connections waiting in its backlog are accepted until none
 * has arrived for ACCEPT_QUIET_MS (at most ACCEPT_MAX_MS): closing it would reset them, with their
 * requests, which the kernel has already received.
 */
const ACCEPT_QUIET_MS = 50;
/**
 * The same for one worker of several: its connections are handed over by the supervisor one at a time,
 * each after the worker's answer to the previous one, so a slow supervisor looks like a quiet backlog.
 */
const WORKER_ACCEPT_QUIET_MS = 200;
/** How long the backlog is drained at most when the caller gives no bound (a storm never ends). */
const DEFAULT_ACCEPT_MAX_MS = 4000;
/** How often draining looks for connections it can close. */
const SWEEP_MS = 50;

interface ConnectionState {
  /** Requests received on the connection whose answers are not finished yet. */
  inFlight: number;
  /** When the last request arrived or the last answer finished (ms, performance clock). */
  lastActivity: number;
  /** True once the server half-closed the connection. */
  ending: boolean;
  /** The connection's socket. */
  socket: Socket;
  /** The response to the latest request received on the connection, until it closes. */
  latest: ServerResponse | null;
  /** True when the latest answer, written while draining, kept the connection open. */
  kept: boolean;
  /**
   * Sweeps in a row that found the connection quiet. It is closed at the second: between two sweeps
   * the loop has polled its socket at least once, while a single turn of a busy loop can outlast the
   * quiet window (a connection accepted early in a 150 ms turn would look quiet, its pipelined
   * requests not read yet, at the sweep that ends that turn).
   */
  quietSweeps: number;
  /** The drain's own state, shared by its connections. */
  shared: { accepting: boolean; draining: boolean };
}

/**
 * Where a tracked connection keeps its state: on its socket, and on each response being answered on it
 * (until the response closes), so the per-request work is two property writes and one listener.
 */
const STATE = Symbol('drain state');
type Tracked = { [STATE]?: ConnectionState };

/**
 * The server's `request` listener: one more request in flight on its connection. A module-level
 * function, as is `onResponseClose`: nothing is created per request but the response's one listener.
 */
function onRequest(req: IncomingMessage, res: ServerResponse): void {
  const state = (req.socket as Tracked)[STATE];
  if (state === undefined) return;
  state.inFlight++;
  state.lastActivity = performance.now();
  state.latest = res;
  (res as Tracked)[STATE] = state;
  res.on('close', onResponseClose);
}

/**
 * A response is done: a response always emits `close`, once, after `finish` when it was written in
 * full, alone when its connection closed first.
 */
function onResponseClose(this: ServerResponse): void {
  const state = (this as Tracked)[STATE];
  if (state === undefined) return;
  (this as Tracked)[STATE] = undefined;
  if (state.latest === this) state.latest = null;
  if (state.shared.draining) state.kept = String(this.getHeader('connection')).toLowerCase() !== 'close';
  state.inFlight--;
  state.lastActivity = performance.now();
}

/**
 * Sets `connection: close` on `res` when it answers the last request known on its connection, and
 * takes it off otherwise (Fastify marks every answer once closing, and Node would close the connection
 * after an earlier one, dropping the answers queued behind it). While the listener still accepts
 * (`acceptBacklog`), no answer asks to close: a client told to close would connect again at once, and
 * a storm of new connections keeps the backlog from ever emptying, so that closing the listener resets
 * the connections waiting in it (measured: 25-31 resets per shutdown with 32 busy keep-alive clients).
 * Once the listener is closed, a client asked to close finds the port closed: refused, nothing sent.
 */
function closeIfLast(res: ServerResponse, state: ConnectionState | undefined): void {
  if (state === undefined) res.setHeader('connection', 'close');
  else if (!state.shared.accepting && state.inFlight <= 1 && state.socket.readableLength === 0)
    res.setHeader('connection', 'close');
  else res.removeHeader('connection');
}

/**
 * `writeHead` of a response that was in flight when draining began: it decides `connection: close` as
 * its headers are written (the only moment every request queued behind it is known), then writes them.
 * Responses to requests arriving while draining are answered by the app, which decides it itself.
 */
function writeHeadWhileDraining(this: ServerResponse, ...args: unknown[]): ServerResponse {
  closeIfLast(this, (this as Tracked)[STATE]);
  return (ServerResponse.prototype.writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
}

/** Tracks a server's connections and drains them on shutdown (see the module comment). */
export class ConnectionDrain {
  private readonly connections = new Map<Socket, ConnectionState>();
  private lastAccepted = performance.now();
  private accepted = 0;
  private draining = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** Whether the listener may still accept connections (until `acceptBacklog` resolves). */
  private readonly shared = { accepting: true, draining: false };
  /**
   * True from `acceptBacklog` until no worker accepts any more: no connection is closed meanwhile. Its
   * client would connect again at once, and with several workers that new connection waits in the
   * supervisor's queue for a worker; when the last worker stops listening, the supervisor resets the
   * connections still queued (seen under load: 5 resets in one of 5 rounds of 32 clients, with the
   * clients slower than QUIET_MS to send their next request). Once every worker has stopped, a client
   * whose connection is closed finds the port closed: refused, nothing sent.
   */
  private holding = false;

  /**
   * `peers`, for one worker of several sharing a port: resolves once every worker has stopped
   * accepting. Until then no answer asks its client to close, since a client told to close would
   * connect again at once, through a worker still accepting, and the shared listener, closed once the
   * last worker stops, would reset the connections then waiting in it. `acceptMaxMs` bounds the wait
   * for an empty backlog (`acceptBacklog`).
   */
  constructor(
    private readonly server: Server,
    private readonly peers?: () => Promise<void>,
    private readonly acceptMaxMs = DEFAULT_ACCEPT_MAX_MS,
  ) {
    server.on('connection', (socket: Socket) => {
      this.lastAccepted = performance.now();
      this.accepted++;
      const state: ConnectionState = {
        inFlight: 0,
        lastActivity: performance.now(),
        ending: false,
        socket,
        latest: null,
        kept: false,
        quietSweeps: 0,
        shared: this.shared,
      };
      (socket as Tracked)[STATE] = state;
      this.connections.set(socket, state);
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', onRequest);
    // Node's shutdown would destroy connections that only look idle; draining closes them instead.
    server.closeIdleConnections = () => this.drain();
  }

  /** Requests received whose answers are not finished yet, over every connection. */
  requestsInFlight(): number {
    let n = 0;
    for (const state of this.connections.values()) n += state.inFlight;
    return n;
  }

  /** True while draining. */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * While draining, sets `connection: close` on the answer to a request received on `socket` when it
   * is the last one known on its connection, and takes the header off otherwise (see `closeIfLast`).
   * The app calls it for the requests it answers 503 while draining; the answers in flight when
   * draining began decide it themselves as their headers are written.
   */
  closeIfLast(res: ServerResponse, socket: Socket): void {
    closeIfLast(res, (socket as Tracked)[STATE]);
  }

  /** Starts draining (idempotent): quiet connections are closed gently from now on. */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    this.shared.draining = true;
    // Every connection gets a full quiet window from now: a request its client sent as the signal
    // came is read and answered before the connection is closed.
    const now = performance.now();
    for (const state of this.connections.values()) {
      state.lastActivity = Math.max(state.lastActivity, now);
      // The latest answer in flight on each connection may turn out to be its last (the earlier ones
      // cannot: answers go out in order): it decides as its headers are written. Answers of requests
      // arriving from now on are decided by the app (closeIfLast), so no hook runs on every answer.
      const latest = state.latest;
      if (latest !== null && !latest.headersSent) latest.writeHead = writeHeadWhileDraining as never;
    }
    // Each sweep runs after the loop's next poll (setImmediate): bytes that came while the loop was
    // busy are read, and their requests counted, before a connection is judged quiet.
    this.sweeper = setInterval(() => setImmediate(() => this.sweep()), SWEEP_MS);
    this.sweeper.unref();
    this.server.once('close', () => this.stop());
  }

  /**
   * Resolves once the listening socket's backlog is empty (no connection accepted for
   * ACCEPT_QUIET_MS, WORKER_ACCEPT_QUIET_MS for a worker), or after `acceptMaxMs`: then the listener can
   * close without resetting anyone. At once when the server does not listen.
   */
  async acceptBacklog(): Promise<void> {
    this.holding = true;
    await this.waitForQuietBacklog();
    // The caller closes the listener next; once it is closed here (and the other workers' too), the
    // last answer on a connection closes it.
    void this.askToCloseOnceClosed();
  }

  private async askToCloseOnceClosed(): Promise<void> {
    try {
      const start = performance.now();
      while (this.server.listening && performance.now() - start < this.acceptMaxMs)
        await new Promise((r) => setTimeout(r, 2));
      await this.peers?.();
    } finally {
      this.shared.accepting = false;
      this.holding = false;
    }
  }

  private async waitForQuietBacklog(): Promise<void> {
    if (!this.server.listening) return;
    const start = performance.now();
    const quietMs = this.peers ? WORKER_ACCEPT_QUIET_MS : ACCEPT_QUIET_MS;
    // Quiet means: quietMs since the later of the last accept and the call, and at least three turns
    // of the event loop (each polls the listener, and accepts one connection if any waits) with no
    // accept. A loop busy with requests may not have looked at the backlog for a long time.
    let accepted = this.accepted;
    let quietTurns = 0;
    for (;;) {
      const now = performance.now();
      if (now - start >= this.acceptMaxMs) return;
      if (this.accepted !== accepted) [accepted, quietTurns] = [this.accepted, 0];
      else quietTurns++;
      if (quietTurns >= 3 && now - Math.max(this.lastAccepted, start) >= quietMs) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private sweep(): void {
    if (this.holding) return;
    const now = performance.now();
    for (const [socket, state] of this.connections) {
      if (state.ending) continue;
      const quiet = now - state.lastActivity >= (state.kept ? KEPT_QUIET_MS : QUIET_MS);
      if (!quiet || state.inFlight > 0 || socket.readableLength > 0 || socket.destroyed) {
        state.quietSweeps = 0;
        continue;
      }
      if (++state.quietSweeps < 2) continue;
      state.ending = true;
      // Half-close, read whatever still comes until the client closes its side, then destroy: a
      // destroy with unread bytes would reset the connection.
      const linger = setTimeout(() => socket.destroy(), LINGER_MS);
      linger.unref();
      socket.once('close', () => clearTimeout(linger));
      socket.once('end', () => socket.destroy());
      socket.resume();
      socket.end();
    }
  }
}
