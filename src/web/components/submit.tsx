/** The "Submit to leaderboard" form, used at game over and in the replay of one's own finished run. */
import { useState } from 'preact/hooks';
import type { Run } from '../../core/replay.js';
import { isPlayerName, normalizePlayerName, PLAYER_NAME_MAX, PLAYER_NAME_RULE } from '../../store/store.js';
import { ApiFailure, submitRun, type Submitted } from '../api.js';

const NAME_KEY = 'gameboard.playerName';

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

type Submit =
  | { kind: 'idle' }
  | { kind: 'asking'; problem?: string }
  | { kind: 'sending' }
  | { kind: 'done'; result: Submitted }
  | { kind: 'error'; message: string };

/**
 * "Submit to leaderboard": asks a name, posts the recorded run as a human's, and shows its rank.
 * `onSubmitted` hears of the server's id (the local history marks the run as submitted).
 */
export function SubmitBox({
  run,
  slug,
  onSubmitted,
}: {
  run: Run;
  slug: string;
  onSubmitted?: (result: Submitted) => void;
}) {
  const [state, setState] = useState<Submit>({ kind: 'idle' });
  const [name, setName] = useState(savedName);

  const send = async () => {
    const n = normalizePlayerName(name.trim());
    if (!isPlayerName(n)) {
      setState({ kind: 'asking', problem: `A name is ${PLAYER_NAME_RULE}.` });
      return;
    }
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      /* private mode: nothing to remember it in */
    }
    setState({ kind: 'sending' });
    try {
      const result = await submitRun(run, { name: n, kind: 'human' });
      onSubmitted?.(result);
      setState({ kind: 'done', result });
    } catch (err) {
      const message =
        err instanceof ApiFailure && err.code === 'store_unavailable'
          ? 'This server keeps no leaderboard.'
          : `The run was not accepted: ${(err as Error).message}`;
      setState({ kind: 'error', message });
    }
  };

  if (state.kind === 'idle')
    return (
      <div class="row submit-row">
        <button class="btn primary" onClick={() => setState({ kind: 'asking' })} data-testid="submit-open">
          Submit to leaderboard
        </button>
      </div>
    );
  if (state.kind === 'done') {
    const r = state.result;
    return (
      <p class="submit-result" role="status" data-testid="submit-result">
        Verified by the server: score <strong>{r.score}</strong>, rank{' '}
        <strong data-testid="submit-rank">{r.rank === null ? 'unlisted' : `#${r.rank}`}</strong> among humans on the
        open board. <a href={`/leaderboard/${slug}?board=open`}>See the leaderboard</a> ·{' '}
        <a href={`/replay?run=${encodeURIComponent(r.id)}`}>Replay it</a>
      </p>
    );
  }
  return (
    <form
      class="submitform"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label>
        Your name on the leaderboard{' '}
        <input
          name="player"
          value={name}
          maxLength={PLAYER_NAME_MAX}
          autoFocus
          autoComplete="nickname"
          placeholder="1 to 32 letters or digits"
          data-testid="submit-name"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <button class="btn primary" type="submit" disabled={state.kind === 'sending'} data-testid="submit-send">
        {state.kind === 'sending' ? 'Submitting…' : 'Submit'}
      </button>
      {state.kind === 'asking' && state.problem && (
        <p class="problem" role="alert">
          {state.problem}
        </p>
      )}
      {state.kind === 'error' && (
        <p class="problem" role="alert" data-testid="submit-error">
          {state.message}
        </p>
      )}
    </form>
  );
}
