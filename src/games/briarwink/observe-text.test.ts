/**
 * Briarwink's observation text agrees with its data in many random states (test/helpers/observation-text.ts):
 * its constant paragraphs, its board drawn in the text, its labelled numbers.
 */
import { splitBoard, textAgreesWithData, type TextCheck } from '../../../test/helpers/observation-text.js';
import { briarwink } from './index.js';
import { LEGEND, TEXT_GUIDE } from './observe.js';
import type { BriarwinkState } from './types.js';

const check: TextCheck = {
  constants: [TEXT_GUIDE, 'Legend: ' + LEGEND, 'Map (x 0-6 left to right, y 0-8 top to bottom, cell = y*7+x):'],
  board: (text, o) => splitBoard(text, (l) => l === '   0123456', /^ (\d) (.{7})$/, o.map as string[]),
  labelled: (o) => {
    const p = o.player as Record<string, number>;
    return [
      [/Score (\d+)/, p.score],
      [/hearts (\d+)\//, p.hearts],
      [/pods (\d+)\//, p.podsOut],
      [/pods \d+\/(\d+)/, p.podCap],
      [/reach (\d+)/, p.reach],
      [/step (\d+) ticks/, p.stepTicks],
      [/nights cleared (\d+)/, p.nightsCleared],
      [/relit (\d+)/, p.relitTotal],
      [/dimlings left (\d+)/, p.dimlingsLeft],
      [/ - tick (\d+)/, o.turn as number],
      [/night (\d+) \(band/, p.night],
      [/\(band (\d+),/, p.band],
      ...(p.grace >= 0 ? [[/grace (\d+) ticks/, p.grace] as [RegExp, number]] : []),
      ...(p.regrowNextIn >= 0 ? [[/next sprout in (\d+)/, p.regrowNextIn] as [RegExp, number]] : []),
      ...(p.x >= 0
        ? [[/at \((\d+),\d+\) cell/, p.x] as [RegExp, number], [/at \(\d+,(\d+)\) cell/, p.y] as [RegExp, number]]
        : []),
    ];
  },
  phrases: (o) => {
    const p = o.player as Record<string, number>;
    return [
      ...(p.grace < 0 ? ['grace none'] : []),
      ...(p.regrowNextIn < 0 && p.calmLeft >= 0 ? ['no regrowth'] : []),
      ...(p.x < 0 ? ['You: hearts', 'away, back in'] : []),
      o.status === 'over' ? 'the run is over' : (o.status as string),
    ];
  },
  extra: (o, s) => {
    // cells print as (x,y) too; your cell number, the night tick, step progress, power levels (1-3), the caps
    const st = s as BriarwinkState;
    const p = o.player as Record<string, number>;
    const out = [p.y * 7 + p.x, st.nightTick, st.pProg, st.pSteps, st.away, 1, 2, 3, 5, 12];
    for (let c = 0; c < 63; c++) out.push(c % 7, Math.floor(c / 7));
    return out;
  },
};

textAgreesWithData(briarwink, check);
