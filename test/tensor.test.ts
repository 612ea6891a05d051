/**
 * The numeric face of every game (src/core/tensor.ts, each game's tensor.ts): over random masked play,
 * the mask marks exactly the indices whose action is legal, every legal action has an index, the
 * numeric observation has the published shape and bounds, and hidden things stay hidden.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { actionKey, actionMask, type GameTensor, type TensorSpec } from '../src/core/tensor.js';
import { fromMap } from '../src/games/briarwink/testkit.js';
import { games, registry } from '../src/games/index.js';

const SEEDS = [0, 1, 7, 4242, 0xffffffff, 99, 123456];
const STEPS = 400;

/** Plays random indices among the masked-in ones, calling `visit` on every state. */
function maskedPlay(game: AnyGame, seed: number, visit: (state: unknown) => void): number {
  const t = game.tensor as GameTensor;
  const rng = Rng.fromSeed(seed, 5);
  let state = game.init(seed);
  let steps = 0;
  for (; steps < STEPS && !game.isGameOver(state); steps++) {
    visit(state);
    const mask = actionMask(t, state, game.legalActions(state));
    const open = [...mask.keys()].filter((i) => mask[i] === 1);
    // Mostly avoid ending the run so that play gets deep.
    const going = open.filter((i) => !/end/i.test(t.actionAt(state, i)!.type));
    const i = going.length > 0 && !rng.chance(0.01) ? rng.pick(going) : rng.pick(open);
    const r = game.step(state, t.actionAt(state, i) as never);
    if (!r.ok) throw new Error(`${game.spec.slug}: masked-in index ${i} was refused: ${r.message}`);
    state = r.state;
  }
  visit(state);
  return steps;
}

describe.each(games.map((g) => [g.spec.slug, g] as const))('%s tensor', (slug, game) => {
  const t = game.tensor as GameTensor;
  const spec = game.spec.tensorSpec as TensorSpec;

  it('publishes its action index and tensor spec in the spec, as plain JSON', () => {
    expect(t).toBeDefined();
    expect(game.spec.actionIndex).toEqual(JSON.parse(JSON.stringify(t.actionIndex)));
    expect(spec).toEqual(JSON.parse(JSON.stringify(t.tensorSpec)));
    expect(spec.planes.channels).toHaveLength(spec.planes.shape[0]);
    expect(spec.features.items).toHaveLength(spec.features.shape[0]);
  });

  it("the game's README tables every index, plane and feature, in order", () => {
    const readme = readFileSync(fileURLToPath(new URL(`../src/games/${slug}/README.md`, import.meta.url)), 'utf8');
    spec.planes.channels.forEach((c, i) => expect(readme).toContain(`| ${i} | \`${c.name}\` | ${c.meaning} |`));
    spec.features.items.forEach((c, i) => expect(readme).toContain(`| ${i} | \`${c.name}\` | ${c.meaning} |`));
    t.actionIndex.forEach((a, i) => expect(readme).toContain(`| ${i} | `));
    expect(readme).toContain(`shape ${spec.planes.shape.join(' x ')}`);
  });

  it('the mask marks exactly the legal indices and every legal action has one, over random masked play', () => {
    let states = 0;
    for (const seed of SEEDS) {
      maskedPlay(game, seed, (state) => {
        states++;
        const legal = game.legalActions(state);
        const keys = new Set(legal.map(actionKey));
        const mask = actionMask(t, state, legal);
        expect(mask).toBeInstanceOf(Int8Array);
        expect(mask.length).toBe(t.actionIndex.length);
        for (let i = 0; i < mask.length; i++) {
          const a = t.actionAt(state, i);
          expect(mask[i], `${slug} index ${i} (${JSON.stringify(a)})`).toBe(
            a !== null && keys.has(actionKey(a)) ? 1 : 0,
          );
        }
        for (const a of legal) {
          const i = t.indexOf(state, a);
          expect(i, `${slug}: the legal ${JSON.stringify(a)} has no index`).toBeGreaterThanOrEqual(0);
          expect(t.actionAt(state, i)).toEqual(a);
        }
        if (game.isGameOver(state)) expect([...mask].every((m) => m === 0)).toBe(true);
      });
    }
    expect(states).toBeGreaterThan(SEEDS.length * 2);
  });

  it('the numeric observation has the published shape and lies in its bounds', () => {
    const [c, h, w] = spec.planes.shape;
    for (const seed of SEEDS.slice(0, 4)) {
      maskedPlay(game, seed, (state) => {
        const x = t.encode(game.observe(state));
        expect(x.planes).toBeInstanceOf(Uint8Array);
        expect(x.planes.length).toBe(c * h * w);
        expect(Math.max(...x.planes)).toBeLessThanOrEqual(spec.planes.high);
        expect(x.features).toBeInstanceOf(Float32Array);
        expect(x.features.length).toBe(spec.features.shape[0]);
        for (const f of x.features) {
          expect(Number.isFinite(f)).toBe(true);
          expect(f).toBeGreaterThanOrEqual(spec.features.low);
        }
      });
    }
  });

  it('encoding into a zeroed buffer writes exactly the planes of a fresh one, in that buffer (the API reuses one)', () => {
    const t = game.tensor as GameTensor;
    const [c, h, w] = t.tensorSpec.planes.shape;
    const scratch = new Uint8Array(c * h * w);
    let checked = 0;
    maskedPlay(game, 31, (state) => {
      const observation = game.observe(state);
      const fresh = t.encode(observation);
      scratch.fill(0);
      const into = t.encode(observation, scratch);
      expect(into.planes).toBe(scratch);
      expect(Buffer.from(scratch).equals(Buffer.from(fresh.planes))).toBe(true);
      expect(Array.from(into.features)).toEqual(Array.from(fresh.features));
      checked++;
    });
    expect(checked).toBeGreaterThan(0);
  });

  it('every index is used: each action of the index is legal somewhere in random play', () => {
    const seen = new Set<number>();
    for (const seed of SEEDS) {
      maskedPlay(game, seed, (state) => {
        actionMask(t, state, game.legalActions(state)).forEach((m, i) => m && seen.add(i));
      });
    }
    // endRun-style actions and rare lunges are legal somewhere in these runs too.
    expect([...Array(t.actionIndex.length).keys()].filter((i) => !seen.has(i))).toEqual([]);
  });
});

