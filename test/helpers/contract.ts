/**
 * The contract suite, as a function of a registry (test/contract.test.ts runs it on the project's,
 * test/sixth-game.test.ts on a test registry): the spec's observation schema, action grammar and
 * outcome list hold for real play (in process, over many seeds), and real HTTP answers (init,
 * accepted, refused by the grammar, refused by the rules) match the answer schemas exactly.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameAction } from '../../src/core/game.js';
import type { Registry } from '../../src/core/registry.js';
import { Rng } from '../../src/core/rng.js';
import { StateSealer } from '../../src/server/state/seal.js';
import { buildApp } from '../../src/server/app.js';
import { answerSchemas } from '../../src/server/schemas/contract.js';
import { playout } from './playout.js';

const SEEDS = Number(process.env.CONTRACT_SEEDS ?? 40);
// OpenAPI's "byte" format (base64, as the tensor's packed planes and features are sent) checked too, rather
// than passed over with a warning.
const ajv = new Ajv({ strict: false, allErrors: true, formats: { byte: /^[A-Za-z0-9+/]*={0,2}$/ } });

/** Validates `value`, failing with Ajv's words and the value's start when it does not match. */
function expectValid(validate: ValidateFunction, value: unknown, what: string): void {
  if (!validate(value)) {
    throw new Error(
      `${what} breaks its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 400)}`,
    );
  }
}

export function contractSuite(registry: Registry, slugs: readonly string[] = registry.slugs()): void {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ sealer: StateSealer.random(), registry, webRoot: null });
  });
  afterAll(() => app.close());

  const games = slugs.map((s) => registry.get(s)!);
  describe.each(games.map((g) => [g.spec.slug, g] as const))('%s contract', (slug, game) => {
    const spec = game.spec;
    const validObservation = ajv.compile(spec.observationSchema);
    const validAction = ajv.compile(spec.actionSchema);
    const answers = answerSchemas(spec);
    const validInit = ajv.compile(answers.init);
    const validAccepted = ajv.compile(answers.accepted);
    const validRefused = ajv.compile(answers.refused);
    const listed = new Set(spec.outcomes.map((o) => `${o.kind}/${o.reason}`));

    it('publishes its outcomes: each once, none truncated (the engine never caps a run), each described', () => {
      expect(spec.outcomes.length).toBeGreaterThan(0);
      expect(listed.size, 'an outcome is listed twice').toBe(spec.outcomes.length);
      for (const o of spec.outcomes) {
        expect(['terminated', 'ended']).toContain(o.kind);
        expect(o.description.length).toBeGreaterThan(0);
      }
    });

    it(`random play over ${SEEDS} seeds: observations and legal actions match the schemas; outcome is null exactly while playing and always listed`, () => {
      const seen = new Set<string>();
      for (let seed = 0; seed < SEEDS; seed++) {
        const run = playout(game, seed * 7919 + 3, 400);
        for (const state of run.states) {
          expectValid(validObservation, game.observe(state), `seed ${run.seed}: the observation`);
          for (const a of game.legalActions(state)) expectValid(validAction, a, `seed ${run.seed}: legal action`);
          const over = game.isGameOver(state);
          const outcome = game.outcome(state);
          expect(outcome === null, `seed ${run.seed}: outcome ${JSON.stringify(outcome)} with gameOver ${over}`).toBe(
            !over,
          );
          if (outcome) {
            const key = `${outcome.kind}/${outcome.reason}`;
            expect(listed.has(key), `outcome ${key} is not in spec.outcomes`).toBe(true);
            seen.add(key);
          }
        }
      }
      // Random play ends runs in at least one of the listed ways (or the test proves nothing about them).
      expect(seen.size).toBeGreaterThan(0);
    });

    it('real HTTP answers (init, accepted, refused by the grammar and by the rules) match the answer schemas', async () => {
      const carry = spec.carry;
      const pool = new Map<string, GameAction>();
      const kinds = new Set<string>();
      for (const seed of [7, 1234, 99]) {
        const rng = Rng.fromSeed(seed, 5);
        let body = (await app.inject({ url: `/api/games/${slug}/init?seed=${seed}` })).json();
        expectValid(validInit, body, 'the init answer');
        kinds.add('init');
        const post = async (action: unknown) =>
          (
            await app.inject({
              method: 'POST',
              url: `/api/games/${slug}/action`,
              payload: { [carry]: body[carry], action },
            })
          ).json();
        for (let i = 0; i < 80; i++) {
          // Out of the grammar: the whole contract, the state sent, reason unknown_action.
          if (i % 10 === 0) {
            const r = await post({ type: 'no such action' });
            expectValid(validRefused, r, 'a grammar refusal');
            expect(r[carry]).toEqual(body[carry]);
            expect(r.observation).toEqual(body.observation);
            kinds.add('grammar');
          }
          // Well-formed but not legal now (legal in another state, or any action once over): refused by the rules.
          const legal = new Set(body.legalActions.map((a: GameAction) => JSON.stringify(a)));
          const illegal = [...pool.values()].find((a) => !legal.has(JSON.stringify(a)));
          if (illegal && (i % 3 === 0 || body.gameOver)) {
            const r = await post(illegal);
            if (!r.ok) {
              expectValid(validRefused, r, 'a rules refusal');
              expect(r.reason).not.toBe('unknown_action');
              expect(r.outcome).toEqual(body.outcome);
              kinds.add('rules');
            }
          }
          if (body.gameOver) break;
          for (const a of body.legalActions) pool.set(JSON.stringify(a), a);
          const keep = body.legalActions.filter((a: GameAction) => !/end/i.test(a.type));
          const next = await post(rng.pick(keep.length ? keep : body.legalActions));
          expectValid(validAccepted, next, 'an accepted answer');
          kinds.add('accepted');
          body = next;
        }
      }
      expect([...kinds].sort()).toEqual(['accepted', 'grammar', 'init', 'rules']);
    });

    it('an answer with an extra or a missing field breaks the answer schema (the schemas are closed)', async () => {
      const body = (await app.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
      expect(validInit({ ...body, extra: 1 })).toBe(false);
      const { outcome: _, ...missing } = body;
      expect(validInit(missing)).toBe(false);
      expect(validObservation({ ...body.observation, secret: 1 })).toBe(false);
    });
  });
}
