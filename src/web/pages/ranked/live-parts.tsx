/** The pieces of a live session's page: its status row, the game-over panel, the link's state, what the
 * last move did, the action buttons, the session panel and the moves still on their way. */
import type { GameAction, Observation } from '../../../core/game.js';
import type { BoardStanding, LiveAnswer } from '../../api.js';
import { releaseMouseFocus, StatusBar } from '../../components/parts.js';
import { genericStatus } from '../../games/generic.js';
import type { GameView } from '../../games/types.js';
import type { LiveGame, LiveLink } from '../../live.js';
import type { GameWords } from '../../words/index.js';
import { seconds } from '../../words/types.js';
import { Countdown } from './parts.js';

/** The budget's name in the status row: "Time allowed", "Moves allowed"... */
function budgetLabel(unit: string): string {
  return unit === 'ticks' ? 'Time allowed' : `${unit[0].toUpperCase()}${unit.slice(1)} allowed`;
}

/** The game's status, the step and the budget spent. */
export function LiveStatus({ view, a }: { view: GameView; a: LiveAnswer }) {
  const budget = a.session.budget;
  return (
    <StatusBar
      items={[
        ...(view.status ?? genericStatus)(a.observation),
        { label: 'Step', value: a.session.step },
        ...(budget
          ? [
              budget.unit === 'ticks'
                ? { label: budgetLabel(budget.unit), value: `${seconds(a.session.spent)} of ${seconds(budget.limit)}` }
                : { label: budgetLabel(budget.unit), value: `${a.session.spent} of ${budget.limit}` },
            ]
          : []),
      ]}
      score={a.score}
      slots={(view.statusSlots ?? 0) + (budget ? 2 : 1)}
      main={view.statusMain && [...view.statusMain, ...(budget ? [budgetLabel(budget.unit)] : [])]}
    />
  );
}

/** The session's end: its final score, its rank on the board (once looked up) and where to go next. */
export function LiveGameOver(p: {
  live: LiveGame;
  words: GameWords;
  daily: boolean;
  standing: BoardStanding | 'failed' | null;
  boardHref: string;
}) {
  const { live, daily, standing } = p;
  const a = live.answer;
  const board = daily ? 'daily' : 'ranked';
  return (
    <section class="panel gameover" role="region" aria-label="Session over" data-testid="live-gameover">
      <h2>{a.outcome?.kind === 'truncated' ? 'Budget reached' : 'Game over'}</h2>
      <p class="final">
        {a.outcome ? p.words.ending(a.outcome, a.observation) : ''} Final score{' '}
        <strong data-testid="live-final-score">{a.score}</strong> after{' '}
        {a.session.budget?.unit === 'ticks'
          ? `${a.session.spent} ticks (${seconds(a.session.spent)} of play)`
          : `${a.session.step} ${a.session.step === 1 ? 'action' : 'actions'}`}
        , recorded by the server and ranked.
      </p>
      <p class="standing" role="status" data-testid="live-rank">
        {standing === null
          ? 'Looking up your rank…'
          : standing === 'failed'
            ? 'Your rank could not be looked up just now: the board has it.'
            : standing.rank !== null
              ? `You are #${standing.rank} of ${standing.of} ${standing.of === 1 ? 'human' : 'humans'} on the ${board} board.`
              : standing.best
                ? `Your best run stays #${standing.best.rank} on the ${board} board, with ${standing.best.score}.`
                : `This run is not in the top ${standing.of} of the ${board} board.`}
      </p>
      <div class="row">
        <a class="btn primary" href={p.boardHref} data-testid="live-board-link">
          See the {board} board
        </a>
        {!daily && (
          <a class="btn" href={`/replay?run=${encodeURIComponent(live.id)}`}>
            Watch replay
          </a>
        )}
      </div>
    </section>
  );
}

