import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { TICK_STAGES } from './index.js';

const SEED = readFileSync('/work/shared/seeds/000_f24a9fe9a6231248.txt', 'utf8');

describe('the tick order', () => {
  it('the stage list matches the seed file TICK ORDER, name by name', () => {
    const m = /Each tick runs, in order: (.*?)\. TILES\./s.exec(SEED);
    expect(m).not.toBeNull();
    let text = m![1];
    // drop the parenthetical explanations (they may nest one level)
    for (let i = 0; i < 3; i++) text = text.replace(/\([^()]*\)/g, '');
    const seedStages = text
      .split(';')
      .map((x) => x.trim().replace(/^and /, ''))
      .filter((x) => x.length > 0);
    expect(seedStages.length).toBe(TICK_STAGES.length);
    seedStages.forEach((name, i) =>
      expect(name.startsWith(TICK_STAGES[i].name), `${name} vs ${TICK_STAGES[i].name}`).toBe(true),
    );
  });
});
