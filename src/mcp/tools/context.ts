/**
 * What every MCP tool shares: the argument and answer schemas, the error wrapper, and the tool context (the
 * open games, the Gameboard server's client, the key file) with the answer builders (the position's text,
 * a game tool's answer, a refused action's answer).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Registry } from '../../core/registry.js';
import type { GameboardClient } from '../../client/index.js';
import { KeyFile } from '../../client/keyfile.js';
import { staticLines } from '../compact.js';
import { Games, type GameView, type LocalGame, type OpenGame } from '../games.js';
import { clientFor } from '../remote.js';

const NAME = z.string().min(1).max(32).describe('a player name: 1-32 of A-Z a-z 0-9 space _ . -');
export const PLAYER = z
  .union([
    NAME,
    z.object({
      name: NAME,
      key: z
        .string()
        .optional()
        .describe("the name's player key, answered when the name was first used (kept in the key file afterwards)"),
    }),
  ])
  .describe('who plays: a name, or {name, key}');
type PlayerArg = z.infer<typeof PLAYER>;
export const asPlayer = (p: PlayerArg) => (typeof p === 'string' ? { name: p, key: undefined } : p);

export const COMPACT = z
  .boolean()
  .optional()
  .describe('true: answer only the board and the legal actions (the rules stay in get_rules)');

export const ACTION = z.looseObject({ type: z.string() });
const OUTCOME = z
  .object({ kind: z.enum(['terminated', 'truncated', 'ended']), reason: z.string() })
  .nullable()
  .describe('null while the run goes on');

/** What every game tool answers in structuredContent. */
export const GAME_RESULT = {
  ok: z.boolean().describe('false when the action was refused (nothing changed)'),
  gameId: z.string(),
  game: z.string(),
  kind: z.enum(['free', 'ranked']),
  seed: z.union([z.number(), z.string()]).nullable().describe('null for a ranked session until it is public'),
  step: z.number().int().describe('actions accepted so far'),
  score: z.number(),
  gameOver: z.boolean(),
  outcome: OUTCOME,
  legalActions: z.array(ACTION),
  reason: z.string().optional().describe('why an action was refused'),
  message: z.string().optional(),
  events: z.array(ACTION).optional().describe('what the last action did (at most 32)'),
  sessionId: z.string().optional().describe("a ranked session's id on the Gameboard server"),
};

/**
 * A note for the reply when a name was claimed just now: where its player key is kept, never the key
 * itself (a model reads the reply; the key owns the name).
 */
export const claimedNote = (name: string, key: string | undefined, file: string) =>
  key
    ? `\nThe name "${name}" is now yours on that server; its player key is kept in the key file ${file} ` +
      '(not shown here: it owns the name) and sent again with every later start or submission under it.'
    : '';

export function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool body, turning a thrown error into a tool error the model can read. */
export async function guarded(body: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    return failure((err as Error).message);
  }
}

export function local(g: OpenGame, what: string): LocalGame {
  if (g.kind !== 'local') throw new Error(`${what} works in free play only; ${g.id} is a ranked session.`);
  return g;
}

/** The state the tools share, and the answers they build from a game's view. */
export class ToolContext {
  readonly registry: Registry;
  readonly games: Games;
  readonly keyFile: KeyFile;
  /** The project's client does every call to the Gameboard server (null: none configured). */
  readonly remote: GameboardClient | null;
  /** The Gameboard server's URL ('' when there is none). */
  readonly serverUrl: string;
  private readonly compact: boolean | undefined;
  private readonly fixedLines: Map<string, Set<string>>;

  constructor(opts: { registry: Registry; server: string | null; compact?: boolean; keyFile?: KeyFile }) {
    this.registry = opts.registry;
    this.games = new Games(opts.registry);
    this.keyFile = opts.keyFile ?? new KeyFile();
    this.remote = opts.server ? clientFor(opts.server, this.keyFile) : null;
    this.serverUrl = opts.server ?? '';
    this.compact = opts.compact;
    this.fixedLines = new Map(opts.registry.games.map((g) => [g.spec.slug, staticLines(g)]));
  }

  /** The text of a game's position: the observation once, compact or whole. */
  viewText(v: GameView, compact: boolean | undefined): string {
    const end = v.gameOver
      ? `\nThe run is over (${v.outcome?.kind ?? 'ended'}: ${v.outcome?.reason ?? ''}). Score ${v.score}.`
      : '';
    if (compact ?? this.compact) {
      const fixed = this.fixedLines.get(v.game)!;
      const lines = v.text.split('\n').filter((l) => !fixed.has(l));
      return `${v.gameId} step ${v.step}\n${lines.join('\n')}${end}`;
    }
    return `Game ${v.gameId} (${v.game}), step ${v.step}, score ${v.score}.\n\n${v.text}${end}`;
  }

  /** A game tool's answer: one text block and the structured facts. */
  result(text: string, v: GameView, extra: Record<string, unknown> = {}): CallToolResult {
    const { text: _text, ...facts } = v;
    return { content: [{ type: 'text', text }], structuredContent: { ok: true, ...facts, ...extra } };
  }

  /** The answer to a refused action: why, and the legal actions again (the position did not change). */
  refused(v: GameView, reason: string, message: string, legal = v.legalActions): CallToolResult {
    const lines = legal.map((a) => JSON.stringify(a)).join('\n');
    const { text: _text, ...facts } = v;
    return {
      content: [
        { type: 'text', text: `Refused (${reason}): ${message} Nothing changed.\nLegal actions now:\n${lines}` },
      ],
      structuredContent: { ...facts, ok: false, reason, message, legalActions: legal },
    };
  }
}
