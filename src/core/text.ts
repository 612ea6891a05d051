/**
 * Helpers shared by the games' `observation.text` renderers: the legal actions written as the exact
 * JSON to send. Engines hand out the same frozen action objects on every call, so each object's JSON
 * is computed once and remembered (the text is built on every API answer).
 */
import type { GameAction } from './game.js';

const JSON_OF = new WeakMap<object, string>();

/** The JSON of an action, cached per object. */
export function actionJson(action: GameAction): string {
  let json = JSON_OF.get(action);
  if (json === undefined) {
    json = JSON.stringify(action);
    JSON_OF.set(action, json);
  }
  return json;
}

/** The heading that introduces the legal-actions block in every game's text. */
export const ACTIONS_HEADING = 'Legal actions now (send exactly one of these JSON objects as "action")';

/** The legal-actions block: the heading, then one JSON action a line; a closing line when there are none. */
export function actionsBlock(actions: readonly GameAction[]): string {
  if (actions.length === 0) return 'Legal actions now: none, the run is over.';
  let out = ACTIONS_HEADING + ':';
  for (const a of actions) out += '\n' + actionJson(a);
  return out;
}
