/**
 * Cragwake's observation text agrees with its data in many random states (test/helpers/observation-text.ts):
 * its constant paragraphs, its board drawn in the text, its labelled numbers.
 */
import { expect } from 'vitest';
import { textAgreesWithData, type TextCheck } from '../../../test/helpers/observation-text.js';
import { cragwake } from './index.js';
import { LEGEND, TEXT_GUIDE } from './observe.js';
import type { CragwakeState } from './types.js';
import { difficulty } from './difficulty.js';

const check: TextCheck = {
  constants: [TEXT_GUIDE, 'Legend: ' + LEGEND],
  board(text, o) {
    const band = o.band as { row: number; fogged: boolean; cells: string[] }[];
    const lines = text.split('\n');
    const kept: string[] = [];
    for (const line of lines) {
      if (line.startsWith('col  ') || /^ {5}[gR ]+$/.test(line)) continue;
      const m = /^ *(\d+) {2}(.*)$/.exec(line);
      const r = m && band.find((b) => b.row === Number(m[1]));
      if (m && r) {
        const tokens = m[2]
          .replace(/(belay \(top of this pitch\)|ledge|\^)$/, '')
          .trim()
          .split(/\s+/);
        const want = r.fogged ? r.cells.map(() => '?') : r.cells.map((c) => (r.row % 10 === 0 ? '==' : c));
        expect(
          tokens.map((t) => t.replace('@', '')),
          `band row ${r.row}`,
        ).toEqual(want);
        continue;
      }
      kept.push(line);
    }
    return kept.join('\n');
  },
  labelled: (o) => [
    [/score (\d+)/, o.score as number],
    [/You: row (\d+)/, o.row as number],
    [/You: row \d+, col (\d+)/, o.col as number],
    [/Stamina (\d+)\//, o.stamina as number],
    [/Stamina \d+\/(\d+)/, o.tank as number],
    [/pitch (\d+) \(belay/, o.pitch as number],
    [/turn (\d+) ·/, o.turn as number],
  ],
  extra: (o, s) => {
    const st = s as CragwakeState;
    return [(o.pitch as number) - 1, difficulty(st.pitch).frostEvery];
  },
};

textAgreesWithData(cragwake, check);
