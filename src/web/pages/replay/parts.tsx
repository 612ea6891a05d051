/** The replay viewer's pieces around the board: the ways to open a run, who played a stored one, one's
 * own run to submit, and what went wrong. */
import { useMemo } from 'preact/hooks';
import type { Run } from '../../../core/replay.js';
import type { StoredRun } from '../../api.js';
import { SubmitBox } from '../../components/submit.js';
import { markSubmitted, ownRun } from '../../persist.js';

/** "Open a run file…": the file picker in the page's head. */
export function FileButton({ openFile }: { openFile: (f: File) => Promise<void> }) {
  return (
    <label class="btn file-btn">
      Open a run file…
      <input
        type="file"
        accept=".json,application/json"
        data-testid="run-file"
        onChange={(e) => {
          const f = (e.target as HTMLInputElement).files?.[0];
          if (f) void openFile(f);
        }}
      />
    </label>
  );
}

/** A run file dropped here, or a run's JSON or a replay link pasted in. */
export function OpenPanel(p: { openFile: (f: File) => Promise<void>; openText: (t: string) => Promise<void> }) {
  return (
    <section
      class="panel dropzone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const f = e.dataTransfer?.files?.[0];
        if (f) void p.openFile(f);
      }}
    >
      <h2>Open a run</h2>
      <p>
        Choose a downloaded run file (the <code>{'{game, rulesVersion, seed, actions}'}</code> JSON from the play page's
        "Download run"), or drop it here. A shared replay link opens here directly.
      </p>
      <form
        class="paste"
        onSubmit={(e) => {
          e.preventDefault();
          const area = (e.currentTarget as HTMLFormElement).elements.namedItem('run') as HTMLTextAreaElement;
          void p.openText(area.value);
        }}
      >
        <label>
          Or paste a run's JSON or a replay link
          <textarea name="run" rows={3} spellcheck={false} data-testid="paste-run" />
        </label>
        <button class="btn" type="submit">
          Open
        </button>
      </form>
    </section>
  );
}

/** Who played a run stored on the server, and its verified score. */
export function StoredLine({ stored }: { stored: StoredRun }) {
  return (
    <p class="lead" data-testid="stored-run">
      Played by <strong>{stored.player.name}</strong> ({stored.player.kind}), verified score {stored.score}.{' '}
      <a href={`/leaderboard/${stored.run.game}`}>Leaderboard</a>
    </p>
  );
}

/** Why no run is shown; a damaged link offers the list of runs to watch. */
export function ReplayProblem(p: { message: string; badLink?: boolean; onList: () => void }) {
  return (
    <p class="panel error" role="alert" data-testid="replay-problem">
      {p.message}
      {p.badLink && (
        <>
          {' '}
          <a href="/replay" data-testid="replay-list-link" onClick={p.onList}>
            See the replays
          </a>
        </>
      )}
    </p>
  );
}

/** One's own finished run, not yet on a leaderboard: offer to submit it from here. */
export function OwnRun({ run }: { run: Run }) {
  const own = useMemo(() => ownRun(run), [run]);
  if (!own || own.submittedId) return null;
  return (
    <section class="panel own-run" aria-label="Your run" data-testid="own-run">
      <h2>Your run</h2>
      <p>You played this run in this browser (score {own.score}); it is not on a leaderboard yet.</p>
      <SubmitBox run={own.run} slug={own.run.game} onSubmitted={(r) => markSubmitted(own.id, r.id)} />
    </section>
  );
}
