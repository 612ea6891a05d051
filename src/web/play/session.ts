/**
 * The game being played on the page: which one opens for the address, and the ways to another one
 * (a new or the same seed, asking first when a game in progress would be lost) or back within it
 * (undo, restart level, retry a part after a loss: the same game cut to its first actions).
 */
import { useRef, useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import type { Ask } from '../components/confirm.js';
import type { GameView } from '../games/types.js';
import { dropUnfinished, finishedFor, latestUnfinished, saveUnfinished, unfinishedFor } from '../persist.js';
import { navigate } from '../router.js';
import { PlaySession, randomSeed } from '../session.js';
import type { Feedback } from './feedback.js';

/**
 * The game to show for this address: the game in progress on the asked seed, else the newest
 * finished run on it that is not yet submitted (a reload at game over), else a fresh game. Without a
 * seed, the newest game in progress of this game, else a fresh random seed.
 */
function openSession(game: AnyGame, seed: Seed | null): PlaySession {
  const slug = game.spec.slug;
  const saved = seed === null ? latestUnfinished(slug) : unfinishedFor(slug, seed);
  if (saved && saved.run.rulesVersion === game.spec.rulesVersion) return PlaySession.resume(game, saved.run);
  if (seed !== null) {
    const done = finishedFor(slug, seed);
    if (done && !done.submittedId && done.run.rulesVersion === game.spec.rulesVersion)
      return PlaySession.resume(game, done.run);
  }
  return new PlaySession(game, seed ?? randomSeed());
}

export function usePlaySession(
  game: AnyGame,
  seed: Seed | null,
  view: GameView,
  textView: boolean,
  fb: Feedback,
  setAsk: (a: Ask) => void,
) {
  const [session, setSession] = useState(() => openSession(game, seed));
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const slug = game.spec.slug;
  const seedless = game.spec.seedless === true;

  const restart = (newSeed: Seed) => {
    fb.recent.current = [];
    const s = new PlaySession(game, newSeed);
    saveUnfinished(s.run(), 0);
    setSession(s);
    fb.setLink(null);
    fb.setMoment(null);
    fb.setCard(null);
    // The route names the seed, so that a link to another seed (Resume) opens that game.
    navigate(`/play/${slug}?seed=${newSeed}${textView ? '&view=text' : ''}`, true);
  };

  /**
   * Undo and restart level: the same game cut to its first `n` actions (free play only). A lost game
   * can be taken back too (the finished run stays in the list of runs, to submit or watch).
   */
  const cutTo = (n: number) => {
    const s = sessionRef.current;
    if (n < 0 || n >= s.actions.length) return;
    const back = s.cut(n);
    fb.recent.current = [];
    saveUnfinished(back.run(), back.score());
    setSession(back);
    fb.setMoment(null);
    fb.setCard(null);
    fb.setTookBack(n === 0 ? 'Taken back to the start.' : `Taken back to after action ${n}.`);
  };
  const levelEvent = view.undo?.levelStartEvent;
  const restartLevel = () => {
    const s = sessionRef.current;
    if (!levelEvent) return;
    const start = s.levelStart(levelEvent);
    const lost = s.actions.length - start;
    if (lost <= 0) return;
    setAsk({
      question: 'Restart this level?',
      detail: `The ${lost} ${lost === 1 ? 'action' : 'actions'} since the level began will be taken back.`,
      yes: 'Restart the level',
      onYes: () => cutTo(start),
    });
  };

  /** "Same seed again" (or that seed typed in) throws the game in progress away: ask first. */
  const restartAsking = (newSeed: Seed) => {
    const s = sessionRef.current;
    if (newSeed !== s.seed || s.isOver() || s.actions.length === 0) return restart(newSeed);
    setAsk({
      question: seedless ? 'Start over?' : `Start seed ${s.seed} again?`,
      detail: `Your game in progress (score ${s.score()}, ${s.actions.length} actions) will be lost.`,
      yes: 'Start again',
      onYes: () => {
        dropUnfinished(slug, s.seed);
        restart(newSeed);
      },
    });
  };

  // Free play after a loss: the part the run ended in, from its start (the same seed and actions).
  const retryAt = view.retry && session.isOver() ? session.partStart(view.retry.event, view.retry.before) : -1;
  const retryPart =
    view.retry && retryAt >= 0 && retryAt < session.actions.length
      ? {
          label: `Retry this ${view.retry.noun}`,
          onRetry: () => {
            cutTo(retryAt);
            fb.setTookBack(
              `Back at the start of this ${view.retry!.noun}: the same ${seedless ? 'game' : 'seed'} and moves up to it.`,
            );
          },
        }
      : undefined;

  return { session, sessionRef, restart, cutTo, levelEvent, restartLevel, restartAsking, retryPart };
}

export type PlayControls = ReturnType<typeof usePlaySession>;
