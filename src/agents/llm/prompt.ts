/**
 * The LLM agent's prompt: a system message with the game's rules page and how to answer, then one user
 * message per move with the recent history and the observation text. In menu mode the legal actions
 * are listed; in no-menu mode they are withheld, also from the observation text (which otherwise ends
 * with them), so the model must know the grammar and the rules.
 */
import type { GameAction } from '../../core/game.js';
import { ACTIONS_HEADING } from '../../core/text.js';
import type { ChatMessage } from './chat.js';

/** One past move as the prompt recalls it. */
export interface HistoryEntry {
  step: number;
  action: GameAction;
  /** The score once it was played. */
  score: number;
  forfeit: boolean;
}

/** What the prompt is built from. */
export interface PromptInput {
  game: string;
  rulesText: string;
  menu: boolean;
  maxBatch: number;
  text: string;
  legalActions: GameAction[];
  score: number;
  step: number;
  history: HistoryEntry[];
}

/** The observation text without its legal-actions block (the block is always the text's last part). */
export function withoutActions(text: string): string {
  const at = text.indexOf(ACTIONS_HEADING);
  const none = text.indexOf('Legal actions now: none');
  const cut = at >= 0 ? at : none;
  return cut >= 0 ? text.slice(0, cut).trimEnd() : text;
}

/** How to answer: one JSON action, last in the reply. */
function answerRules(input: PromptInput): string {
  const batching =
    input.game === 'briarwink'
      ? `\nBriarwink runs in ticks (30 a second) and nothing moves between your replies. A tick action may add ` +
        `"count" (1 to ${input.maxBatch}) to run that many ticks with the same input, for example ` +
        `{"type":"tick","move":"right","plant":false,"count":${Math.min(8, input.maxBatch)}}; a batch stops early when you ` +
        `lose a heart, clear the night, or (walkTo) arrive. Counts above ${input.maxBatch} are cut to ${input.maxBatch}.`
      : '';
  return (
    'Answer with exactly one action as a JSON object, for example {"type":"..."}; you may think first, but end ' +
    'your reply with the JSON action. ' +
    (input.menu
      ? 'Choose one of the legal actions listed with each position.'
      : 'The legal actions are not listed: work them out from the rules and the position.') +
    batching
  );
}

/** The system message. */
export function systemMessage(input: PromptInput): ChatMessage {
  return {
    role: 'system',
    content: `You are playing ${input.game}, a single-player game, to score as much as you can.\n\n${input.rulesText}\n\n${answerRules(input)}`,
  };
}

/** The user message for the current position. */
export function positionMessage(input: PromptInput): ChatMessage {
  const recent = input.history.length
    ? 'Your recent moves:\n' +
      input.history
        .map(
          (h) =>
            `  step ${h.step}: ${JSON.stringify(h.action)}${h.forfeit ? ' (forfeit, played for you)' : ''} -> score ${h.score}`,
        )
        .join('\n') +
      '\n\n'
    : '';
  const text = input.menu ? input.text : withoutActions(input.text);
  const menu = input.menu
    ? `\n\nLegal actions (send one exactly):\n${input.legalActions.map((a) => JSON.stringify(a)).join('\n')}`
    : '';
  return {
    role: 'user',
    content: `${recent}Step ${input.step}, score ${input.score}. The position:\n\n${text}${menu}\n\nYour action (JSON):`,
  };
}

/** The feedback after a reply that could not be used, so the model can correct it. */
export function feedbackMessage(
  kind: 'unparsable' | 'illegal' | 'error',
  reason: string,
  input: PromptInput,
): ChatMessage {
  const again = input.menu
    ? ` Choose one of: ${input.legalActions.map((a) => JSON.stringify(a)).join(' ')}`
    : ' Send a legal action as one JSON object.';
  const what =
    kind === 'unparsable'
      ? `Your reply could not be read as an action: ${reason}.`
      : kind === 'illegal'
        ? `That action is not legal now: ${reason}.`
        : `The request failed: ${reason}.`;
  return { role: 'user', content: what + again };
}
