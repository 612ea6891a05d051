/**
 * A live (ranked) session in the browser. Unlike free play, the engine runs on the server: each action
 * is one request, sent one at a time in order (a live session cannot fork, so requests never overlap).
 * While a request is in flight, real-time ticks with the same input are merged into one batch of up to
 * 30 (Briarwink's `count`), so a slow round trip costs smoothness, never game time: the game still
 * advances 30 ticks for each second of input.
 *
 * A lost connection does not end the session: the action that failed stays at the head of the queue,
 * the page says it is reconnecting, and the game tries again with a growing pause (1 s, 2 s, 4 s … at
 * most 15 s; at once when the browser comes back online or the player asks). Each try asks the
 * server where the session stands (`/resume`); once it answers, the failed action is sent again with
 * the same token, which the server answers as a retry if it had recorded it, so nothing plays twice.
 * Keys and clicks keep queueing meanwhile, and are sent in order once the server is back.
 */
import { Spending } from '../core/budget.js';
import type { GameAction } from '../core/game.js';
import { ApiFailure, liveAction, resumeLive, type LiveAnswer } from './api.js';

/** Most ticks in one batch (the grammar's limit for `count`). */
const MAX_BATCH = 30;

/** What the last answered action did. */
export type LiveLast =
  | { kind: 'none' }
  | { kind: 'accepted'; action: GameAction }
  | { kind: 'refused'; action: GameAction; reason: string; message: string; dropped: number }
  /** The session had moved on elsewhere (another tab): the board now shows where the record stands. */
  | { kind: 'caught_up'; step: number };

/** Whether two tick actions have the same input, so they can run as one batch. */
function sameTickInput(a: GameAction, b: GameAction): boolean {
  return (
    a.type === 'tick' &&
    b.type === 'tick' &&
    a.plant !== true &&
    b.plant !== true &&
    a.move === b.move &&
    a.walkTo === b.walkTo
  );
}

/** The link to the server, for the page to say. */
export type LiveLink =
  | { kind: 'ok' }
  /** The server could not be reached: the next try is at `retryAt` (a `Date.now()` time). */
  | { kind: 'waiting'; attempt: number; retryAt: number }
  /** Asking the server where the session stands. */
  | { kind: 'resyncing'; attempt: number }
  /** Back in step with the server after a lost connection, at this step. */
  | { kind: 'back'; step: number };

/** The longest pause between two tries to reach the server again. */
export const MAX_RETRY_MS = 15_000;

/** A failure that waiting can cure: no connection, or a server restarting or too busy. */
export function transient(err: unknown): boolean {
  return (
    err instanceof ApiFailure &&
    (err.code === 'network' ||
      err.code === 'rate_limited' ||
      err.code === 'shutting_down' ||
      err.code === 'store_unavailable')
  );
}

export class LiveGame {
  answer: LiveAnswer;
  last: LiveLast = { kind: 'none' };
  /** Set when the session cannot go on (network down, session refused): shown to the player. */
  error: string | null = null;
  link: LiveLink = { kind: 'ok' };
  private readonly queue: GameAction[] = [];
  /** The action whose answer is awaited. */
  private sending: GameAction | null = null;
  private busy = false;
  private wake: (() => void) | null = null;
  private gone = false;

  constructor(
    first: LiveAnswer,
    private readonly onChange: () => void,
  ) {
    this.answer = first;
  }

  get id(): string {
    return this.answer.session.id;
  }

  isOver(): boolean {
    return this.answer.gameOver;
  }

  /** True while actions are waiting for the server. */
  pending(): boolean {
    return this.busy || this.queue.length > 0;
  }

  /** The actions made and not yet answered, oldest first (the one being sent first). */
  queued(): GameAction[] {
    return this.sending ? [this.sending, ...this.queue] : [...this.queue];
  }

  /** Tries to reach the server now instead of at the end of the pause. */
  retryNow(): void {
    this.wake?.();
  }

  /** The page is gone: stop trying. */
  dispose(): void {
    this.gone = true;
    this.wake?.();
  }

