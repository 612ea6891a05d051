/** Cragwake in the browser: its board, its words and its drawings, all in this folder. */
import './style.css';
import type { GameWeb } from '../types.js';
import { cragwakeSymbols } from './sprites.js';
import { cragwakeView } from './view.js';
import { cragwakeWords } from './words.js';

export const web: GameWeb = { slug: 'cragwake', view: cragwakeView, words: cragwakeWords, symbols: cragwakeSymbols };
