/** Delvewick in the browser: its board, its words and its drawings, in this folder. */
export { delvewickView } from './view.js';
export { delvewickWords } from './words.js';
export { delvewickSymbols } from './sprites.js';
