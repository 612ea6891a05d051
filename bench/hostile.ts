/**
 * Hostile input under load: 100,000 malformed or forged requests against the real app (bad JSON, wrong
 * types, extra fields, prototype keys, deep nesting, forged and truncated tokens, bad seeds, unknown
 * games, wrong content types), counting answers by status. The promise: zero 5xx, zero connection
 * errors, and memory flat (heap after the run compared with heap after a warm-up). After a body that
 * cannot be parsed the server answers 400 and closes that connection (its remaining bytes cannot be
 * trusted), so the load generator's next request on it goes unanswered: "answered" is below "sent".
 */
import autocannon from 'autocannon';

export interface HostileFigure {
  requests: number;
  byStatus: Record<string, number>;
  errors: number;
  heapBeforeMB: number;
  heapAfterMB: number;
}

const json = { 'content-type': 'application/json' };

/** The hostile requests, cycled through. */
export function hostileRequests(token: string): autocannon.Request[] {
  const flipped = token.slice(0, -12) + (token.at(-12) === 'A' ? 'B' : 'A') + token.slice(-11);
  const post = (body: string, headers: Record<string, string> = json): autocannon.Request => ({
    method: 'POST',
    path: '/api/games/whirlyard/action',
    headers,
    body,
  });
  return [
    post('{"stateToken":'),
    post('[]'),
    post('{"stateToken":"x","action":{"type":"wait"},"extra":1}'),
    post('{"stateToken":"x","action":{"type":"wait"},"__proto__":{"admin":true}}'),
    post('{"stateToken":"x","action":{"constructor":{"prototype":{"a":1}}}}'),
    post('{"stateToken":"x","action":' + '['.repeat(3000) + ']'.repeat(3000) + '}'),
    post(JSON.stringify({ stateToken: flipped, action: { type: 'wait' } })),
    post(JSON.stringify({ stateToken: token.slice(0, 40), action: { type: 'wait' } })),
    post(JSON.stringify({ stateToken: token, action: { type: 'move', direction: 'up' } })),
    post(JSON.stringify({ stateToken: token, action: { type: 'wait', n: 1e308 } })),
    post(JSON.stringify({ stateToken: 12, action: 'wait' })),
    post('{}', { 'content-type': 'text/plain' }),
    { method: 'GET', path: '/api/games/whirlyard/init?seed=-1' },
    { method: 'GET', path: '/api/games/whirlyard/init?seed=1e999' },
    { method: 'GET', path: '/api/games/nope/init?seed=1' },
    { method: 'GET', path: '/api/games/%E0%A4%A' },
  ];
}

export async function benchHostile(appUrl: string, memUrl: string, total = 100_000): Promise<HostileFigure> {
  const init = await (await fetch(`${appUrl}/api/games/whirlyard/init?seed=7`)).json();
  const requests = hostileRequests(init.stateToken);
  const run = async (amount: number) => {
    const byStatus: Record<string, number> = {};
    // Called without a callback, autocannon returns an instance that is also a promise of the result.
    const instance = autocannon({ url: appUrl, connections: 32, amount, requests }) as unknown as autocannon.Instance &
      Promise<autocannon.Result>;
    instance.on('response', (_client: unknown, statusCode: number) => {
      byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
    });
    const result = await instance;
    return { byStatus, errors: result.errors + result.timeouts };
  };
  const heap = async () => ((await (await fetch(memUrl)).json()).heapUsed as number) / 2 ** 20;
  await run(10_000);
  const heapBeforeMB = await heap();
  const { byStatus, errors } = await run(total);
  const heapAfterMB = await heap();
  return { requests: total, byStatus, errors, heapBeforeMB, heapAfterMB };
}
