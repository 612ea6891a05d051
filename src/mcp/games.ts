/**
 * The MCP server's open games. Free-play games run on the engines in this process: each keeps its seed,
 * its accepted actions and its current state, so the client never copies a state token, and undo or fork
 * replay the actions from the seed (engines are fast; no stack of states is kept). Ranked games live on
 * a Gameboard server (remote.ts) and only hold what that server answered.
 */
import type { AnyGame, GameAction, GameEvent, Outcome } from '../core/game.js';
import { grammarRefusal, grammarsOf, type ActionGrammar } from '../core/grammar.js';
import type { Registry } from '../core/registry.js';
import { Session } from '../core/session.js';
import type { LiveSession } from '../client/index.js';

/** A free-play game in this process: a run of the core run library (src/core/session.ts). */
export interface LocalGame {
  kind: 'local';
  id: string;
  game: AnyGame;
  session: Session;
}

/** A ranked session on a Gameboard server, played through the project's client (src/client). */
interface RemoteGame {
  kind: 'remote';
  id: string;
  game: AnyGame;
  live: LiveSession;
}

export type OpenGame = LocalGame | RemoteGame;

/** What a tool reports about a game after each call. */
export interface GameView {
  gameId: string;
  game: string;
  /** `free` play in this process, or a `ranked` session on a Gameboard server. */
  kind: 'free' | 'ranked';
  /** The seed: a free game's own; a ranked session's once the server reveals it, else null. */
  seed: number | string | null;
  step: number;
  score: number;
  gameOver: boolean;
  outcome: Outcome | null;
  legalActions: GameAction[];
  text: string;
}

/** The table of open games, by id (g1, g2, ...). */
export class Games {
  private readonly open = new Map<string, OpenGame>();
  private next = 1;
  /** Each game's grammar (the one grammar module), checked before `step` as the HTTP API checks it. */
  private readonly grammars: Map<string, ActionGrammar>;

  constructor(readonly registry: Registry) {
    this.grammars = grammarsOf(registry);
  }

  /** Every open game, oldest first. */
  list(): OpenGame[] {
    return [...this.open.values()];
  }

  /** Closes `id` (throws, naming the open games, when there is none). */
  close(id: string): OpenGame {
    const g = this.get(id);
    this.open.delete(id);
    return g;
  }

  /** A new id. */
  newId(): string {
    return `g${this.next++}`;
  }

  add(game: OpenGame): OpenGame {
    this.open.set(game.id, game);
    return game;
  }

  /** The open game `id`; throws a message naming the open ones. */
  get(id: string): OpenGame {
    const g = this.open.get(id);
    if (!g) {
      const ids = [...this.open.keys()];
      throw new Error(
        `There is no game "${id}". Open games: ${ids.length ? ids.join(', ') : 'none (call start_game)'}.`,
      );
    }
    return g;
  }

  /** The registered game `slug`; throws a message naming the games. */
  engine(slug: string): AnyGame {
    const g = this.registry.get(slug);
    if (!g) throw new Error(`There is no game "${slug}". Games: ${this.registry.slugs().join(', ')}.`);
    return g;
  }

  /** Starts a free-play game from `seed`. */
  startLocal(slug: string, seed: number): LocalGame {
    const game = this.engine(slug);
    return this.add({ kind: 'local', id: this.newId(), game, session: new Session(game, seed) }) as LocalGame;
  }

  /** Plays one action; a refusal changes nothing and says why. */
  act(
    g: LocalGame,
    action: GameAction,
  ): { ok: true; events: GameEvent[] } | { ok: false; reason: string; message: string } {
    const grammar = this.grammars.get(g.game.spec.slug);
    if (grammar && !grammar.check(action)) {
      return { ok: false, reason: 'unknown_action', message: grammarRefusal(g.game, grammar, action) };
    }
    return g.session.step(action);
  }

  /** Takes back the last `steps` actions. */
  undo(g: LocalGame, steps: number): void {
    g.session.undo(steps);
  }

  /**
   * A new free-play game continuing `g` from after its first `steps` actions (default all). A step past
   * the end is refused: forking there silently would hand back a position the caller did not ask for.
   */
  fork(g: LocalGame, steps = g.session.steps): LocalGame {
    const n = g.session.steps;
    if (steps > n)
      throw new Error(
        `${g.id} has ${n} action${n === 1 ? '' : 's'}; it cannot be forked after action ${steps} (give step 0 to ${n}).`,
      );
    const copy: LocalGame = { ...g, id: this.newId(), session: g.session.fork(Math.max(0, steps)) };
    return this.add(copy) as LocalGame;
  }

  /** What the client sees of a game now. */
  view(g: OpenGame): GameView {
    if (g.kind === 'local') {
      const a = g.session.answer();
      return {
        gameId: g.id,
        game: g.game.spec.slug,
        kind: 'free',
        seed: g.session.seed as number,
        step: g.session.steps,
        score: a.score,
        gameOver: a.gameOver,
        outcome: a.outcome,
        legalActions: a.legalActions,
        text: a.observation.text,
      };
    }
    const { live } = g;
    const seed = live.last.seed;
    const obs = live.observation as { text?: string } | undefined;
    return {
      gameId: g.id,
      game: g.game.spec.slug,
      kind: 'ranked',
      seed: typeof seed === 'number' || typeof seed === 'string' ? seed : null,
      step: live.steps,
      score: live.score,
      gameOver: live.gameOver,
      outcome: live.outcome,
      legalActions: live.legalActions,
      text: obs?.text ?? '',
    };
  }
}
