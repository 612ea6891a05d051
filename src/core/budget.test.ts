/**
 * Ranked budgets as the games publish them: what each action costs, and where `BudgetMeter` puts a
 * run's ranked state (the budget reached exactly, an action that would cross it, a run ending inside it).
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../games/index.js';
import { actionCost, budgetOf, BudgetMeter, progressOf } from './budget.js';
import type { AnyGame, GameAction } from './game.js';

const briarwink = registry.get('briarwink') as AnyGame;
const cragwake = registry.get('cragwake') as AnyGame;
const whirlyard = registry.get('whirlyard') as AnyGame;

describe('action costs', () => {
  it('counts Briarwink ticks by count, Cragwake turns by move and breathe, every Whirlyard action', () => {
    const b = budgetOf(briarwink)!;
    expect(actionCost(b, { type: 'tick', move: null, count: 30 })).toBe(30);
    expect(actionCost(b, { type: 'tick', move: 'up' })).toBe(1);
    expect(actionCost(b, { type: 'start' })).toBe(0);
    expect(actionCost(b, { type: 'endRun' })).toBe(0);
    const c = budgetOf(cragwake)!;
    expect(actionCost(c, { type: 'move', row: 1, col: 2 })).toBe(1);
    expect(actionCost(c, { type: 'breathe' })).toBe(1);
    expect(actionCost(c, { type: 'climbOn' })).toBe(0);
    expect(actionCost(budgetOf(whirlyard)!, { type: 'pulse' })).toBe(1);
    expect(budgetOf(registry.get('delvewick')!)).toBeNull();
  });
});

describe('BudgetMeter', () => {
  /** Briarwink with a small budget, so a test reaches it. */
  const small = (limit: number): AnyGame => ({
    ...briarwink,
    spec: { ...briarwink.spec, rankedBudget: { ...budgetOf(briarwink)!, limit } },
  });

  function meter(game: AnyGame, actions: GameAction[]) {
    let state = game.init(3);
    const m = new BudgetMeter(game, state);
    const states: unknown[] = [];
    for (const a of actions) {
      const r = game.step(state, a);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
      states.push(state);
      m.feed(a, state);
    }
    return { result: m.result(), states };
  }

  it('truncates at the budget reached exactly, scoring the state there', () => {
    const game = small(5);
    const actions: GameAction[] = [
      { type: 'start' },
      { type: 'tick', move: null, count: 2 },
      { type: 'tick', move: null, count: 3 },
    ];
    const { result, states } = meter(game, actions);
    expect(result).toMatchObject({ steps: 3, spent: 5, outcome: { kind: 'truncated', reason: 'budget' } });
    expect(result.state).toBe(states[2]);
    expect(progressOf(game, result.state)).toEqual({ label: 'night', value: 1 });
  });

  it('stops before an action that would cross the budget', () => {
    const { result, states } = meter(small(4), [
      { type: 'start' },
      { type: 'tick', move: null, count: 3 },
      { type: 'tick', move: null, count: 2 },
      { type: 'tick', move: null },
    ]);
    expect(result).toMatchObject({ steps: 2, spent: 3, outcome: { kind: 'truncated' } });
    expect(result.state).toBe(states[1]);
  });

  it('leaves a run inside its budget unfinished, or with its own outcome once it ends', () => {
    expect(meter(small(100), [{ type: 'start' }]).result).toMatchObject({ steps: 1, outcome: null });
    expect(meter(small(100), [{ type: 'start' }, { type: 'endRun' }]).result.outcome).toMatchObject({ kind: 'ended' });
  });
});
