/**
 * "Move my name to another device": the player's name is owned by a key kept in this browser's storage.
 * Moving it replaces the key on the server (so any older copy of the key stops working) and shows the new
 * one once, as a link to open on the other device, with a warning: whoever has the link owns the name.
 * The link carries the name and key after `#`, which browsers never send to a server or in a Referer.
 * Opening such a link (here, on the home page) keeps the key in that browser and takes the hash away.
 */
import { useEffect, useState } from 'preact/hooks';
import { adoptKey, ApiFailure, PLAYER_NAME, rotateKey, savedKey } from '../api.js';

const NAME_KEY = 'gameboard.playerName';
/** A key as the server accepts one of one's own. */
const KEY = /^[A-Za-z0-9_-]{22,128}$/;

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The name and key of a move link (`…/#move=<name>&key=<key>`), or null when `hash` is not one. */
function parseMoveLink(hash: string): { name: string; key: string } | null {
  const params = new URLSearchParams(hash.replace(/^.*?#/, ''));
  const name = params.get('move');
  const key = params.get('key');
  if (name === null || key === null || !PLAYER_NAME.test(name) || !KEY.test(key)) return null;
  return { name, key };
}

const linkFor = (name: string, key: string) =>
  `${location.origin}/#${new URLSearchParams({ move: name, key }).toString()}`;

type State =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'moving' }
  | { kind: 'shown'; link: string }
  | { kind: 'failed'; message: string };

export function MoveName() {
  const [name, setName] = useState(savedName);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [arrived, setArrived] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteProblem, setPasteProblem] = useState('');

  const adopt = (move: { name: string; key: string }) => {
    adoptKey(move.name, move.key);
    try {
      localStorage.setItem(NAME_KEY, move.name);
    } catch {
      /* private mode: the key is not kept either */
    }
    setName(move.name);
    setArrived(move.name);
  };

  // A move link opened here: keep its key, and take the key out of the address bar and history.
  useEffect(() => {
    const move = parseMoveLink(location.hash);
    if (!move) return;
    adopt(move);
    history.replaceState(history.state, '', location.pathname + location.search);
  }, []);

  const held = name !== '' && savedKey(name) !== null;

  return (
    <section class="panel movename" aria-label="Your name on other devices" data-testid="move-name">
      <h2>Your name on other devices</h2>
      {arrived && (
        <p role="status" data-testid="move-arrived">
          This browser now holds the key of <strong>{arrived}</strong>: you can play under it here.
        </p>
      )}
      {held && state.kind === 'idle' && (
        <p>
          Your runs go under <strong>{name}</strong>, owned by a key kept in this browser.{' '}
          <button class="btn small" data-testid="move-start" onClick={() => setState({ kind: 'asking' })}>
            Move my name to another device
          </button>
        </p>
      )}
      {held && state.kind === 'asking' && (
        <div class="warning" data-testid="move-warning">
          <p>
            This makes a new key for <strong>{name}</strong> and shows it once, as a link to open on your other device.
            Anyone who has the link owns your name: do not share it or post it. Any key of this name you gave out before
            stops working; this browser keeps the new one.
          </p>
          <button
            class="btn small primary"
            data-testid="move-confirm"
            onClick={async () => {
              setState({ kind: 'moving' });
              try {
                const key = await rotateKey(name);
                setState({ kind: 'shown', link: linkFor(name, key) });
              } catch (err) {
                setState({ kind: 'failed', message: err instanceof ApiFailure ? err.message : String(err) });
              }
            }}
          >
            Make the link
          </button>{' '}
          <button class="btn small ghost" onClick={() => setState({ kind: 'idle' })}>
            Cancel
          </button>
        </div>
      )}
      {state.kind === 'moving' && <p class="muted">Making a new key…</p>}
      {state.kind === 'failed' && (
        <p role="alert" data-testid="move-failed">
          The name could not be moved: {state.message}
        </p>
      )}
      {state.kind === 'shown' && (
        <div class="warning" data-testid="move-shown">
          <p>
            Open this link on your other device. It is shown this once and kept nowhere: whoever has it owns{' '}
            <strong>{name}</strong>.
          </p>
          <input
            readOnly
            value={state.link}
            aria-label="The link that carries your name"
            onFocus={(e) => (e.target as HTMLInputElement).select()}
            data-testid="move-link"
          />{' '}
          <button
            class="btn small"
            onClick={() => {
              void navigator.clipboard?.writeText(state.link).catch(() => undefined);
            }}
          >
            Copy
          </button>{' '}
          <button class="btn small ghost" data-testid="move-done" onClick={() => setState({ kind: 'idle' })}>
            Done: hide it
          </button>
        </div>
      )}
      <details>
        <summary>Got a link from another device?</summary>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const move = parseMoveLink(pasted.trim());
            if (!move) {
              setPasteProblem('That is not a link made by "Move my name to another device".');
              return;
            }
            setPasteProblem('');
            setPasted('');
            adopt(move);
          }}
        >
          <label>
            Paste it here{' '}
            <input
              value={pasted}
              onInput={(e) => setPasted((e.target as HTMLInputElement).value)}
              data-testid="move-paste"
            />
          </label>{' '}
          <button class="btn small" type="submit">
            Use it
          </button>
          {pasteProblem && <p role="alert">{pasteProblem}</p>}
        </form>
      </details>
    </section>
  );
}
