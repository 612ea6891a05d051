/**
 * The HTTP side of the grammar: the shared grammar module (src/core/grammar.ts) re-exported for the
 * routes, the plain-JSON answer serialiser, and the unknown-game refusal.
 */
import { randomBytes } from 'node:crypto';
import type { AnyGame } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { ApiError } from './errors.js';
import { readableJsonOf } from './state/seal.js';

export { compileActionGrammars, grammarRefusal, grammarsOf } from '../core/grammar.js';

/**
 * Play answers are mostly free-form game data (observations, actions, events), which a schema-driven
 * serialiser only walks to hand to JSON.stringify anyway: serialise them directly. Their schemas still
 * document the answers in /openapi.json.
 */
export const plainJson = () => answerJson;

/**
 * A play answer's JSON, exactly as JSON.stringify writes it. A readable state the sealer made this
 * request (`readableJsonOf`) already has its text, written while its tag was: the answer is written
 * with a marker in its place and the text spliced in, so the state's data is not written twice. That
 * holds for an answer's `state` and for each batch result's.
 */
export function answerJson(data: unknown): string {
  if (data === null || typeof data !== 'object') return JSON.stringify(data);
  const answer = data as Record<string, unknown>;
  const results = answer.results;
  const holders: Record<string, unknown>[] = Array.isArray(results) ? (results as Record<string, unknown>[]) : [answer];
  const swapped: { holder: Record<string, unknown>; state: unknown; json: string }[] = [];
  for (const holder of holders) {
    const state = holder?.state;
    if (state === null || typeof state !== 'object') continue;
    const json = readableJsonOf(state);
    if (json === undefined) continue;
    swapped.push({ holder, state, json });
    holder.state = STATE_MARK;
  }
  if (swapped.length === 0) return JSON.stringify(data);
  let text: string;
  try {
    text = JSON.stringify(data);
  } finally {
    for (const s of swapped) s.holder.state = s.state;
  }
  // The marks come in the order their holders are written.
  let out = '';
  let from = 0;
  for (const s of swapped) {
    const at = text.indexOf(STATE_MARK_JSON, from);
    if (at < 0) return JSON.stringify(data); // cannot happen: every holder written holds its mark
    out += text.slice(from, at) + s.json;
    from = at + STATE_MARK_JSON.length;
  }
  return out + text.slice(from);
}

/**
 * What stands for a readable state while its answer is written: random per process, so that no text a
 * client sends (quoted back in a message, say) can spell it.
 */
const STATE_MARK = `\u0000gameboard-state-${randomBytes(12).toString('base64url')}\u0000`;
const STATE_MARK_JSON = JSON.stringify(STATE_MARK);

/** The game registered under `slug`, or a 404 unknown_game naming the games there are. */
export function requireGame(registry: Registry, slug: string): AnyGame {
  const game = registry.get(slug);
  if (!game) {
    throw new ApiError(
      'unknown_game',
      `There is no game "${slug.slice(0, 64)}". Games: ${registry.slugs().join(', ')}.`,
    );
  }
  return game;
}
