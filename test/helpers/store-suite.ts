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
  NameRefusedError,
  RunCopyError,
  type NameUse,
  type Player,
  type RunStore,
  type SessionEnd,
  type SessionRecord,
  type VerifiedRun,
} from '../../src/store/store.js';

/** Every use under one owner's key (the key hash is what the store compares). */
const KEY: NameUse = { keyHash: 'k', claimHash: 'k' };

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
/** Takes a current database back to schema version 7 (before Unicode names: kept bests with no folded name). */
const UNDO_VERSION_8 = 'ALTER TABLE board_best DROP COLUMN player_key';
/** Takes a current database back to schema version 6 (before evaluations). */
const UNDO_VERSION_7 = `${UNDO_VERSION_8}; DROP TABLE evaluations`;
/** Takes a current database back to schema version 4, as that release left it (no kept bests, no audit). */
const UNDO_VERSION_5 = [
  UNDO_VERSION_7,
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
        const saved = await store.save(big, KEY);
        expect(saved).toMatchObject({ created: true, rank: 1 });
        const back = await store.get(saved.id);
        expect(back).toEqual({
          ...big,
          id: saved.id,
          createdAt: saved.createdAt,
          board: 'open',
          challenge: null,
        });
        const unfinished = await store.save(run(agent('Ada'), 9, 3, 4, false), KEY);
        expect(unfinished.rank).toBeNull();
        expect((await store.get(unfinished.id))!.audit).toEqual({ keyId: null, requestId: null });
        expect((await store.get(unfinished.id))!.outcome).toBeNull();
        expect(await store.get('nope')).toBeNull();
        expect([await store.count(), await store.count('g'), await store.count('other')]).toEqual([2, 2, 0]);
      });

      it('stores the same run by the same player once, whatever the case of the name', async () => {
        const first = await store.save(run(agent('Ada'), 1, 5), KEY);
        const again = await store.save(run(agent('ADA'), 1, 5), KEY);
        expect(again).toEqual({ ...first, created: false, claimed: false });
        expect(await store.count()).toBe(1);
      });

      it('refuses a copy of a stored run under another name, of either kind', async () => {
        await store.save(run(agent('Ada'), 1, 5), KEY);
        await expect(store.save(run(agent('Bob'), 1, 5), KEY)).rejects.toBeInstanceOf(RunCopyError);
        await expect(store.save(run({ name: 'Cy', kind: 'human' }, 1, 5), KEY)).rejects.toThrow(/another player/);
        expect(await store.count()).toBe(1);
      });

      it('stores one run sent many times at once once, and only one name gets it', async () => {
        const same = await Promise.all(Array.from({ length: 6 }, () => store.save(run(agent('Ada'), 3, 5), KEY)));
        expect(new Set(same.map((s) => s.id)).size).toBe(1);
        expect(same.filter((s) => s.created)).toHaveLength(1);
        const names = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
        const raced = await Promise.allSettled(names.map((n) => store.save(run(agent(n), 4, 5), KEY)));
        expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of raced) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RunCopyError);
        expect(await store.count()).toBe(2);
      });
    });

    describe('leaderboards', () => {
      it('orders by score, then fewer steps, then the earlier run; one entry per player, finished only', async () => {
        await store.save(run(agent('late'), 1, 50, 20), KEY);
        await store.save(run(agent('early'), 2, 50, 20), KEY); // same score and steps, stored later
        await store.save(run(agent('short'), 3, 50, 12), KEY);
        await store.save(run(agent('best'), 4, 90, 30), KEY);
        await store.save(run(agent('best'), 5, 10, 30), KEY); // a worse run of the same player
        await store.save(run(agent('best'), 6, 99, 30, false), KEY); // better but unfinished: never listed
        await store.save(run({ name: 'human', kind: 'human' }, 7, 999), KEY);
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
        await store.save(run(agent('a'), 1, 80), KEY);
        await store.save(run(agent('a'), 2, 70), KEY);
        await store.save(run(agent('b'), 3, 60), KEY);
        expect((await store.save(run(agent('c'), 4, 65), KEY)).rank).toBe(2);
        expect((await store.save(run(agent('a'), 5, 10), KEY)).rank).toBe(3);
        expect((await store.save(run(agent('d'), 6, 100), KEY)).rank).toBe(1);
      });
    });

    describe('player names', () => {
      const key = (k: string): NameUse => ({ keyHash: k, claimHash: k });
      const noKey = (fresh: string): NameUse => ({ keyHash: null, claimHash: fresh });
      const refusal = async (p: Promise<unknown>) => {
        const err = await p.then(
          () => null,
          (e: unknown) => e,
        );
        return err instanceof NameRefusedError ? err.reason : err;
      };

      it('claims a free name with the run that uses it, accepts that key after, refuses others, after folding', async () => {
        expect((await store.save(run(agent('Ada Lovelace'), 1, 5), noKey('k1'))).claimed).toBe(true);
        // Case, runs of spaces and look-alikes (I l 1, O 0) fold to one name.
        for (const twin of ['ada  lovelace', 'ADA LOVELACE', 'Ada LoveIace', 'Ada L0ve1ace']) {
          expect(await refusal(store.save(run(agent(twin), 2, 5), noKey('k9'))), twin).toBe('owned');
          expect(await refusal(store.save(run(agent(twin), 2, 5), key('k2'))), twin).toBe('owned');
        }
        const mine = await store.save(run(agent('Ada LoveIace'), 2, 5), { keyHash: 'k1', claimHash: null });
        expect(mine).toMatchObject({ created: true, claimed: false });
        // The same run sent again under another fold of the name is the same player's run, not a copy.
        expect(await store.save(run(agent('ada  lovelace'), 2, 5), key('k1'))).toEqual({ ...mine, created: false });
        // The board keeps each exact name as sent.
        expect((await store.board(open)).map((e) => e.player.name).sort()).toEqual(['Ada LoveIace', 'Ada Lovelace']);
        // A weak key cannot claim a free name; nothing is stored.
        expect(await refusal(store.save(run(agent('Bob'), 3, 5), { keyHash: 'short', claimHash: null }))).toBe(
          'weak_key',
        );
        expect(await store.count()).toBe(2);
      });

      it('claims nothing when the run is refused as a copy, or the session as a second daily', async () => {
        await store.save(run(agent('Ada'), 1, 5), key('a'));
        await expect(store.save(run(agent('Bob'), 1, 5), noKey('b1'))).rejects.toBeInstanceOf(RunCopyError);
        // Bob is still free: the copy's claim was rolled back with it.
        expect((await store.save(run(agent('Bob'), 2, 5), noKey('b2'))).claimed).toBe(true);
        expect(await refusal(store.save(run(agent('Bob'), 3, 5), key('b1')))).toBe('owned');
        const day = '2026-12-01';
        expect(await store.createSession(session('d1', agent('Cy'), day), key('c'))).toEqual({
          ok: true,
          claimed: true,
        });
        expect(await store.createSession(session('d2', agent('cy'), day), key('c'))).toEqual({
          ok: false,
          reason: 'daily_taken',
        });
        // A refused daily by a newcomer to a free name claims nothing either.
        const qualify = { before: `${day}T00:00:00.000Z`, minActions: 1 };
        expect(await store.createSession(session('d3', agent('Dee'), day), noKey('d1'), qualify)).toEqual({
          ok: false,
          reason: 'not_qualified',
        });
        expect(await store.createSession(session('s1', agent('Dee')), noKey('d2'))).toEqual({
          ok: true,
          claimed: true,
        });
      });

      it('gives a name raced for by many keys to exactly one, in runs and in sessions', async () => {
        const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
        const runs = await Promise.allSettled(keys.map((k, i) => store.save(run(agent('Zed'), 10 + i, 5), key(k))));
        expect(runs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of runs) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(NameRefusedError);
        const starts = await Promise.allSettled(
          keys.map((k, i) => store.createSession(session(`z${i}`, agent('Zoe')), key(k))),
        );
        expect(starts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        // Many first uses with one key: one claims, all succeed.
        const same = await Promise.all(keys.map((_, i) => store.save(run(agent('Yan'), 20 + i, 5), key('y'))));
        expect(same.filter((s) => s.claimed)).toHaveLength(1);
        expect(same.every((s) => s.created)).toBe(true);
      });

      it('opens the daily to a name whose finished ranked session of the game was stored before the day', async () => {
        const day = '2026-12-02';
        const qualify = { before: `${day}T00:00:00.000Z`, minActions: 2 };
        const ada = agent('Ada');
        await store.createSession(session('r1', ada), key('a'));
        // Not finished yet: no.
        expect(await store.createSession(session('x1', ada, day), key('a'), qualify)).toMatchObject({ ok: false });
        await store.recordStep('r1', 0, { type: 'wait' }, 1, END);
        // Finished, but with 1 action of the 2 needed: no.
        expect(await store.createSession(session('x2', ada, day), key('a'), qualify)).toMatchObject({ ok: false });
        await store.createSession(session('r2', ada), key('a'));
        await store.recordStep('r2', 0, { type: 'wait' }, 1);
        await store.recordStep('r2', 1, { type: 'wait' }, 2, END);
        // Finished with 2 actions, but stored today (the run's time is now, after the day's start): no.
        expect(await store.createSession(session('x3', ada, day), key('a'), qualify)).toMatchObject({
          reason: 'not_qualified',
        });
        // The same session counts for a day that starts after it, under any name that folds to Ada's;
        // another game's daily does not.
        const later = { before: '2999-01-01T00:00:00.000Z', minActions: 2 };
        expect(
          await store.createSession({ ...session('x4', agent('ADA'), day), game: 'other' }, key('a'), later),
        ).toEqual({ ok: false, reason: 'not_qualified' });
        expect(await store.createSession(session('x5', agent('ADA'), day), key('a'), later)).toEqual({
          ok: true,
          claimed: false,
        });
        expect((await store.dailySession('g', day, 'ada'))?.id).toBe('x5');
      });
    });

    describe('live sessions', () => {
      it('stores a session at step 0 and moves it only from the step it is at', async () => {
        expect(await store.createSession(session('s1', agent('Ada')), KEY)).toEqual({ ok: true, claimed: true });
        // The same id again (never drawn twice in practice): refused, nothing stored.
        expect(await store.createSession(session('s1', agent('Bob')), KEY)).toMatchObject({ ok: false });
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
        const ada: NameUse = { keyHash: 'ada-key', claimHash: 'ada-key' };
        await store.createSession({ ...session('idle', agent('Ada')), audit: { keyId: 'k1', requestId: 'r1' } }, ada);
        await store.createSession(session('busy', agent('Bob')), KEY);
        await store.createSession(session('done', agent('Cy')), KEY);
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
        await expect(
          store.save(run(agent('Ada'), 99, 1), { keyHash: 'other', claimHash: 'other' }),
        ).rejects.toMatchObject({
          reason: 'owned',
        });
        expect((await store.save(run(agent('Ada'), 98, 1), ada)).created).toBe(true);
      });

      it('records exactly one of many actions racing for one step', async () => {
        await store.createSession(session('s2', agent('Ada')), KEY);
        const actions = [0, 1, 2, 3, 4, 5].map((i) => ({ type: 'move', n: i }));
        const won = await Promise.all(actions.map((a) => store.recordStep('s2', 0, a, 1)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(await store.sessionAction('s2', 0)).toEqual(actions[won.indexOf(true)]);
        expect(await store.getSession('s2')).toMatchObject({ step: 1, finished: false });
      });

      it('lists a session on the ranked board once it finishes, with its actions, and never moves it again', async () => {
        await store.createSession(session('s3', agent('Ada')), KEY);
        await store.createSession(session('s4', agent('Ada')), KEY); // an attempt left unfinished
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
        expect(await store.createSession(session('d1', agent('Ada'), day), KEY)).toMatchObject({ ok: true });
        expect(await store.createSession(session('d2', agent('ADA'), day), KEY)).toEqual({
          ok: false,
          reason: 'daily_taken',
        });
        expect(await store.createSession(session('d3', agent('Ada'), '2026-12-02'), KEY)).toMatchObject({ ok: true });
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
        const a = await store.save(run(agent('Ada'), digits, 9), KEY);
        const b = await store.save(run(agent('Bob'), hex, 8), KEY);
        const c = await store.save(run(agent('Cy'), 12345678, 7), KEY);
        expect((await store.get(a.id))!.run.seed).toBe(digits);
        expect((await store.get(b.id))!.run.seed).toBe(hex);
        expect((await store.get(c.id))!.run.seed).toBe(12345678);
        expect((await store.board(open)).map((e) => e.seed)).toEqual([digits, hex, 12345678]);
      });

      it('fingerprints a wide run apart from every free one, and refuses its copy under another name', async () => {
        await store.save(run(agent('Ada'), hex, 9), KEY);
        await expect(store.save(run(agent('Bob'), hex, 9), KEY)).rejects.toBeInstanceOf(RunCopyError);
        expect(await store.save(run(agent('Bob'), 0, 9), KEY)).toMatchObject({ created: true });
        expect(await store.save(run(agent('Cy'), digits, 9), KEY)).toMatchObject({ created: true });
      });

      it('keeps a session wide seed through to its ranked run and board line', async () => {
        await store.createSession({ ...session('w1', agent('Ada')), seed: digits }, KEY);
        expect((await store.getSession('w1'))!.seed).toBe(digits);
        await store.recordStep('w1', 0, { type: 'wait' }, 1, END);
        expect((await store.get('w1'))!.run.seed).toBe(digits);
        expect((await store.board(rankedBoard)).map((e) => e.seed)).toEqual([digits]);
        // the ranked run was fingerprinted with its wide seed: the same run submitted is a copy
        const copy = {
          ...run(agent('Bob'), digits, 42, 1),
          run: { game: 'g', rulesVersion: 'g-1', seed: digits, actions: wait(1) },
        };
        await expect(store.save(copy, KEY)).rejects.toBeInstanceOf(RunCopyError);
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
        await store.save(run(agent('Ada'), 1, 5), KEY);
        const again = await db.open();
        expect(await again.count()).toBe(1);
        await again.close();
        await db.setSchemaVersion(SCHEMA_VERSION + 1);
        await expect(db.open()).rejects.toBeInstanceOf(NewerSchemaError);
      });

      it('migrates a version 2 database to 3: its runs stay listed, with spent unknown (null)', async () => {
        const saved = await store.save(run(agent('Ada'), 1, 5), KEY);
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
        const next = await store.save(run(agent('Bob'), 2, 7), KEY);
        expect((await store.get(next.id))!.spent).toBe(30);
      });

      it('migrates a version 3 database to 4: free runs keep their seeds and fingerprints, sessions go on', async () => {
        const saved = await store.save(run(agent('Ada'), 77, 5), KEY);
        await store.createSession(session('old', agent('Ada')), KEY);
        await store.close();
        for (const sql of UNDO_VERSION_5) await db.exec(sql);
        await db.exec(UNDO_WIDE_SEEDS);
        await db.setSchemaVersion(3);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        expect((await store.get(saved.id))!.run.seed).toBe(77);
        // the stored fingerprint still matches: the same run is the same run, another name a copy
        expect(await store.save(run(agent('ada'), 77, 5), KEY)).toMatchObject({ id: saved.id, created: false });
        await expect(store.save(run(agent('Bob'), 77, 5), KEY)).rejects.toBeInstanceOf(RunCopyError);
        expect(await store.getSession('old')).toMatchObject({ seed: session('old', agent('Ada')).seed });
        expect(await store.recordStep('old', 0, { type: 'wait' }, 1, END)).toBe(true);
        expect((await store.get('old'))!.run.seed).toBe(session('old', agent('Ada')).seed);
      });

      it('migrates a version 4 database to 5: the kept bests are filled from its runs, the boards answer the same', async () => {
        await store.save(run(agent('Ada'), 1, 5), KEY);
        await store.save(run(agent('Ada'), 2, 9, 12), KEY);
        await store.save(run(agent('Ada'), 3, 9, 11), KEY); // Ada's best: 9 points in fewer steps
        await store.save(run(agent('Bob'), 4, 7), KEY);
        await store.save(run(agent('Cy'), 5, 99, 10, false), KEY); // unfinished: never listed
        await store.createSession(session('s-ada', agent('Ada')), KEY);
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
        expect((await store.save(run(agent('Bob'), 6, 10), KEY)).rank).toBe(1);
        expect((await store.board(open)).map((e) => e.player.name)).toEqual(['Bob', 'Ada']);
      });

      it('migrates version 5 names to folded keys: earliest owner kept, unused claims freed, legacy names reserved', async () => {
        const key = (k: string): NameUse => ({ keyHash: k, claimHash: k });
        const day = '2026-12-01';
        await store.save(run(agent('A1'), 1, 5), key('h-early'));
        await store.save(run(agent('A2'), 2, 5), key('h-late'));
        await store.save(run(agent('Legacy'), 3, 5), key('x'));
        await store.createSession(session('d1', agent('Bil'), day), key('h-bil'));
        await store.createSession(session('d2', agent('Bob'), day), key('h-bob'));
        await store.close();
        // The database as version 5 left it: names keyed by lower case, one name claimed and never used
        // (its use refused), runs of a name with no owner (stored before version 2), daily sessions of
        // two names that fold together, no index by player.
        await db.exec(`
          UPDATE runs SET player_name = 'Ada Lovelace' WHERE player_name = 'A1';
          UPDATE runs SET player_name = 'Ada LoveIace' WHERE player_name = 'A2';
          UPDATE runs SET player_name = 'Old  Timer' WHERE player_name = 'Legacy';
          UPDATE sessions SET player_name = 'B1l', player_key = 'b1l' WHERE id = 'd2';
          UPDATE sessions SET player_key = 'bil' WHERE id = 'd1';
          DELETE FROM players;
          INSERT INTO players (name_key, name, key_hash, created_at) VALUES
            ('ada lovelace', 'Ada Lovelace', 'h-early', '2026-01-01T00:00:00.000Z'),
            ('ada loveiace', 'Ada LoveIace', 'h-late', '2026-01-02T00:00:00.000Z'),
            ('ghost', 'Ghost', 'h-ghost', '2026-01-03T00:00:00.000Z'),
            ('bil', 'Bil', 'h-bil', '2026-01-04T00:00:00.000Z'),
            ('b1l', 'B1l', 'h-bob', '2026-01-05T00:00:00.000Z');
          DROP INDEX sessions_player;`);
        await db.exec(UNDO_VERSION_7);
        await db.setSchemaVersion(5);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        const noKey = (fresh: string): NameUse => ({ keyHash: null, claimHash: fresh });
        const refusal = (p: Promise<unknown>) =>
          p.then(
            () => 'stored',
            (e: unknown) => (e instanceof NameRefusedError ? e.reason : e),
          );
        // The earliest of the names that fold together keeps it; the later key owns nothing now.
        expect(await store.save(run(agent('ada lovelace'), 10, 5), key('h-early'))).toMatchObject({ created: true });
        expect(await refusal(store.save(run(agent('Ada LoveIace'), 11, 5), key('h-late')))).toBe('owned');
        // Runs with no owner: their name is reserved, under any fold of it.
        expect(await refusal(store.save(run(agent('old timer'), 12, 5), noKey('n1')))).toBe('reserved');
        expect(await refusal(store.save(run(agent('OLD TlMER'), 13, 5), key('x')))).toBe('reserved');
        // A claim nothing was stored under is free again.
        expect((await store.save(run(agent('Ghost'), 14, 5), noKey('g2'))).claimed).toBe(true);
        // The earlier of two daily sessions that fold together keeps the day's one attempt.
        expect((await store.dailySession('g', day, 'BIL'))?.id).toBe('d1');
        expect(await store.createSession(session('d3', agent('bil'), day), key('h-bil'))).toEqual({
          ok: false,
          reason: 'daily_taken',
        });
        // Stored runs keep their exact names on the board.
        expect((await store.board(open)).map((e) => e.player.name).sort()).toEqual([
          'Ada LoveIace',
          'Ada Lovelace',
          'Ghost',
          'Old  Timer',
          'ada lovelace',
        ]);
      });

      it('migrates version 7 names to the Unicode fold: stored names keep their owners, the earliest of names now one keeps it', async () => {
        const key = (k: string): NameUse => ({ keyHash: k, claimHash: k });
        const day = '2026-12-01';
        await store.save(run(agent('A1'), 1, 5), key('h-late'));
        await store.save(run(agent('A2'), 2, 5), key('h-early'));
        await store.save(run(agent('Zoë'), 3, 5), key('h-zoe'));
        await store.createSession(session('d1', agent('bo-b'), day), key('h-bob'));
        await store.createSession(session('d2', agent('B2'), day), key('h-bob2'));
        await store.recordStep('d1', 0, { type: 'wait' }, 1, END);
        await store.close();
        // The database as version 7 left it: names keyed by the old fold, where separators differed, so
        // ada_lovelace and ada.lovelace had two owners (the later row claimed first), and so had the
        // daily sessions of bo-b and bo.b; kept bests with no folded name.
        await db.exec(`
          UPDATE runs SET player_name = 'ada_lovelace' WHERE player_name = 'A1';
          UPDATE runs SET player_name = 'ada.lovelace' WHERE player_name = 'A2';
          UPDATE sessions SET player_name = 'bo.b', player_key = 'bo.b' WHERE id = 'd2';
          UPDATE sessions SET player_key = 'bo-b' WHERE id = 'd1';
          DELETE FROM players;
          INSERT INTO players (name_key, name, key_hash, created_at) VALUES
            ('ada_lovelace', 'ada_lovelace', 'h-late', '2026-01-02T00:00:00.000Z'),
            ('ada.lovelace', 'ada.lovelace', 'h-early', '2026-01-01T00:00:00.000Z'),
            ('zoë', 'Zoë', 'h-zoe', '2026-01-03T00:00:00.000Z'),
            ('bo-b', 'bo-b', 'h-bob', '2026-01-04T00:00:00.000Z'),
            ('bo.b', 'bo.b', 'h-bob2', '2026-01-05T00:00:00.000Z');
          ${UNDO_VERSION_8};`);
        await db.setSchemaVersion(7);
        store = await db.open();
        expect(await db.versionRows()).toEqual([SCHEMA_VERSION]);
        const refusal = (p: Promise<unknown>) =>
          p.then(
            () => 'stored',
            (e: unknown) => (e instanceof NameRefusedError ? e.reason : e),
          );
        // The earliest claim keeps the name, under every spelling; the later key owns nothing now.
        expect(await refusal(store.save(run(agent('Ada Lovelace'), 10, 5), key('h-early')))).toBe('stored');
        expect(await refusal(store.save(run(agent('ada_lovelace'), 11, 5), key('h-late')))).toBe('owned');
        // A Unicode name keeps its owner, whichever way its accent is written.
        expect(await refusal(store.save(run(agent('Zoe\u0308'), 12, 5), key('h-zoe')))).toBe('stored');
        expect(await refusal(store.save(run(agent('ZOË'), 13, 5), key('h-other')))).toBe('owned');
        // The earlier daily session keeps the day's one attempt; the later name's key owns nothing.
        expect((await store.dailySession('g', day, 'BO_B'))?.id).toBe('d1');
        expect(await store.createSession(session('d3', agent('bo b'), day), key('h-bob'))).toEqual({
          ok: false,
          reason: 'daily_taken',
        });
        expect(await refusal(store.save(run(agent('bo.b'), 14, 5), key('h-bob2')))).toBe('owned');
        // The kept bests compare the new folded name: the daily entry counts its one attempt.
        const daily = { ...rankedBoard, board: 'daily', date: day } as const;
        expect((await store.board(daily)).map((e) => [e.id, e.player.name, e.attempts])).toEqual([['d1', 'bo-b', 1]]);
      });

      it('migrates a new database once when several stores open it at once', async () => {
        const other = await fresh();
        const stores = await Promise.all([other.open(), other.open(), other.open(), other.open()]);
        expect(await other.versionRows()).toEqual([SCHEMA_VERSION]);
        await stores[0].save(run(agent('Ada'), 1, 5), KEY);
        expect(await stores[3].count()).toBe(1);
        await Promise.all(stores.map((s) => s.close()));
      });
    });
  });
}
