/**
 * The committed solutions (solutions.json) and the compact way they are written: one letter per
 * action, u d l r for the moves and w for wait, so a level's solution reads as one short line.
 */
import type { DelvewickAction } from './types.js';

/** One level's stored solution, as solve-levels.ts writes it. */
interface StoredSolution {
  level: number;
  name: string;
  quota: number;
  oil: number;
  /** Gems on the board at the start, geodes included. */
  gemsAvailable: number;
  /** Gems the solution collects. */
  gems: number;
  oilLeft: number;
  /** Points the level earns, clear bonus included (and the finale on level 8). */
  points: number;
  /** The beam width that found it. */
  beamWidth: number;
  actions: string;
}

/** The whole file. */
export interface SolutionsFile {
  rulesVersion: string;
  levels: StoredSolution[];
  /** The score of playing all eight solutions in one run. */
  runScore: number;
}

const LETTER: Record<string, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const ACTION: Record<string, DelvewickAction> = {
  u: { type: 'move', dir: 'up' },
  d: { type: 'move', dir: 'down' },
  l: { type: 'move', dir: 'left' },
  r: { type: 'move', dir: 'right' },
  w: { type: 'wait' },
};

/** Actions as letters. */
export function encodeActions(actions: readonly DelvewickAction[]): string {
  return actions.map((a) => (a.type === 'wait' ? 'w' : LETTER[a.dir])).join('');
}

/** Letters back to actions; throws on an unknown letter. */
export function decodeActions(letters: string): DelvewickAction[] {
  return [...letters].map((ch) => {
    const a = ACTION[ch];
    if (!a) throw new Error(`"${ch}" is not an action letter (u d l r w)`);
    return { ...a };
  });
}
