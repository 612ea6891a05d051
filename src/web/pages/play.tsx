/**
 * The play page, generic over the contract: board (the game's renderer or the observation text),
 * status, legal actions as buttons, what the last action did in sentences, the recorded run, and a
 * game-over summary. Every accepted action is kept in localStorage (see play/persistence.ts), so a
 * reload, Back or a new seed never loses a game, and a finished run waits to be submitted.
 *
 * The page is the layout; its workings are hooks in src/web/play/: the game being played and the ways
 * to another (session.ts), saving it (persistence.ts), playing a move (submit.ts), the keys (keys.ts)
 * and what is said beside the board (feedback.ts).
 */
import { useMemo, useReducer, useRef, useState } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { ConfirmDialog, type Ask } from '../components/confirm.js';
import { EventList, HelpOverlay, Legend, StatusBar } from '../components/parts.js';
import { YourRuns } from '../components/yourruns.js';
import { GameOverPanel } from '../components/gameover.js';
import { TextBoard, genericStatus, genericView } from '../games/generic.js';
import { viewFor } from '../games/index.js';
import { FxLayer, MomentBanner } from '../motion/fx.js';
import { GoalLine } from '../components/goal.js';
import { LevelCard } from '../components/levelcard.js';
import { navigate } from '../router.js';
import { encodeRun, shareLink } from '../runfile.js';
import { randomSeed } from '../session.js';
import { soundOn } from '../sound.js';
import { wordsFor } from '../words/index.js';
import { useFeedback } from '../play/feedback.js';
import { usePlayKeys } from '../play/keys.js';
import { ActionsPanel, Outcome, PlayTop, RunPanel, TakeBack } from '../play/parts.js';
import { usePersistence } from '../play/persistence.js';
import { usePlaySession } from '../play/session.js';
import { useSubmit } from '../play/submit.js';

export function PlayPage({ game, seed }: { game: AnyGame; seed: Seed | null }) {
  // ?view=text plays through the generic view (the observation text and the legal actions as buttons),
  // the way an agent sees the game; for Briarwink that means one tick per button press.
  const [textView, setTextView] = useState(() => new URLSearchParams(location.search).get('view') === 'text');
  const ownView = viewFor(game.spec.slug);
  const view = textView ? genericView : ownView;
  const words = useMemo(() => wordsFor(game), [game]);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [help, setHelp] = useState(false);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [sound, setSound] = useState(soundOn);
  const helpRef = useRef(help || !!ask);
  helpRef.current = help || !!ask;
  const fb = useFeedback();
  const controls = usePlaySession(game, seed, view, textView, fb, setAsk);
  const { session, sessionRef } = controls;
  const save = usePersistence(game, view, session, sessionRef, textView);
  const { act, boardRef } = useSubmit({ view, words, sessionRef, fb, save, setAsk, helpRef, redraw: () => redraw(0) });
  usePlayKeys({ view, sessionRef, helpRef, fb, setHelp, act, cutTo: controls.cutTo });

  const obs = session.observation();
  const legal = session.legal();
  const over = session.isOver();
  const Board = view.Board;
  const keyHelp = [
    ...(view.keyHelp ?? []),
    { keys: 'Tab, Enter', does: 'reach and press any button or board cell' },
    { keys: '?', does: 'show or hide this help' },
  ];
  const makeLink = async () => fb.setLink(await shareLink(session.run()));

  return (
    <main class="play" id="main">
      <PlayTop
        game={game}
        seed={session.seed}
        textView={ownView !== genericView ? textView : null}
        onTextView={() => setTextView((t) => !t)}
        sound={sound}
        setSound={setSound}
        onHelp={() => setHelp(true)}
      />
      <StatusBar
        items={(view.status ?? genericStatus)(obs)}
        score={session.score()}
        slots={view.statusSlots}
        main={view.statusMain}
      />
      <div class="play-grid">
        <div class="board-col">
          <div class={view.swipe ? 'board-wrap swipes' : 'board-wrap'} ref={boardRef} tabIndex={-1}>
            <Board
              obs={obs}
              legal={over ? [] : legal}
              onAction={over ? undefined : act}
              paused={help || over || !!ask}
            />
            <FxLayer marks={fb.marks} />
            <MomentBanner moment={fb.moment} />
            {fb.card && !over && <LevelCard card={fb.card} onGo={() => fb.setCard(null)} />}
          </div>
          <Outcome session={session} view={view} words={words} obs={obs} tookBack={fb.tookBack} />
          {Board !== TextBoard && (
            <details class="agent-view">
              <summary>What an agent sees: the observation text</summary>
              <TextBoard obs={obs} legal={legal} />
            </details>
          )}
        </div>
        <aside class="side">
          <GoalLine goal={game.spec.goal} view={view} moves={session.actions.length} />
          {over && (
            <GameOverPanel
              session={session}
              words={words}
              link={fb.link}
              onPlayAgain={() => controls.restart(randomSeed())}
              onSameSeed={() => controls.restart(session.seed)}
              onWatch={async () => navigate(`/replay#${await encodeRun(session.run())}`)}
              onShare={makeLink}
              retry={controls.retryPart}
            />
          )}
          <ActionsPanel view={view} session={session} act={act} />
          {view.undo && <TakeBack session={session} controls={controls} />}
          {view.ownsKeys ? (
            <EventList events={fb.recent.current} describe={words.event} title="Recent events (newest first)" />
          ) : (
            <EventList events={session.last.kind === 'accepted' ? session.last.events : []} describe={words.event} />
          )}
          <YourRuns game={game} seed={session.seed} ask={setAsk} />
          <Legend entries={view.legend ?? []} />
          <RunPanel session={session} controls={controls} link={fb.link} makeLink={makeLink} />
        </aside>
      </div>
      {help && (
        <HelpOverlay keys={keyHelp} onClose={() => setHelp(false)}>
          <p class="muted">Every action is also a button in the Actions panel.</p>
        </HelpOverlay>
      )}
      {ask && <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />}
    </main>
  );
}
