/**
 * A live session being played: the board from the server's observations, the moves queued to the server,
 * what the last one did, and at game over the run's place on its board. The component is the layout; its
 * workings are the hooks beside it: playing a move (submit.ts), the keys (keys.ts), the sounds, the moment
 * and the standing (feedback.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AnyGame } from '../../../core/game.js';
import { ConfirmDialog, type Ask } from '../../components/confirm.js';
import { GoalLine } from '../../components/goal.js';
import { genericActionLabel } from '../../games/generic.js';
import { viewFor } from '../../games/index.js';
import type { LiveGame } from '../../live.js';
import { MomentBanner } from '../../motion/fx.js';
import { wordsFor } from '../../words/index.js';
import { useLiveSounds, useStanding } from './feedback.js';
import { useLiveKeys } from './keys.js';
import {
  LinkLine,
  LiveActions,
  LiveGameOver,
  LiveOutcome,
  LiveStatus,
  QueuedMoves,
  SessionPanel,
} from './live-parts.js';
import { LiveHelp } from './parts.js';
import { useLiveAct } from './submit.js';

export function LivePlay({
  game,
  live,
  daily,
  help,
  setHelp,
}: {
  game: AnyGame;
  live: LiveGame;
  daily: boolean;
  help: boolean;
  setHelp: (h: boolean | ((h: boolean) => boolean)) => void;
}) {
  const view = viewFor(game.spec.slug);
  const words = wordsFor(game);
  const a = live.answer;
  const obs = a.observation;
  const legal = a.legalActions;
  const over = live.isOver();
  const label = view.actionLabel ?? genericActionLabel;
  const buttons = view.buttonActions ? view.buttonActions(legal, obs) : legal;
  const [ask, setAsk] = useState<Ask | null>(null);
  const helpRef = useRef(help);
  helpRef.current = help || !!ask;
  useEffect(() => () => live.dispose(), [live]);
  const moment = useLiveSounds(live, words, view);
  const { act, local, liveRef, boardRef } = useLiveAct({ live, view, words, setAsk });
  const standing = useStanding(game, daily, live, over);
  useLiveKeys({ view, liveRef, helpRef, setHelp, act });

  const Board = view.Board;
  const boardHref = `/leaderboard/${game.spec.slug}?board=${daily ? 'daily' : 'ranked'}`;
  return (
    <>
      <LiveStatus view={view} a={a} />
      {over && <LiveGameOver live={live} words={words} daily={daily} standing={standing} boardHref={boardHref} />}
      <LinkLine link={live.link} live={live} />
      {live.error && (
        <p class="panel error" role="alert" data-testid="live-error">
          {live.error}
        </p>
      )}
      <div class="play-grid">
        <div class="board-col">
          <div class={view.swipe ? 'board-wrap swipes' : 'board-wrap'} ref={boardRef}>
            <Board
              obs={obs}
              legal={over ? [] : legal}
              onAction={over ? undefined : act}
              paused={over || help || !!ask}
            />
            <QueuedMoves actions={live.queued()} label={(x) => label(x, obs)} />
            <MomentBanner moment={moment} />
          </div>
          <LiveOutcome live={live} words={words} local={local} label={label} />
        </div>
        <aside class="side">
          <GoalLine goal={game.spec.goal} view={view} moves={a.session.step} live />
          {!over && buttons.length > 0 && (
            <LiveActions view={view} buttons={buttons} obs={obs} label={label} act={act} />
          )}
          <SessionPanel a={a} />
        </aside>
      </div>
      {help && <LiveHelp game={game} onClose={() => setHelp(false)} />}
      {ask && <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />}
    </>
  );
}
