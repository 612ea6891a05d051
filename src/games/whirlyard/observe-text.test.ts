/**
 * Whirlyard's observation text agrees with its data in many random states (test/helpers/observation-text.ts):
 * its constant paragraphs, its board drawn in the text, its labelled numbers.
 */
import { splitBoard, textAgreesWithData, type TextCheck } from '../../../test/helpers/observation-text.js';
import { whirlyard } from './index.js';
import { TEXT_GUIDE } from './observe.js';
import type { WhirlyardState } from './types.js';

const check: TextCheck = {
  constants: [
    TEXT_GUIDE,
    'Legend: R rover, d drone, C charged drone, # scrap, . empty, X rover caught by a drone.',
    'Coordinates (x,y): x is the column 0-5 left to right, y the row 0-5 top to bottom.',
  ],
  board(text, o) {
    const grid = Array.from({ length: 6 }, () => Array<string>(6).fill('.'));
    for (const c of o.scrap as { x: number; y: number }[]) grid[c.y][c.x] = '#';
    for (const d of o.drones as { x: number; y: number; charged: boolean }[]) grid[d.y][d.x] = d.charged ? 'C' : 'd';
    const r = o.rover as { x: number; y: number };
    const caught = (o.drones as { x: number; y: number }[]).some((d) => d.x === r.x && d.y === r.y);
    grid[r.y][r.x] = caught ? 'X' : 'R';
    return splitBoard(
      text,
      (l) => l === '  012345 x' || l === 'y',
      /^(\d) (.{6})$/,
      grid.map((g) => g.join('')),
    );
  },
  labelled: (o) => [
    [/score (\d+)/, o.score as number],
    [/wave (\d+), turn/, o.wave as number],
    [/turn (\d+) \(wave turn/, o.turn as number],
    [/\(wave turn (\d+)\)/, o.waveTurn as number],
    [/Charges (\d+)\//, o.charges as number],
    [/You \(R\) are at \((\d+),/, (o.rover as { x: number }).x],
    [/You \(R\) are at \(\d+,(\d+)\)/, (o.rover as { y: number }).y],
    [/Drones (\d+) /, (o.drones as unknown[]).length],
    [/scrap (\d+)\./, (o.scrap as unknown[]).length],
  ],
  phrases: (o) => [
    `pulse used this wave: ${o.pulseUsedThisWave ? 'yes' : 'no'}`,
    o.endReason === 'caught' ? 'Status: CAUGHT' : o.endReason === 'ended' ? 'Status: ENDED' : 'Status: in play',
  ],
  extra: (o, s) => [
    // the cadence (every 3rd action), the next charged wave turn, and the count of charged drones
    3,
    (s as WhirlyardState).waveTurn + ((o.actionsUntilChargedStep as number | null) ?? 0),
    (o.drones as { charged: boolean }[]).filter((d) => d.charged).length,
    (o.drones as unknown[]).length,
    (o.scrap as unknown[]).length,
  ],
};

textAgreesWithData(whirlyard, check);
