/**
 * A Vitest reporter that ends the run with one line per project (unit, integration, browser, python): its
 * files, tests, failures, the wall time from its first file's start to its last file's end, and the slowest
 * file. Projects share the worker pool, so their spans overlap; the sum of file times says what each costs.
 */
import type { Reporter, TestModule } from 'vitest/node';

interface Tally {
  files: number;
  tests: number;
  failed: number;
  first: number;
  last: number;
  fileMs: number;
  slowest: { file: string; ms: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly tallies = new Map<string, Tally>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const start = this.started.get(module.moduleId) ?? end;
    const name = module.project.name || 'default';
    const t = this.tallies.get(name) ?? {
      files: 0,
      tests: 0,
      failed: 0,
      first: start,
      last: end,
      fileMs: 0,
      slowest: { file: '', ms: -1 },
    };
    const ms = module.diagnostic().duration;
    t.files += 1;
    for (const test of module.children.allTests()) {
      t.tests += 1;
      if (test.result().state === 'failed') t.failed += 1;
    }
    t.first = Math.min(t.first, start);
    t.last = Math.max(t.last, end);
    t.fileMs += ms;
    if (ms > t.slowest.ms) t.slowest = { file: module.relativeModuleId, ms };
    this.tallies.set(name, t);
  }

  onTestRunEnd(): void {
    if (this.tallies.size === 0) return;
    const lines = ['', 'Time by project (wall span; sum of file times; slowest file):'];
    for (const [name, t] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(
        `  ${name.padEnd(12)} ${String(t.files).padStart(3)} files ${String(t.tests).padStart(5)} tests` +
          `${t.failed ? ` (${t.failed} failed)` : ''}  ${seconds(t.last - t.first).padStart(8)} wall` +
          `  ${seconds(t.fileMs).padStart(8)} in files  slowest ${t.slowest.file} ${seconds(t.slowest.ms)}`,
      );
    process.stdout.write(lines.join('\n') + '\n');
  }
}
