/**
 * The rules page: the game's spec rendered readably, with small illustrated examples drawn by the
 * game's own renderer from real engine states (the opening of seed 1, then one example action).
 */
import type { AnyGame, GameAction, GameEvent, Json } from '../../core/game.js';
import { EventList, KeyTable, Legend, StatusBar } from '../components/parts.js';
import { genericActionLabel, genericStatus } from '../games/generic.js';
import { viewFor } from '../games/index.js';
import type { GameView } from '../games/types.js';
import { wordsFor } from '../words/index.js';

const STANDARD = new Set([
  'slug',
  'name',
  'genre',
  'description',
  'goal',
  'scoring',
  'rules',
  'actionSchema',
  'carry',
  'rulesVersion',
  'exampleActions',
]);

/** A rule line, with a leading "CAPITALS." heading set in bold. */
function RuleText({ text }: { text: string }) {
  const m = /^([A-Z][A-Z0-9 '’/-]{2,}[.:])\s+(.*)$/s.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      <strong>{m[1]}</strong> {m[2]}
    </>
  );
}

/**
 * A block of JSON that scrolls when it is long (its height is capped): a named region in the tab order,
 * so keyboard users can focus it and scroll it with the arrow keys.
 */
function CodeBlock({ label, text }: { label: string; text: string }) {
  return (
    <pre class="code" tabIndex={0} role="region" aria-label={label}>
      {text}
    </pre>
  );
}

interface Example {
  state: unknown;
  after?: { actions: GameAction[]; state: unknown; events: GameEvent[] };
}

/**
 * The opening of seed 1 and a moment after it: the game's scripted example line when it has one,
 * otherwise the single action that keeps the game going and scores most.
 */
function example(game: AnyGame, script: GameAction[] | undefined): Example | null {
  try {
    const state = game.init(1);
    if (script?.length) {
      let s = state;
      const done: GameAction[] = [];
      let events: GameEvent[] = [];
      for (const a of script) {
        const r = game.step(s, a);
        if (!r.ok) break;
        s = r.state;
        done.push(a);
        events = r.events;
      }
      if (done.length) return { state, after: { actions: done, state: s, events } };
    }
    const found = shortestScoringLine(game, state);
    if (found) return { state, after: found };
    const candidates = [...(game.spec.exampleActions ?? []), ...game.legalActions(state)];
    let best: Example['after'] | undefined;
    let bestRank = -Infinity;
    for (const action of candidates.slice(0, 40)) {
      const r = game.step(state, action);
      if (!r.ok) continue;
      const rank = (game.isGameOver(r.state) ? 0 : 1e9) + game.score(r.state) * 10 + r.events.length;
      if (rank > bestRank) {
        best = { actions: [action], state: r.state, events: r.events };
        bestRank = rank;
      }
    }
    return { state, after: best };
  } catch {
    return null;
  }
}

/**
 * The shortest line of legal actions (up to 5, a few thousand steps at most) after which the score has
 * risen and the game goes on: a small worked example of how points are earned, found by the engine.
 */
function shortestScoringLine(game: AnyGame, start: unknown): Example['after'] | null {
  const base = game.score(start);
  let budget = 4000;
  let frontier: { state: unknown; actions: GameAction[] }[] = [{ state: start, actions: [] }];
  for (let depth = 1; depth <= 5 && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      for (const a of game.legalActions(node.state) as GameAction[]) {
        if (--budget < 0) return null;
        const r = game.step(node.state, a);
        if (!r.ok || game.isGameOver(r.state)) continue;
        const actions = [...node.actions, a];
        if (game.score(r.state) > base) return { actions, state: r.state, events: r.events };
        next.push({ state: r.state, actions });
      }
    }
    frontier = next;
  }
  return null;
}

