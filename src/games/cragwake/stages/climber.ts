/**
 * The climber's half of a turn: paying, the cracked hold left behind, the move itself, height, the dip
 * and the pitch completion. Each stage works on the turn's private draft.
 */
import { difficulty } from '../difficulty.js';
import { gustOn, raiseFloor, repairBand, rockfallOn } from '../generate.js';
import { CLEAN_BONUS, DIP_AT, STREAK_CAP, belayOf, breathDelta, floorFor } from '../reach.js';
import { COUNT, COUNT_SHIFT, KIND, LEDGE_EVERY, NONE, PLAIN, WIDTH, countOf } from '../types.js';
import type { Turn } from './index.js';

/** Points per row above the previous high point, and per pitch number on completion. */
const HEIGHT_POINTS = 10;
const PITCH_POINTS = 100;
/** Points per stamina held on arrival at a belay. */
const ARRIVAL_POINTS = 15;

function addedHold(t: Turn): (row: number, col: number) => void {
  return (row, col) => t.events.push({ type: 'holdAdded', row, col });
}

/** Pay for the move, or breathe: gain on a jug with breaths left (capped at the tank), else pay 1. */
export function payOrGain(t: Turn): boolean {
  const d = t.d;
  if (t.kind === 'move') {
    d.stamina -= t.cost;
    return false;
  }
  const delta = breathDelta(d);
  if (delta >= 0) {
    const i = (d.row - d.floor) * WIDTH + d.col;
    d.cells[i] -= 1 << COUNT_SHIFT;
    d.stamina += delta;
    t.events.push({ type: 'breathed', stamina: delta, breathsLeft: countOf(d.cells[i]) });
  } else {
    d.stamina -= 1;
    t.events.push({ type: 'breathed', stamina: -1, breathsLeft: 0 });
  }
  return false;
}

/** The hold just left loses a crack; at zero, or when lunged off, it is gone and the wall repairs. */
export function spendCrack(t: Turn): boolean {
  if (t.kind !== 'move') return false;
  const d = t.d;
  const i = (t.fromRow - d.floor) * WIDTH + t.fromCol;
  const cell = d.cells[i];
  if ((cell & KIND) !== PLAIN || (cell & COUNT) === 0) return false;
  const left = t.lunge ? 0 : countOf(cell) - 1;
  if (left > 0) {
    d.cells[i] = cell - (1 << COUNT_SHIFT);
    t.events.push({ type: 'crackSpent', row: t.fromRow, col: t.fromCol, cracksLeft: left });
    return false;
  }
  d.cells[i] = NONE;
  t.events.push({ type: 'holdLost', row: t.fromRow, col: t.fromCol, cause: t.lunge ? 'lunge' : 'cracks' });
  repairBand(d, addedHold(t));
  return false;
}

/** The climber moves onto the target. */
export function move(t: Turn): boolean {
  if (t.kind !== 'move') return false;
  t.d.row = t.toRow;
  t.d.col = t.toCol;
  t.events.push({
    type: 'moved',
    row: t.toRow,
    col: t.toCol,
    fromRow: t.fromRow,
    fromCol: t.fromCol,
    lunge: t.lunge,
    cost: t.cost,
  });
  return false;
}

/** Ten points a row above the previous high point; the band follows the new high point. */
export function awardHeight(t: Turn): boolean {
  const d = t.d;
  if (d.row <= d.high) return false;
  const rows = d.row - d.high;
  d.score += HEIGHT_POINTS * rows;
  d.high = d.row;
  t.events.push({ type: 'height', rows, points: HEIGHT_POINTS * rows, high: d.high });
  raiseFloor(d, floorFor(d.pitch, d.high), addedHold(t));
  return false;
}

/** Stamina at 3 or below spoils the pitch's clean record. */
export function noteDip(t: Turn): boolean {
  const d = t.d;
  if (d.stamina <= DIP_AT && !d.dipped) {
    d.dipped = true;
    t.events.push({ type: 'dipped', stamina: d.stamina });
  }
  return false;
}

/**
 * On the next unclimbed belay: pay the pitch, settle the streak, refill to the next pitch's tank and
 * stop the turn (no rockfall, no frost, no turn advance; even 0 stamina on arrival completes).
 */
export function completePitch(t: Turn): boolean {
  const d = t.d;
  if (t.kind !== 'move' || d.row !== belayOf(d)) return false;
  const pitch = d.pitch;
  const arrival = PITCH_POINTS * pitch + ARRIVAL_POINTS * d.stamina;
  const clean = !d.dipped;
  d.streak = clean ? Math.min(STREAK_CAP, d.streak + 1) : 0;
  const bonus = clean ? CLEAN_BONUS * d.streak : 0;
  d.score += arrival + bonus;
  const arrivedWith = d.stamina;
  d.pitch = pitch + 1;
  const p = difficulty(d.pitch);
  d.stamina = p.tank;
  d.dipped = false;
  d.phase = 'ledge';
  d.gust = gustOn(d.seed, d.turn, p);
  d.rockfall = rockfallOn(d.seed, d.turn, p);
  raiseFloor(d, LEDGE_EVERY * pitch, addedHold(t));
  t.events.push({
    type: 'pitchComplete',
    pitch,
    arrivedWith,
    points: arrival,
    clean,
    streak: d.streak,
    streakBonus: bonus,
    refill: p.tank,
  });
  return true;
}
