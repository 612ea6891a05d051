/**
 * The Gymnasium side of the Python package (clients/python, installed into a venv the test run makes,
 * test/helpers/python-venv.ts) against a real server: check_env for every game, spaces, seeding,
 * masks over random masked play (replayed here on the engines), dict actions, masked-out indices,
 * budgets, render, the vector env's one batch request per step and its next-step autoreset, make_vec.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionCost, type RankedBudget } from '../src/core/budget.js';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { replay, type Run } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { actionMask, type GameTensor, type TensorSpec } from '../src/core/tensor.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { hasPython, pythonVenv, type PlainInstall } from './helpers/python-venv.js';

const SCRIPT = fileURLToPath(new URL('./python/check_gym.py', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../clients/python/examples/random_masked_agent.py', import.meta.url));

interface Lists {
  planes: number[];
  features: number[];
}
interface GameReport {
  check_env: boolean;
  check_env_warnings: string[];
  wrappers: string[];
  action_space: [string, number];
  observation_space: Record<string, [string, number[], string]>;
  budget: number | null;
  same_seed_same_obs: boolean;
  seed7: { obs: Lists; mask: number[]; mask_dtype: string; game_seed: number };
  render_is_text: boolean;
  base64_equals_json: boolean;
  tensor_format: string;
  bits: boolean | string;
  play: {
    run: Run;
    masks: number[][];
    in_space: boolean;
    reward: number;
    score: number;
    terminated: boolean;
    truncated: boolean;
  };
  dict_action_steps: number;
  legal_steps: [number, number, boolean, GameAction][];
  vector_play: { in_space: boolean; exact_masks: boolean; steps: number; ended: number; reset_equals_json: boolean };
  masked_out: unknown;
  refused: unknown;
  stuck: [number, boolean, boolean][];
  budget3: { flags: [boolean, boolean][]; run: Run };
}
interface Report {
  registered: string[];
  games: Record<string, GameReport>;
  vector: {
    requests: string[];
    steps: number;
    in_space: boolean;
    resets: { env: number; seed: number; reward: number; flags: [boolean, boolean]; obs: Lists; mask: number[] }[];
    initial_seeds: number[];
    initial_masks: number[][];
    mask_shape: number[];
    obs_shape: Record<string, number[]>;
  };
  make_vec: unknown[];
  same_step: {
    ends: number;
    playable: boolean;
    fresh: { seed: number; obs: Lists; final_over: number }[];
    mode: string;
  };
  disabled: [string, boolean, boolean] | null;
  vector_refused: {
    refused: boolean[];
    env: number;
    reward: number;
    flags: [boolean, boolean];
    same_obs: boolean;
    same_run: [boolean, boolean];
    others_stepped: boolean;
  } | null;
  vector_strict: unknown;
}

/** The engine's numeric observation of a state, as lists. */
function encoded(game: AnyGame, state: unknown): Lists {
  const x = (game.tensor as GameTensor).encode(game.observe(state));
  return { planes: Array.from(x.planes), features: Array.from(x.features) };
}