/** What the link to the server is doing, in words; nothing while all is well. */
export function LinkLine({ link, live }: { link: LiveLink; live: LiveGame }) {
  if (link.kind === 'ok') return null;
  return (
    <p class={link.kind === 'back' ? 'panel link-line back' : 'panel link-line'} data-testid="live-link">
      {link.kind === 'waiting' ? (
        <>
          <Countdown
            at={link.retryAt}
            say={(when) =>
              `The server could not be reached. Your moves are kept and will be sent in order: trying again ${when} (try ${link.attempt + 1}).`
            }
          />{' '}
          <button class="btn small" onClick={() => live.retryNow()} data-testid="live-retry">
            Try now
          </button>
        </>
      ) : link.kind === 'resyncing' ? (
        'Reconnecting: asking the server where your session stands…'
      ) : (
        `Back in touch with the server: your session is at step ${link.step}.`
      )}
    </p>
  );
}

/** What the last move did, or a move said here and never sent (`local`), in a sentence. */
export function LiveOutcome(p: {
  live: LiveGame;
  words: GameWords;
  local: string | null;
  label: (x: GameAction, obs?: Observation) => string;
}) {
  const { live, local } = p;
  const a = live.answer;
  const last = live.last;
  return (
    <p class={last.kind === 'refused' || local ? 'outcome refused' : 'outcome'} role="status" data-testid="outcome">
      {local
        ? local
        : last.kind === 'refused'
          ? p.words.refusal(last.action, last.reason, last.message, a.observation) +
            (last.dropped > 0
              ? ` The ${last.dropped} ${last.dropped === 1 ? 'move' : 'moves'} queued after it ${last.dropped === 1 ? 'was' : 'were'} dropped.`
              : '')
          : last.kind === 'accepted'
            ? `${p.label(last.action)}. Score ${a.score}.`
            : last.kind === 'caught_up'
              ? `This session was played on elsewhere: here it is at step ${last.step}.`
              : a.session.step > 0
                ? `Welcome back: your session goes on at step ${a.session.step}.`
                : 'Your move: every action is recorded.'}
    </p>
  );
}

/** The legal actions as buttons, numbered for the keys 1-9 when the game has no keys of its own. */
export function LiveActions(p: {
  view: GameView;
  buttons: GameAction[];
  obs: Observation;
  label: (x: GameAction, obs?: Observation) => string;
  act: (x: GameAction) => void;
}) {
  const { view } = p;
  return (
    <section class="panel actions" aria-label="Legal actions">
      <h2>Actions</h2>
      <div class="action-buttons">
        {p.buttons.map((x, i) => (
          <button
            class="btn action"
            data-action={JSON.stringify(x)}
            onClick={(e) => {
              releaseMouseFocus(e);
              p.act(x);
            }}
          >
            {!view.keyToAction && !view.ownsKeys && i < 9 ? <kbd>{i + 1}</kbd> : null}
            {p.label(x, p.obs)}
          </button>
        ))}
      </div>
    </section>
  );
}

/** How many actions the server has recorded, and the day of a daily challenge. */
export function SessionPanel({ a }: { a: LiveAnswer }) {
  return (
    <section class="panel run" aria-label="This session">
      <h2>This session</h2>
      <p>
        <span data-testid="live-step">{a.session.step}</span> {a.session.step === 1 ? 'action' : 'actions'} recorded by
        the server
        {a.challenge ? ` on the daily challenge of ${a.challenge}` : ''}.
      </p>
    </section>
  );
}

/**
 * The moves made and not yet answered, on the board's corner in order (the first is being sent):
 * a slow answer never hides a key press. Real-time ticks are not listed (they merge into batches).
 */
export function QueuedMoves({ actions, label }: { actions: GameAction[]; label: (x: GameAction) => string }) {
  const shown = actions.filter((x) => x.type !== 'tick');
  if (shown.length === 0) return null;
  return (
    <div class="live-queue" data-testid="live-queued" role="status">
      <span class="live-queue-head">{shown.length === 1 ? 'Sending' : `Queued (${shown.length})`}</span>
      <ol>
        {shown.map((x, i) => (
          <li class={i === 0 ? 'sending' : undefined}>{label(x)}</li>
        ))}
      </ol>
    </div>
  );
}
