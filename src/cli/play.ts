/**
 * `gameboard play <slug>`: a game in the terminal, on the engine in this process. Each turn shows the
 * observation text and the numbered legal actions; a number, a key (see keys.ts), `end`, or an action
 * as JSON makes the move. Briarwink runs in turns of a tick batch per prompt. Input can be piped.
 */
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Command } from 'commander';
import type { GameAction } from '../core/game.js';
import { registry } from '../games/index.js';
import { intIn, parseSeed, parseSlug } from './args.js';
import { describeAction, keyHelp, parseInput, playNote } from './keys.js';

interface PlayFlags {
  seed?: number;
  batch: number;
  save?: string;
}

async function play(slug: string, flags: PlayFlags): Promise<void> {
  const game = registry.get(slug)!;
  const seed = flags.seed ?? randomInt(0, 2 ** 32 - 1);
  let state = game.init(seed);
  const actions: GameAction[] = [];
  const out = (s: string) => process.stdout.write(s + '\n');
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  out(`${game.spec.name}, seed ${seed}. ${keyHelp(slug)}`);
  out('A number picks from the list; `end` ends the run; `quit` leaves.' + playNote(slug, flags.batch));
  try {
    while (!game.isGameOver(state)) {
      const legal = game.legalActions(state);
      out('');
      out(game.observe(state).text);
      out(legal.map((a, i) => `${i + 1}) ${describeAction(a)}`).join('  '));
      process.stdout.write('> ');
      const next = await lines.next();
      if (next.done || next.value.trim() === 'quit') break;
      if (next.value.trim() === '') continue;
      const action = parseInput(game, next.value, legal, flags.batch);
      if ('error' in action) {
        out(`(${action.error})`);
        continue;
      }
      const r = game.step(state, action);
      if (!r.ok) {
        out(`(refused: ${r.reason}: ${r.message})`);
        continue;
      }
      state = r.state;
      actions.push(action);
    }
  } finally {
    rl.close();
  }
  const outcome = game.outcome(state);
  out('');
  if (game.isGameOver(state)) out(game.observe(state).text);
  out(
    `${game.spec.name} seed ${seed}: score ${game.score(state)} after ${actions.length} actions` +
      (outcome ? `, ${outcome.kind} (${outcome.reason})` : ', left unfinished'),
  );
  if (flags.save) {
    const run = { game: slug, rulesVersion: game.spec.rulesVersion, seed, actions };
    writeFileSync(flags.save, JSON.stringify(run) + '\n');
    out(`saved the run to ${flags.save} (gameboard replay verify ${flags.save})`);
  }
}

/** The `play` command. */
export function playCommand(): Command {
  return new Command('play')
    .description('play a game in the terminal')
    .argument('<slug>', 'the game', parseSlug)
    .option('--seed <n>', 'the seed (default: a random one)', parseSeed)
    .option('--batch <n>', 'Briarwink: ticks per prompt', intIn(1, 30), 10)
    .option('--save <run.json>', 'save the run when it ends, for replay and submission')
    .action((slug: string, flags: PlayFlags) => play(slug, flags));
}
