/**
 * The shared conformance suite, as a function of the games it runs over: test/conformance.test.ts runs
 * it on the project's registry, test/sixth-game.test.ts on a test registry with a tiny extra game. A
 * new game gets it for free by registering. Failure messages name the likely mistake.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { replay } from '../../src/core/replay.js';
import { canonicalJson } from '../../src/core/canonical.js';
import { StateSealer } from '../../src/server/state/seal.js';
import { Rng } from '../../src/core/rng.js';
import { isWideSeed, type Seed } from '../../src/core/seed.js';
import { playout } from './playout.js';

const SEEDS = Number(process.env.CONFORMANCE_SEEDS ?? 200);
const MAX_STEPS = 150;
/** Legal-action acceptance is checked exhaustively on this many steps of each playout. */
const EXHAUSTIVE_STEPS = 12;

const snapshot = (game: AnyGame, state: unknown) => canonicalJson(game.toWire(state));

/** Wide seeds (a ranked session's kind): the extremes and a few drawn ones, run by every test below. */
const WIDE_SEEDS: string[] = (() => {
  const rng = Rng.fromSeed(2027);
  const drawn = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => rng.nextU32().toString(16).padStart(8, '0')).join(''),
  );
  return ['0'.repeat(32), 'f'.repeat(32), ...drawn];
})();

function seedsFor(count: number): Seed[] {
  const rng = Rng.fromSeed(2024);
  return [0, 1, 7, 0xffffffff, ...Array.from({ length: count - 4 }, () => rng.nextU32()), ...WIDE_SEEDS];
}

