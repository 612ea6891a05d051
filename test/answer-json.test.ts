/**
 * The play answers' serialiser (src/server/answer-json.ts, answerJson) splices in the JSON text of a
 * readable state the sealer wrote while tagging it, instead of writing its data again. Its output must
 * be exactly JSON.stringify's, for single answers and batches, with spliced states, states a client
 * sent back (refusals), error items and text that tries to look like the marker.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../src/games/index.js';
import { answerOf } from '../src/core/session.js';
import { answerJson } from '../src/server/answer-json.js';
import { readableJsonOf, StateSealer } from '../src/server/state/seal.js';
import { playout } from './helpers/playout.js';

const readableGames = games.filter((g) => g.spec.carry === 'state').map((g) => [g.spec.slug, g] as const);
const sealer = StateSealer.random();

describe.each(readableGames)('%s answers written with the state spliced in', (slug, game) => {
  const rv = game.spec.rulesVersion;
  const answers = playout(game, 17, 60).states.map((state) => {
    const head: Record<string, unknown> = { ok: true, game: slug, seed: 17 };
    head.state = sealer.sealReadable(slug, rv, game.toWire(state), { sortedKeys: true });
    return Object.assign(head, answerOf(game, state));
  });

  it('the sealer knows the text of the states it tagged with sorted keys, and only those', () => {
    const state = answers[0].state as object;
    expect(readableJsonOf(state)).toBe(JSON.stringify(state));
    expect(readableJsonOf(JSON.parse(JSON.stringify(state)))).toBeUndefined();
    expect(readableJsonOf(sealer.sealReadable(slug, rv, game.toWire(game.init(3))))).toBeUndefined();
  });

  it('a single answer is byte for byte what JSON.stringify writes, and leaves the answer as it was', () => {
    for (const answer of answers) {
      const state = answer.state;
      expect(answerJson(answer)).toBe(JSON.stringify(answer));
      expect(answer.state).toBe(state);
    }
  });

  it('a batch of spliced states, refusals carrying a client copy, errors and look-alike text is written exactly', () => {
    const copy = JSON.parse(JSON.stringify(answers[1].state));
    const results: unknown[] = [
      answers[0],
      { ok: false, error: 'invalid_state', message: 'quoted "\u0000gameboard-state-\u0000" back' },
      { ok: false, game: slug, reason: 'blocked', message: 'no', state: copy },
      answers[1],
      7,
      null,
      ...answers.slice(2, 20),
      { ok: true, game: slug, state: null },
    ];
    const batch = { ok: true, results };
    expect(answerJson(batch)).toBe(JSON.stringify(batch));
    expect((results[3] as Record<string, unknown>).state).toBe(answers[1].state);
  });
});

describe('answers with nothing to splice', () => {
  it('are JSON.stringify exactly', () => {
    for (const value of [null, 3, 'x', [1, { state: 2 }], { ok: true, stateToken: 'gb1.x.y' }, { results: 'none' }])
      expect(answerJson(value)).toBe(JSON.stringify(value));
  });
});
