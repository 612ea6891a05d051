/**
 * The engine pool: the games' engines behind a packed binary protocol on stdin and stdout, for the
 * Python package's local environments (clients/python/src/gameboard/pool.py). Every environment's
 * state stays here; Python sends one array of action indices a step and reads back one block of
 * observations, scores, flags, masks and budget costs (src/pool/layout.ts). No JSON on that path.
 *
 * Usage: node pool.mjs [--workers K]. K threads (default: the CPU count) share each group's
 * environments: the main thread steps the first share itself while K - 1 worker threads step the
 * others (one wake-up fewer a step than handing every share to a worker); a group too small to split
 * (fewer than 128 environments a thread), or K of 0 or 1, is stepped on the main thread alone.
 *
 * A request is three little-endian uint32 (op, group, payload length) and the payload; an answer is two
 * (status: 0 ok, 1 error; length) and the payload: a group's whole block for RESET, STEP and IMPORT,
 * JSON for the others (an error: {error, message}). OPEN sends {game, n, params} (layout.ts GroupParams:
 * budget limit, max steps, refused reward, autoreset); the pool keeps each environment's run with them
 * and writes each step's rewards, flags, counters and seeds into the block. A STEP sends int32 action
 * indices and uint32 seeds, one each an environment: index -1 leaves the environment as it is, -2 starts
 * it again from its seed (as does any index, in a group with autoreset, where the last step ended the run).
 *
 * MAP names a file (the payload: its path, UTF-8) that Python has sized to the group's block and maps
 * into memory: from then on RESET, STEP and IMPORT write the block into that file (one pwrite, which a
 * memory map of the file sees: on Linux a file in /dev/shm never touches a disk) and answer an empty
 * payload, so the block crosses no pipe and Python reads it in place.
 */
import { closeSync, openSync, readSync, writevSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  isMainThread,
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from 'node:worker_threads';
import { registry } from '../games/index.js';
import type { GameTensor } from '../core/tensor.js';
import { type GroupParams, layoutOf, OP, paramsOf, type Layout, views, type Views } from './layout.js';
import { Shard } from './shard.js';

/**
 * Environments a thread should have at least before a group is split across threads. Each split step
 * wakes the worker threads and waits for the last of them: on a busy machine a wake-up can cost more
 * than a share of 64 environments of any game takes to step (a 64-env vector env stepped 2 to 5 times
 * faster on one thread than on two, at load average 15 on 2 CPUs), while 512 environments gained from
 * a second thread at the same load (docs/agents.md, "Speed of the local engines").
 */
const PER_THREAD = 128;

interface Command {
  op: number;
  group: number;
  slot?: number;
  to?: number;
  data?: unknown;
  open?: { slug: string; layout: Layout; buffer: SharedArrayBuffer; lo: number; hi: number; params: GroupParams };
}

/** What runs one command on the shards a thread holds, answering JSON or nothing. */
function runner() {
  const shards = new Map<number, Shard>();
  return (c: Command): unknown => {
    if (c.op === OP.OPEN) {
      const o = c.open!;
      shards.set(c.group, new Shard(o.slug, o.layout, o.buffer, o.lo, o.hi, o.params));
      return null;
    }
    const shard = shards.get(c.group);
    if (shard === undefined) return null;
    const mine = (i: number | undefined) => i !== undefined && i >= shard.lo && i < shard.hi;
    switch (c.op) {
      case OP.RESET:
        return shard.reset();
      case OP.STEP:
        return shard.step();
      case OP.CLOSE:
        shards.delete(c.group);
        return null;
      case OP.EXPORT:
        return mine(c.slot) ? shard.exportSlot(c.slot!) : undefined;
      case OP.IMPORT:
        return mine(c.slot) ? shard.importSlot(c.slot!, c.data as never) : undefined;
      case OP.INFO:
        return mine(c.slot) ? shard.info(c.slot!) : undefined;
      default:
        return undefined;
    }
  };
}

/** A worker thread: waits on its command word, runs what its port holds, says done. */
function workerLoop(): void {
  const { ctl, port, replies, index } = workerData as {
    ctl: SharedArrayBuffer;
    port: MessagePort;
    replies: MessagePort;
    index: number;
  };
  const words = new Int32Array(ctl);
  const run = runner();
  let seen = 0;
  for (;;) {
    Atomics.wait(words, 2 * index, seen);
    seen = Atomics.load(words, 2 * index);
    for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
      let answer: unknown;
      try {
        answer = { ok: run(m.message as Command) };
      } catch (err) {
        answer = { error: (err as Error).message };
      }
      replies.postMessage(answer);
    }
    Atomics.store(words, 2 * index + 1, seen);
    Atomics.notify(words, 2 * index + 1);
  }
}

