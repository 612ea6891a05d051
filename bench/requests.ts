/**
 * One mid-game action request per game, obtained through a running server the way an agent would:
 * `init`, then a few accepted actions, keeping the last request whose answer leaves the game going.
 * The HTTP bench and `npm run profile` replay that request under load. Repeating one request flatters
 * whatever remembers recent requests, so the bench also plays Briarwink games in rotation, each request
 * continuing its own game (`chainedPlayLoad`).
 */
import type autocannon from 'autocannon';

/** A recorded action request: its body, and the answer the server gave to it. */
export interface ActionRequest {
  slug: string;
  url: string;
  body: string;
  answer: string;
}

async function post(url: string, body: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return res.text();
}

/**
 * A mid-game request of game `slug` on the server at `base`: `steps` accepted actions after init
 * (seed 7 unless `seed` says), each the first legal action that does not end the game, so the recorded
 * answer is an ordinary playing answer rather than an opening or a final one.
 */
export async function midGameRequest(base: string, slug: string, steps = 4, seed = 7): Promise<ActionRequest> {
  const url = `${base}/api/games/${slug}/action`;
  let answer = await (await fetch(`${base}/api/games/${slug}/init?seed=${seed}`)).text();
  let body = '';
  for (let i = 0; i < steps; i++) {
    const current = JSON.parse(answer) as { stateToken?: string; state?: unknown; legalActions: unknown[] };
    const carried = current.stateToken !== undefined ? { stateToken: current.stateToken } : { state: current.state };
    let next: { request: string; answer: string } | undefined;
    for (const action of current.legalActions) {
      const request = JSON.stringify({ ...carried, action });
      const text = await post(url, request);
      const parsed = JSON.parse(text) as { ok: boolean; gameOver: boolean };
      if (parsed.ok && !parsed.gameOver) {
        next = { request, answer: text };
        break;
      }
    }
    if (!next) break;
    body = next.request;
    answer = next.answer;
  }
  if (!body) throw new Error(`no action of ${slug} keeps the game going from seed ${seed}`);
  return { slug, url, body, answer };
}

/** A game (or live session) lent to one request at a time: where its action goes, and its latest token. */
export interface Lent {
  path: string;
  token: string;
}

/**
 * Autocannon options that keep `idle` games going, one action a request: each request takes the game
 * waiting longest, sends `action` with its latest token, and puts it back at the end of the queue with
 * the token of the answer (a game that ends is dropped). A game never has two requests in flight, as a
 * real client never would, and each token comes back after about `idle.length - 64` other answers.
 */
export function rotatingLoad(base: string, idle: Lent[], action: unknown): autocannon.Options {
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context) => {
          const g = idle.pop();
          if (!g) throw new Error('the benchmark ran out of games to play');
          (context as { lent?: Lent }).lent = g;
          return { ...req, path: g.path, body: JSON.stringify({ stateToken: g.token, action }) };
        },
        onResponse: (status, resBody, context) => {
          const g = (context as { lent: Lent }).lent;
          // Only the token is needed: find it without parsing the whole answer.
          const at = resBody.indexOf('"stateToken":"');
          if (status === 200 && at >= 0 && !resBody.includes('"gameOver":true')) {
            g.token = resBody.slice(at + 14, resBody.indexOf('"', at + 14));
            idle.unshift(g);
          }
        },
      },
    ],
  };
}

/**
 * Chained play on the stateless route: `games` Briarwink games (seeds 1 to `games`) started past their
 * `start` action, then ticked in rotation (`rotatingLoad`), so every request continues its own game from
 * the answer it got, as agents do, rather than repeating one request. Idle ticks keep a night going for
 * 488 ticks or more on these seeds, more than a bench run gives each of 320 games.
 */
export async function chainedPlayLoad(base: string, games = 320): Promise<autocannon.Options> {
  const path = '/api/games/briarwink/action';
  const idle: Lent[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const init = JSON.parse(await (await fetch(`${base}/api/games/briarwink/init?seed=${seed}`)).text()) as {
      stateToken: string;
    };
    const started = JSON.parse(
      await post(`${base}${path}`, JSON.stringify({ stateToken: init.stateToken, action: { type: 'start' } })),
    ) as { ok: boolean; stateToken: string };
    if (!started.ok) throw new Error(`briarwink seed ${seed} refused its start`);
    idle.push({ path, token: started.stateToken });
  }
  return rotatingLoad(base, idle, { type: 'tick', move: null });
}
