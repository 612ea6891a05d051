/**
 * Seed file rules, one test per sentence: how each wave starts and spawns.
 * Positions are text maps: R rover, d drone, C charged drone, # scrap, . empty; (0,0) is top left.
 */
import { describe, expect, it } from 'vitest';
import { chebyshev } from './board.js';
import { whirlyard } from './index.js';
import { observe } from './observe.js';
import { PULSE_A, clearInto, fromMap, nonterminalFirstActions, play, twoActionOpening } from './testkit.js';
import type { WhirlyardState } from './types.js';

const scrapOf = (s: WhirlyardState) => observe(s).scrap;

describe('Rules: waves', () => {
  it('WY-015 every wave starts with the rover at (2,2) and scrap only at (3,3)', () => {
    for (const seed of [0, 7, 12345]) {
      const s = whirlyard.init(seed);
      expect(observe(s).rover).toEqual({ x: 2, y: 2 });
      expect(scrapOf(s)).toEqual([{ x: 3, y: 3 }]);
    }
    const messy = fromMap(`
      .....R
      ####d.
      ......
      ...#..
      ##....
      ......`);
    const next = play(messy, PULSE_A).state;
    expect(next.wave).toBe(2);
    expect(observe(next).rover).toEqual({ x: 2, y: 2 });
    expect(scrapOf(next)).toEqual([{ x: 3, y: 3 }]);
  });

  const sizes = (wave: number, seeds = 30) =>
    Array.from({ length: seeds }, (_, seed) => {
      const s = clearInto(wave, seed);
      return [s.drones.length, s.charged.filter(Boolean).length];
    });

  it('WY-016 wave 1 has four ordinary drones; waves 2 and 3 have five and six', () => {
    for (const [wave, n] of [
      [1, 4],
      [2, 5],
      [3, 6],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 0]);
    }
  });

  it('WY-017 waves 4, 5 and 6 have six, seven and eight drones, one of them charged', () => {
    for (const [wave, n] of [
      [4, 6],
      [5, 7],
      [6, 8],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 1]);
    }
  });

  it('WY-018 waves 7, 8 and 9 have eight, nine and ten drones, two of them charged', () => {
    for (const [wave, n] of [
      [7, 8],
      [8, 9],
      [9, 10],
    ]) {
      for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([n, 2]);
    }
  });

  it('WY-019 waves 10 to 12 have ten drones with three charged; wave 13 and later ten with four', () => {
    for (const wave of [10, 11, 12]) for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([10, 3]);
    for (const wave of [13, 14, 20, 77]) for (const size of sizes(wave)) expect(size, `wave ${wave}`).toEqual([10, 4]);
  });

  it('WY-020 drones spawn on distinct cells two or more from the rover, never on rover or scrap, with a two-action opening', () => {
    for (let seed = 0; seed < 40; seed++) {
      for (let wave = 1; wave <= 15; wave++) {
        const s = clearInto(wave, seed);
        const where = `seed ${seed} wave ${wave}`;
        expect(new Set(s.drones).size, where).toBe(s.drones.length);
        for (const c of s.drones) {
          expect(chebyshev(c, s.rover), where).toBeGreaterThanOrEqual(2);
          expect(c === 21, where).toBe(false);
        }
        expect(twoActionOpening(s), where).not.toBeNull();
      }
    }
  });

  it('WY-021 waves 1 to 3 have at least six first actions that do not end the run', () => {
    for (let seed = 0; seed < 100; seed++) {
      for (const wave of [1, 2, 3]) {
        expect(nonterminalFirstActions(clearInto(wave, seed)), `seed ${seed} wave ${wave}`).toBeGreaterThanOrEqual(6);
      }
    }
  });
});
