/**
 * `npm run rules-coverage`: lists each game's rule ids with the test titles that name them and exits 1
 * when any indexed rule is named by no test, when an index repeats an id, or when a test names an id no
 * index holds. A game without `rules-index.ts` is reported as "no index" and fails the run only under
 * `--strict`. `--game <slug>` limits the report (and the verdict) to one game; `--missing` prints only
 * the uncovered rules.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { coverage, duplicateIds, namedIds, strayIds, testFiles } from './rules-coverage-lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const opts = new Command()
  .name('rules-coverage')
  .description('List every rule id with the tests that name it; fail on a rule no test names.')
  .option('--strict', 'also fail when a game has no rules index')
  .option('--game <slug>', 'report on one game only')
  .option('--missing', 'print only the uncovered rules')
  .parse()
  .opts<{ strict?: boolean; game?: string; missing?: boolean }>();

const gamesDir = join(root, 'src/games');
const slugs = readdirSync(gamesDir)
  .filter((n) => statSync(join(gamesDir, n)).isDirectory())
  .filter((n) => !opts.game || n === opts.game)
  .sort();
if (slugs.length === 0) {
  console.error(`no game called ${JSON.stringify(opts.game)} under src/games`);
  process.exit(2);
}

const indexes = await Promise.all(
  slugs.map(async (slug) => {
    const file = join(gamesDir, slug, 'rules-index.ts');
    if (!existsSync(file)) return { slug, rules: null };
    const mod = (await import(pathToFileURL(file).href)) as { RULES?: { id: string; rule: string }[] };
    if (!Array.isArray(mod.RULES)) throw new Error(`${file} must export RULES: {id, rule}[]`);
    return { slug, rules: mod.RULES };
  }),
);

const named = namedIds(root, testFiles(root, ['src', 'test']));
const report = coverage(indexes, named);
let failed = false;
for (const g of report) {
  if (g.rules === null) {
    console.log(`${g.slug}: no index (src/games/${g.slug}/rules-index.ts)${opts.strict ? ' FAIL' : ''}`);
    if (opts.strict) failed = true;
    continue;
  }
  const missing = g.rules.filter((r) => r.tests.length === 0);
  const dupes = duplicateIds(g.rules);
  console.log(`${g.slug}: ${g.rules.length - missing.length} of ${g.rules.length} rules named by a test`);
  for (const r of g.rules) {
    if (opts.missing && r.tests.length > 0) continue;
    console.log(`  ${r.id} ${r.tests.length === 0 ? 'NO TEST' : `${r.tests.length} test(s)`}  ${r.rule}`);
    if (!opts.missing) for (const t of r.tests) console.log(`      ${t.file}: ${t.title}`);
  }
  if (dupes.length) console.log(`  repeated ids: ${dupes.join(', ')}`);
  if (missing.length || dupes.length) failed = true;
}
// a stray id only counts when every game is in view (with --game another game's ids look stray)
const stray = opts.game ? [] : strayIds(report, named);
if (stray.length) {
  failed = true;
  console.log(`ids named by tests but in no index: ${stray.join(', ')}`);
}
process.exit(failed ? 1 : 0);
