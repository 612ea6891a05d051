/** Whirlyard in the browser: its board, its words and its drawings, in this folder. */
export { whirlyardView } from './view.js';
export { whirlyardWords } from './words.js';
export { whirlyardSymbols } from './sprites.js';