  /** Queues an action; ticks with the same input merge into the batch waiting to be sent. */
  act(action: GameAction): void {
    if (this.isOver() || this.error) return;
    const tail = this.queue[this.queue.length - 1];
    if (tail && sameTickInput(tail, action)) {
      const n =
        (typeof tail.count === 'number' ? tail.count : 1) + (typeof action.count === 'number' ? action.count : 1);
      if (n <= MAX_BATCH) {
        tail.count = n;
        return;
      }
    }
    this.queue.push({ ...action });
    if (this.link.kind === 'back') this.link = { kind: 'ok' };
    this.onChange();
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length > 0 && !this.isOver() && !this.error && !this.gone) {
      const action = this.queue.shift()!;
      this.sending = action;
      this.clipToBudget(action);
      try {
        const r = await liveAction(this.id, this.answer.stateToken, action);
        this.sending = null;
        if (r.ok) {
          this.answer = r;
          this.last = { kind: 'accepted', action };
        } else {
          // The moves queued behind a refused one were meant for a board that did not come: dropped.
          const dropped = this.queue.length;
          this.queue.length = 0;
          this.last = {
            kind: 'refused',
            action,
            reason: r.reason ?? 'refused',
            message: r.message ?? r.reason ?? 'refused',
            dropped,
          };
        }
      } catch (err) {
        this.sending = null;
        if (err instanceof ApiFailure && err.code === 'stale_state') await this.catchUp();
        else if (transient(err)) {
          // Not lost: sent again (the same request, a safe retry) once the server answers.
          this.queue.unshift(action);
          await this.reconnect();
        } else this.error = err instanceof ApiFailure ? err.message : String(err);
      }
      if (!this.gone) this.onChange();
    }
    this.sending = null;
    this.busy = false;
  }

  /**
   * Another tab (or an earlier page) played this session on: take the latest position from the server
   * instead of failing, and drop the inputs queued against the old one.
   */
  private async catchUp(): Promise<void> {
    try {
      this.answer = await resumeLive(this.id, this.answer.stateToken);
      this.queue.length = 0;
      this.last = { kind: 'caught_up', step: this.answer.session.step };
    } catch (err) {
      this.error = err instanceof ApiFailure ? err.message : String(err);
    }
  }

  /** Waits and asks the server where the session stands until it answers (or the page is gone). */
  private async reconnect(): Promise<void> {
    for (let attempt = 1; !this.gone; attempt++) {
      const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** (attempt - 1));
      this.link = { kind: 'waiting', attempt, retryAt: Date.now() + wait };
      this.onChange();
      await this.pause(wait);
      if (this.gone) return;
      this.link = { kind: 'resyncing', attempt };
      this.onChange();
      try {
        const r = await resumeLive(this.id, this.answer.stateToken);
        const mine = this.answer.session.step;
        // One step ahead can be the failed action itself, recorded before the answer was lost: sending
        // it again with the same token is answered as that retry. Further ahead, it was played elsewhere.
        if (r.session.step > mine + 1 || r.gameOver) {
          this.answer = r;
          this.queue.length = 0;
          this.last = { kind: 'caught_up', step: r.session.step };
        }
        this.link = { kind: 'back', step: r.session.step };
        return;
      } catch (err) {
        if (transient(err)) continue;
        this.link = { kind: 'ok' };
        this.error = err instanceof ApiFailure ? err.message : String(err);
        return;
      }
    }
  }

  /** Sleeps `ms`, or less when woken (back online, "Try now", the page gone). */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        removeEventListener('online', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      addEventListener('online', done);
      this.wake = done;
    });
  }

  /** A tick batch never asks for more ticks than the ranked budget has left (the one meter's count). */
  private clipToBudget(action: GameAction): void {
    const b = this.answer.session.budget;
    if (!b || b.unit !== 'ticks' || action.type !== 'tick') return;
    const left = new Spending(b, this.answer.session.spent).left;
    if (typeof action.count === 'number' && action.count > left && left > 0) action.count = left;
  }
}