describe('hidden things stay hidden', () => {
  it('Cragwake: a fogged row shows only fog', () => {
    const game = registry.get('cragwake')!;
    const t = game.tensor as GameTensor;
    const [c, h, w] = (game.spec.tensorSpec as TensorSpec).planes.shape;
    let fogged = 0;
    maskedPlay(game, 11, (state) => {
      const o = game.observe(state) as unknown as { band: { fogged: boolean }[] };
      const x = t.encode(game.observe(state));
      o.band.forEach((r, y) => {
        if (!r.fogged) return;
        fogged++;
        for (let ch = 0; ch < c; ch++)
          for (let col = 0; col < w; col++) {
            const v = x.planes[(ch * h + y) * w + col];
            // fog, and the column facts (gust, rockfall) that the text shows for the whole column.
            if (ch === 1) expect(v).toBe(1);
            else if (ch !== 12 && ch !== 13) expect(v, `plane ${ch} on a fogged row`).toBe(0);
          }
      });
    });
    expect(fogged).toBeGreaterThan(0);
  });

  it('Briarwink: twin moonless gardens that differ only on unlit cells give the same tensor', () => {
    // From src/games/briarwink/hidden.test.ts: (3,1), (0,8) and (6,8) are unlit; the twins hold two mopes
    // each (the count is seen), WITH at (3,1) and (6,8), WITHOUT at (0,8) and (6,8).
    const WITH = `
G..#...
..,m#..
...#...
.......
.......
.......
.......
#.....#
.#...#m`;
    const WITHOUT = WITH.replace(',m#', ',.#').replace('.#...#m', 'm#...#m');
    const game = registry.get('briarwink')!;
    const t = game.tensor as GameTensor;
    const a = fromMap(WITH, { moonless: true });
    const b = fromMap(WITHOUT, { moonless: true });
    expect(a.dimlings.length).toBe(2);
    expect(b.dimlings.length).toBe(2);
    const ta = t.encode(game.observe(a));
    expect(ta).toEqual(t.encode(game.observe(b)));
    // ...while on a moonlit night the same mopes show.
    const lit = t.encode(game.observe(fromMap(WITH, { moonless: false })));
    expect(lit).not.toEqual(t.encode(game.observe(fromMap(WITHOUT, { moonless: false }))));
    const [, h, w] = (game.spec.tensorSpec as TensorSpec).planes.shape;
    expect(ta.planes[24 * h * w + 1 * 7 + 3], 'the unlit plane marks (3,1)').toBe(1);
  });
});

describe('Cragwake reaches', () => {
  it('index i is the move onto the climber cell plus its published offset', () => {
    const game = registry.get('cragwake')!;
    const t = game.tensor as GameTensor<{ row: number; col: number }>;
    const s = game.init(5) as { row: number; col: number };
    t.actionIndex.forEach((slot, i) => {
      const a = t.actionAt(s, i) as GameAction | null;
      if (!slot.reach) return expect(a).toEqual(slot.action);
      const row = s.row + slot.reach.rows;
      const col = s.col + slot.reach.cols;
      expect(a).toEqual(row < 0 || col < 0 || col > 5 ? null : { type: 'move', row, col });
    });
    expect(t.actionIndex).toHaveLength(18);
  });
});
