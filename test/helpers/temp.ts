/**
 * A temporary folder for one test: made under the system's temp folder, removed when the test that made
 * it ends (passed or failed), so a run leaves nothing in /tmp (CONTRIBUTING.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

export function testDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
