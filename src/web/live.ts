/**
 * A live (ranked) session in the browser. Unlike free play, the engine runs on the server: each action
 * is one request, sent one at a time in order (a live session cannot fork, so requests never overlap).
 * While a request is in flight, real-time ticks with the same input are merged into one batch of up to
 * 30 (Briarwink's `count`), so a slow round trip costs smoothness, never game time: the game still
 * advances 30 ticks for each second of input.
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
  | { kind: 'refused'; action: GameAction; reason: string; message: string }
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

export class LiveGame {
  answer: LiveAnswer;
  last: LiveLast = { kind: 'none' };
  /** Set when the session cannot go on (network down, session refused): shown to the player. */
  error: string | null = null;
  private readonly queue: GameAction[] = [];
  private busy = false;

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
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length > 0 && !this.isOver() && !this.error) {
      const action = this.queue.shift()!;
      this.clipToBudget(action);
      try {
        const r = await liveAction(this.id, this.answer.stateToken, action);
        if (r.ok) {
          this.answer = r;
          this.last = { kind: 'accepted', action };
        } else {
          this.last = {
            kind: 'refused',
            action,
            reason: r.reason ?? 'refused',
            message: r.message ?? r.reason ?? 'refused',
          };
          // A refused tick batch usually means the situation changed: drop the inputs queued behind it.
          if (action.type === 'tick') this.queue.length = 0;
        }
      } catch (err) {
        if (err instanceof ApiFailure && err.code === 'stale_state') await this.catchUp();
        else this.error = err instanceof ApiFailure ? err.message : String(err);
      }
      this.onChange();
    }
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

  /** A tick batch never asks for more ticks than the ranked budget has left (the one meter's count). */
  private clipToBudget(action: GameAction): void {
    const b = this.answer.session.budget;
    if (!b || b.unit !== 'ticks' || action.type !== 'tick') return;
    const left = new Spending(b, this.answer.session.spent).left;
    if (typeof action.count === 'number' && action.count > left && left > 0) action.count = left;
  }
}
