/**
 * The `first` probe agent (always the first listed action) as docs/baselines.md publishes it: its `dev`
 * rows re-run here in this thread, each figure to the page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/agents/harness/index.js';
import { registry } from '../src/games/index.js';

const page = readFileSync(new URL('../docs/baselines.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Position bias: the `first` probe\n'));
const rows = section
  .slice(0, section.indexOf('\n## ', 1))
  .split('\n')
  .filter((l) => l.startsWith('| first |'))
  .map((l) => l.split('|').map((c) => c.trim()));

describe('the first probe agent', () => {
  it('has a row per game and suite on the page', () => {
    expect(rows.map((r) => `${r[2]} ${r[3]}`).sort()).toEqual(
      registry
        .slugs()
        .flatMap((g) => [`${g} dev`, `${g} test`])
        .sort(),
    );
  });

  for (const slug of registry.slugs())
    it(`${slug}: the dev row is what the agent scores`, async () => {
      const row = rows.find((r) => r[2] === slug && r[3] === 'dev')!;
      const game = registry.get(slug)!;
      const { summary } = await evaluate({ game: slug, agent: 'first', seeds: game.spec.suites.dev, workers: 0 });
      expect(String(summary.runs)).toBe(row[4]);
      expect(String(summary.mean)).toBe(row[5]);
      expect(`${summary.ci95[0]} to ${summary.ci95[1]}`).toBe(row[6]);
      const ended = Object.entries(summary.outcomes)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      expect(ended).toBe(row[8]);
    }, 120_000);
});
