/**
 * The pages for language models: /llms.txt holds, per game, the goal, the scoring, every action with an
 * example, the loop with the carried field, how a run ends and the boards, under 4,000 tokens; each game
 * has its full-rules page; the agents quickstart is served; every example action is in its grammar.
 */
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { markdownToHtml } from '../src/server/routes/llms.js';

/**
 * A conservative token estimate: English prose and JSON run about 4 characters a token in the common
 * BPE vocabularies; counting one token per 3.5 characters over-counts, so the budget is safe.
 */
const tokens = (text: string) => Math.ceil(text.length / 3.5);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer: new StateSealer(['llms-test-secret-0123456789']), webRoot: null });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'gameboard.example.org:3000' } });

describe('/llms.txt', () => {
  it('is plain text under 4,000 tokens (characters / 3.5)', async () => {
    const r = await get('/llms.txt');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(tokens(r.body), `${r.body.length} characters`).toBeLessThan(4000);
  });

  it('gives the loop, the carried field, how runs end, and the ranked and open boards', async () => {
    const text = (await get('/llms.txt')).body;
    for (const needle of [
      'http://gameboard.example.org:3000/api/games/<slug>/init?seed=N',
      '/action with JSON',
      'gameOver',
      'invalid_state',
      'unknown_action',
      'POST http://gameboard.example.org:3000/api/runs',
      '/sessions',
      'leaderboard?board=ranked|open|daily',
      'terminated',
    ])
      expect(text).toContain(needle);
  });

  it.each(registry.games.map((g) => [g.spec.slug, g] as const))(
    'has %s: goal, scoring, every action as JSON, its carry, its ending, its rules page',
    async (slug, game) => {
      const text = (await get('/llms.txt')).body;
      const section = text.slice(text.indexOf(`## ${game.spec.name} (${slug}`));
      expect(section.length).toBeGreaterThan(0);
      expect(section).toContain(game.spec.goal);
      for (const line of game.spec.scoring) expect(section).toContain(line);
      for (const a of game.shells!.guide.actions) expect(section).toContain(JSON.stringify(a.example));
      expect(section).toContain(`carry "${game.spec.carry}"`);
      expect(section).toContain(`{"${game.spec.carry}": <${game.spec.carry} from the last answer`);
      expect(section).toContain(game.shells!.guide.ends);
      expect(section).toContain(`/llms/${slug}.txt`);
    },
  );
});

describe('/llms/<slug>.txt', () => {
  it.each(registry.games.map((g) => [g.spec.slug, g] as const))(
    '%s has every rule and the grammar',
    async (slug, game) => {
      const r = await get(`/llms/${slug}.txt`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      for (const rule of game.spec.rules) expect(r.body).toContain(rule);
      expect(r.body).toContain(JSON.stringify(game.spec.actionSchema));
      expect(r.body).toContain(game.spec.rulesVersion);
    },
  );

  it('an unknown page is a 404 naming the pages there are', async () => {
    for (const url of ['/llms/nope.txt', '/llms/whirlyard', '/llms/whirlyard.json']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toMatchObject({ ok: false, error: 'unknown_game' });
      expect(r.json().message).toContain('/llms/whirlyard.txt');
    }
  });
});

describe('the guides', () => {
  it.each(registry.games.map((g) => [g.spec.slug, g] as const))(
    '%s: every example and fallback is in the grammar, and every grammar branch has an example',
    (slug, game) => {
      expect(game.shells?.guide, `add a guide for ${slug} in src/games/${slug}/shells.ts`).toBeDefined();
      const guide = game.shells!.guide;
      const ajv = new Ajv({ strict: false });
      const valid = ajv.compile(game.spec.actionSchema);
      for (const a of [...guide.actions.map((x) => x.example), ...guide.fallback])
        expect(valid(a), `${JSON.stringify(a)}: ${ajv.errorsText(valid.errors)}`).toBe(true);
      const branches = (game.spec.actionSchema.oneOf as object[]).map((b) => ajv.compile(b));
      for (const [i, branch] of branches.entries())
        expect(
          guide.actions.some((a) => branch(a.example)),
          `grammar branch ${i} of ${slug} has an example`,
        ).toBe(true);
    },
  );
});

describe('/docs/agents', () => {
  it('serves docs/agents.md as HTML', async () => {
    const r = await get('/docs/agents');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<h1>Agents quickstart</h1>');
    expect(r.body).toContain('<pre><code class="language-sh">');
    expect(r.body).toContain('mcpServers');
  });

  it('the markdown renderer escapes HTML and renders code, links and lists', () => {
    const html = markdownToHtml('# T <x>\n\nSee [a](/b) and `c<d>`.\n\n- one\n- two\n\n```sh\necho "<hi>"\n```\n');
    expect(html).toBe(
      '<h1>T &#60;x&#62;</h1>\n<p>See <a href="/b">a</a> and <code>c&#60;d&#62;</code>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n' +
        '<pre><code class="language-sh">echo &#34;&#60;hi&#62;&#34;</code></pre>',
    );
  });
});
