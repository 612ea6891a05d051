/**
 * The run store's contract as one suite, run unchanged against every store (test/store.test.ts runs it
 * for SQLite and PostgreSQL): runs, leaderboards, owned names, live sessions and their steps, and the
 * schema version. Everything goes through the RunStore interface the server uses.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameAction } from '../../src/core/game.js';
import type { Seed } from '../../src/core/seed.js';
import { NewerSchemaError, SCHEMA_VERSION } from '../../src/store/schema.js';
import {
  RunCopyError,
  type Player,
  type RunStore,
  type SessionEnd,
  type SessionRecord,
  type VerifiedRun,
} from '../../src/store/store.js';

/** One empty database: open a store on it (any number of times), and tamper with its version. */
export interface Database {
  open(): Promise<RunStore>;
  /** Writes the schema version directly, as a later server would have. */
  setSchemaVersion(v: number): Promise<void>;
  /** How many rows the schema_version table holds. */
  versionRows(): Promise<number[]>;
  /** Runs raw SQL on the database (statements both dialects read alike), as an older server would. */
  exec(sql: string): Promise<void>;
}

const agent = (name: string): Player => ({ name, kind: 'agent' });
const wait = (n: number): GameAction[] => Array.from({ length: n }, () => ({ type: 'wait' }));

/** A finished run: `score` points in `steps` actions of seed `seed`, spending 3 budget units a step. */
const run = (player: Player, seed: Seed, score: number, steps = 10, finished = true): VerifiedRun => ({
  run: { game: 'g', rulesVersion: 'g-1', seed, actions: wait(steps) },
  player,
  score,
  gameOver: finished,
  steps,
  spent: steps * 3,
  outcome: finished ? { kind: 'terminated', reason: 'done' } : null,
  progress: finished ? 3 : null,
});

const session = (id: string, player: Player, challenge: string | null = null): SessionRecord => ({
  id,
  game: 'g',
  rulesVersion: 'g-1',
  seed: 4_000_000_000 + id.length,
  player,
  challenge,
  step: 0,
  spent: 0,
  finished: false,
  createdAt: '2026-12-01T10:00:00.000Z',
});

/** Takes a current database back to schema version 3 (before wide seeds). */
const UNDO_WIDE_SEEDS =
  'ALTER TABLE runs DROP COLUMN wide_seed; ALTER TABLE sessions DROP COLUMN wide_seed; DROP TABLE daily_seeds;';
/** Takes a current database back to schema version 4, as that release left it (no kept bests, no audit). */
const UNDO_VERSION_5 = [
  'DROP TABLE board_best',
  'DROP INDEX sessions_player',
  'DROP INDEX sessions_live',
  ...['key_id', 'request_id'].map((c) => `ALTER TABLE runs DROP COLUMN ${c}`),
  ...['key_id', 'request_id', 'stepped_at'].map((c) => `ALTER TABLE sessions DROP COLUMN ${c}`),
];

const END: SessionEnd = { score: 42, gameOver: true, outcome: { kind: 'terminated', reason: 'caught' }, progress: 5 };

const open = { game: 'g', rulesVersion: 'g-1', board: 'open', kind: 'agent', limit: 10 } as const;
const rankedBoard = { ...open, board: 'ranked' } as const;

