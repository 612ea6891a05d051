/**
 * `--agent "cmd:COMMAND"`: an agent in any language, as a child process speaking JSON lines on its
 * standard input and output. For each run the harness writes
 *
 *     {"type":"start","game":"whirlyard","seed":7,"rulesVersion":"whirlyard-1"}
 *
 * then, before each move, `{"type":"observe","step","observation","legalActions","score"}`, which the
 * agent answers with one line `{"action": {...}}`; and at the end of the run
 * `{"type":"end","outcome":{...},"score"}`. The agent's stderr passes through to ours a whole line at a
 * time, so the logs of agents playing side by side (`--workers`, `--concurrency`) never cut into each
 * other's lines.
 *
 * One process per lane (a worker thread, or each of its `--concurrency` runs in flight), started when
 * first needed and reused across runs. A process that crashes, writes a line that is not such an
 * answer, or times out (`--move-timeout`) fails its run only: it is killed, and a fresh one takes the
 * next run. A fresh process's first answer covers its start-up too (an interpreter loading its
 * libraries): it is timed by `--startup-timeout` (default 120 s) instead; every later move by
 * `--move-timeout`, from the moment its observe line is written. Idle processes never keep the evaluation from exiting, and all are killed when it does
 * (in a worker thread that is stopped, a process sees its input close).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { GameAction } from '../../core/game.js';
import { registry } from '../../games/index.js';
import type { Agent, AgentFactory, AgentView } from '../types.js';
import { RunFailure, type EndAware } from './guard.js';
import type { RunOutcome } from './stats.js';

/** One child process and the line it owes us, if any. */
class AgentProcess {
  readonly child: ChildProcess;
  dead: string | null = null;
  /** Whether it has answered anything yet (until then it may still be starting). */
  answered = false;
  private waiting: { resolve(line: string): void; reject(err: Error): void } | null = null;
  private lines: string[] = [];

  constructor(readonly command: string) {
    // Its own process group: a kill reaches the program and not only the shell around it, and a Ctrl-C
    // at the terminal goes to the harness, which stops the runs itself.
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    // A program's one line may reach us in several writes (Python's print writes each argument on
    // its own): relay whole lines, each in one write.
    createInterface({ input: this.child.stderr! }).on('line', (line) => process.stderr.write(line + '\n'));
    const rl = createInterface({ input: this.child.stdout! });
    rl.on('line', (line) => {
      if (!line.trim()) return;
      this.answered = true;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w.resolve(line);
      } else this.lines.push(line);
    });
    const died = (why: string) => {
      if (this.dead) return;
      this.dead = why;
      const w = this.waiting;
      this.waiting = null;
      w?.reject(new RunFailure('agent_crashed', `the agent process ${why}`));
    };
    this.child.on('exit', (code, signal) =>
      died(signal ? `was killed by ${signal}` : `exited with code ${code} (command: ${command})`),
    );
    this.child.on('error', (err) => died(`could not run: ${err.message} (command: ${command})`));
    // A process that is gone makes writes fail with EPIPE: that is the exit above, not a crash of ours.
    this.child.stdin!.on('error', () => {});
    ALL.add(this);
    this.child.on('exit', () => ALL.delete(this));
  }

  send(message: unknown): void {
    if (this.dead) throw new RunFailure('agent_crashed', `the agent process ${this.dead}`);
    this.child.stdin!.write(JSON.stringify(message) + '\n');
  }

  /** The next line the process writes. */
  read(): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.dead) return Promise.reject(new RunFailure('agent_crashed', `the agent process ${this.dead}`));
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** Idle processes do not keep Node running; busy ones do. */
  hold(busy: boolean): void {
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as Array<{
      ref?(): void;
      unref?(): void;
    }>;
    for (const h of handles) (busy ? h?.ref : h?.unref)?.call(h);
  }

  kill(): void {
    this.dead ??= 'was stopped';
    this.child.stdin?.destroy();
    try {
      if (this.child.pid !== undefined) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

/** Every live agent process of this thread, killed when it exits. */
const ALL = new Set<AgentProcess>();
process.on('exit', () => {
  for (const p of ALL) p.kill();
});

/** The factory for `cmd:COMMAND` on `slug`. */
export function cmdAgent(command: string, slug: string): AgentFactory {
  const rulesVersion = registry.get(slug)?.spec.rulesVersion ?? '';
  const idle: AgentProcess[] = [];
  const take = () => {
    let proc = idle.pop();
    while (proc && proc.dead) proc = idle.pop();
    proc ??= new AgentProcess(command);
    proc.hold(true);
    return proc;
  };
  return (ctx) => {
    const proc = take();
    proc.send({ type: 'start', game: slug, seed: ctx.seed, rulesVersion });
    const agent: Agent & EndAware = {
      startingUp: () => !proc.answered,
      async act(view: AgentView): Promise<GameAction> {
        proc.send({
          type: 'observe',
          step: view.step,
          observation: view.observation,
          legalActions: view.legalActions,
          score: view.score,
        });
        const line = await proc.read();
        let reply: unknown;
        try {
          reply = JSON.parse(line);
        } catch {
          throw new RunFailure('bad_reply', `the agent process wrote a line that is not JSON: ${clip(line)}`);
        }
        const action = (reply as { action?: unknown } | null)?.action;
        if (!action || typeof action !== 'object' || Array.isArray(action))
          throw new RunFailure(
            'bad_reply',
            `the agent process answered ${clip(line)}; an observe line is answered with {"action": {...}}`,
          );
        return action as GameAction;
      },
      end(outcome: RunOutcome, score: number) {
        // A run that failed leaves the process in a state nobody knows: a fresh one takes the next run.
        if (outcome.kind === 'error' || proc.dead) {
          proc.kill();
          return;
        }
        try {
          proc.send({ type: 'end', outcome, score });
        } catch {
          return;
        }
        proc.hold(false);
        idle.push(proc);
      },
    };
    return agent;
  };
}

/** A line, cut for a message. */
function clip(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}
