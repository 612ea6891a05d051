/**
 * The LLM agent's prompt: a system message with the game's rules (what the game is, its goal, scoring,
 * actions, grammar and rules, from its spec and its src/llms guide; not the HTTP loop, which the
 * harness runs for the model) and how to answer, then one user message per move with the recent history
 * and the observation text. In menu mode the legal actions are listed once: the observation text's own
 * block when it has one (Cragwake's carries each move's cost), else a list after it. In no-menu mode
 * they are withheld, also from the observation text, so the model must know the grammar and the rules.
 */
import type { AnyGame, GameAction } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import { ACTIONS_HEADING } from '../../core/text.js';
import { registry } from '../../games/index.js';
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
  /** Strict parsing: nothing in a reply is repaired. */
  strict?: boolean;
  /**
   * The menu's order: `shuffled` (seeded from the run's `seed` and the step, so the same run always shows
   * the same order) or `engine` (as the game lists them). Default engine here; the agent's default is shuffled.
   */
  menuOrder?: 'shuffled' | 'engine';
  /** The run's seed (for the shuffled menu). */
  seed?: number;
  /**
   * Compact mode: the observation text's lines that are the same in every position (its legend), given
   * once in the system message and left out of every position message.
   */
  fixedLines?: ReadonlySet<string>;
  /** How the model answers: free text ending in the JSON action (default), a JSON reply, or a tool call. */
  replyFormat?: 'text' | 'json' | 'tools';
  text: string;
  legalActions: GameAction[];
  score: number;
  step: number;
  history: HistoryEntry[];
}

/** The heading of the menu when the observation text has no legal-actions block of its own. */
export const MENU_HEADING = 'Legal actions now (answer with exactly one of these JSON objects)';

/** The observation text without its legal-actions block (the block is always the text's last part). */
function withoutActions(text: string): string {
  const at = text.indexOf(ACTIONS_HEADING);
  const none = text.indexOf('Legal actions now: none');
  const cut = at >= 0 ? at : none;
  return cut >= 0 ? text.slice(0, cut).trimEnd() : text;
}

/**
 * A game's rules for the system message: name, description, goal, scoring, each action with an example,
 * the action grammar, the tip, how a run ends, and every rule sentence of the spec.
 */
export function agentRulesText(game: AnyGame): string {
  const s = game.spec;
  const guide = game.shells?.guide;
  const list = (items: readonly string[]) => items.map((r) => `- ${r}`).join('\n');
  const actions = guide
    ? guide.actions.map((a) => `- ${JSON.stringify(a.example)}: ${a.says}`).join('\n')
    : s.exampleActions.map((a) => `- ${JSON.stringify(a)}`).join('\n');
  return `# ${s.name}: the rules

${s.description}
Genre: ${s.genre}. Rules version: ${s.rulesVersion}.

## Goal

${s.goal}

## Scoring

${list(s.scoring)}

## Actions

Each kind of action, with an example:
${actions}
The action grammar (JSON Schema): ${JSON.stringify(s.actionSchema)}
${guide ? `\nTip: ${guide.tip}\n` : ''}
## How a run ends

${guide?.ends ?? 'When the game says it is over.'}

## Rules

${list(s.rules)}`;
}

/** How to answer: one JSON action, last in the reply. */
function answerRules(input: PromptInput): string {
  const cap = input.maxBatch;
  const batch = registry.get(input.game)?.shells?.guide.batching?.(cap, input.strict === true);
  const batching = batch ? `\n${batch}` : '';
  const how =
    input.replyFormat === 'json'
      ? 'Answer with a JSON object {"action": <one action>}, for example {"action": {"type":"..."}}. '
      : input.replyFormat === 'tools'
        ? 'Answer by calling the function act with one action, for example act({"action": {"type":"..."}}). '
        : 'Answer with exactly one action as a JSON object, for example {"type":"..."}; you may think first, but ' +
          'end your reply with the JSON action. ';
  return (
    how +
    (input.strict ? 'Send it exactly as the grammar spells it: nothing in your reply is corrected. ' : '') +
    (input.menu
      ? 'Choose one of the legal actions listed with each position.'
      : 'The legal actions are not listed: work them out from the rules and the position.') +
    batching
  );
}

/** The system message. */
export function systemMessage(input: PromptInput): ChatMessage {
  const legend = input.fixedLines?.size
    ? `\n\n## How each position reads\n\nThese lines belong to every position and are left out of them:\n${[...input.fixedLines].join('\n')}`
    : '';
  return {
    role: 'system',
    content: `You are playing ${input.game}, a single-player game, to score as much as you can. You see the position before each move and answer with your action; the game is played for you.\n\n${input.rulesText}${legend}\n\n${answerRules(input)}`,
  };
}

/** The observation text without its fixed lines (compact mode), or as it is. */
function positionLines(input: PromptInput): string {
  const fixed = input.fixedLines;
  if (!fixed?.size) return input.text;
  return input.text
    .split('\n')
    .filter((l) => !fixed.has(l))
    .join('\n');
}

/** `items` in the menu's order: as given, or shuffled by the run's seed and the step. */
function inMenuOrder<T>(items: T[], input: PromptInput): T[] {
  if (input.menuOrder !== 'shuffled') return items;
  return Rng.fromSeed((input.seed ?? 0) ^ 0x6d656e75, input.step).shuffle([...items]);
}

/** The observation text with the legal actions listed once (menu mode), or with none (no-menu mode). */
function positionText(whole: PromptInput): string {
  const input = { ...whole, text: positionLines(whole) };
  const bare = withoutActions(input.text);
  if (!input.menu) return bare;
  // the text's own block, when it lists the actions, carries what the game says of each (Cragwake's costs)
  const at = input.text.indexOf(ACTIONS_HEADING);
  if (at >= 0) {
    const [heading, ...lines] = input.text.slice(at).split('\n');
    const listed = lines.filter((l) => l.trim() !== '');
    return `${input.text.slice(0, at)}${heading.replace(ACTIONS_HEADING, MENU_HEADING)}\n${inMenuOrder(listed, input).join('\n')}`;
  }
  const menu = inMenuOrder(input.legalActions, input).map((a) => JSON.stringify(a));
  return `${bare}\n${MENU_HEADING}:\n${menu.join('\n')}`;
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
  return {
    role: 'user',
    content: `${recent}Step ${input.step}, score ${input.score}. The position:\n\n${positionText(input)}\n\nYour action (JSON):`,
  };
}

/** Why a reply could not be used: it did not read as an action, the game refused it, or the request failed. */
export type Feedback =
  | { kind: 'unparsable'; reason: string }
  | { kind: 'illegal'; action: GameAction; reason: string; message: string }
  | { kind: 'error'; reason: string };

/** The feedback after a reply that could not be used, so the model can correct it. */
export function feedbackMessage(feedback: Feedback, input: PromptInput): ChatMessage {
  const again = input.menu
    ? ' Choose one of the legal actions listed with the position.'
    : ' Send a legal action as one JSON object.';
  const what =
    feedback.kind === 'unparsable'
      ? `Your reply could not be read as an action: ${feedback.reason}.`
      : feedback.kind === 'illegal'
        ? `The game refused ${JSON.stringify(feedback.action)} (${feedback.reason}): ${feedback.message.replace(/\.$/, '')}.`
        : `The request failed: ${feedback.reason}.`;
  return { role: 'user', content: what + again };
}
