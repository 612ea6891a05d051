/**
 * A registered game has done every step of CONTRIBUTING.md's "Adding a game" that no type checks: the
 * failure lists each step still missing, in the page's words (test/helpers/checklist.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { testRegistry } from './fixtures/registry.js';
import { missingSteps } from './helpers/checklist.js';

const fixture = (path: string) => new URL(`./fixtures/${path}`, import.meta.url).pathname;

/** Where the Cairn fixture keeps its folders: its engine, its web folder, its agent folder's parent. */
const CAIRN = { engine: fixture('cairn/'), web: fixture('web/cairn/'), agents: fixture('agents/') };

describe('the new-game checklist', () => {
  for (const game of registry.games)
    it(`${game.spec.slug} has every step`, async () => {
      const missing = await missingSteps(game);
      expect(missing, `${game.spec.slug} still needs:\n- ${missing.join('\n- ')}`).toEqual([]);
    });

  it('lists every step a game with only its engine still needs (Cairn without its shells, web and agent)', async () => {
    const engineOnly = { ...testRegistry.get('cairn')!, shells: undefined };
    const missing = await missingSteps(engineOnly, {
      engine: CAIRN.engine,
      web: fixture('none/'),
      agents: fixture('none/'),
    });
    for (const step of [
      'a README.md',
      'a rules-index.ts',
      'an observe-text.test.ts',
      'a shells.ts',
      'a web folder',
      'a heuristic agent',
      'a random row for cairn',
      'a heuristic row for cairn',
      'dev-suite table',
      'per-seed slice of the heuristic',
      "shells.ts's reference",
      'a golden run in golden/cairn/',
      'Gameboard/Cairn-v0',
    ])
      expect(
        missing.some((m) => m.includes(step)),
        step,
      ).toBe(true);
  });

  it('Cairn with its engine, shells, web folder and agent lacks only its own files, its baselines and its golden run', async () => {
    const missing = await missingSteps(testRegistry.get('cairn')!, CAIRN);
    for (const done of ['a shells.ts', 'a web folder', 'a heuristic agent'])
      expect(
        missing.some((m) => m.includes(done)),
        done,
      ).toBe(false);
    // Each step left names a file in the game's own folders, docs/baselines.md (its rows and the
    // reference figures taken from them), its golden run, or its Gymnasium id.
    const where = (m: string) =>
      /in cairn's folder|docs\/baselines\.md|golden\/cairn\/|Gameboard\/Cairn-v0|observation text/.test(m);
    expect(missing.filter((m) => !where(m))).toEqual([]);
  });

  it('names every step as CONTRIBUTING.md\'s "Adding a game" does, and the page names each', async () => {
    const page = readFileSync(new URL('../CONTRIBUTING.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## Adding a game'), page.indexOf('## The contract, in short'));
    /** Each checklist step by what it names, and how CONTRIBUTING.md's section names the same step. */
    const steps: [RegExp, string][] = [
      [/^a README\.md in/, '`README.md` in the engine folder'],
      [/^a rules-index\.ts in/, '`rules-index.ts`'],
      [/^an observe-text\.test\.ts in/, '`observe-text.test.ts` in the engine folder'],
      [/^a tensor face in/, 'the tensor face (`tensor.ts`'],
      [/^a shells\.ts in/, "`shells.ts`, exported as the game's `shells`"],
      [/^a web folder src\/web\/games\//, '`src/web/games/<slug>/`'],
      [/^a heuristic agent: src\/agents\//, '`src/agents/<slug>/`, whose `index.ts` exports `heuristic`'],
      [/test-suite table$/, 'the random and heuristic rows of the test-suite table'],
      [/dev-suite table$/, 'the dev-suite table'],
      [/per-seed slice$/, 'both per-seed slices'],
      [/per-seed slice of the heuristic$/, 'both per-seed slices'],
      [/shells\.ts's reference/, '`shells.reference`'],
      [/^a golden run in golden\//, 'golden run in `golden/<slug>/`'],
      [/^the Gymnasium id/, '`"<slug>": "Gameboard/<Name>-v0"`'],
      [/^observation text with at least one long line/, 'compact mode leaves exactly those out'],
    ];
    const engineOnly = { ...testRegistry.get('cairn')!, shells: undefined };
    const missing = await missingSteps(engineOnly, {
      engine: CAIRN.engine,
      web: fixture('none/'),
      agents: fixture('none/'),
    });
    for (const m of missing)
      expect(steps.filter(([re]) => re.test(m)).length, `one entry names "${m}"`).toBeGreaterThan(0);
    for (const [re, words] of steps) {
      expect(
        missing.some((m) => re.test(m)),
        `the checklist asks for ${re}`,
      ).toBe(true);
      expect(section, `CONTRIBUTING.md's "Adding a game" says ${words}`).toContain(words);
    }
  });
});
