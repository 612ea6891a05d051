/**
 * The run the replay viewer shows, and the ways it comes: the run carried in the address's fragment, a
 * run stored on the server (`/replay?run=<id>`), a downloaded run file, or a run's JSON or a replay link
 * pasted in. A run replays on the engine of its own rules version.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Run } from '../../../core/replay.js';
import { fetchRun, type StoredRun } from '../../api.js';
import { gameBySlug, gameForRun } from '../../catalog.js';
import { decodeRun, encodeRun, parseRun } from '../../runfile.js';
import { Timeline } from '../../timeline.js';

export type Loaded =
  | { kind: 'empty' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string; badLink?: boolean }
  | { kind: 'ok'; timeline: Timeline; stored?: StoredRun };

function load(run: Run): Loaded {
  const current = gameBySlug(run.game);
  if (!current) return { kind: 'error', message: `This run is for "${run.game}", a game this site does not have.` };
  // a run replays on the engine of its own rules version (earlier versions are kept for that)
  const game = gameForRun(run.game, run.rulesVersion);
  if (!game)
    return {
      kind: 'error',
      message: `This run was played on rules "${run.rulesVersion}"; this site runs "${current.spec.rulesVersion}".`,
    };
  return { kind: 'ok', timeline: new Timeline(game, run) };
}

export function useReplayRun() {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'empty' });

  const fromHash = async () => {
    const h = location.hash.replace(/^#/, '');
    const id = new URLSearchParams(location.search).get('run');
    if (!h && id) {
      setLoaded({ kind: 'loading' });
      try {
        const stored = await fetchRun(id);
        const l = load(stored.run);
        return setLoaded(l.kind === 'ok' ? { ...l, stored } : l);
      } catch (err) {
        return setLoaded({
          kind: 'error',
          message: `The stored run "${id}" could not be opened: ${(err as Error).message}`,
        });
      }
    }
    if (!h) return setLoaded({ kind: 'empty' });
    try {
      setLoaded(load(await decodeRun(h)));
    } catch (err) {
      // A link cut short when copied, or mangled on the way: said plainly, with a way onward.
      setLoaded({
        kind: 'error',
        badLink: true,
        message: `This replay link is damaged or incomplete, so there is no run to show (often a link cut short when it was copied). Ask for the link again, or watch another run. (What went wrong: ${(err as Error).message}.)`,
      });
    }
  };

  useEffect(() => {
    document.title = 'Replay viewer · Gameboard';
    void fromHash();
    const onHash = () => void fromHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const openFile = async (file: File) => {
    try {
      const run = parseRun(JSON.parse(await file.text()));
      const l = load(run);
      setLoaded(l);
      if (l.kind === 'ok') history.replaceState(null, '', `/replay#${await encodeRun(run)}`);
    } catch (err) {
      setLoaded({ kind: 'error', message: `That file is not a run: ${(err as Error).message}` });
    }
  };

  const openText = async (text: string) => {
    const t = text.trim();
    const hash = t.indexOf('#');
    if (!t.startsWith('{') && hash >= 0) {
      history.replaceState(null, '', `/replay${t.slice(hash)}`);
      return fromHash();
    }
    try {
      const run = parseRun(JSON.parse(t));
      const l = load(run);
      setLoaded(l);
      if (l.kind === 'ok') history.replaceState(null, '', `/replay#${await encodeRun(run)}`);
    } catch (err) {
      setLoaded({ kind: 'error', message: `That is not a run: ${(err as Error).message}` });
    }
  };

  return { loaded, setLoaded, openFile, openText };
}
