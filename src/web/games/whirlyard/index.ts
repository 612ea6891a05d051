/** Whirlyard in the browser: its board, its words and its drawings, all in this folder. */
import './style.css';
import type { GameWeb } from '../types.js';
import { whirlyardSymbols } from './sprites.js';
import { whirlyardView } from './view.js';
import { whirlyardWords } from './words.js';

export const web: GameWeb = {
  slug: 'whirlyard',
  view: whirlyardView,
  words: whirlyardWords,
  symbols: whirlyardSymbols,
};