/** The suite: `fresh` answers a new empty database for each test. */
export function runStoreSuite(name: string, fresh: () => Promise<Database>): void {
  describe(`${name} run store`, () => {
    let db: Database;
    let store: RunStore;
    beforeEach(async () => {
      db = await fresh();
      store = await db.open();
      return () => store.close();
    });

    describe('runs', () => {
      it('stores a run and answers it back whole, large seeds included; unfinished runs are kept', async () => {
        const big = { ...run(agent('Ada'), 2 ** 32 - 1, 7.5), run: { ...run(agent('Ada'), 2 ** 32 - 1, 7.5).run } };
        big.run.actions = [{ type: 'move', dir: 'n' }, { type: 'wait' }];
        big.audit = { keyId: 'key-id-1', requestId: 'request-1' }; // who stored it, read back whole too
        const saved = await store.save(big);
        expect(saved).toMatchObject({ created: true, rank: 1 });
        const back = await store.get(saved.id);
        expect(back).toEqual({
          ...big,
          id: saved.id,
          createdAt: saved.createdAt,
          board: 'open',
          challenge: null,
        });
        const unfinished = await store.save(run(agent('Ada'), 9, 3, 4, false));
        expect(unfinished.rank).toBeNull();
        expect((await store.get(unfinished.id))!.audit).toEqual({ keyId: null, requestId: null });
        expect((await store.get(unfinished.id))!.outcome).toBeNull();
        expect(await store.get('nope')).toBeNull();
        expect([await store.count(), await store.count('g'), await store.count('other')]).toEqual([2, 2, 0]);
      });

      it('stores the same run by the same player once, whatever the case of the name', async () => {
        const first = await store.save(run(agent('Ada'), 1, 5));
        const again = await store.save(run(agent('ADA'), 1, 5));
        expect(again).toEqual({ ...first, created: false });
        expect(await store.count()).toBe(1);
      });

      it('refuses a copy of a stored run under another name, of either kind', async () => {
        await store.save(run(agent('Ada'), 1, 5));
        await expect(store.save(run(agent('Bob'), 1, 5))).rejects.toBeInstanceOf(RunCopyError);
        await expect(store.save(run({ name: 'Cy', kind: 'human' }, 1, 5))).rejects.toThrow(/another player/);
        expect(await store.count()).toBe(1);
      });

      it('stores one run sent many times at once once, and only one name gets it', async () => {
        const same = await Promise.all(Array.from({ length: 6 }, () => store.save(run(agent('Ada'), 3, 5))));
        expect(new Set(same.map((s) => s.id)).size).toBe(1);
        expect(same.filter((s) => s.created)).toHaveLength(1);
        const names = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
        const raced = await Promise.allSettled(names.map((n) => store.save(run(agent(n), 4, 5))));
        expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of raced) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RunCopyError);
        expect(await store.count()).toBe(2);
      });
    });

    describe('leaderboards', () => {
      it('orders by score, then fewer steps, then the earlier run; one entry per player, finished only', async () => {
        await store.save(run(agent('late'), 1, 50, 20));
        await store.save(run(agent('early'), 2, 50, 20)); // same score and steps, stored later
        await store.save(run(agent('short'), 3, 50, 12));
        await store.save(run(agent('best'), 4, 90, 30));
        await store.save(run(agent('best'), 5, 10, 30)); // a worse run of the same player
        await store.save(run(agent('best'), 6, 99, 30, false)); // better but unfinished: never listed
        await store.save(run({ name: 'human', kind: 'human' }, 7, 999));
        const board = await store.board(open);
        expect(board.map((e) => [e.player.name, e.score, e.steps, e.spent])).toEqual([
          ['best', 90, 30, 90],
          ['short', 50, 12, 36],
          ['late', 50, 20, 60],
          ['early', 50, 20, 60],
        ]);
        expect(board[0]).toMatchObject({ seed: 4, progress: 3, outcome: { kind: 'terminated', reason: 'done' } });
        expect(board[0].attempts).toBeUndefined();
        expect(await store.board({ ...open, limit: 2 })).toHaveLength(2);
        expect((await store.board({ ...open, kind: 'human' })).map((e) => e.player.name)).toEqual(['human']);
        expect(await store.board({ ...open, rulesVersion: 'g-2' })).toEqual([]);
      });

      it("answers a new run's rank among other players' bests", async () => {
        await store.save(run(agent('a'), 1, 80));
        await store.save(run(agent('a'), 2, 70));
        await store.save(run(agent('b'), 3, 60));
        expect((await store.save(run(agent('c'), 4, 65))).rank).toBe(2);
        expect((await store.save(run(agent('a'), 5, 10))).rank).toBe(3);
        expect((await store.save(run(agent('d'), 6, 100))).rank).toBe(1);
      });
    });

    describe('player names', () => {
      it('claims a free name for a key, accepts that key after, refuses others, ignoring case', async () => {
        expect(await store.checkName('Ada', null, 'k1')).toBe('claimed');
        expect(await store.checkName('ada', 'k1', 'k2')).toBe('ok');
        expect(await store.checkName('ADA', null, 'k3')).toBe('refused');
        expect(await store.checkName('Ada', 'k2', 'k3')).toBe('refused');
        expect(await store.checkName('Bob', 'k1', 'k4')).toBe('claimed');
      });

      it('gives a name raced for by many keys to exactly one', async () => {
        const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
        const verdicts = await Promise.all(keys.map((k) => store.checkName('Zed', null, k)));
        expect(verdicts.filter((v) => v === 'claimed')).toHaveLength(1);
        const owner = keys[verdicts.indexOf('claimed')];
        expect(await store.checkName('zed', owner, 'x')).toBe('ok');
      });
    });

    describe('live sessions', () => {
      it('stores a session at step 0 and moves it only from the step it is at', async () => {
        expect(await store.createSession(session('s1', agent('Ada')))).toBe(true);
        expect(await store.createSession(session('s1', agent('Bob')))).toBe(false);
        // Read back with what the store keeps besides: the last step's time (its start so far), not
        // expired, and no audit recorded for a record given none.
        expect(await store.getSession('s1')).toEqual({
          ...session('s1', agent('Ada')),
          steppedAt: '2026-12-01T10:00:00.000Z',
          expired: false,
          audit: { keyId: null, requestId: null },
        });
        expect(await store.recordStep('s1', 0, { type: 'wait' }, 1)).toBe(true);
        expect(await store.recordStep('s1', 0, { type: 'jump' }, 1)).toBe(false); // step 0 is taken
        expect(await store.recordStep('s1', 2, { type: 'jump' }, 1)).toBe(false); // not there yet
        expect(await store.recordStep('nobody', 0, { type: 'jump' }, 1)).toBe(false);
        expect(await store.sessionAction('s1', 0)).toEqual({ type: 'wait' });
        expect(await store.sessionAction('s1', 1)).toBeNull();
        expect(await store.getSession('s1')).toMatchObject({ step: 1, spent: 1, finished: false });
        expect(await store.getSession('none')).toBeNull();
      });

      it('expires live sessions idle since before a time, keeps them stored, and never moves them again', async () => {
        expect(await store.checkName('Ada', null, 'ada-key')).toBe('claimed');
        await store.createSession({ ...session('idle', agent('Ada')), audit: { keyId: 'k1', requestId: 'r1' } });
        await store.createSession(session('busy', agent('Bob')));
        await store.createSession(session('done', agent('Cy')));
        expect(await store.recordStep('busy', 0, { type: 'wait' }, 1, undefined, '2026-12-02T09:00:00.000Z')).toBe(
          true,
        );
        expect(await store.recordStep('done', 0, { type: 'wait' }, 1, END, '2026-12-01T10:30:00.000Z')).toBe(true);
        expect(await store.getSession('busy')).toMatchObject({ steppedAt: '2026-12-02T09:00:00.000Z' });
        // Idle since 10:00 on the 1st (started, no step); busy stepped at 9:00 on the 2nd; done finished.
        expect(await store.expireSessions('2026-12-02T08:00:00.000Z')).toBe(1);
        expect(await store.getSession('idle')).toMatchObject({
          expired: true,
          finished: false,
          audit: { keyId: 'k1', requestId: 'r1' },
        });
        expect(await store.getSession('busy')).toMatchObject({ expired: false, finished: false });
        expect(await store.getSession('done')).toMatchObject({ expired: false, finished: true });
        expect(await store.recordStep('idle', 0, { type: 'wait' }, 1)).toBe(false);
        expect(await store.expireSessions('2026-12-02T08:00:00.000Z')).toBe(0);
        // Its name stays owned.
        expect(await store.checkName('Ada', null, 'other')).toBe('refused');
        expect(await store.checkName('Ada', 'ada-key', 'other')).toBe('ok');
      });

      it('records exactly one of many actions racing for one step', async () => {
        await store.createSession(session('s2', agent('Ada')));
        const actions = [0, 1, 2, 3, 4, 5].map((i) => ({ type: 'move', n: i }));
        const won = await Promise.all(actions.map((a) => store.recordStep('s2', 0, a, 1)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(await store.sessionAction('s2', 0)).toEqual(actions[won.indexOf(true)]);
        expect(await store.getSession('s2')).toMatchObject({ step: 1, finished: false });
      });

      it('lists a session on the ranked board once it finishes, with its actions, and never moves it again', async () => {
        await store.createSession(session('s3', agent('Ada')));
        await store.createSession(session('s4', agent('Ada'))); // an attempt left unfinished
        await store.recordStep('s3', 0, { type: 'wait' }, 1);
        expect(await store.board(rankedBoard)).toEqual([]);
        expect(await store.recordStep('s3', 1, { type: 'go', to: 3 }, 31, END)).toBe(true);
        expect(await store.recordStep('s3', 2, { type: 'wait' }, 3)).toBe(false);
        expect(await store.getSession('s3')).toMatchObject({ step: 2, spent: 31, finished: true });
        const stored = await store.get('s3');
        expect(stored).toMatchObject({
          board: 'ranked',
          score: 42,
          steps: 2,
          spent: 31, // the session's budget units at its end, not its steps
          progress: 5,
          outcome: END.outcome,
          run: { seed: session('s3', agent('Ada')).seed, actions: [{ type: 'wait' }, { type: 'go', to: 3 }] },
        });
        const board = await store.board(rankedBoard);
        expect(board.map((e) => [e.id, e.player.name, e.score, e.spent, e.attempts])).toEqual([
          ['s3', 'Ada', 42, 31, 2],
        ]);
        expect(await store.board(open)).toEqual([]);
      });

      it('allows one daily session per player, game and day, and lists it on that day only', async () => {
        const day = '2026-12-01';
        expect(await store.createSession(session('d1', agent('Ada'), day))).toBe(true);
        expect(await store.createSession(session('d2', agent('ada'), day))).toBe(false);
        expect(await store.createSession(session('d3', agent('Ada'), '2026-12-02'))).toBe(true);
        expect((await store.dailySession('g', day, 'ADA'))?.id).toBe('d1');
        expect(await store.dailySession('g', day, 'Bob')).toBeNull();
        await store.recordStep('d1', 0, { type: 'wait' }, 1, END);
        const daily = { ...rankedBoard, board: 'daily', date: day } as const;
        expect((await store.board(daily)).map((e) => [e.id, e.attempts])).toEqual([['d1', 1]]);
        expect(await store.board({ ...daily, date: '2026-12-02' })).toEqual([]);
        expect(await store.board(rankedBoard)).toEqual([]);
      });
    });

    describe('wide seeds', () => {
      // all digits: SQLite's INTEGER affinity would make a number of it in an INTEGER column
      const digits = '12345678901234567890123456789012';
      const hex = '0123456789abcdef0123456789abcdef';

      it('stores runs of wide seeds and answers them back as the same strings, beside free ones', async () => {
        const a = await store.save(run(agent('Ada'), digits, 9));
        const b = await store.save(run(agent('Bob'), hex, 8));
        const c = await store.save(run(agent('Cy'), 12345678, 7));
        expect((await store.get(a.id))!.run.seed).toBe(digits);
        expect((await store.get(b.id))!.run.seed).toBe(hex);
        expect((await store.get(c.id))!.run.seed).toBe(12345678);
        expect((await store.board(open)).map((e) => e.seed)).toEqual([digits, hex, 12345678]);
      });

      it('fingerprints a wide run apart from every free one, and refuses its copy under another name', async () => {
        await store.save(run(agent('Ada'), hex, 9));
        await expect(store.save(run(agent('Bob'), hex, 9))).rejects.toBeInstanceOf(RunCopyError);
        expect(await store.save(run(agent('Bob'), 0, 9))).toMatchObject({ created: true });
        expect(await store.save(run(agent('Cy'), digits, 9))).toMatchObject({ created: true });
      });

      it('keeps a session wide seed through to its ranked run and board line', async () => {
        await store.createSession({ ...session('w1', agent('Ada')), seed: digits });
        expect((await store.getSession('w1'))!.seed).toBe(digits);
        await store.recordStep('w1', 0, { type: 'wait' }, 1, END);
        expect((await store.get('w1'))!.run.seed).toBe(digits);
        expect((await store.board(rankedBoard)).map((e) => e.seed)).toEqual([digits]);
        // the ranked run was fingerprinted with its wide seed: the same run submitted is a copy
        const copy = {
          ...run(agent('Bob'), digits, 42, 1),
          run: { game: 'g', rulesVersion: 'g-1', seed: digits, actions: wait(1) },
        };
        await expect(store.save(copy)).rejects.toBeInstanceOf(RunCopyError);
      });

      it("pins a day's seed on its first draw: later draws answer the pinned one, per game and day", async () => {
        expect(await store.dailySeed('g', '2026-12-01')).toBeNull();
        expect(await store.pinDailySeed('g', '2026-12-01', hex)).toBe(hex);
        expect(await store.pinDailySeed('g', '2026-12-01', digits)).toBe(hex);
        expect(await store.dailySeed('g', '2026-12-01')).toBe(hex);
        expect(await store.pinDailySeed('g', '2026-12-02', digits)).toBe(digits);
        expect(await store.pinDailySeed('h', '2026-12-01', digits)).toBe(digits);
        const pinned = await Promise.all(
          ['a', 'b', 'c', 'd', 'e', 'f'].map((ch) => store.pinDailySeed('g', '2026-12-03', ch.repeat(32))),
        );
        expect(new Set(pinned).size).toBe(1);
      });
    });

    describe('schema', () => {
      it('refuses a database newer than it knows, and opens a current one again keeping its runs', async () => {
        await store.save(run(agent('Ada'), 1, 5));
        const again = await db.open();
        expect(await again.count()).toBe(1);
        await again.close();
        await db.setSchemaVersion(SCHEMA_VERSION + 1);
        await expect(db.open()).rejects.toBeInstanceOf(NewerSchemaError);
      });

      it('migrates a version 2 database to 3: its runs stay listed, with spent unknown (null)', async () => {
        const saved = await store.save(run(agent('Ada'), 1, 5));
        await store.close();
        // The database as schema version 2 left it: no spent column (and none of versions 4 and 5).
        for (const sql of UNDO_VERSION_5) await db.exec(sql);
        await db.exec(UNDO_WIDE_SEEDS);
        await db.exec('ALTER TABLE runs DROP COLUMN spent');
        await db.setSchemaVersion(2);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        expect(await store.get(saved.id)).toMatchObject({ score: 5, steps: 10, spent: null });
        expect((await store.board(open)).map((e) => [e.id, e.steps, e.spent])).toEqual([[saved.id, 10, null]]);
        // New runs record it again.
        const next = await store.save(run(agent('Bob'), 2, 7));
        expect((await store.get(next.id))!.spent).toBe(30);
      });

      it('migrates a version 3 database to 4: free runs keep their seeds and fingerprints, sessions go on', async () => {
        const saved = await store.save(run(agent('Ada'), 77, 5));
        await store.createSession(session('old', agent('Ada')));
        await store.close();
        for (const sql of UNDO_VERSION_5) await db.exec(sql);
        await db.exec(UNDO_WIDE_SEEDS);
        await db.setSchemaVersion(3);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        expect((await store.get(saved.id))!.run.seed).toBe(77);
        // the stored fingerprint still matches: the same run is the same run, another name a copy
        expect(await store.save(run(agent('ada'), 77, 5))).toMatchObject({ id: saved.id, created: false });
        await expect(store.save(run(agent('Bob'), 77, 5))).rejects.toBeInstanceOf(RunCopyError);
        expect(await store.getSession('old')).toMatchObject({ seed: session('old', agent('Ada')).seed });
        expect(await store.recordStep('old', 0, { type: 'wait' }, 1, END)).toBe(true);
        expect((await store.get('old'))!.run.seed).toBe(session('old', agent('Ada')).seed);
      });

      it('migrates a version 4 database to 5: the kept bests are filled from its runs, the boards answer the same', async () => {
        await store.save(run(agent('Ada'), 1, 5));
        await store.save(run(agent('Ada'), 2, 9, 12));
        await store.save(run(agent('Ada'), 3, 9, 11)); // Ada's best: 9 points in fewer steps
        await store.save(run(agent('Bob'), 4, 7));
        await store.save(run(agent('Cy'), 5, 99, 10, false)); // unfinished: never listed
        await store.createSession(session('s-ada', agent('Ada')));
        await store.recordStep('s-ada', 0, { type: 'wait' }, 3, END);
        const before = [await store.board(open), await store.board(rankedBoard)];
        await store.close();
        for (const sql of UNDO_VERSION_5) await db.exec(sql);
        await db.setSchemaVersion(4);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        const after = [await store.board(open), await store.board(rankedBoard)];
        expect(after).toEqual(before);
        expect(after[0].map((e) => [e.player.name, e.score, e.steps])).toEqual([
          ['Ada', 9, 11],
          ['Bob', 7, 10],
        ]);
        expect(after[1].map((e) => [e.player.name, e.score, e.attempts])).toEqual([['Ada', 42, 1]]);
        // And new runs keep them.
        expect((await store.save(run(agent('Bob'), 6, 10))).rank).toBe(1);
        expect((await store.board(open)).map((e) => e.player.name)).toEqual(['Bob', 'Ada']);
      });

      it('migrates a new database once when several stores open it at once', async () => {
        const other = await fresh();
        const stores = await Promise.all([other.open(), other.open(), other.open(), other.open()]);
        expect(await other.versionRows()).toEqual([SCHEMA_VERSION]);
        await stores[0].save(run(agent('Ada'), 1, 5));
        expect(await stores[3].count()).toBe(1);
        await Promise.all(stores.map((s) => s.close()));
      });
    });
  });
}
