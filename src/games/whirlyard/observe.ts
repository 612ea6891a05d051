/**
 * What a Whirlyard player sees: everything on the board and every counter (the game has no hidden
 * information apart from the generator state, which would reveal future waves). `text` is the same
 * picture for language models: a 6x6 map with a legend and the counters.
 */
import type { Observation } from '../../core/game.js';
import { cellsOf, xOf, yOf } from './board.js';
import { CHARGED_CADENCE, MAX_CHARGES, SIZE, type EndReason, type WhirlyardState } from './types.js';

/** The observation's structured fields (plus `text`). */
export interface WhirlyardObservation extends Observation {
  rover: { x: number; y: number };
  drones: { x: number; y: number; charged: boolean }[];
  scrap: { x: number; y: number }[];
  wave: number;
  turn: number;
  waveTurn: number;
  charges: number;
  maxCharges: number;
  pulseUsedThisWave: boolean;
  score: number;
  gameOver: boolean;
  endReason: EndReason;
  /** Accepted actions until charged drones next step twice (1 = the next action); null once over. */
  actionsUntilChargedStep: number | null;
}

/** Map characters. */
export const LEGEND = {
  rover: 'R',
  caught: 'X',
  drone: 'd',
  charged: 'C',
  scrap: '#',
  empty: '.',
} as const;

/** Accepted actions until the next charged second step (1 means the next action triggers it). */
export function actionsUntilChargedStep(waveTurn: number): number {
  return CHARGED_CADENCE - (waveTurn % CHARGED_CADENCE);
}

const CODE = {
  rover: LEGEND.rover.charCodeAt(0),
  caught: LEGEND.caught.charCodeAt(0),
  drone: LEGEND.drone.charCodeAt(0),
  charged: LEGEND.charged.charCodeAt(0),
  scrap: LEGEND.scrap.charCodeAt(0),
  empty: LEGEND.empty.charCodeAt(0),
};

/** The board as six strings of six characters, row y = 0 first. */
export function renderRows(s: WhirlyardState): string[] {
  // One character code per cell, then each row as one string (this runs on every API answer).
  const grid = new Uint8Array(SIZE * SIZE).fill(CODE.empty);
  for (const c of cellsOf(s.scrapLo, s.scrapHi)) grid[c] = CODE.scrap;
  for (let i = 0; i < s.drones.length; i++) grid[s.drones[i]] = s.charged[i] ? CODE.charged : CODE.drone;
  grid[s.rover] = s.drones.includes(s.rover) ? CODE.caught : CODE.rover;
  const rows: string[] = [];
  for (let at = 0; at < grid.length; at += SIZE) {
    rows.push(String.fromCharCode(grid[at], grid[at + 1], grid[at + 2], grid[at + 3], grid[at + 4], grid[at + 5]));
  }
  return rows;
}

function cadenceLine(s: WhirlyardState): string {
  const until = actionsUntilChargedStep(s.waveTurn);
  const when = until === 1 ? 'on the next action' : `in ${until} actions`;
  return `Charged drones step twice on every ${CHARGED_CADENCE}rd action of a wave; next: wave turn ${s.waveTurn + until}, ${when}.`;
}

function statusLine(s: WhirlyardState): string {
  if (s.endReason === 'caught') return 'Status: CAUGHT - a drone reached the rover; the run is over.';
  if (s.endReason === 'ended') return 'Status: ENDED - the run was banked with end_run.';
  return 'Status: in play.';
}

/** The text rendering. */
export function renderText(s: WhirlyardState): string {
  const rows = renderRows(s);
  let chargedCount = 0;
  for (const c of s.charged) if (c) chargedCount++;
  let map = '';
  for (let y = 0; y < SIZE; y++) map += `${y} ${rows[y]}\n`;
  return (
    `Whirlyard - wave ${s.wave}, turn ${s.turn} (wave turn ${s.waveTurn}), score ${s.score}\n` +
    `  012345 x\n${map}y\n` +
    'Legend: R rover, d drone, C charged drone, # scrap, . empty, X rover caught by a drone.\n' +
    'Coordinates (x,y): x is the column 0-5 left to right, y the row 0-5 top to bottom.\n' +
    `Charges ${s.charges}/${MAX_CHARGES}; pulse used this wave: ${s.pulseUsed ? 'yes' : 'no'}.\n` +
    `Drones ${s.drones.length} (${chargedCount} charged); scrap ${cellsOf(s.scrapLo, s.scrapHi).length}.\n` +
    (s.over ? '' : cadenceLine(s) + '\n') +
    statusLine(s)
  );
}

/** The full observation. */
export function observe(s: WhirlyardState): WhirlyardObservation {
  return {
    text: renderText(s),
    rover: { x: xOf(s.rover), y: yOf(s.rover) },
    drones: s.drones.map((c, i) => ({ x: xOf(c), y: yOf(c), charged: s.charged[i] })),
    scrap: cellsOf(s.scrapLo, s.scrapHi).map((c) => ({ x: xOf(c), y: yOf(c) })),
    wave: s.wave,
    turn: s.turn,
    waveTurn: s.waveTurn,
    charges: s.charges,
    maxCharges: MAX_CHARGES,
    pulseUsedThisWave: s.pulseUsed,
    score: s.score,
    gameOver: s.over,
    endReason: s.endReason,
    actionsUntilChargedStep: s.over ? null : actionsUntilChargedStep(s.waveTurn),
  };
}
