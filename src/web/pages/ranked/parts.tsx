/** The ranked page's pieces around the game: its tools, the name form, the reopening line, the help. */
import { useEffect, useReducer } from 'preact/hooks';
import type { AnyGame } from '../../../core/game.js';
import { PLAYER_NAME_MAX } from '../../../store/store.js';
import { HelpOverlay } from '../../components/parts.js';
import { viewFor } from '../../games/index.js';
import { play as playSound, setSoundOn } from '../../sound.js';
import type { Phase, Reopen } from './session.js';

/** The links to free play and the board, the sound switch and the keys' help. */
export function RankedTools(p: {
  game: AnyGame;
  daily: boolean;
  sound: boolean;
  setSound: (on: boolean) => void;
  onHelp: () => void;
}) {
  const { game, daily, sound } = p;
  return (
    <div class="play-tools">
      <a class="btn ghost" href={`/play/${game.spec.slug}`}>
        Free play
      </a>
      <a class="btn ghost" href={`/leaderboard/${game.spec.slug}?board=${daily ? 'daily' : 'ranked'}`}>
        {daily ? 'Daily board' : 'Ranked board'}
      </a>
      <button
        class="btn ghost"
        aria-pressed={sound}
        data-testid="sound"
        onClick={() => {
          setSoundOn(!sound);
          p.setSound(!sound);
          if (!sound) playSound('move');
        }}
      >
        {sound ? 'Sound on' : 'Sound off'}
      </button>
      <button class="btn ghost keys-btn" onClick={p.onHelp} aria-keyshortcuts="?">
        Keys (?)
      </button>
    </div>
  );
}

/** Reopening a kept session: said, with the next try's countdown while the server cannot be reached. */
export function Resuming({ reopen }: { reopen: Reopen }) {
  return (
    <p class="panel lead" role="status" data-testid="live-resuming">
      {reopen ? (
        <Countdown
          at={reopen.at}
          say={(s) =>
            `The server could not be reached. Trying again ${s} (try ${reopen.attempt + 1}) to reopen your session where you left it…`
          }
        />
      ) : (
        'Reopening your session where you left it…'
      )}
    </p>
  );
}

/** The name on the board and the button that starts the session; a refusal said under it. */
export function NameForm(p: {
  game: AnyGame;
  daily: boolean;
  phase: Phase;
  name: string;
  setName: (n: string) => void;
  start: () => Promise<void>;
}) {
  const { game, daily, phase } = p;
  return (
    <form
      class="panel submitform"
      onSubmit={(e) => {
        e.preventDefault();
        void p.start();
      }}
    >
      <p class="lead">
        {daily && game.spec.seedless === true
          ? "Today's challenge is the same for everyone. One attempt per name, for names that played ranked before today."
          : daily
            ? "Today's seed is the same for everyone and stays secret until the day is over (UTC). One attempt per name, for names that played ranked before today."
            : 'The server draws a secret seed and records every action as you play: no undo, no second try of a move.'}{' '}
        Your name is yours once used: this browser keeps its key.
      </p>
      <label>
        Your name on the board{' '}
        <input
          name="player"
          value={p.name}
          // the attribute counts UTF-16 units, a name's limit code points (isPlayerName): room for 32 astral letters
          maxLength={PLAYER_NAME_MAX * 2}
          autoComplete="nickname"
          placeholder="1 to 32 letters or digits"
          data-testid="live-name"
          onInput={(e) => p.setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <button class="btn primary" type="submit" disabled={phase.kind === 'starting'} data-testid="live-start">
        {phase.kind === 'starting' ? 'Starting…' : daily ? 'Play the daily challenge' : 'Play ranked'}
      </button>
      {phase.kind === 'asking' && phase.problem && (
        <p class="problem" role="alert" data-testid="live-problem">
          {phase.problem}
          {phase.code === 'daily_not_qualified' && (
            <>
              {' '}
              <a href={`/ranked/${game.spec.slug}`} data-testid="live-play-ranked">
                Play ranked
              </a>
            </>
          )}
        </p>
      )}
    </form>
  );
}

/** The keys of free play that ranked play has too (no take-back: every action is recorded). */
export function LiveHelp({ game, onClose }: { game: AnyGame; onClose: () => void }) {
  const view = viewFor(game.spec.slug);
  const keys = [
    ...(view.keyHelp ?? []).filter((k) => !k.freePlayOnly),
    { keys: 'Tab, Enter', does: 'reach and press any button or board cell' },
    { keys: '?', does: 'show or hide this help' },
  ];
  return (
    <HelpOverlay keys={keys} onClose={onClose}>
      <p class="muted">Every action is also a button in the Actions panel. Ranked play has no undo.</p>
    </HelpOverlay>
  );
}

/** "in 4 s", counting down each second to `at`, then "now". */
export function Countdown({ at, say }: { at: number; say: (when: string) => string }) {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [at]);
  const left = Math.ceil((at - Date.now()) / 1000);
  return <>{say(left > 0 ? `in ${left} s` : 'now')}</>;
}
