/**
 * The order test files start in. With two workers the run ends when the last long file ends, so the files
 * that take a minute or more start first (longest first, from the project's CI timings), and the rest follow
 * in Vitest's own order (the slowest of the last run first when its cache is there, else the largest file).
 * Order only: no test depends on it.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slow files, slowest first: the Python venv and its users, the packed CLI, the CLI's module loaders. */
const FIRST = [
  'test/python-gym.test.ts',
  'test/cli-package.test.ts',
  'test/python-ppo.test.ts',
  'test/eval.test.ts',
  'test/python-letter.test.ts',
  'test/durability.test.ts',
  'test/agents-doc.test.ts',
  'test/browser/motion.test.ts',
  'test/browser/a11y.test.ts',
  'test/server-lifecycle.test.ts',
  'test/cli.test.ts',
  'test/browser/web.test.ts',
  'test/shutdown-resets.test.ts',
  'test/browser/layout.test.ts',
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return i < 0 ? FIRST.length : i;
    };
    const rest = await super.sort(files.filter((f) => rank(f) === FIRST.length));
    return [...files.filter((f) => rank(f) < FIRST.length).sort((a, b) => rank(a) - rank(b)), ...rest];
  }
}
