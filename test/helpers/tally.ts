/**
 * A tiny game on the contract, for testing the shells (server, SDK) apart from the real engines: add 1
 * or 2 to a tally up to 6 turns, or stop. It has a hidden part (a secret number drawn from the seed) so
 * tests can check hidden information never travels in the clear.
 */
import { seedSuites } from '../../src/core/suites.js';
import type { Game, GameAction, WireState } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { seedStream, type Seed } from '../../src/core/seed.js';

interface TallyState {
  seed: Seed;
  turn: number;
  score: number;
  over: boolean;
  hidden: number;
}

const actionSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: 'add' }, amount: { type: 'integer', enum: [1, 2] } },
      required: ['type', 'amount'],
    },
    {
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: 'stop' } },
      required: ['type'],
    },
  ],
};

/** The tally game, carried as a readable `state` or an opaque `stateToken`. */
export function makeTally(
  carry: 'state' | 'stateToken',
  slug = carry === 'state' ? 'tally' : 'tally-token',
): Game<TallyState> {
  return {
    spec: {
      slug,
      name: 'Tally',
      genre: 'test',
      description: 'Add to a tally.',
      goal: 'Reach a high tally in six turns.',
      scoring: ['the tally'],
      rules: ['add 1 or 2', 'stop ends', 'six turns', 'no more'],
      actionSchema,
      carry,
      rulesVersion: `${slug}-1`,
      suites: seedSuites(slug),
      exampleActions: [{ type: 'add', amount: 2 }, { type: 'stop' }] as GameAction[],
      observationSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'tally', 'turn'],
        properties: { text: { type: 'string' }, tally: { type: 'integer' }, turn: { type: 'integer' } },
      },
      outcomes: [
        { kind: 'terminated', reason: 'six_turns', description: 'Six turns were played.' },
        { kind: 'ended', reason: 'stop', description: 'The player stopped.' },
      ],
    },
    init: (seed) => ({ seed, turn: 0, score: 0, over: false, hidden: new Rng(seedStream(seed)).int(1000) }),
    legalActions: (s): GameAction[] =>
      s.over ? [] : [{ type: 'add', amount: 1 }, { type: 'add', amount: 2 }, { type: 'stop' }],
    step(s, a: GameAction) {
      if (s.over) return { ok: false, reason: 'game_over', message: 'the game is over' };
      if (a.type === 'stop') return { ok: true, state: { ...s, over: true }, events: [{ type: 'stopped' }] };
      if (a.type === 'add' && (a.amount === 1 || a.amount === 2)) {
        const turn = s.turn + 1;
        return {
          ok: true,
          state: { ...s, turn, score: s.score + a.amount, over: turn >= 6 },
          events: [{ type: 'added', amount: a.amount }],
        };
      }
      return { ok: false, reason: 'not_allowed', message: `cannot ${JSON.stringify(a)}` };
    },
    observe: (s) => ({ text: `tally ${s.score}, turn ${s.turn}`, tally: s.score, turn: s.turn }),
    score: (s) => s.score,
    isGameOver: (s) => s.over,
    outcome: (s) =>
      !s.over ? null : s.turn >= 6 ? { kind: 'terminated', reason: 'six_turns' } : { kind: 'ended', reason: 'stop' },
    seedOf: (s) => s.seed,
    toWire: (s): WireState => ({
      data: { seed: s.seed, turn: s.turn, score: s.score, over: s.over },
      secret: { hidden: s.hidden },
    }),
    fromWire(w) {
      const d = w?.data as Record<string, unknown> | null;
      const sec = w?.secret as Record<string, unknown> | undefined;
      if (
        !d ||
        typeof d !== 'object' ||
        typeof d.turn !== 'number' ||
        typeof d.score !== 'number' ||
        typeof sec?.hidden !== 'number'
      ) {
        throw new Error('malformed tally state');
      }
      return { seed: d.seed as Seed, turn: d.turn, score: d.score, over: d.over === true, hidden: sec.hidden };
    },
  };
}
