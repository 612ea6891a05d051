/**
 * The observation: the text a language model reads and the structured fields beside it.
 */
import { describe, expect, it } from 'vitest';
import { delvewick } from './index.js';
import { act, fromMap } from './testkit.js';

describe('observation', () => {
  it('text names the level, quota progress, oil, score, chain, exit state, and shows the map and legend', () => {
    const o = delvewick.observe(delvewick.init(0));
    expect(o.text).toContain('level 1 of 8: Topsoil');
    expect(o.text).toMatch(/Gems 0\/4, exit closed/);
    expect(o.text).toContain('Oil 40.');
    expect(o.text).toContain('Score 0.');
    expect(o.text).toContain('Chain 0.');
    for (const row of o.grid as string[]) expect(o.text).toContain(row);
    expect(o.text).toContain('Legend: M you');
  });

  it('structured fields carry the grid, mole, counters and ending', () => {
    const s = act(fromMap('#M*E..#\n#######', { quota: 1, oil: 9, level: 2 }), 'right');
    const o = delvewick.observe(s);
    expect(o).toMatchObject({
      level: 2,
      levelName: 'Root Cellar',
      grid: ['#.ME..#', '#######'],
      mole: { x: 2, y: 0 },
      gems: 1,
      quota: 1,
      oil: 8,
      score: 25,
      chain: 1,
      exitOpen: true,
      gameOver: false,
      endReason: null,
    });
    expect(o.text).toContain('exit OPEN');
  });

  it('says how the run ended', () => {
    const s = act(fromMap('#o#\n#M#\n###'), 'wait');
    const o = delvewick.observe(s);
    expect(o.gameOver).toBe(true);
    expect(o.endReason).toBe('crushed');
    expect(o.text).toContain('falling rock');
  });
});
