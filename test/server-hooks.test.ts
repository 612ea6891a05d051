/**
 * What the app's own per-request hooks add to every answer (app.ts, drain.ts, ops.ts, limits.ts),
 * through `inject()` and a listening server: request ids, the CORS and no-store headers, the same
 * headers on every route kind.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp, jsonDepth, MAX_JSON_DEPTH } from '../src/server/app.js';

const sealer = StateSealer.random();
let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('request ids', () => {
  it('are 16 base64url characters, a fresh one for every request, across many requests', async () => {
    app = await buildApp({ sealer, webRoot: null });
    const ids = new Set<string>();
    // More than two texts of 256 ids: the cut between them must neither repeat nor shorten an id.
    for (let i = 0; i < 600; i++) {
      const res = await app.inject('/healthz');
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(600);
  });
});

/** The plain one-character-at-a-time scan jsonDepth replaced: the reference it must agree with. */
function depthByChars(text: string): number {
  let depth = 0,
    max = 0,
    inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}

describe('the depth check of JSON bodies', () => {
  it('counts brackets outside strings only, escaped quotes and backslashes included', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"x\\"[[[\\""}')).toBe(1); // \" inside: the string goes on
    expect(jsonDepth('{"a":"x\\\\","b":[[]]}')).toBe(3); // an escaped backslash, then the closing quote
    expect(jsonDepth('["\\\\\\"]"]')).toBe(1);
    expect(jsonDepth('{"a":"never closed [[[[')).toBe(1);
    expect(jsonDepth('"')).toBe(0);
  });

  it('agrees with a plain character scan on 2,000 generated texts, valid JSON or not', () => {
    // A small deterministic generator (no Math.random): brackets, quotes, backslashes and letters.
    let x = 12345;
    const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8;
    const alphabet = ['{', '}', '[', ']', '"', '\\', 'a', ',', ':', '1', ' '];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = next() % 80;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      expect(jsonDepth(text), text).toBe(depthByChars(text));
    }
  });

  it('refuses a body nesting deeper than MAX_JSON_DEPTH with 400 bad_json, and takes one at it', async () => {
    app = await buildApp({ sealer, webRoot: null });
    const nested = (levels: number) => '{"action":' + '['.repeat(levels - 1) + ']'.repeat(levels - 1) + '}';
    const deep = await app.inject({
      method: 'POST',
      url: '/api/games/whirlyard/action',
      headers: { 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH + 1),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ ok: false, error: 'bad_json', message: expect.stringContaining('deeper') });
    const atLimit = await app.inject({
      method: 'POST',
      url: '/api/games/whirlyard/action',
      headers: { 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH),
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).not.toBe('bad_json');
  });
});

/** Everything a socket receives until the server closes it. */
function readAll(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve, reject) => {
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('draining on close', () => {
  it('answers a request in flight when closing began, with connection: close as its connection’s last', async () => {
    app = await buildApp({ sealer, webRoot: null });
    // Runs after the app's own preClose hook, which starts draining: the moment closing has begun.
    let began!: () => void;
    const closingBegan = new Promise<void>((resolve) => (began = resolve));
    app.addHook('preClose', async () => began());
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const socket = connect(Number(url.port), '127.0.0.1');
    await once(socket, 'connect');
    const answer = readAll(socket);
    const received = once(app.server, 'request');
    const body = JSON.stringify({ stateToken: 'x', action: { type: 'wait' } });
    // The headers and half the body: the request is in flight, its route not yet run.
    socket.write(
      `POST /api/games/whirlyard/action HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await received; // the headers are parsed: the request is in flight
    const closed = app.close();
    await closingBegan;
    // Answers ask their client to close only once the listener is closed (drain.ts): wait until a new
    // connection is refused, then send the rest of the body.
    await expect
      .poll(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = connect(Number(url.port), '127.0.0.1');
            probe.once('connect', () => {
              probe.destroy();
              resolve(false);
            });
            probe.once('error', () => resolve(true));
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    socket.write(body.slice(10));
    const text = await answer;
    await closed;
    app = null;
    const [head] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400/);
    expect(head.toLowerCase()).toContain('\r\nconnection: close');
    expect(text).toContain('"error":"invalid_state"');
  });
});
