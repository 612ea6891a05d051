/**
 * vitest globalSetup: the command and the server built as JavaScript once for the run (test/helpers/built.ts),
 * their paths handed to the test files as `inject('built')`. `GAMEBOARD_TEST_BUILT=off` makes the tests start
 * them from source through tsx instead, as bin/gameboard.js does.
 */
import type { TestProject } from 'vitest/node';
import { buildForTests, type Built } from './built.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundles' paths; null when the tests start the command and the server from source. */
    built: Built | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const off = process.env.GAMEBOARD_TEST_BUILT?.trim().toLowerCase() === 'off';
  project.provide('built', off ? null : await buildForTests());
}
