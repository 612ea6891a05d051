/**
 * `gameboard play <slug>`: a game in the terminal, on the engine in this process. Each turn shows the
 * observation text and the numbered legal actions; a number, a key (see keys.ts), `end`, or an action
 * as JSON makes the move. Briarwink runs in turns of a tick batch per prompt. Input can be piped.
 */
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { Session } from '../core/session.js';
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
  const run = new Session(game, seed);
  const out = (s: string) => process.stdout.write(s + '\n');
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  out(`${game.spec.name}, seed ${seed}. ${keyHelp(game)}`);
  out('A number picks from the list; `end` ends the run; `quit` leaves.' + playNote(game, flags.batch));
  try {
    while (!run.answer().gameOver) {
      const { legalActions: legal, observation } = run.answer();
      out('');
      out(observation.text);
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
      const r = run.step(action);
      if (!r.ok) out(`(refused: ${r.reason}: ${r.message})`);
    }
  } finally {
    rl.close();
  }
  const { outcome, gameOver, observation, score } = run.answer();
  out('');
  if (gameOver) out(observation.text);
  out(
    `${game.spec.name} seed ${seed}: score ${score} after ${run.steps} actions` +
      (outcome ? `, ${outcome.kind} (${outcome.reason})` : ', left unfinished'),
  );
  if (flags.save) {
    writeFileSync(flags.save, JSON.stringify(run.run()) + '\n');
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
