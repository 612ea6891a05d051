/**
 * Ranked play and the daily challenge in the browser: a live session on the server (secret seed, every
 * action recorded, no undo). The page asks a name, starts the session, then shows the game's board
 * from the server's observations; when the session ends it is on the ranked (or daily) board.
 *
 * The page is the layout; its workings are in ranked/: the session (asking, starting, keeping and
 * reopening it: session.ts) and the live game being played (live.tsx and its hooks).
 */
import { useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import { soundOn } from '../sound.js';
import { LivePlay } from './ranked/live.js';
import { LiveHelp, NameForm, RankedTools, Resuming } from './ranked/parts.js';
import { useRankedSession } from './ranked/session.js';

export function RankedPage({ game, daily }: { game: AnyGame; daily: boolean }) {
  const { phase, name, setName, reopen, start } = useRankedSession(game, daily);
  const [help, setHelp] = useState(false);
  const [sound, setSound] = useState(soundOn);
  const title = daily ? 'Daily challenge' : 'Ranked';
  document.title = `${game.spec.name} · ${title} · Gameboard`;

  return (
    <main class="play" id="main">
      <div class="play-top">
        <div class="play-head">
          <h1>
            {game.spec.name} · {title}
          </h1>
        </div>
        <RankedTools game={game} daily={daily} sound={sound} setSound={setSound} onHelp={() => setHelp(true)} />
      </div>
      {phase.kind === 'playing' ? (
        <LivePlay game={game} live={phase.live} daily={daily} help={help} setHelp={setHelp} />
      ) : phase.kind === 'resuming' ? (
        <Resuming reopen={reopen} />
      ) : (
        <NameForm game={game} daily={daily} phase={phase} name={name} setName={setName} start={start} />
      )}
      {help && phase.kind !== 'playing' && <LiveHelp game={game} onClose={() => setHelp(false)} />}
    </main>
  );
}