describe.skipIf(!hasPython)(
  hasPython ? 'Python Gymnasium environments' : 'Python Gymnasium environments (skipped: no python3 on this machine)',
  () => {
    let app: FastifyInstance;
    let report: Report;
    let plain: PlainInstall;
    let example: string;

    beforeAll(async () => {
      app = await buildApp({ sealer: new StateSealer(['python-gym-test-secret-0123456789']), webRoot: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
      const venv = await pythonVenv();
      plain = venv.plain;
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(
          venv.python,
          [SCRIPT, `http://127.0.0.1:${addr.port}`],
          { timeout: 300_000, maxBuffer: 64 << 20 },
          (err, out, errText) =>
            err ? reject(new Error(`check_gym.py failed: ${errText || err.message}`)) : resolve(out),
        ),
      );
      report = JSON.parse(stdout) as Report;
      example = await new Promise<string>((resolve, reject) =>
        execFile(venv.python, [EXAMPLE, `http://127.0.0.1:${addr.port}`], { timeout: 300_000 }, (err, out, errText) =>
          err ? reject(new Error(`random_masked_agent.py failed: ${errText || err.message}`)) : resolve(out),
        ),
      );
    }, 900_000);
    afterAll(async () => {
      await app?.close();
    });

    it('pip install ./clients/python gives the client with no third-party package; [gym] adds the rest', () => {
      expect(plain).toEqual({ imported: true, gymnasium: false, numpy: false, client: true });
    });

    it("import gameboard registers one id per registered game, Gameboard/<its spec's name>-v0", () => {
      // check_gym.py lists gymnasium's registry sorted
      const ids = registry.games.map((g) => `Gameboard/${g.spec.name}-v0`).sort();
      expect(report.registered).toEqual(ids);
    });

    describe.each(registry.slugs())('%s', (slug) => {
      const game = registry.get(slug)!;
      const t = game.tensor as GameTensor;
      const spec = game.spec.tensorSpec as TensorSpec;
      const g = () => report.games[slug];

      it("check_env passes with the defaults on a gymnasium.make env (checker on), warning only that the features' Box is unbounded above (and that a seedless game is seedless)", () => {
        expect(g().check_env).toBe(true);
        expect(g().wrappers).toEqual(['OrderEnforcing', 'PassiveEnvChecker', 'GameboardEnv']);
        // check_env resets with different seeds: a seedless game (Delvewick) says once that they play the same.
        const allowed =
          game.spec.seedless === true ? /maximum value is infinity|is seedless/ : /maximum value is infinity/;
        for (const w of g().check_env_warnings) expect(w).toMatch(allowed);
      });

      it('spaces: Discrete over the action index, a Dict of the published Boxes; budget from the spec', () => {
        expect(g().action_space).toEqual(['Discrete', t.actionIndex.length]);
        expect(g().observation_space).toEqual({
          planes: ['Box', spec.planes.shape, 'uint8'],
          features: ['Box', spec.features.shape, 'float32'],
        });
        expect(g().budget).toBe((game.spec.rankedBudget as RankedBudget | null)?.limit ?? null);
      });

      it('reset(seed=7) plays game seed 7: the same observation each time, equal to the engine', () => {
        const s = g().seed7;
        expect(g().same_seed_same_obs).toBe(true);
        expect(s.game_seed).toBe(7);
        const state = game.init(7);
        expect(s.obs).toEqual(encoded(game, state));
        expect(s.mask).toEqual(Array.from(actionMask(t, state, game.legalActions(state))));
        expect(s.mask_dtype).toBe('int8');
        expect(g().render_is_text).toBe(true);
      });

      it('the base64 tensor the envs read holds the same numbers as the JSON arrays (decode_tensor, tensor_arrays)', () => {
        expect(g().base64_equals_json).toBe(true);
      });

      it('games whose planes are 0 or 1 answer the bits form (the envs ask for it), the same numbers; the others refuse it', () => {
        const binary = game.tensor!.tensorSpec.planes.high === 1;
        expect(g().tensor_format).toBe(binary ? 'bits' : 'base64');
        expect(g().bits).toBe(binary ? true : 'bad_request');
      });

      it('random masked play: every mask equals the engine mask, observations in the space, rewards sum to the score', () => {
        const p = g().play;
        const states: unknown[] = [];
        const r = replay(game, p.run, (s) => states.push(s));
        if (!r.ok) throw new Error(r.message);
        const all = [game.init(p.run.seed), ...states];
        expect(p.masks).toHaveLength(p.run.actions.length + 1);
        p.masks.forEach((m, i) =>
          expect(m, `mask ${i}`).toEqual(Array.from(actionMask(t, all[i], game.legalActions(all[i])))),
        );
        expect(p.in_space).toBe(true);
        expect(p.reward).toBe(r.score);
        expect(p.score).toBe(r.score);
        expect(p.terminated).toBe(game.isGameOver(r.state));
      });

      it('every index the mask marks legal steps, as the legal action of that index', () => {
        const state = game.init(7);
        const legal = game.legalActions(state);
        const indices = legal.map((a) => t.indexOf(state, a)).filter((i) => i >= 0);
        expect(g().legal_steps.map(([i]) => i)).toEqual([...new Set(indices)].sort((a, b) => a - b));
        for (const [i, steps, accepted, action] of g().legal_steps) {
          expect([steps, accepted], `index ${i}`).toEqual([1, true]);
          expect(t.indexOf(state, action), `index ${i}`).toBe(i);
          expect(legal).toContainEqual(action);
        }
      });

      it('random masked play of a strict 4-env vector env: observations in the space, masks exact, choices accepted', () => {
        expect(g().vector_play).toMatchObject({
          in_space: true,
          exact_masks: true,
          steps: 25,
          reset_equals_json: true,
        });
      });

      it('a dict action plays; a masked-out index is a refused no-op by default; illegal_action="raise" raises IllegalActionError', () => {
        expect(g().dict_action_steps).toBe(1);
        // [info.refused, reward, terminated, truncated, run unchanged, observation unchanged, mask unchanged]
        expect(g().refused).toEqual(['masked_out', 0, false, false, true, true, true]);
        // [code, index named, message says masked out, run unchanged]
        expect(g().masked_out).toEqual(['illegal_action', true, true, true]);
      });

      it('refused_reward is the reward of a refused step, and max_steps counts refused steps', () => {
        expect(g().stuck).toEqual([
          [-1, false, false],
          [-1, false, false],
          [-1, false, true],
        ]);
      });

      it('budget=3 truncates once 3 units of the ranked budget are spent', () => {
        const { flags, run } = g().budget3;
        const budget = (game.spec.rankedBudget as RankedBudget | null) ?? { unit: 'actions', limit: 3, why: '' };
        let spent = 0;
        run.actions.forEach((a, i) => {
          spent += actionCost(budget, a);
          expect(flags[i], `after action ${i}`).toEqual([false, spent >= 3]);
        });
        expect(flags[flags.length - 1][1]).toBe(true);
      });
    });

    it('GameboardVectorEnv: one batch request per step, seeds N.., next-step autoreset to fresh runs', () => {
      const v = report.vector;
      expect(v.requests).toHaveLength(v.steps + 1);
      for (const p of v.requests) expect(p).toBe('api/games/whirlyard/batch');
      expect(v.initial_seeds).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
      expect(v.in_space).toBe(true);
      expect(v.mask_shape).toEqual([8, 11]);
      expect(v.obs_shape).toEqual({ planes: [8, 4, 6, 6], features: [8, 11] });
      const whirlyard = registry.get('whirlyard')!;
      const mask = (seed: number) => {
        const state = whirlyard.init(seed);
        return Array.from(actionMask(whirlyard.tensor as GameTensor, state, whirlyard.legalActions(state)));
      };
      v.initial_seeds.forEach((seed, i) => expect(v.initial_masks[i], `env ${i}'s mask`).toEqual(mask(seed)));
      expect(v.resets.length).toBeGreaterThan(0);
      for (const r of v.resets) {
        expect(r.reward).toBe(0);
        expect(r.flags).toEqual([false, false]);
        expect(r.obs).toEqual(encoded(whirlyard, whirlyard.init(r.seed)));
        expect(r.mask).toEqual(mask(r.seed));
      }
    });

    it('the random masked agent example plays every game to its end', () => {
      const lines = example.trim().split('\n');
      const ids = registry.slugs().map((slug) => `Gameboard/${slug[0].toUpperCase()}${slug.slice(1)}-v0`);
      expect(lines).toHaveLength(ids.length);
      lines.forEach((line, i) =>
        expect(line).toMatch(
          new RegExp(
            `^${ids[i]}: \\d+ steps, return .*, score .*, (truncated at the budget|(terminated|ended) \\(\\w+\\))$`,
          ),
        ),
      );
    });

    it('same-step autoreset: an ended run comes back fresh in the same step, its last observation in final_obs', () => {
      const v = report.same_step;
      const whirlyard = registry.get('whirlyard')!;
      expect(v.mode).toBe('SameStep');
      expect(v.ends).toBeGreaterThan(0);
      expect(v.playable, 'no environment is ever left without a legal action').toBe(true);
      for (const f of v.fresh) {
        expect(f.final_over, 'final_obs is the ended run (gameOver feature)').toBe(1);
        expect(f.obs).toEqual(encoded(whirlyard, whirlyard.init(f.seed)));
      }
    });

    it('GameboardVectorEnv: a masked-out index is refused for that env alone by default, and raises when strict', () => {
      const v = report.vector_refused!;
      expect(v).not.toBeNull();
      expect(v.refused.filter(Boolean)).toHaveLength(1);
      expect(v.refused[v.env]).toBe(true);
      expect(v.reward).toBe(0);
      expect(v.flags).toEqual([false, false]);
      expect(v.same_obs).toBe(true);
      expect(v.same_run).toEqual([true, true]);
      expect(v.others_stepped).toBe(true);
      expect(report.vector_strict).toEqual(['illegal_action', true, true]);
    });

    it('disabled autoreset: stepping an ended run raises, reset_mask resets only the ended ones', () => {
      expect(report.disabled).toEqual(['run_over', true, true]);
    });

    it('gymnasium.make_vec uses the vector entry point, and the sync and async modes work over GameboardEnv', () => {
      expect(report.make_vec).toEqual([
        'GameboardVectorEnv',
        [1, 2, 3],
        'SyncVectorEnv',
        [2, 5],
        'AsyncVectorEnv',
        [2, 25, 9, 7],
      ]);
    });
  },
);
