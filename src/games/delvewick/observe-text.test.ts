/**
 * Delvewick's observation text agrees with its data in many random states (test/helpers/observation-text.ts):
 * its constant paragraphs, its board drawn in the text, its labelled numbers.
 */
import { splitBoard, textAgreesWithData, type TextCheck } from '../../../test/helpers/observation-text.js';
import { delvewick } from './index.js';
import { TEXT_GUIDE } from './observe.js';

const check: TextCheck = {
  constants: [
    TEXT_GUIDE,
    'x counts columns from 0 at the left (read the column number downward through the two ruler lines), y counts rows from 0 at the top.',
  ],
  board: (text, o) =>
    splitBoard(text, (l) => /^ {4}[ \d]*$/.test(l) && l.trim().length > 0, /^ *(\d+) (\S+)$/, o.grid as string[]),
  labelled: (o) => [
    [/Score (\d+)/, o.score as number],
    [/Gems (\d+)\//, o.gems as number],
    [/Gems \d+\/(\d+)/, o.quota as number],
    [/Oil (\d+)/, o.oil as number],
    [/Chain (\d+)/, o.chain as number],
    [/level (\d+) of/, o.level as number],
  ],
  phrases: (o) => [o.exitOpen ? 'exit OPEN' : 'exit closed'],
  extra: (o) => {
    // the gem and exit coordinates are read off the grid; "n more to open" is quota - gems
    const out = [o.quota as number, (o.quota as number) - (o.gems as number)];
    const grid = o.grid as string[];
    for (let y = 0; y < grid.length; y++)
      for (let x = 0; x < grid[y].length; x++) if ('*vXE'.includes(grid[y][x])) out.push(x, y);
    return out;
  },
};

textAgreesWithData(delvewick, check);
