/**
 * Records Briarwink's golden runs (golden/briarwink/, replayed by test/golden.test.ts): the heuristic
 * plays three seeds of the dev suite for 400 actions each, and a fourth run ends itself with endRun
 * after 150 of its actions. Re-record (after a rules change and a rules version bump) with
 * `RECORD_GOLDEN=1 npx vitest run src/agents/briarwink/golden.test.ts`.
 */
import { describe, it } from 'vitest';
import { briarwink } from '../../games/briarwink/index.js';
import type { BriarwinkObservation } from '../../games/briarwink/observe.js';
import { playAndRecord, writeGolden } from '../../../test/helpers/golden.js';
import { CELLS, FLOOR } from './board.js';
import { chooseBriarwink } from './heuristic.js';

const PLAYER = 'the Briarwink heuristic (src/agents/briarwink/heuristic.ts)';
const SEEDS = briarwink.spec.suites.dev.slice(0, 3);

/** The heuristic as its agent factory runs it: the terrain memory is forgotten at each new night. */
function heuristic(): (state: unknown) => ReturnType<typeof chooseBriarwink> {
  const memory = new Uint8Array(CELLS).fill(FLOOR);
  let night = -1;
  return (state) => {
    const o = briarwink.observe(state as never) as BriarwinkObservation;
    if (o.player.night !== night) {
      night = o.player.night;
      memory.fill(FLOOR);
    }
    return chooseBriarwink(o, memory);
  };
}

describe.skipIf(!process.env.RECORD_GOLDEN)('recording Briarwink golden runs', () => {
  it.each(SEEDS)('records the heuristic from seed %i', async (seed) => {
    await writeGolden(`heuristic-seed-${seed}`, playAndRecord(briarwink, seed, PLAYER, 400, heuristic()));
  });

  it('records a run the player ends with endRun', async () => {
    const seed = SEEDS[0];
    const choose = heuristic();
    const run = playAndRecord(briarwink, seed, `${PLAYER}, then endRun`, 151, (s, i) =>
      i === 150 ? { type: 'endRun' } : choose(s),
    );
    await writeGolden(`end-run-seed-${seed}`, run);
  });
});
