/**
 * Solves the eight levels and writes solutions.json, the committed proof that each level can be
 * cleared within its oil (solver.test.ts replays it through the public engine). Each level is searched
 * with a few beam settings and the best-scoring clear is kept. Run after changing a level or the rules:
 *
 *   npx tsx src/games/delvewick/solve-levels.ts
 */
import { writeFileSync } from 'node:fs';
import { LEVELS, levelStart } from './generate.js';
import { solveLevel, type SolverOptions } from './solver.js';
import { spec } from './spec.js';
import { GEM, GEODE } from './types.js';
import { encodeActions, type SolutionsFile } from './solutions.js';

const SETTINGS: SolverOptions[] = [
  { beamWidth: 1000, perCell: 4 },
  { beamWidth: 3000, perCell: 6 },
  { beamWidth: 8000, perCell: 8 },
];

const out: SolutionsFile = { rulesVersion: spec.rulesVersion, levels: [], runScore: 0 };
for (const level of LEVELS) {
  let best = null;
  let bestSetting = SETTINGS[0];
  const times: number[] = [];
  for (const setting of SETTINGS) {
    const t0 = process.hrtime.bigint();
    const sol = solveLevel(levelStart(level.number), setting);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (sol.cleared && (!best || sol.points > best.points)) {
      best = sol;
      bestSetting = setting;
    }
  }
  if (!best) throw new Error(`level ${level.number} ${level.name}: no clear found`);
  out.levels.push({
    level: level.number,
    name: level.name,
    quota: level.quota,
    oil: level.oil,
    gemsAvailable: level.grid.filter((c) => c === GEM || c === GEODE).length,
    gems: best.gems,
    oilLeft: best.oilLeft,
    points: best.points,
    beamWidth: bestSetting.beamWidth ?? 0,
    actions: encodeActions(best.actions),
  });
  out.runScore += best.points;
  console.log(
    `${level.number} ${level.name}: ${best.points} points, ${best.gems}/${level.quota} gems, ${best.oilLeft} oil left, ` +
      `${best.actions.length} actions; search ms per setting ${times.map((t) => t.toFixed(0)).join(' / ')}`,
  );
}
writeFileSync(new URL('./solutions.json', import.meta.url), JSON.stringify(out, null, 2) + '\n');
console.log(`run score ${out.runScore}`);
