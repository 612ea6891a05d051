/**
 * Prints the README's margins: random against the heuristic on each game's `dev` seed suite, with the
 * step caps the README names (each game's `shells.marginCap`). Run `npx tsx src/agents/margins.ts
 * [slug ...]` (every registered game by default).
 * Delvewick's heuristic plays in-process with the engine state, as it must.
 */
import { registry } from '../games/index.js';
import { heuristicFor } from './index.js';
import { random } from './random.js';
import { measure, type ScoreSummary } from './measure.js';

const row = (who: string, s: ScoreSummary): string =>
  `| ${who} | ${s.mean.toFixed(1)} | ${s.median} | ${s.max} | ${s.min} | ${s.runs.reduce((n, r) => n + r.steps, 0)} |`;

async function main(slugs: string[]): Promise<void> {
  for (const slug of slugs) {
    const game = registry.get(slug);
    if (!game) throw new Error(`no game "${slug}"`);
    // The step cap (accepted actions) the game is measured with: its shells.ts's marginCap.
    const cap = game.shells?.marginCap;
    if (cap === undefined) throw new Error(`${slug} has no marginCap in its shells.ts`);
    const seeds = game.spec.suites.dev;
    console.log(`\n${slug}: dev suite (${seeds.length} seeds), step cap ${cap}`);
    console.log('| agent | mean | median | max | min | actions |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(row('random', await measure(game, random, seeds, cap)));
    const heuristic = await heuristicFor(slug);
    console.log(heuristic ? row('heuristic', await measure(game, heuristic, seeds, cap)) : '| heuristic | none yet |');
  }
}

const args = process.argv.slice(2);
await main(args.length > 0 ? args : registry.slugs());
