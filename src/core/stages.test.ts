import { describe, expect, it } from 'vitest';
import { runStages, type Stage } from './stages.js';

/** A list of `n` stages that log their names (and the context they were given) and halt at `haltAt`. */
function logging(n: number, haltAt = -1): { stages: Stage<string[], number>[] } {
  return {
    stages: Array.from({ length: n }, (_, i) => ({
      name: `stage ${i}`,
      run: (log: string[], c: number) => {
        log.push(`${i}:${c}`);
        return i === haltAt;
      },
    })),
  };
}

describe('the stage runner', () => {
  it.each([0, 1, 7, 15, 16, 17, 40])('runs all %i stages in order when none halts', (n) => {
    const log: string[] = [];
    expect(runStages(logging(n).stages, log, 5)).toBe(false);
    expect(log).toEqual(Array.from({ length: n }, (_, i) => `${i}:5`));
  });

  it.each([0, 3, 14, 15, 16, 25])('stops after the stage at %i that answers true, and says so', (at) => {
    const log: string[] = [];
    expect(runStages(logging(30, at).stages, log, 1)).toBe(true);
    expect(log).toHaveLength(at + 1);
    expect(log[log.length - 1]).toBe(`${at}:1`);
  });

  it('goes on after a stage that answers nothing or false', () => {
    const seen: number[] = [];
    const stages: Stage<number[]>[] = [
      { name: 'void', run: (s) => void s.push(0) },
      { name: 'false', run: (s) => (s.push(1), false) },
      { name: 'last', run: (s) => void s.push(2) },
    ];
    expect(runStages(stages, seen, undefined)).toBe(false);
    expect(seen).toEqual([0, 1, 2]);
  });
});