export function conformanceSuite(games: readonly AnyGame[]): void {
  describe.each(games.map((g) => [g.spec.slug, g] as const))('%s conformance', (slug, game) => {
    const ajv = new Ajv({ strict: false });
    const validAction = ajv.compile(game.spec.actionSchema);
    const sealer = StateSealer.random();

    it('has a complete spec', () => {
      const s = game.spec;
      expect(s.slug, 'spec.slug must be the registry key').toBe(slug);
      for (const field of ['name', 'genre', 'description', 'goal', 'rulesVersion'] as const) {
        expect(typeof s[field] === 'string' && s[field].length > 0, `spec.${field} must be a non-empty string`).toBe(
          true,
        );
      }
      expect(['state', 'stateToken']).toContain(s.carry);
      expect(s.rules.length, 'spec.rules must list the rules').toBeGreaterThan(3);
      expect(s.scoring.length).toBeGreaterThan(0);
      for (const a of s.exampleActions)
        expect(validAction(a), `example action ${JSON.stringify(a)} breaks the grammar`).toBe(true);
    });

    it('init is deterministic: the same seed gives byte-identical states', () => {
      for (const seed of [0, 7, 99, 0xffffffff, ...WIDE_SEEDS]) {
        expect(snapshot(game, game.init(seed)), `init(${seed}) differs between calls`).toBe(
          snapshot(game, game.init(seed)),
        );
        expect(game.seedOf(game.init(seed))).toBe(seed);
      }
    });

    it(`random legal play over ${SEEDS} free seeds and ${WIDE_SEEDS.length} wide ones never throws and keeps every invariant`, () => {
      for (const seed of seedsFor(SEEDS)) {
        const run = playout(game, seed, MAX_STEPS);
        let prevScore = -Infinity;
        run.states.forEach((state, i) => {
          const where = `seed ${seed}, step ${i}`;
          const score = game.score(state);
          expect(Number.isFinite(score), `${where}: score is not a finite number`).toBe(true);
          expect(score, `${where}: the score decreased`).toBeGreaterThanOrEqual(prevScore);
          prevScore = score;
          const legal = game.legalActions(state);
          expect(legal.length === 0, `${where}: legalActions must be empty exactly when the game is over`).toBe(
            game.isGameOver(state),
          );
          const outcome = game.outcome(state);
          expect(outcome !== null, `${where}: outcome decides game over: null exactly while the game goes on`).toBe(
            game.isGameOver(state),
          );
          if (outcome)
            expect(
              game.spec.outcomes.some((o) => o.kind === outcome.kind && o.reason === outcome.reason),
              `${where}: outcome ${JSON.stringify(outcome)} is not one of spec.outcomes`,
            ).toBe(true);
          const obs = game.observe(state);
          expect(typeof obs.text, `${where}: observation.text must be a string`).toBe('string');
          expect(JSON.parse(JSON.stringify(obs)), `${where}: observation must be plain JSON`).toEqual(obs);
          if (game.progress) {
            const label = game.spec.progressLabel!;
            const o = obs as Record<string, unknown>;
            const shown = o[label] ?? (o.player as Record<string, unknown> | undefined)?.[label];
            expect(game.progress(state), `${where}: progress(state) must equal the observation's ${label}`).toBe(shown);
          }
          for (const a of legal)
            expect(validAction(a), `${where}: legal action ${JSON.stringify(a)} breaks the grammar`).toBe(true);
        });
      }
    });

    it('every listed legal action is accepted, and step never mutates its input', () => {
      for (const seed of seedsFor(40)) {
        const run = playout(game, seed, EXHAUSTIVE_STEPS);
        for (const state of run.states) {
          const before = snapshot(game, state);
          for (const action of game.legalActions(state)) {
            const r = game.step(state, action);
            expect(r.ok, `seed ${seed}: listed legal action ${JSON.stringify(action)} was refused`).toBe(true);
            expect(snapshot(game, state), `step mutated its input state (action ${JSON.stringify(action)})`).toBe(
              before,
            );
          }
        }
      }
    });

    it('a refused action leaves the state byte-identical and names a reason', () => {
      const probes: GameAction[] = [{ type: '__not_an_action__' }, ...game.spec.exampleActions];
      for (const seed of seedsFor(20)) {
        const run = playout(game, seed, MAX_STEPS);
        for (const state of [run.states[0], run.states[run.states.length - 1]]) {
          const before = snapshot(game, state);
          const legal = new Set(game.legalActions(state).map((a) => canonicalJson(a)));
          for (const probe of probes) {
            if (legal.has(canonicalJson(probe))) continue;
            const r = game.step(state, probe);
            expect(r.ok, `seed ${seed}: action ${JSON.stringify(probe)} is not listed as legal but was accepted`).toBe(
              false,
            );
            if (!r.ok) {
              expect(r.reason, 'a refusal needs a machine-readable reason').toMatch(/^[a-z][a-z0-9_]*$/);
              expect(r.message.length, 'a refusal needs a human message').toBeGreaterThan(0);
            }
            expect(snapshot(game, state), `refusing ${JSON.stringify(probe)} changed the state`).toBe(before);
          }
        }
      }
    });

    it('after the game is over every action is refused', () => {
      for (const seed of seedsFor(30)) {
        const run = playout(game, seed, 5000);
        const last = run.states[run.states.length - 1];
        if (!game.isGameOver(last)) continue;
        for (const a of [...run.actions.slice(-3), ...game.spec.exampleActions]) {
          expect(game.step(last, a).ok, `seed ${seed}: ${JSON.stringify(a)} accepted after game over`).toBe(false);
        }
      }
    });

    it('the same seed and actions give byte-identical states, and replay reproduces the final state', () => {
      for (const seed of seedsFor(20)) {
        const a = playout(game, seed, MAX_STEPS);
        const r = replay(game, { game: slug, rulesVersion: game.spec.rulesVersion, seed, actions: a.actions });
        expect(r.ok, r.ok ? '' : r.message).toBe(true);
        if (r.ok) {
          expect(snapshot(game, r.state), `seed ${seed}: replay diverged`).toBe(
            snapshot(game, a.states[a.states.length - 1]),
          );
          expect(r.score).toBe(game.score(a.states[a.states.length - 1]));
        }
      }
    });

    it('the wire form round-trips exactly, through JSON and through the sealer', () => {
      for (const seed of seedsFor(20)) {
        const run = playout(game, seed, MAX_STEPS);
        for (const state of run.states.filter((_, i) => i % 7 === 0)) {
          const wire = game.toWire(state);
          const back = game.fromWire(JSON.parse(JSON.stringify(wire)));
          expect(snapshot(game, back), 'toWire/fromWire does not round-trip').toBe(snapshot(game, state));
          const sealed =
            game.spec.carry === 'stateToken'
              ? sealer.openToken(slug, game.spec.rulesVersion, sealer.sealToken(slug, game.spec.rulesVersion, wire))
              : sealer.openReadable(
                  slug,
                  game.spec.rulesVersion,
                  sealer.sealReadable(slug, game.spec.rulesVersion, wire),
                );
          expect(snapshot(game, game.fromWire(sealed))).toBe(snapshot(game, state));
          // the restored state must behave the same, not just look the same
          expect(JSON.stringify(game.legalActions(back))).toBe(JSON.stringify(game.legalActions(state)));
        }
      }
    });

    it.runIf(game.pack !== undefined)('the packed form round-trips exactly, alone and through the sealer', () => {
      expect(game.unpack, 'a game that packs must also unpack').toBeTypeOf('function');
      for (const seed of seedsFor(20)) {
        const run = playout(game, seed, MAX_STEPS);
        for (const state of run.states.filter((_, i) => i % 5 === 0)) {
          const packed = game.pack!(state);
          expect(snapshot(game, game.unpack!(packed)), 'unpack(pack(s)) differs from s').toBe(snapshot(game, state));
          const token = sealer.sealPacked(slug, game.spec.rulesVersion, packed);
          const opened = sealer.openTokenContent(slug, game.spec.rulesVersion, token);
          expect('packed' in opened && snapshot(game, game.unpack!(opened.packed))).toBe(snapshot(game, state));
        }
      }
    });

    it('a wide seed round-trips through the wire form as the same string', () => {
      for (const seed of WIDE_SEEDS) {
        expect(isWideSeed(seed)).toBe(true);
        const back = game.fromWire(JSON.parse(JSON.stringify(game.toWire(game.init(seed)))));
        expect(game.seedOf(back), 'fromWire lost the wide seed').toBe(seed);
        if (game.pack)
          expect(game.seedOf(game.unpack!(game.pack(game.init(seed)))), 'unpack lost the wide seed').toBe(seed);
      }
    });

    it.runIf(game.pack !== undefined)('unpack throws on truncated, extended or garbage bytes', () => {
      for (const packed of [game.pack!(game.init(11)), game.pack!(game.init(WIDE_SEEDS[2]))]) {
        const bad = [
          new Uint8Array(0),
          packed.subarray(0, packed.length - 1),
          packed.subarray(0, 1),
          Uint8Array.of(...packed, 0),
          Uint8Array.of(255, ...packed.subarray(1)),
          new Uint8Array(packed.length).fill(255),
        ];
        for (const bytes of bad) expect(() => game.unpack!(bytes), `unpack accepted [${bytes.join(',')}]`).toThrow();
      }
    });

    it('fromWire throws on malformed input instead of returning garbage', () => {
      for (const bad of [null, 1, 'x', [], {}, { data: null }, { data: 'x' }, { data: [] }]) {
        expect(() => game.fromWire(bad as never), `fromWire accepted ${JSON.stringify(bad)}`).toThrow();
      }
    });
  });
}
