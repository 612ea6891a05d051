/**
 * What the browser keeps (persist.ts), in Node over a small in-memory `localStorage` with a quota, and the
 * session rebuilt from a kept run (PlaySession.resume) on the real engines; plus the words for people:
 * no refusal or event sentence ever shows JSON.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameAction } from '../core/game.js';
import type { Run } from '../core/replay.js';
import { games } from '../games/index.js';
import {
  MAX_FINISHED,
  MAX_UNFINISHED,
  dropUnfinished,
  finishedFor,
  latestUnfinished,
  markSubmitted,
  ownRun,
  personalBest,
  runId,
  saveFinished,
  saveUnfinished,
  unfinishedFor,
  unfinishedGames,
  unsubmittedRuns,
} from './persist.js';
import { PlaySession } from './session.js';
import { wordsFor } from './words/index.js';

/** A Storage of at most `quota` characters, which throws when full as browsers do. */
class MemoryStorage {
  private m = new Map<string, string>();
  constructor(private quota = Infinity) {}
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    let used = v.length;
    for (const [key, val] of this.m) if (key !== k) used += val.length;
    if (used > this.quota) throw new Error('QuotaExceededError');
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

const run = (seed: number, actions: GameAction[] = [{ type: 'wait' }], game = 'whirlyard'): Run => ({
  game,
  rulesVersion: 'v',
  seed,
  actions,
});

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

describe('games in progress', () => {
  it('keeps one per game and seed, newest first, and finds them again', () => {
    saveUnfinished(run(1), 10);
    saveUnfinished(run(2), 20);
    saveUnfinished(run(1, [{ type: 'wait' }, { type: 'wait' }]), 30);
    expect(unfinishedGames().map((g) => [g.run.seed, g.score])).toEqual([
      [1, 30],
      [2, 20],
    ]);
    expect(unfinishedFor('whirlyard', 2)?.score).toBe(20);
    expect(latestUnfinished('whirlyard')?.run.seed).toBe(1);
    expect(latestUnfinished('delvewick')).toBeNull();
    dropUnfinished('whirlyard', 1);
    expect(unfinishedFor('whirlyard', 1)).toBeNull();
  });

  it('never lets an empty game push out a real one, and keeps at most MAX_UNFINISHED', () => {
    for (let s = 0; s < MAX_UNFINISHED + 5; s++) saveUnfinished(run(s), s);
    expect(unfinishedGames()).toHaveLength(MAX_UNFINISHED);
    saveUnfinished(run(999, []), 0);
    saveUnfinished(run(998, []), 0);
    const kept = unfinishedGames();
    expect(kept[0].run.seed).toBe(998);
    expect(kept.filter((g) => g.run.actions.length === 0)).toHaveLength(1);
    expect(latestUnfinished('whirlyard')?.run.seed).toBe(MAX_UNFINISHED + 4);
  });
});

describe('finished runs', () => {
  it('are kept once, leave the games in progress, and are marked when submitted', () => {
    saveUnfinished(run(5), 0);
    const r = run(5, [{ type: 'end_run' }]);
    saveFinished(r, 40, { kind: 'ended', reason: 'end_run' });
    saveFinished(r, 40, { kind: 'ended', reason: 'end_run' });
    expect(unfinishedFor('whirlyard', 5)).toBeNull();
    expect(unsubmittedRuns('whirlyard')).toHaveLength(1);
    expect(finishedFor('whirlyard', 5)?.id).toBe(runId(r));
    expect(ownRun({ ...r })?.score).toBe(40);
    expect(ownRun({ ...r, actions: [{ type: 'wait' }] })).toBeNull();
    markSubmitted(runId(r), 'server-1');
    expect(unsubmittedRuns()).toHaveLength(0);
    expect(finishedFor('whirlyard', 5)?.submittedId).toBe('server-1');
    expect(personalBest('whirlyard')).toBe(40);
    expect(personalBest('cragwake')).toBeNull();
  });

  it('make room with submitted runs first, and with the oldest when storage is full', () => {
    for (let s = 0; s < MAX_FINISHED; s++) {
      const e = saveFinished(run(s), s, null);
      if (s < 5) markSubmitted(e.id, `x${s}`);
    }
    saveFinished(run(1000), 1, null);
    const seeds = unsubmittedRuns().map((r) => r.run.seed);
    expect(seeds).toContain(5); // the oldest unsubmitted run is still there
    expect(seeds).toContain(1000);
    // A tiny quota: the newest run is kept, older ones go.
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage(600);
    for (let s = 0; s < 10; s++) saveFinished(run(s), s, null);
    const kept = unsubmittedRuns();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept[0].run.seed).toBe(9);
  });

  it('without storage at all, nothing is kept and nothing throws', () => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    expect(() => saveUnfinished(run(1), 1)).not.toThrow();
    expect(unfinishedGames()).toEqual([]);
  });
});

describe('a kept game resumes exactly', () => {
  for (const game of games) {
    it(`${game.spec.slug}: replaying the kept actions gives the same state`, () => {
      const s = new PlaySession(game, 17);
      for (let i = 0; i < 25 && !s.isOver(); i++) {
        const legal = s.legal();
        s.act(legal[(i * 3) % legal.length]);
      }
      const back = PlaySession.resume(game, s.run());
      expect(back.actions).toEqual(s.actions);
      expect(back.score()).toBe(s.score());
      expect(back.observation().text).toBe(s.observation().text);
      expect(back.scores).toEqual(s.scores);
      expect(back.last).toEqual({ kind: 'none' });
    });
  }
});

describe('words for people', () => {
  for (const game of games) {
    it(`${game.spec.slug}: refusals, events and endings are sentences without JSON`, () => {
      const words = wordsFor(game);
      const s = new PlaySession(game, 9);
      const odd: GameAction[] = [
        { type: 'move', dir: 'up' },
        { type: 'move', direction: 'n' },
        { type: 'move', row: 0, col: 0 },
        { type: 'pulse' },
        { type: 'tick', move: 'up', plant: false },
        { type: 'nonsense' },
      ];
      const said: string[] = [];
      for (let i = 0; i < 400 && !s.isOver(); i++) {
        for (const a of odd) {
          const r = game.step(s.state, a);
          if (!r.ok) said.push(words.refusal(a, r.reason, r.message, s.observation()));
        }
        const legal = s.legal();
        const pick = legal.find((a) => a.type !== 'endRun' && a.type !== 'end_run') ?? legal[0];
        s.act(i % 7 === 3 ? legal[legal.length - 1] : pick);
        if (s.last.kind === 'accepted') for (const e of s.last.events) said.push(words.event(e) ?? '');
      }
      const o = s.outcome();
      if (o) said.push(words.ending(o, s.observation()));
      expect(said.filter((t) => t).length).toBeGreaterThan(0);
      for (const t of said) expect(t).not.toMatch(/[{}[\]"]|undefined|NaN/);
      for (const t of said.filter((x) => x.startsWith('You can'))) expect(t).toMatch(/[.!]$/);
    });
  }
});
