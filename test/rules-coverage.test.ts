/**
 * The rules-coverage script's parts: reading test titles from source, finding rule ids in them, and
 * joining them with each game's index.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  coverage,
  duplicateIds,
  idsIn,
  namedIds,
  strayIds,
  testFiles,
  testTitles,
} from '../scripts/rules-coverage-lib.js';

describe('rules coverage', () => {
  it('reads the titles of it, test and describe calls, .each tables and wrapped titles included', () => {
    const src = [
      "describe('#-001 the wall', () => {",
      "  it('#-002 a ledge', () => {});",
      '  test("#-003 a step", () => {});',
      '  it.each([1, 5, 8])(`#-004 pitch %i`, () => {});',
      '  it.each(Object.keys(T).map(Number))("#-005 listed %i", () => {});',
      '  it(',
      "    '#-006 a long title that Prettier wrapped onto its own line',",
      '    () => {},',
      '  );',
      "  it('it\\'s escaped #-007', () => {});",
      "  it.skip('#-008 skipped tests check nothing', () => {});",
      "  const x = split('#-009');",
      '});',
    ]
      .join('\n')
      // written with # for the prefix, so the coverage script does not read these titles as naming rules
      .replaceAll('#', 'CW');
    const titles = testTitles(src);
    expect(titles.flatMap(idsIn)).toEqual(['CW-001', 'CW-002', 'CW-003', 'CW-004', 'CW-005', 'CW-006', 'CW-007']);
  });

  it('finds every id in a title once, and nothing that only looks like one', () => {
    expect(idsIn('CW-014 CW-015 and CW-014 again; WY-102')).toEqual(['CW-014', 'CW-015', 'WY-102']);
    expect(idsIn('covers 2-014, cw-014, CW-14 and XCW-0145')).toEqual([]);
  });

  it('marks the rules no test names, ids with an index prefix the index lacks, and ids an index repeats', () => {
    const named = new Map([
      ['CW-001', [{ file: 'a.test.ts', title: 'CW-001 x' }]],
      ['CW-404', [{ file: 'b.test.ts', title: 'CW-404 typo' }]],
      ['AES-256', [{ file: 'c.test.ts', title: 'seals with AES-256' }]],
    ]);
    const report = coverage(
      [
        {
          slug: 'cragwake',
          rules: [
            { id: 'CW-001', rule: 'one' },
            { id: 'CW-002', rule: 'two' },
          ],
        },
        { slug: 'briarwink', rules: null },
      ],
      named,
    );
    expect(report[0].rules!.map((r) => [r.id, r.tests.length])).toEqual([
      ['CW-001', 1],
      ['CW-002', 0],
    ]);
    expect(report[1].rules).toBeNull();
    expect(strayIds(report, named)).toEqual(['CW-404']);
    expect(duplicateIds([{ id: 'A-001' }, { id: 'AB-002' }, { id: 'A-001' }])).toEqual(['A-001']);
  });
});

describe('rules coverage of this repository (npm run rules-coverage -- --strict)', () => {
  it('every game has an index, and every rule in it is named by a test title, once, with no stray ids', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const slugs = readdirSync(new URL('../src/games/', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const games = await Promise.all(
      slugs.map(async (slug) => {
        const file = new URL(`../src/games/${slug}/rules-index.ts`, import.meta.url);
        if (!existsSync(file)) return { slug, rules: null };
        const mod = (await import(pathToFileURL(fileURLToPath(file)).href)) as {
          RULES: { id: string; rule: string }[];
        };
        return { slug, rules: mod.RULES };
      }),
    );
    expect(games.filter((g) => g.rules === null).map((g) => g.slug)).toEqual([]);
    const named = namedIds(root, testFiles(root, ['src', 'test']));
    const report = coverage(games, named);
    const missing = report.flatMap((g) => (g.rules ?? []).filter((r) => r.tests.length === 0).map((r) => r.id));
    expect(missing).toEqual([]);
    expect(games.flatMap((g) => duplicateIds(g.rules ?? []))).toEqual([]);
    expect(strayIds(report, named)).toEqual([]);
  });
});
