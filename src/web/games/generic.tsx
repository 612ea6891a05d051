/**
 * The generic view: works for any registered game through the contract alone (the observation's text,
 * its scalar fields, and the legal actions as buttons).
 */
import type { GameAction, Observation } from '../../core/game.js';
import type { BoardProps, GameView, StatusItem } from './types.js';

/** The observation's `text`, as the language models see it. */
export function TextBoard({ obs, small }: BoardProps) {
  return (
    <pre class={small ? 'text-board small' : 'text-board'} aria-label="Board as text">
      {obs.text}
    </pre>
  );
}

function scalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** "pulseUsedThisWave" → "Pulse used this wave". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Scalar fields of the observation, and of its nested plain objects, as status items. */
export function genericStatus(obs: Observation): StatusItem[] {
  const out: StatusItem[] = [];
  for (const [k, v] of Object.entries(obs)) {
    if (k === 'text') continue;
    if (scalar(v)) out.push({ label: fieldLabel(k), value: String(v) });
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) {
        if (scalar(v2)) out.push({ label: fieldLabel(k2), value: String(v2) });
      }
    }
  }
  return out.slice(0, 24);
}

/** "move dir=up", "wait": the action's type and its other fields. */
export function genericActionLabel(a: GameAction): string {
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return rest.length ? `${a.type} (${rest.join(', ')})` : a.type;
}

export const genericView: GameView = {
  Board: TextBoard,
  status: genericStatus,
  actionLabel: genericActionLabel,
  keyHelp: [{ keys: '1 – 9', does: 'take the first nine legal actions in the list' }],
  controls: { keys: 'Pick an action with its button or the keys 1 to 9.', touch: 'Tap an action to play it.' },
};
