/**
 * vitest globalSetup: one throwaway PostgreSQL cluster for the whole test run (test/helpers/postgres.ts),
 * its URL handed to the test files as `inject('postgresUrl')`, stopped and removed at the end.
 *
 * When PostgreSQL cannot be had, the PostgreSQL suites skip and this prints the one line saying why.
 * `GAMEBOARD_REQUIRE_POSTGRES=1` (set by .ci/run) turns that into a failure, so CI never passes without
 * them; `GAMEBOARD_TEST_POSTGRES=off` skips them on purpose (a quick local run).
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the test cluster's `postgres` database; '' when there is none. */
    postgresUrl: string;
    /** Why there is no cluster ('' when there is one). */
    postgresSkip: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const off = process.env.GAMEBOARD_TEST_POSTGRES?.trim().toLowerCase() === 'off';
  const cluster = off ? 'GAMEBOARD_TEST_POSTGRES=off' : await startCluster();
  if (typeof cluster === 'string') {
    if (process.env.GAMEBOARD_REQUIRE_POSTGRES === '1')
      throw new Error(`PostgreSQL is required (GAMEBOARD_REQUIRE_POSTGRES=1) but: ${cluster}`);
    console.warn(`PostgreSQL suites skipped: ${cluster}`);
    project.provide('postgresUrl', '');
    project.provide('postgresSkip', cluster);
    return undefined;
  }
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresSkip', '');
  return () => cluster.stop();
}
