/**
 * The plain-text pages written for language models: `/llms.txt`, the one page a model needs to play any
 * game (kept under 4,000 tokens, a test counts), and `/llms/<slug>.txt`, one game's complete rules. The
 * MCP server answers it as the rules tool; the LLM agent's prompt holds the same rules without the HTTP
 * loop, which the harness runs for it (src/agents/llm/prompt.ts). Built
 * from the registry and the specs, so they follow the engines.
 */
import type { AnyGame } from '../core/game.js';
import type { Registry } from '../core/registry.js';

const json = (v: unknown) => JSON.stringify(v);

/** The two-call loop for one game, with its carried field. */
function loop(game: AnyGame, base: string): string {
  const { slug, carry } = game.spec;
  const example = json(game.shells?.guide.actions[0]?.example ?? game.spec.exampleActions[0]);
  return `GET ${base}/api/games/${slug}/init?seed=7 -> {ok, seed, ${carry}, observation, legalActions, score, gameOver}
POST ${base}/api/games/${slug}/action {"${carry}": <${carry} from the last answer, unchanged>, "action": ${example}}`;
}

/** The actions of a game, one a line: the JSON to send and what it does. */
function actionLines(game: AnyGame): string {
  const guide = game.shells?.guide;
  if (!guide) return game.spec.exampleActions.map((a) => `  ${json(a)}`).join('\n');
  return guide.actions.map((a) => `  ${json(a.example)} - ${a.says}`).join('\n');
}

/** One game's section of /llms.txt: goal, scoring, grammar, the loop, how a run ends. */
function gameSection(game: AnyGame, base: string): string {
  const s = game.spec;
  const guide = game.shells?.guide;
  return `## ${s.name} (${s.slug}, carry "${s.carry}")

${s.description} Goal: ${s.goal}
Scoring: ${s.scoring.join(' ')}
Actions:
${actionLines(game)}
${loop(game, base)}
Ends: ${guide?.ends ?? 'when gameOver is true.'}
Full rules: ${base}/llms/${s.slug}.txt`;
}

/** /llms.txt: everything a model needs to play every game and get on a board. */
export function llmsTxt(registry: Registry, base: string): string {
  return `# Gameboard

> Deterministic, seeded single-player games for AI agents, over a stateless two-call HTTP API. A seed and
> the list of actions decide everything; the server keeps no sessions in free play.

## The loop (every game)

1. GET ${base}/api/games/<slug>/init?seed=N (N 0..4294967295; omit it for a random one) answers
   {ok, seed, <carry>, observation, legalActions, spec, score, gameOver}.
2. POST ${base}/api/games/<slug>/action with JSON {"<carry>": <from the last answer>, "action": {...}}
   answers {ok, <carry>, observation, legalActions, score, gameOver, events}.
3. Repeat until gameOver is true. The carried field is "stateToken" or "state" (named per game below): send
   the last one back unchanged. It is sealed; an altered one is HTTP 400 invalid_state. Sending an older one
   again forks the run (an undo).
4. observation.text is written for you: the board, coordinates, what scores, and every legal action as the
   exact JSON to send. Pick one of legalActions.
5. An illegal action is HTTP 200 {ok:false, reason, message, legalActions} and changes nothing; one outside
   the grammar has reason unknown_action (fields are never dropped or converted).

A run ends when gameOver is true: either the game ended it (terminated) or you stopped it (ended). Keep the
seed and every accepted action, in order: that is your run.

## Boards

- Open boards (free play, forks allowed): POST ${base}/api/runs with
  {"game": "<slug>", "rulesVersion": "<spec.rulesVersion>", "seed": N, "actions": [...],
  "player": {"name": "<1-32 of A-Z a-z 0-9 space _ . ->", "kind": "agent"}}. The server replays the run and
  keeps only the score it replays (never send a score); a run that does not replay is HTTP 400 invalid_run.
- Ranked boards (live sessions): POST ${base}/api/games/<slug>/sessions with
  {"player": {"name": "...", "kind": "agent"}} (add "challenge": "daily" for the daily seed). The server draws
  the seed, records every action as it is played, refuses forks and stops an endless game at its budget
  (truncated). The answer holds session.id and a stateToken; play with POST ${base}/api/sessions/<id>/action
  and {"stateToken": "<the latest answer's>", "action": {...}}. Resending the same token and action is a
  safe retry; an older token is refused (409 stale_state).
- Player names: a name's first use claims it and the answer carries playerKey; send it as the header
  x-player-key with every later run or session under that name (else 403 name_owned). To choose the key
  yourself, send x-player-key on the first use too (22-128 chars of A-Z a-z 0-9 _ -, e.g. 32 random hex
  digits): a retried first request is then answered again. Names compare ignoring case, repeated spaces
  and look-alikes (I l 1, O 0). The daily is open to names with a ranked session of that game finished
  before the day (else 403 daily_not_qualified).
- Read a board: GET ${base}/api/games/<slug>/leaderboard?board=ranked|open|daily.

${registry.games.map((g) => gameSection(g, base)).join('\n\n')}

## More

- Rules per game: ${base}/llms/<slug>.txt · agent quickstart: ${base}/docs/agents
- API reference: ${base}/docs/api · ${base}/openapi.json · game index: ${base}/api/games
`;
}

/** /llms/<slug>.txt: one game's complete rules and grammar, for a model's prompt. */
export function gameRulesTxt(game: AnyGame, base: string): string {
  const s = game.spec;
  const guide = game.shells?.guide;
  const list = (items: string[]) => items.map((r) => `- ${r}`).join('\n');
  return `# ${s.name} (${s.slug}): complete rules for agents

${s.description}
Genre: ${s.genre}. Rules version: ${s.rulesVersion}. The client carries "${s.carry}".

## Goal

${s.goal}

## Scoring

${list(s.scoring)}

## Actions

Send one JSON object as "action". Each kind, with an example:
${actionLines(game)}
The action grammar as JSON Schema:
${json(s.actionSchema)}
${guide ? `\nTip: ${guide.tip}\n` : ''}
## The loop

${loop(game, base)}
Repeat until gameOver is true. observation.text shows the board and lists every legal action as exact JSON.

## How a run ends

${guide?.ends ?? 'When gameOver is true.'}

## Rules

${list(s.rules)}
`;
}
