import { describe, it, expect } from 'vitest';
import { seedText } from '../../../../test/helpers/seeds.js';
import { TICK_STAGES } from './index.js';

const SEED = seedText('000_f24a9fe9a6231248.txt');

/** The rules file's TICK ORDER, transcribed: the stage names in order. */
const TICK_ORDER = [
  'respawn',
  'plant',
  'your move',
  'dimlings',
  'pod timers',
  'bloom ageing',
  'bursts',
  'relights',
  'your hazards',
  'deferred spawns',
  'cascade closing',
  'regrowth',
  'calm and creep',
  'the gate check',
  'counters',
];

describe('the tick order', () => {
  it('BW-035 the stage list is the TICK ORDER, name by name', () => {
    expect(TICK_STAGES.map((s) => s.name)).toEqual(TICK_ORDER);
  });

  it.skipIf(SEED === null)('the stage list matches the seed file TICK ORDER, name by name', () => {
    const m = /Each tick runs, in order: (.*?)\. TILES\./s.exec(SEED!);
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
