/** Briarwink in the browser: its board, its words and its drawings, in this folder. */
export { briarwinkView } from './view.js';
export { briarwinkWords } from './words.js';
export { briarwinkSymbols } from './sprites.js';
