import { describe, expect, it } from 'vitest';
import { seedText } from '../../../../test/helpers/seeds.js';
import { difficulty } from '../difficulty.js';
import { TURN_STAGES } from './index.js';
import { mv, play, fromMap, tokenAt } from '../testkit.js';

const SEED = seedText('004_fad6ef1061ab6292.txt');

/** Each stage, and the clause of the seed file's TURN ORDER paragraph it implements, in order. */
const CLAUSES: [string, string][] = [
  ['payOrGain', 'Pay or gain stamina'],
  ['spendCrack', 'spend a crack on the hold you left'],
  ['move', 'move'],
  ['awardHeight', 'award height'],
  ['noteDip', 'note whether you dipped'],
  ['completePitch', 'if you landed on the next unclimbed belay, complete the pitch and stop there'],
  ['sweepRockfall', 'sweep any rockfall'],
  ['spreadFrost', 'spread any frost'],
  ['advanceTurn', 'advance the turn'],
  ['endRun', 'end the run if your stamina reached 0 or no legal move remains'],
];

describe('TURN ORDER', () => {
  it('CW-056 the stage list is the turn order, stage by stage', () => {
    expect(TURN_STAGES.map((s) => s.name)).toEqual(CLAUSES.map(([n]) => n));
  });

  it.skipIf(SEED === null)("the stage list follows the seed file's turn order clause by clause", () => {
    const para = SEED!.slice(SEED!.indexOf('TURN ORDER.'), SEED!.indexOf('Because the ledge is tested'));
    const clauses = para
      .replace('TURN ORDER.', '')
      .split(/;|, otherwise |; otherwise |\. *$/)
      .flatMap((c) => c.replace(/^\s*otherwise\s*/, '').split(/, (?=sweep|spread|advance|and end)/))
      .map((c) => c.replace(/^\s*and\s+/, '').trim())
      .filter((c) => c.length > 0 && c !== '.');
    expect(clauses.map((c) => c.replace(/\.$/, ''))).toEqual(CLAUSES.map(([, c]) => c));
    expect(TURN_STAGES.map((s) => s.name)).toEqual(CLAUSES.map(([n]) => n));
  });

  it('CW-057 the belay is tested before the end: landing on it with exactly 0 stamina completes the pitch and refills', () => {
    const s = fromMap(`10: =\n9: P P @P P P P`, { stamina: 1, dipped: true });
    const { state, events } = play(s, mv(10, 2));
    expect(state.phase).toBe('ledge');
    expect(state.stamina).toBe(difficulty(2).tank);
    expect(events.some((e) => e.type === 'runEnded')).toBe(false);
    expect(events.find((e) => e.type === 'pitchComplete')?.arrivedWith).toBe(0);
  });

  it('CW-056 completing the pitch stops the turn: no rockfall, no frost, no turn advance', () => {
    const s = fromMap(`10: =\n9: J2 P @P P P P`, { rockfall: 0, turn: 7 });
    const { state, events } = play(s, mv(10, 2));
    expect(state.turn).toBe(7);
    expect(events.some((e) => e.type === 'rockfall')).toBe(false);
    // the wall is exactly what it would be with no rockfall published at all
    const calm = play(fromMap(`10: =\n9: J2 P @P P P P`, { rockfall: null, turn: 7 }), mv(10, 2)).state;
    expect(state.cells).toEqual(calm.cells);
    // whereas a turn that does not complete sweeps the column: the jug wears to a plain hold
    const moved = play(fromMap(`10: =\n9: J2 P @P P P P`, { rockfall: 0, turn: 7 }), mv(9, 1)).state;
    expect(tokenAt(moved, 9, 0)).toBe('P');
  });

  it('CW-056 a cracked hold is spent before the move and height is paid after it', () => {
    const s = fromMap(`4: . . P . . .\n3: . . @K1 P . .`, { stamina: 10 });
    const { events } = play(s, mv(4, 2));
    const order = events.map((e) => e.type).filter((t) => t !== 'holdAdded');
    expect(order).toEqual(['holdLost', 'moved', 'height']);
  });
});
