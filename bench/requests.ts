/**
 * One mid-game action request per game, obtained through a running server the way an agent would:
 * `init`, then a few accepted actions, keeping the last request whose answer leaves the game going.
 * The HTTP bench and `npm run profile` replay that request under load.
 */

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
 * (seed 7), each the first legal action that does not end the game, so the recorded answer is an
 * ordinary playing answer rather than an opening or a final one.
 */
export async function midGameRequest(base: string, slug: string, steps = 4): Promise<ActionRequest> {
  const url = `${base}/api/games/${slug}/action`;
  let answer = await (await fetch(`${base}/api/games/${slug}/init?seed=7`)).text();
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
  if (!body) throw new Error(`no action of ${slug} keeps the game going from seed 7`);
  return { slug, url, body, answer };
}
