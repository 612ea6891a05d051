import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirst from './test/helpers/sequencer.js';

/**
 * Four projects, each a kind of test with its own cost:
 * - `unit`: engines, core and pure modules, in process, no server, no store, no child process (seconds);
 * - `integration`: real servers, stores (SQLite and a throwaway PostgreSQL cluster), the CLI and the clients;
 * - `browser`: Debian's Chromium driven by playwright-core;
 * - `python`: the Python client and Gym envs in a venv the run makes (cached between files and runs).
 * `npm test` runs them all; `npm run test:unit` (or `npx vitest --project unit`) one of them. A test file in
 * test/ is an integration test unless it is named in UNIT_IN_TEST; one in src/ is a unit test unless it is named
 * in INTEGRATION_IN_SRC.
 */
const UNIT_IN_TEST = [
  'answer-json',
  'baselines',
  'bench-engines',
  'conformance',
  'contract',
  'function-length',
  'golden',
  'immutability',
  'import-graph',
  'llm-prompt-size',
  'new-game-checklist',
  'observation-text',
  'observe-lean',
  'property',
  'python-ids',
  'reference',
  'rules-coverage',
  'tables',
  'tensor',
  'wire-order',
].map((name) => `test/${name}.test.ts`);

const INTEGRATION_IN_SRC = [
  'src/agents/http.test.ts',
  'src/agents/harness/harness.test.ts',
  'src/agents/llm/llm.test.ts',
  'src/agents/llm/parse.test.ts',
  'src/core/session.test.ts',
  'src/mcp/mcp.test.ts',
  'src/server/state/secret.test.ts',
  'src/server/verify/pool.test.ts',
  'src/store/sqlite.test.ts',
];

const PYTHON = ['test/python-*.test.ts', 'test/agents-doc.test.ts'];
const BROWSER = ['test/browser/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for an event (a page drawn, a server answering, a file written): its default 1 s
    // is a deadline a loaded machine misses (a CI run's Briarwink page reached 18 of 20 ticks in it), so
    // the safety net is 10 s. A poll that holds returns as soon as it does; only a failing one waits longer.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './test/helpers/project-times.ts'],
    // As many files at a time as CPUs (Vitest's default is one less: one file at a time on a 2-core machine).
    // Not more: a file that waits in real time (Chromium's animations and ticks, polls, servers) burns CPU for
    // as long as it waits, so a third file that slows the other two costs more than the idle time it fills.
    // The browser project alone, two and three files at a time in one session: 315 s wall and 588 s of CPU,
    // against 340 s and 668 s (bench/RESULTS.md, the test run). `--no-file-parallelism` runs them one by one
    // (the command line's `--maxWorkers` does not reach the projects). The slow files start first
    // (test/helpers/sequencer.ts).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', ...UNIT_IN_TEST],
          exclude: INTEGRATION_IN_SRC,
          // Unit files run one after another in a worker that keeps its loaded modules (the engines, the
          // registry, the schemas) instead of loading them again for each file: about a third of the CPU
          // of the project (bench/RESULTS.md, the test run). So a unit file leaves no state behind: no
          // module mocks, fake timers and spies restored, nothing written into a shared module's state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/*.test.ts', ...INTEGRATION_IN_SRC],
          exclude: [...UNIT_IN_TEST, ...PYTHON],
          // One throwaway PostgreSQL cluster for the run, for the suites that test the PostgreSQL store; the
          // command and the server built once for the run, for the tests that start them (test/helpers/built.ts).
          globalSetup: ['test/helpers/pg-global.ts', 'test/helpers/built-global.ts'],
          // As for the unit project: the files of a worker share its loaded modules (the server, the stores,
          // Fastify and its plugins) instead of importing them again for each file. The whole project, run
          // alone both ways on one machine, twice: 847 and 861 s of CPU isolated, 733 and 785 s not
          // (bench/RESULTS.md, the test run). So an integration file leaves no state behind either: servers, stores, clusters and
          // children it starts are closed in its hooks, fake timers restored, no module mocked.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER,
          // The UI built once for the run; each file serves its own copy (test/helpers/web-global.ts).
          globalSetup: ['test/helpers/web-global.ts'],
          // Not isolated either (as integration): the project alone, run both ways on one machine, spent
          // 127 s of its files' time importing isolated and 18 s not. So the files of a worker also share
          // one Chromium (test/browser/harness.ts): the project alone took 932 s of machine CPU with a
          // Chromium launched for every site and browser, 681 s with one a worker (bench/RESULTS.md). A
          // browser file closes every browser context it opens and every site it starts.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'python', include: PYTHON, exclude: UNIT_IN_TEST } },
    ],
  },
});
