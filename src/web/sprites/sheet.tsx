/**
 * The one sprite sheet: every game's symbols in a hidden SVG, mounted once by the app shell, so each
 * board only places `<use>` references (a piece is one element, however detailed its drawing).
 */
import { briarwinkSymbols } from '../games/briarwink/index.js';
import { cragwakeSymbols } from '../games/cragwake/index.js';
import { delvewickSymbols } from '../games/delvewick/index.js';
import { whirlyardSymbols } from '../games/whirlyard/index.js';

export function SpriteSheet() {
  return (
    <svg class="sprite-sheet" aria-hidden="true" focusable="false" width="0" height="0" data-testid="sprite-sheet">
      {whirlyardSymbols}
      {delvewickSymbols}
      {cragwakeSymbols}
      {briarwinkSymbols}
    </svg>
  );
}
