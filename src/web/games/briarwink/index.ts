/** Briarwink in the browser: its board, its words and its drawings, all in this folder. */
import './style.css';
import type { GameWeb } from '../types.js';
import { briarwinkSymbols } from './sprites.js';
import { briarwinkView } from './view.js';
import { briarwinkWords } from './words.js';

export const web: GameWeb = {
  slug: 'briarwink',
  view: briarwinkView,
  words: briarwinkWords,
  symbols: briarwinkSymbols,
};
