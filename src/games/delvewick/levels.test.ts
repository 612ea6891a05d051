/**
 * The eight levels: the embedded copies match the readable files, and each level is well formed
 * (the seed's names, quotas and oil; a bedrock frame; more gems than its quota; a stable start).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVELS, levelStart } from './generate.js';
import { LEVEL_FILES } from './levels.js';
import { advance } from './rules.js';
import { WAIT } from './moves.js';
import { BEDROCK, EXIT, GEM, GEODE } from './types.js';

const DIR = new URL('./levels/', import.meta.url);

/** The level table as the seed file gives it. */
const SEED_LEVELS: [string, number, number][] = [
  ['Topsoil', 4, 40],
  ['Root Cellar', 5, 46],
  ['Old Workings', 6, 52],
  ['Geode Hollow', 7, 58],
  ['Slate Gallery', 9, 64],
  ['The Underbrook', 11, 70],
  ['Deep Seam', 12, 76],
  ['The Gemheart', 13, 80],
];

describe('levels', () => {
  it('levels.ts embeds exactly the text files in levels/ (rerun embed-levels.ts after editing one)', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.txt'))
      .sort();
    expect(LEVEL_FILES.map((f) => f.file)).toEqual(files);
    for (const f of LEVEL_FILES) expect(f.text, f.file).toBe(readFileSync(new URL(f.file, DIR), 'utf8'));
  });

  it('DW-001 DW-043 are the eight levels of the seed, in order, with its names, quotas and oil', () => {
    expect(LEVELS.map((l) => [l.name, l.quota, l.oil])).toEqual(SEED_LEVELS);
    expect(LEVELS.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  for (const level of LEVELS) {
    describe(`${level.number} ${level.name}`, () => {
      it('DW-001 is framed in bedrock', () => {
        const { w, h, grid } = level;
        for (let x = 0; x < w; x++) expect([grid[x], grid[(h - 1) * w + x]]).toEqual([BEDROCK, BEDROCK]);
        for (let y = 0; y < h; y++) expect([grid[y * w], grid[y * w + w - 1]]).toEqual([BEDROCK, BEDROCK]);
      });

      it('holds more gems (counting geodes) than its quota, and a closed exit', () => {
        const gems = level.grid.filter((c) => c === GEM || c === GEODE).length;
        expect(gems).toBeGreaterThan(level.quota);
        expect(level.grid.filter((c) => c === EXIT).length).toBeGreaterThan(0);
      });

      it('starts at rest: waiting once moves nothing', () => {
        const s = levelStart(level.number);
        const after = advance(s, WAIT, null);
        expect(after.grid).toEqual(s.grid);
        expect(after.settled).toBe(true);
      });

      it('has a lesson and a board no larger than the observation can show well', () => {
        expect(level.lesson.length).toBeGreaterThan(20);
        expect(level.w).toBeLessThanOrEqual(30);
        expect(level.h).toBeLessThanOrEqual(20);
      });
    });
  }
});
