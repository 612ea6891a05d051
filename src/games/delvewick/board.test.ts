/**
 * The seed's CELLS rules: every cell has one character, falling movables are drawn in lowercase.
 */
import { describe, expect, it } from 'vitest';
import { parseRows, renderRows } from './board.js';
import {
  BEDROCK,
  BOULDER,
  EMPTY,
  EXIT,
  FALLING_BOULDER,
  FALLING_GEM,
  FALLING_GEODE,
  GEM,
  GEODE,
  MOLE,
  SOIL,
} from './types.js';

describe('cells', () => {
  it('DW-012 reads each cell character as its cell: # % . O * G X M and falling o v g', () => {
    const b = parseRows(['#%.O*GXMovg']);
    expect([...b.grid]).toEqual([
      BEDROCK,
      SOIL,
      EMPTY,
      BOULDER,
      GEM,
      GEODE,
      EXIT,
      MOLE,
      FALLING_BOULDER,
      FALLING_GEM,
      FALLING_GEODE,
    ]);
    expect(b.mole).toBe(7);
    expect(b.exitOpen).toBe(false);
    expect(renderRows(b.grid, b.w, b.h, false)).toEqual(['#%.O*GXMovg']);
  });

  it('DW-002 draws an exit as X while closed and E once open', () => {
    const b = parseRows(['MEE']);
    expect(b.exitOpen).toBe(true);
    expect(renderRows(b.grid, b.w, b.h, true)).toEqual(['MEE']);
    expect(renderRows(b.grid, b.w, b.h, false)).toEqual(['MXX']);
  });

  it('refuses maps with unknown characters, ragged rows or both closed and open exits', () => {
    expect(() => parseRows(['M?'])).toThrow(/unknown character/);
    expect(() => parseRows(['M.', '.'])).toThrow(/wide/);
    expect(() => parseRows(['MXE'])).toThrow(/mixes/);
  });
});
