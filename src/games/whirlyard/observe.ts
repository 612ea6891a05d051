/**
 * What a Whirlyard player sees: everything on the board and every counter (the game has no hidden
 * information apart from the generator state, which would reveal future waves). `text` is the same
 * picture for language models: a 6x6 map with a legend and the counters.
 */
import type { Observation, ObserveOptions } from '../../core/game.js';
import { actionsBlock } from '../../core/text.js';
import { cellCount, cellsOf, has, xOf, yOf } from './board.js';
import { legalActions } from './rules.js';
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
const LEGEND = {
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

/** Every cell empty, as character codes; only ever copied. */
const EMPTY_GRID: readonly number[] = Array.from({ length: SIZE * SIZE }, () => CODE.empty);

/** The board as six strings of six characters, row y = 0 first. */
export function renderRows(s: WhirlyardState): string[] {
  // One character code per cell, then each row as one string (this runs on every API answer). A
  // plain array sliced from a constant costs a fraction of a fresh typed array.
  const grid = EMPTY_GRID.slice();
  for (let c = 0; c < SIZE * SIZE; c++) if (has(s.scrapLo, s.scrapHi, c)) grid[c] = CODE.scrap;
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

/**
 * The fixed part of the text: what each direction does and what scores. Constant strings cost nothing
 * per answer.
 */
export const TEXT_GUIDE =
  'Directions: n is up (y-1), s is down (y+1), w is left (x-1), e is right (x+1); nw, ne, sw, se combine two. ' +
  'A move may not leave the board or end on a drone or scrap. After every move, wait or pulse all drones step ' +
  'one cell toward the rover (diagonally unless level with it); a drone reaching the rover ends the run.\n' +
  'pulse (needs a charge) turns every drone next to the rover (8 neighbours) into scrap before the drones move. ' +
  'end_run banks the score and ends the run.\n' +
  'Scoring: 20 per drone destroyed (pulse, scrap or collision); one pursuit step destroying n>1 drones adds ' +
  '10x(n-1); clearing a wave 100, plus 50 if no pulse was fired in it. Drones that meet on one cell or step on ' +
  'scrap are destroyed. The score never goes down.';

// " (x,y)" per cell index, built once: formatting numbers per answer cost more than the whole map.
const CELL_NAME = Array.from({ length: SIZE * SIZE }, (_, c) => ` (${c % SIZE},${Math.floor(c / SIZE)})`);
const CELL_NAME_C = CELL_NAME.map((n) => n + 'C');

/** The drones as " (x,y)" each, charged ones marked C, in the observation's order. */
function droneList(s: WhirlyardState): string {
  let out = '';
  for (let i = 0; i < s.drones.length; i++) out += s.charged[i] ? CELL_NAME_C[s.drones[i]] : CELL_NAME[s.drones[i]];
  return out;
}

/** The legal-actions block, built once per distinct set of legal actions (at most 2^10 of them). */
const BLOCKS = new Map<number, string>();
const ACTION_BIT: Record<string, number> = { wait: 8, pulse: 9, end_run: 10 };
const DIRECTION_BIT: Record<string, number> = { nw: 0, n: 1, ne: 2, w: 3, e: 4, sw: 5, s: 6, se: 7 };

function legalBlock(s: WhirlyardState): string {
  const legal = legalActions(s);
  let key = 0;
  for (const a of legal) key |= 1 << (a.type === 'move' ? DIRECTION_BIT[a.direction] : ACTION_BIT[a.type]);
  let block = BLOCKS.get(key);
  if (block === undefined) {
    block = actionsBlock(legal);
    BLOCKS.set(key, block);
  }
  return block;
}

/** The text rendering. */
function renderText(s: WhirlyardState): string {
  const rows = renderRows(s);
  let chargedCount = 0;
  for (const c of s.charged) if (c) chargedCount++;
  let map = '';
  for (let y = 0; y < SIZE; y++) map += `${y} ${rows[y]}\n`;
  return (
    `Whirlyard - wave ${s.wave}, turn ${s.turn} (wave turn ${s.waveTurn}), score ${s.score}\n` +
    `  012345 x\n${map}y\n` +
    'Legend: R rover, d drone, C charged drone, # scrap, . empty, X rover caught by a drone.\n' +
    'Coordinates (x,y): x is the column 0-5 left to right, y the row 0-5 top to bottom. ' +
    `You (R) are at${CELL_NAME[s.rover]}.\n` +
    `Charges ${s.charges}/${MAX_CHARGES}; pulse used this wave: ${s.pulseUsed ? 'yes' : 'no'}.\n` +
    `Drones ${s.drones.length} (${chargedCount} charged):${droneList(s)}; scrap ${cellCount(s.scrapLo, s.scrapHi)}.\n` +
    (s.over ? '' : cadenceLine(s) + '\n') +
    statusLine(s) +
    '\n' +
    TEXT_GUIDE +
    '\n' +
    legalBlock(s)
  );
}

/** The full observation. */
export function observe(s: WhirlyardState, options?: ObserveOptions): WhirlyardObservation {
  return {
    text: options?.text === false ? '' : renderText(s),
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
