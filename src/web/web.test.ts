/**
 * The browser UI's plain-TypeScript parts, in Node: routes, run files and links, the play session and
 * the replay timeline, on the real registered engines.
 */
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../core/game.js';
import { replay } from '../core/replay.js';
import { games } from '../games/index.js';
import { fieldLabel, genericStatus } from './games/generic.js';
import { isAppHref, parseRoute } from './router.js';
import { decodeRun, encodeRun, parseRun, runToJson } from './runfile.js';
import { PlaySession } from './session.js';
import { Timeline } from './timeline.js';

/** Up to `n` actions of a fixed pattern through the legal lists (the first listed, then the last...). */
function somePlay(slug: string, seed: number, n: number): { session: PlaySession; actions: GameAction[] } {
  const game = games.find((g) => g.spec.slug === slug)!;
  const session = new PlaySession(game, seed);
  for (let i = 0; i < n && !session.isOver(); i++) {
    const legal = session.legal();
    expect(session.act(legal[(i * 5) % legal.length])).toBe(true);
  }
  return { session, actions: session.actions };
}

describe('routes', () => {
  it('reads the four pages, a seed, and nothing else', () => {
    expect(parseRoute('/', '')).toEqual({ page: 'home' });
    expect(parseRoute('/play/whirlyard', '?seed=42')).toEqual({ page: 'play', slug: 'whirlyard', seed: 42 });
    expect(parseRoute('/play/whirlyard/', '')).toEqual({ page: 'play', slug: 'whirlyard', seed: null });
    expect(parseRoute('/play/x', '?seed=-1')).toEqual({ page: 'play', slug: 'x', seed: null });
    expect(parseRoute('/play/x', '?seed=1.5')).toEqual({ page: 'play', slug: 'x', seed: null });
    expect(parseRoute('/play/x', '?seed=4294967296')).toEqual({ page: 'play', slug: 'x', seed: null });
    // a finished ranked run's wide seed, to practise it in free play
    const wide = '0123456789abcdef0123456789abcdef';
    expect(parseRoute('/play/x', `?seed=${wide.toUpperCase()}`)).toEqual({ page: 'play', slug: 'x', seed: wide });
    expect(parseRoute('/play/x', `?seed=${wide.slice(1)}`)).toEqual({ page: 'play', slug: 'x', seed: null });
    expect(parseRoute('/rules/cragwake', '')).toEqual({ page: 'rules', slug: 'cragwake' });
    expect(parseRoute('/replay', '')).toEqual({ page: 'replay' });
    expect(parseRoute('/leaderboard/delvewick', '')).toEqual({ page: 'leaderboard', slug: 'delvewick' });
    expect(parseRoute('/docs/api', '')).toEqual({ page: 'missing', path: '/docs/api' });
  });

  it('routes in-app links itself and leaves the server pages to the browser', () => {
    expect(isAppHref('/play/whirlyard')).toBe(true);
    expect(isAppHref('/replay#zAAA')).toBe(true);
    expect(isAppHref('/docs/api/whirlyard')).toBe(false);
    expect(isAppHref('/api/games')).toBe(false);
  });
});

describe('run files and links', () => {
  it('a malformed run is refused with the reason', () => {
    expect(() => parseRun([])).toThrow('object');
    expect(() => parseRun({ rulesVersion: 'a', seed: 1, actions: [] })).toThrow('"game"');
    expect(() => parseRun({ game: 'g', rulesVersion: 'a', seed: -1, actions: [] })).toThrow('seed');
    expect(() => parseRun({ game: 'g', rulesVersion: 'a', seed: 1, actions: [{}] })).toThrow('"type"');
  });

  it('a run of a wide seed (a ranked session) reads back, and survives its link', async () => {
    const game = games.find((g) => g.spec.slug === 'briarwink')!;
    const session = new PlaySession(game, 'fedcba9876543210fedcba9876543210');
    for (let i = 0; i < 5; i++) session.act(game.legalActions(session.state)[0]);
    const run = session.run();
    expect(parseRun(JSON.parse(JSON.stringify(run)))).toEqual(run);
    expect(() => parseRun({ ...run, seed: run.seed.toString().toUpperCase() })).toThrow('seed');
    expect(await decodeRun(await encodeRun(run))).toEqual(run);
  });

  for (const game of games) {
    it(`${game.spec.slug}: a played run survives the link and replays to the page's score`, async () => {
      const { session } = somePlay(game.spec.slug, 9, 40);
      const run = session.run();
      const link = await encodeRun(run);
      expect(link).toMatch(/^z[A-Za-z0-9_-]+$/);
      const back = await decodeRun('#' + link);
      expect(runToJson(back)).toBe(runToJson(run));
      const r = replay(game, back);
      expect(r.ok && r.score).toBe(session.score());
    });
  }

  it('a damaged link is an error, not a run', async () => {
    await expect(decodeRun('zAAAA')).rejects.toThrow('damaged');
    await expect(decodeRun('q123')).rejects.toThrow('does not hold a run');
    await expect(decodeRun('z$$$')).rejects.toThrow('base64url');
  });
});

describe('play session and timeline', () => {
  it('a refused action changes nothing but the message', () => {
    const { session } = somePlay('whirlyard', 3, 0);
    const before = JSON.stringify(session.game.toWire(session.state));
    expect(session.act({ type: 'nonsense' })).toBe(false);
    expect(session.last.kind).toBe('refused');
    expect(session.actions).toEqual([]);
    expect(JSON.stringify(session.game.toWire(session.state))).toBe(before);
  });

  for (const game of games) {
    it(`${game.spec.slug}: every step of the timeline is the state the session passed through`, () => {
      const session = new PlaySession(game, 4);
      const wires: string[] = [JSON.stringify(game.toWire(session.state))];
      const scores = [session.score()];
      for (let i = 0; i < 80 && !session.isOver(); i++) {
        const legal = session.legal();
        session.act(legal[(i * 3) % legal.length]);
        wires.push(JSON.stringify(game.toWire(session.state)));
        scores.push(session.score());
      }
      const t = new Timeline(game, session.run());
      expect(t.error).toBeNull();
      expect(t.length).toBe(session.actions.length);
      expect(t.scores).toEqual(scores);
      for (const i of [0, 1, 31, 32, 33, t.length]) {
        if (i <= t.length) expect(JSON.stringify(game.toWire(t.stateAt(i)))).toBe(wires[i]);
      }
    });
  }

  it('a run with a refused action stops the timeline there', () => {
    const { session } = somePlay('whirlyard', 3, 2);
    const run = session.run();
    const forged = { ...run, actions: [...run.actions, { type: 'nonsense' }, { type: 'wait' }] };
    const t = new Timeline(session.game, forged);
    expect(t.length).toBe(run.actions.length);
    expect(t.error).toContain('refused');
  });
});

describe('generic view', () => {
  it('labels observation fields in words and lists nested scalars', () => {
    expect(fieldLabel('pulseUsedThisWave')).toBe('Pulse used this wave');
    expect(fieldLabel('end_reason')).toBe('End reason');
    expect(fieldLabel('turn')).toBe('Turn');
    expect(genericStatus({ text: 't', turn: 3, grid: [[1]], player: { hearts: 2, pos: { x: 1 } } })).toEqual([
      { label: 'Turn', value: '3' },
      { label: 'Hearts', value: '2' },
    ]);
  });
});
