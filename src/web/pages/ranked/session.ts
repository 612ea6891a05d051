/**
 * The ranked session of the page: asking a name and starting a live session on the server, keeping it
 * after every answer (livekeep.ts) so that a reload, Back or another tab reopens it where the record stands,
 * and reopening a kept one, trying again with a growing pause while the server cannot be reached.
 */
import { useEffect, useReducer, useState } from 'preact/hooks';
import type { AnyGame } from '../../../core/game.js';
import { isPlayerName, normalizePlayerName, PLAYER_NAME_RULE } from '../../../store/store.js';
import { ApiFailure, plainProblem, resumeLive, startLive, type LiveAnswer } from '../../api.js';
import { LiveGame, MAX_RETRY_MS, transient } from '../../live.js';
import { forgetLive, keepLive, keptLive } from '../../livekeep.js';
import { noteMine } from '../../mine.js';

const NAME_KEY = 'gameboard.playerName';

/** The name this browser last played ranked under, or ''. */
export function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export type Phase =
  | { kind: 'asking'; problem?: string; code?: string }
  | { kind: 'starting' }
  | { kind: 'resuming' }
  | { kind: 'playing'; live: LiveGame };

/** Reopening a kept session while the server cannot be reached: the next try's time and its number. */
export type Reopen = { attempt: number; at: number } | null;

/**
 * A session this browser was playing (a reload, Back, another tab): reopen it where the record stands.
 * A server that cannot be reached is tried again with a growing pause; only a refusal forgets it.
 */
function useReopen(
  slug: string,
  daily: boolean,
  play: (a: LiveAnswer) => void,
  setPhase: (p: Phase) => void,
  setReopen: (r: Reopen) => void,
) {
  useEffect(() => {
    const kept = keptLive(slug, daily);
    if (!kept) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) =>
      resumeLive(kept.id, kept.stateToken).then(
        (answer) => {
          if (!gone) {
            setReopen(null);
            play(answer);
          }
        },
        (err: unknown) => {
          if (gone) return;
          if (transient(err)) {
            const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** (n - 1));
            setReopen({ attempt: n, at: Date.now() + wait });
            timer = setTimeout(() => void attempt(n + 1), wait);
            return;
          }
          forgetLive(slug, daily);
          setPhase({
            kind: 'asking',
            problem: `Your earlier session could not be reopened (${(err as Error).message}). Start a new one.`,
          });
        },
      );
    void attempt(1);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [slug, daily]);
}

export function useRankedSession(game: AnyGame, daily: boolean) {
  const slug = game.spec.slug;
  const [phase, setPhase] = useState<Phase>(() => (keptLive(slug, daily) ? { kind: 'resuming' } : { kind: 'asking' }));
  const [name, setName] = useState(savedName);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [reopen, setReopen] = useState<Reopen>(null);

  /** Plays `first` on, keeping the session after every answer so that nothing is lost on a reload. */
  const play = (first: LiveAnswer) => {
    const challenge = first.challenge ?? null;
    keepLive(slug, daily, first, challenge);
    // The run is this browser's: the boards open on it and mark it (mine.ts).
    noteMine({
      slug,
      // A game without randomness plays its daily challenge as an ordinary ranked session (no day).
      board: daily && challenge ? 'daily' : 'ranked',
      id: first.session.id,
      ...(challenge ? { date: challenge } : {}),
      at: Date.now(),
    });
    const live: LiveGame = new LiveGame(first, () => {
      keepLive(slug, daily, live.answer, challenge);
      redraw(0);
    });
    setPhase({ kind: 'playing', live });
  };

  useReopen(slug, daily, play, setPhase, setReopen);

  const start = async () => {
    const n = normalizePlayerName(name.trim());
    if (!isPlayerName(n)) {
      setPhase({ kind: 'asking', problem: `A name is ${PLAYER_NAME_RULE}.` });
      return;
    }
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      /* private mode */
    }
    setPhase({ kind: 'starting' });
    try {
      play(await startLive(game.spec.slug, { name: n, kind: 'human' }, daily));
    } catch (err) {
      const problem =
        err instanceof ApiFailure && err.code === 'store_unavailable'
          ? 'This server keeps no runs, so it has no ranked play.'
          : plainProblem(err);
      setPhase({ kind: 'asking', problem, code: err instanceof ApiFailure ? err.code : undefined });
    }
  };

  return { phase, name, setName, reopen, start };
}
