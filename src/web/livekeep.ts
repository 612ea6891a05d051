/**
 * Nothing that matters is lost in ranked play either: the browser keeps the live session it is playing
 * (its id and the latest token) per game and board, so a reload, Back, a second tab or a browser closed
 * and reopened reopens the session where the server's record stands (`resumeLive`), and a daily attempt
 * is never spent by a reload. A finished session is forgotten once it has been shown. Storage can be
 * missing (private mode): then nothing is kept and the page asks for a name as before.
 */
import type { LiveAnswer } from './api.js';

/** What is kept of a live session: enough to resume it. */
export interface KeptLive {
  id: string;
  stateToken: string;
  step: number;
  /** The daily challenge's day, or null for a ranked session. */
  challenge: string | null;
  savedAt: number;
}

const keyOf = (slug: string, daily: boolean) => `gameboard.live.v1.${slug}.${daily ? 'daily' : 'ranked'}`;

/** The session kept for this game and board, if any. */
export function keptLive(slug: string, daily: boolean): KeptLive | null {
  try {
    const raw = localStorage.getItem(keyOf(slug, daily));
    if (!raw) return null;
    const k = JSON.parse(raw) as Partial<KeptLive>;
    return typeof k.id === 'string' && typeof k.stateToken === 'string'
      ? {
          id: k.id,
          stateToken: k.stateToken,
          step: Number(k.step ?? 0),
          challenge: k.challenge ?? null,
          savedAt: Number(k.savedAt ?? 0),
        }
      : null;
  } catch {
    return null;
  }
}

/** Keeps the session of `answer` (or forgets it once it is over and shown). */
export function keepLive(slug: string, daily: boolean, answer: LiveAnswer, challenge: string | null): void {
  try {
    if (answer.gameOver) {
      localStorage.removeItem(keyOf(slug, daily));
      return;
    }
    const kept: KeptLive = {
      id: answer.session.id,
      stateToken: answer.stateToken,
      step: answer.session.step,
      challenge,
      savedAt: Date.now(),
    };
    localStorage.setItem(keyOf(slug, daily), JSON.stringify(kept));
  } catch {
    /* private mode or full: the session is not kept */
  }
}

/** Forgets the session kept for this game and board. */
export function forgetLive(slug: string, daily: boolean): void {
  try {
    localStorage.removeItem(keyOf(slug, daily));
  } catch {
    /* nothing was kept */
  }
}