class Threads {
  private readonly words: Int32Array;
  private readonly ports: MessagePort[] = [];
  private readonly replies: MessagePort[] = [];
  private readonly gens: number[] = [];
  readonly workers: Worker[] = [];

  constructor(readonly count: number) {
    const ctl = new SharedArrayBuffer(8 * Math.max(1, count));
    this.words = new Int32Array(ctl);
    for (let index = 0; index < count; index++) {
      const a = new MessageChannel();
      const b = new MessageChannel();
      const w = new Worker(fileURLToPath(import.meta.url), {
        workerData: { ctl, port: a.port2, replies: b.port2, index },
        transferList: [a.port2, b.port2],
      });
      w.unref();
      this.workers.push(w);
      this.ports.push(a.port1);
      this.replies.push(b.port1);
      this.gens.push(0);
    }
  }

  /** Sends each of `commands` (one per thread, or null) and waits for every answer. */
  run(commands: (Command | null)[]): unknown[] {
    return this.wait(this.post(commands), commands.length);
  }

  /** Sends each of `commands` (one per thread, or null) without waiting: the threads it went to. */
  post(commands: (Command | null)[]): number[] {
    const sent: number[] = [];
    commands.forEach((c, w) => {
      if (c === null) return;
      this.ports[w].postMessage(c);
      this.gens[w] += 1;
      Atomics.store(this.words, 2 * w, this.gens[w]);
      Atomics.notify(this.words, 2 * w);
      sent.push(w);
    });
    return sent;
  }

  /** Each answer of the threads `sent` (post's answer) went to, by thread. */
  wait(sent: number[], count: number): unknown[] {
    const answers: unknown[] = new Array(count).fill(undefined);
    for (const w of sent) {
      for (;;) {
        const done = Atomics.load(this.words, 2 * w + 1);
        if (done === this.gens[w]) break;
        Atomics.wait(this.words, 2 * w + 1, done, 1000);
      }
      const m = receiveMessageOnPort(this.replies[w]);
      const reply = m?.message as { ok?: unknown; error?: string } | undefined;
      if (reply?.error !== undefined) throw new Error(reply.error);
      answers[w] = reply?.ok;
    }
    return answers;
  }
}

interface Group {
  layout: Layout;
  /** Shared with the worker threads of a split group; a plain ArrayBuffer on the main thread alone. */
  buffer: SharedArrayBuffer | ArrayBuffer;
  bytes: Uint8Array;
  views: Views;
  /** Per worker thread, the slots it holds ([lo, hi)); empty on a group stepped on the main thread alone. */
  split: [number, number][];
  /** The main thread's share: the whole group, or the first slots of a split one. */
  local: Shard;
  slug: string;
  /** The file the block is written into (MAP), or null: the block goes in the answer. */
  file: number | null;
}

class PoolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The pool's main thread: reads requests, answers them, until stdin closes. */
function serve(workers: number): void {
  const threads = new Threads(Math.max(0, workers - 1)); // the main thread is one of the K
  const groups = new Map<number, Group>();
  let next = 1;
  // Requests are read through one buffer, as many bytes as the pipe holds a read: a request (header and
  // payload, one write on Python's side) costs one read system call and no allocation. A payload is a
  // view of this buffer, used before the next request is read.
  let input = Buffer.alloc(1 << 16);
  let from = 0;
  let to = 0;
  /** At least `need` unread bytes in `input` from `from`, false at the end of the input. */
  const readAtLeast = (need: number): boolean => {
    if (to - from >= need) return true;
    if (from > 0) {
      input.copy(input, 0, from, to);
      to -= from;
      from = 0;
    }
    if (need > input.length) {
      const bigger = Buffer.alloc(Math.max(need, 2 * input.length));
      input.copy(bigger, 0, 0, to);
      input = bigger;
    }
    while (to < need) {
      let n: number;
      try {
        n = readSync(0, input, to, input.length - to, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
          continue;
        }
        if ((err as NodeJS.ErrnoException).code === 'EOF') return false;
        throw err;
      }
      if (n === 0) return false;
      to += n;
    }
    return true;
  };
  const writeFully = (buf: Uint8Array): void => {
    let put = 0;
    while (put < buf.length) {
      try {
        put += writeSync(1, buf, put, buf.length - put);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  };
  const h = Buffer.alloc(8);
  /** The header and the payload in one writev (one wake-up of the reader), the rest if the pipe was full. */
  const answer = (status: number, parts: Uint8Array[]): void => {
    const len = parts.reduce((a, p) => a + p.length, 0);
    h.writeUInt32LE(status, 0);
    h.writeUInt32LE(len, 4);
    let put = 0;
    try {
      put = writevSync(1, [h, ...parts]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    }
    for (const p of [h, ...parts]) {
      if (put >= p.length) {
        put -= p.length;
        continue;
      }
      writeFully(p.subarray(put));
      put = 0;
    }
  };
  /** A group's block after a RESET, STEP or IMPORT: into its file if it has one, else in the answer. */
  const block = (g: Group): Uint8Array[] => {
    if (g.file === null) return [g.bytes];
    for (let put = 0; put < g.bytes.length;) put += writeSync(g.file, g.bytes, put, g.bytes.length - put, put);
    return [];
  };
  const json = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value ?? null), 'utf8');

  const groupOf = (id: number): Group => {
    const g = groups.get(id);
    if (g === undefined) throw new PoolError('no_group', `No group ${id} is open.`);
    return g;
  };
  /**
   * Runs a reset or a step on every thread holding part of the group (the main thread's shard
   * included), then writes the block's summary: how many slots the step refused, how many are pending.
   */
  const everywhere = (g: Group, c: Command): void => {
    if (g.split.length === 0) runLocal(g.local, c);
    else {
      const sent = threads.post(g.split.map(([lo, hi]) => (lo < hi ? c : null)));
      try {
        runLocal(g.local, c);
      } finally {
        threads.wait(sent, g.split.length); // every thread done before the block is read or an error told
      }
    }
    const { refused, pending } = g.views;
    let r = 0;
    let p = 0;
    for (let i = 0; i < g.layout.n; i++) {
      r += refused[i];
      p += pending[i];
    }
    g.views.summary[0] = r;
    g.views.summary[1] = p;
  };
  /** The thread holding slot i's answer to `c`. */
  const atSlot = (g: Group, c: Command): unknown => {
    const i = c.slot!;
    if (!(i >= 0 && i < g.layout.n))
      throw new PoolError('bad_slot', `Environment ${i} is outside 0..${g.layout.n - 1}.`);
    if (i < g.local.hi) return runLocal(g.local, c);
    const w = g.split.findIndex(([lo, hi]) => i >= lo && i < hi);
    const cmds: (Command | null)[] = g.split.map(() => null);
    cmds[w] = c;
    return threads.run(cmds)[w];
  };

  for (;;) {
    if (!readAtLeast(12)) break;
    const op = input.readUInt32LE(from);
    const id = input.readUInt32LE(from + 4);
    const length = input.readUInt32LE(from + 8);
    if (!readAtLeast(12 + length)) break;
    const payload = input.subarray(from + 12, from + 12 + length);
    from += 12 + length;
    try {
      switch (op) {
        case OP.SPEC: {
          const slug = payload.toString('utf8');
          const game = registry.get(slug);
          if (!game?.tensor)
            throw new PoolError(
              'unknown_game',
              `No game ${JSON.stringify(slug)}: one of ${registry.slugs().join(', ')}.`,
            );
          answer(0, [json(game.spec)]);
          break;
        }
        case OP.OPEN: {
          const request = JSON.parse(payload.toString('utf8')) as { game: string; n: number; params?: unknown };
          const { game: slug, n } = request;
          const game = registry.get(slug);
          if (!game?.tensor)
            throw new PoolError(
              'unknown_game',
              `No game ${JSON.stringify(slug)}: one of ${registry.slugs().join(', ')}.`,
            );
          if (!Number.isInteger(n) || n < 1 || n > 1 << 16)
            throw new PoolError('bad_request', `n is an integer from 1 to 65536; got ${n}.`);
          let params: GroupParams;
          try {
            params = paramsOf(request.params);
          } catch (err) {
            throw new PoolError('bad_request', (err as Error).message);
          }
          const t = game.tensor as GameTensor;
          const [c, h, w] = t.tensorSpec.planes.shape;
          const layout = layoutOf(n, c * h * w, t.tensorSpec.features.shape[0], t.actionIndex.length);
          // k shares: the main thread's [0, n/k), then worker w's the (w + 1)th.
          const k = Math.min(threads.count + 1, Math.floor(n / PER_THREAD));
          const at = (j: number) => Math.floor((j * n) / k);
          const split: [number, number][] =
            k < 2 ? [] : threads.workers.map((_, w) => (w + 1 < k ? [at(w + 1), at(w + 2)] : [n, n]));
          // Shared memory only where threads share the block: 64 Delvewick environments stepped about a
          // fifth slower over a SharedArrayBuffer than over an ArrayBuffer (one process, rounds alternated).
          const buffer = split.length > 0 ? new SharedArrayBuffer(layout.bytes) : new ArrayBuffer(layout.bytes);
          const g: Group = {
            layout,
            buffer,
            bytes: new Uint8Array(buffer),
            views: views(layout, buffer),
            split,
            local: new Shard(slug, layout, buffer, 0, k < 2 ? n : at(1), params),
            slug,
            file: null,
          };
          if (split.length > 0)
            threads.run(
              split.map(([lo, hi]) =>
                lo < hi
                  ? {
                      op: OP.OPEN,
                      group: next,
                      open: { slug, layout, buffer: buffer as SharedArrayBuffer, lo, hi, params },
                    }
                  : null,
              ),
            );
          groups.set(next, g);
          answer(0, [json({ group: next, layout, threads: split.length > 0 ? k : 0 })]);
          next += 1;
          break;
        }
        case OP.RESET:
        case OP.STEP: {
          // A reset sends uint32 seeds and the reset mask's bytes; a step, int32 action indices and seeds.
          const g = groupOf(id);
          const { n, offsets } = g.layout;
          const reset = op === OP.RESET;
          const size = reset ? 5 * n : 8 * n;
          if (payload.length !== size)
            throw new PoolError(
              'bad_request',
              `A ${reset ? 'reset' : 'step'} sends ${size} bytes; got ${payload.length}.`,
            );
          g.bytes.set(payload.subarray(0, 4 * n), reset ? offsets.seeds : offsets.actions);
          g.bytes.set(payload.subarray(4 * n), reset ? offsets.resetMask : offsets.seeds);
          everywhere(g, { op, group: id });
          answer(0, block(g));
          break;
        }
        case OP.MAP: {
          const g = groupOf(id);
          const fd = openSync(payload.toString('utf8'), 'r+');
          if (g.file !== null) closeSync(g.file);
          g.file = fd;
          answer(0, block(g));
          break;
        }
        case OP.EXPORT:
        case OP.INFO: {
          const g = groupOf(id);
          answer(0, [json(atSlot(g, { op, group: id, slot: payload.readUInt32LE(0) }))]);
          break;
        }
        case OP.IMPORT: {
          const g = groupOf(id);
          const data = JSON.parse(payload.subarray(4).toString('utf8')) as unknown;
          atSlot(g, { op, group: id, slot: payload.readUInt32LE(0), data });
          answer(0, block(g));
          break;
        }
        case OP.CLOSE: {
          const g = groupOf(id);
          if (g.split.length > 0)
            threads.run(g.split.map(([lo, hi]) => (lo < hi ? { op: OP.CLOSE, group: id } : null)));
          if (g.file !== null) closeSync(g.file);
          groups.delete(id);
          answer(0, [json(null)]);
          break;
        }
        default:
          throw new PoolError('bad_request', `Unknown op ${op}.`);
      }
    } catch (err) {
      const code = err instanceof PoolError ? err.code : 'failed';
      answer(1, [json({ error: code, message: (err as Error).message })]);
    }
  }
  for (const w of threads.workers) void w.terminate();
}

function runLocal(shard: Shard, c: Command): unknown {
  switch (c.op) {
    case OP.RESET:
      return shard.reset();
    case OP.STEP:
      return shard.step();
    case OP.EXPORT:
      return shard.exportSlot(c.slot!);
    case OP.IMPORT:
      return shard.importSlot(c.slot!, c.data as never);
    case OP.INFO:
      return shard.info(c.slot!);
    default:
      return null;
  }
}

function workersArg(argv: string[]): number {
  const i = argv.indexOf('--workers');
  if (i < 0) return availableParallelism();
  const k = Number(argv[i + 1]);
  if (!Number.isInteger(k) || k < 0 || k > 256) {
    process.stderr.write(`--workers is an integer from 0 to 256; got ${argv[i + 1]}\n`);
    process.exit(2);
  }
  return k;
}

if (!isMainThread) workerLoop();
else {
  serve(workersArg(process.argv.slice(2)));
  process.exit(0);
}