export function RulesPage({ game }: { game: AnyGame }) {
  const spec = game.spec;
  const view = viewFor(spec.slug);
  const ex = example(game, view.rulesExample);
  const extras = Object.entries(spec).filter(([k]) => !STANDARD.has(k)) as [string, Json][];
  document.title = `${spec.name} rules · Gameboard`;
  return (
    <main id="main" class="rules">
      <div class="play-head">
        <h1>{spec.name}</h1>
        <span class="muted">
          {spec.genre} · rules {spec.rulesVersion}
        </span>
        <span class="spacer" />
        <a class="btn primary" href={`/play/${spec.slug}`}>
          Play
        </a>
        <a class="btn ghost" href={`/benchmarks/${spec.slug}`}>
          Benchmarks
        </a>
        <a class="btn ghost" href={`/docs/api/${spec.slug}`}>
          API docs
        </a>
      </div>
      <p class="pitch lead">{spec.description}</p>
      {/* For players first: the goal, the pieces, the controls, an example and the scoring. The full
          numbered rules follow, and the agent's view (action grammar, tables as JSON) comes last. */}
      <section class="panel">
        <h2>Goal</h2>
        <p>{spec.goal}</p>
      </section>
      {(view.legend ?? []).length > 0 && <Legend entries={view.legend ?? []} />}
      {view.keyHelp && (
        <section class="panel">
          <h2>How to play in the browser</h2>
          <p>On a touch screen, tap a highlighted cell or a button under the board.</p>
          <KeyTable keys={view.keyHelp} />
        </section>
      )}
      {ex && <ExamplePanel game={game} view={view} ex={ex} />}
      <section class="panel">
        <h2>Scoring</h2>
        <ul class="ruled">
          {spec.scoring.map((s) => (
            <li>
              <RuleText text={s} />
            </li>
          ))}
        </ul>
      </section>
      <section class="panel">
        <h2>All the rules</h2>
        <ol class="ruled">
          {spec.rules.map((r) => (
            <li>
              <RuleText text={r} />
            </li>
          ))}
        </ol>
      </section>
      <h2 class="section-head">For agents: actions and tables</h2>
      <ActionsPanel game={game} ex={ex} />
      <FactsPanel extras={extras} />
    </main>
  );
}

/** The opening of seed 1 beside the example's end, drawn by the game's renderer, with what the last action did. */
function ExamplePanel({ game, view, ex }: { game: AnyGame; view: GameView; ex: Example }) {
  const label = view.actionLabel ?? genericActionLabel;
  const status = view.status ?? genericStatus;
  return (
    <section class="panel examples" aria-label="Illustrated example">
      <h2>An example</h2>
      <div class="example-row">
        <figure>
          <div class="board-wrap mini">
            <view.Board obs={game.observe(ex.state)} legal={[]} />
          </div>
          <figcaption>The opening position of seed 1. Score {game.score(ex.state)}.</figcaption>
        </figure>
        {ex.after && (
          <figure>
            <div class="board-wrap mini">
              <view.Board obs={game.observe(ex.after.state)} legal={[]} />
            </div>
            <figcaption>
              After{' '}
              {ex.after.actions.length === 1 ? (
                <strong>{label(ex.after.actions[0])}</strong>
              ) : (
                <>
                  {ex.after.actions.length} actions ({ex.after.actions.map((a) => label(a)).join(', ')})
                </>
              )}
              . Score {game.score(ex.after.state)}.
            </figcaption>
          </figure>
        )}
      </div>
      {ex.after && (
        <>
          <StatusBar items={status(game.observe(ex.after.state))} score={game.score(ex.after.state)} />
          <EventList events={ex.after.events} describe={wordsFor(game).event} title="What the last action did" />
        </>
      )}
    </section>
  );
}

/** For agents: the example actions, the example above as actions, and the action grammar. */
function ActionsPanel({ game, ex }: { game: AnyGame; ex: Example | null }) {
  const spec = game.spec;
  return (
    <section class="panel">
      <h2>Actions</h2>
      <p>
        Example actions:{' '}
        {(spec.exampleActions ?? []).map((a) => (
          <code class="chip">{JSON.stringify(a)}</code>
        ))}
      </p>
      {ex?.after && (
        <p>
          The example above, as actions:{' '}
          {ex.after.actions.map((a) => (
            <code class="chip">{JSON.stringify(a)}</code>
          ))}
        </p>
      )}
      <p>
        The state travels as <code>{spec.carry}</code>. Every action must match this grammar:
      </p>
      <CodeBlock label="Action grammar (JSON Schema)" text={JSON.stringify(spec.actionSchema, null, 2)} />
    </section>
  );
}

/** The spec's other facts and tables, the tables as JSON. */
function FactsPanel({ extras }: { extras: [string, Json][] }) {
  if (extras.length === 0) return null;
  return (
    <section class="panel">
      <h2>Facts and tables</h2>
      {extras.map(([k, v]) =>
        v !== null && typeof v === 'object' ? (
          <details>
            <summary>{k}</summary>
            <CodeBlock label={k} text={JSON.stringify(v, null, 2)} />
          </details>
        ) : (
          <p>
            <strong>{k}</strong>: {String(v)}
          </p>
        ),
      )}
    </section>
  );
}
