/**
 * The new-game checklist: every step CONTRIBUTING.md's "Adding a game" asks of a registered game that no
 * type can check, read from where the tests read it. `missingSteps(game)` lists what a game still lacks,
 * each as a sentence saying where to add it; test/new-game-checklist.test.ts holds every registered game
 * to an empty list, and shows the list a game with only its engine gets (the Cairn fixture).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame } from '../../src/core/game.js';
import { heuristicFor } from '../../src/agents/index.js';
import { staticLines } from '../../src/mcp/compact.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BASELINES = readFileSync(join(ROOT, 'docs/baselines.md'), 'utf8');
const PYTHON_IDS = readFileSync(join(ROOT, 'clients/python/src/gameboard/_games.py'), 'utf8');

/** The text of docs/baselines.md's section `## title` ('' when there is none). */
function section(title: string): string {
  const start = BASELINES.indexOf(`## ${title}\n`);
  if (start < 0) return '';
  const end = BASELINES.indexOf('\n## ', start + 1);
  return BASELINES.slice(start, end < 0 ? undefined : end);
}

const hasRow = (text: string, ...cells: string[]) =>
  text.split('\n').some((l) => l.startsWith(`| ${cells.join(' | ')} |`));

/** Where a game's own folders are: its engine, its browser half, and the folder of agent folders. */
export interface GameFolders {
  /** Default `src/games/<slug>/`. */
  engine: string;
  /** Default `src/web/games/<slug>/`. */
  web: string;
  /** The folder holding `<slug>/index.ts` with its heuristic; default `src/agents/`. */
  agents: string;
}

/**
 * What `game` still lacks of the steps in CONTRIBUTING.md's "Adding a game", one sentence a step, or []
 * when it has them all. `where` moves its folders (a test fixture's).
 */
export async function missingSteps(game: AnyGame, where: Partial<GameFolders> = {}): Promise<string[]> {
  const slug = game.spec.slug;
  const folder = where.engine ?? join(ROOT, 'src/games', slug);
  const web = where.web ?? join(ROOT, 'src/web/games', slug);
  const missing: string[] = [];
  const need = (ok: boolean, step: string) => {
    if (!ok) missing.push(step);
  };
  need(
    existsSync(join(folder, 'README.md')),
    `a README.md in ${slug}'s folder: the game and every decision its rules left open`,
  );
  need(
    existsSync(join(folder, 'rules-index.ts')),
    `a rules-index.ts in ${slug}'s folder exporting RULES, one id per rule sentence, each named by a test`,
  );
  need(
    game.tensor !== undefined && game.spec.tensorSpec !== undefined && game.spec.actionIndex !== undefined,
    `a tensor face in ${slug}'s folder (tensor.ts: spec.actionIndex, spec.tensorSpec, game.tensor): test/tensor.test.ts requires it`,
  );
  need(
    existsSync(join(folder, 'observe-text.test.ts')),
    `an observe-text.test.ts in ${slug}'s folder: its observation text checked against its data (test/helpers/observation-text.ts)`,
  );
  need(
    game.shells !== undefined,
    `a shells.ts in ${slug}'s folder, exported as the game's \`shells\` (CLI keys, LLM guide, margin cap, screenshot steps: src/core/shells.ts)`,
  );
  need(
    existsSync(join(web, 'index.ts')),
    `a web folder src/web/games/${slug}/ whose index.ts exports \`web\` (its board, words and drawings; src/web/games/types.ts GameWeb)`,
  );
  need(
    (await heuristicFor(slug, where.agents)) !== undefined,
    `a heuristic agent: src/agents/${slug}/index.ts exporting \`heuristic\`, scoring over 10 times random on the test suite`,
  );
  const table = section('The table (`test` suite, 100 seeds per game)');
  need(hasRow(table, 'random', slug), `a random row for ${slug} in docs/baselines.md's test-suite table`);
  need(hasRow(table, 'heuristic', slug), `a heuristic row for ${slug} in docs/baselines.md's test-suite table`);
  const dev = section('The `dev` suite (20 seeds per game)');
  need(
    hasRow(dev, 'random', slug) && hasRow(dev, 'heuristic', slug),
    `random and heuristic rows for ${slug} in docs/baselines.md's dev-suite table`,
  );
  need(
    hasRow(section('A per-seed slice'), slug),
    `${slug}'s first three test seeds in docs/baselines.md's per-seed slice`,
  );
  need(
    hasRow(section('A per-seed slice of the heuristic'), slug),
    `${slug}'s first three test seeds in docs/baselines.md's per-seed slice of the heuristic`,
  );
  need(
    game.shells?.reference?.rulesVersion === game.spec.rulesVersion,
    `the dev and test means of random and heuristic for ${slug}, as docs/baselines.md publishes them, in its shells.ts's reference (for rules ${game.spec.rulesVersion})`,
  );
  const golden = join(ROOT, 'golden', slug);
  need(
    existsSync(golden) && readdirSync(golden).some((f) => f.endsWith('.json')),
    `a golden run in golden/${slug}/ (RECORD_GOLDEN=1 npx vitest run test/golden.test.ts)`,
  );
  need(
    PYTHON_IDS.includes(`"${slug}": "Gameboard/${game.spec.name}-v0"`),
    `the Gymnasium id "${slug}": "Gameboard/${game.spec.name}-v0" in the Python package's GAMES, written from the registry by \`npm run build:python-games\` (clients/python/src/gameboard/_games.py)`,
  );
  need(
    staticLines(game).size > 0,
    `observation text with at least one long line that never changes (a legend, the scoring) for the MCP server's compact mode to leave out`,
  );
  return missing;
}
