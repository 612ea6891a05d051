/** Cragwake in the browser: its board, its words and its drawings, in this folder. */
export { cragwakeView } from './view.js';
export { cragwakeWords } from './words.js';
export { cragwakeSymbols } from './sprites.js';
