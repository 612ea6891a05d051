/**
 * Whirlyard's refused clicks: every cell of the yard that is no move target takes a click too, so that
 * the outcome line says why (a sentence from src/web/words/whirlyard.ts). Next to the rover the click is
 * that move, which the engine refuses (scrap or a drone in the way); further away, or on the rover, it
 * is a move with no direction, which the engine refuses and the words explain. Kept out of the board's
 * own file, which the animations work on.
 */
import type { GameAction } from '../../../core/game.js';
import { releaseMouseFocus } from '../../components/parts.js';

export function WhirlyardMisses(props: {
  rover: { x: number; y: number };
  moves: Map<string, GameAction>;
  dirs: Record<string, { dx: number; dy: number }>;
  onAction: (a: GameAction) => void;
  n: number;
  c: number;
}) {
  const { rover, moves, dirs, onAction, n, c } = props;
  return (
    <g>
      {Array.from({ length: n * n }, (_, i) => {
        const x = i % n;
        const y = Math.floor(i / n);
        const dir = Object.entries(dirs).find(([, d]) => rover.x + d.dx === x && rover.y + d.dy === y)?.[0];
        if (dir && moves.has(dir)) return null;
        const a: GameAction = dir ? { type: 'move', direction: dir } : { type: 'move', to: { x, y } };
        return (
          <rect
            class="wy-miss"
            x={x * c}
            y={y * c}
            width={c}
            height={c}
            data-x={x}
            data-y={y}
            onClick={(e) => {
              releaseMouseFocus(e);
              onAction(a);
            }}
          />
        );
      })}
    </g>
  );
}
