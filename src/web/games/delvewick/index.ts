/** Delvewick in the browser: its board, its words and its drawings, all in this folder. */
import './style.css';
import type { GameWeb } from '../types.js';
import { delvewickSymbols } from './sprites.js';
import { delvewickView } from './view.js';
import { delvewickWords } from './words.js';

export const web: GameWeb = {
  slug: 'delvewick',
  view: delvewickView,
  words: delvewickWords,
  symbols: delvewickSymbols,
};
