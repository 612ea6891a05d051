/**
 * Drawn pieces and tiles (issue 28): every game's pieces are hand-written SVG symbols in one sprite
 * sheet, mounted once by the app shell, and a board places a piece with `<Sprite>` (an SVG `<use>` of
 * the symbol). Each placed sprite carries its accessible name (role img, aria-label), so a screen
 * reader and the tests can tell the pieces apart without the letters the boards used to draw.
 */
import type { JSX } from 'preact';

/** A symbol's id in the sheet, without the `sp-` prefix. */
export type SpriteId = string;

/**
 * One piece or tile: the symbol `id` drawn in the box (x, y, w, h). `label` names it for assistive
 * technology; a purely decorative sprite passes none and is hidden.
 */
export function Sprite({
  id,
  x,
  y,
  w,
  h = w,
  label,
  cls,
  style,
}: {
  id: SpriteId;
  x: number;
  y: number;
  w: number;
  h?: number;
  label?: string;
  cls?: string;
  style?: JSX.CSSProperties;
}) {
  return (
    <use
      href={`#sp-${id}`}
      x={x}
      y={y}
      width={w}
      height={h}
      class={cls ? 'sprite ' + cls : 'sprite'}
      style={style}
      data-sprite={id}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
    />
  );
}
