/**
 * What the player sees: `text` in the seed's order (header, stats, score line, pressure line, the
 * 7 x 9 map, pods with the cells each will cover, active blooms, visible dimlings, visible pickups,
 * the gate, sprouts, fireflies, and on moonless nights the unlit cells), `player` with exactly the
 * seed's fields, and `turn`, the tick count. Hidden things (dimlings and pickups on unlit cells)
 * never appear.
 */
import type { Observation, ObserveOptions } from '../../core/game.js';
import { actionsBlock } from '../../core/text.js';
import { legalActions } from './rules.js';
import type { BriarwinkState } from './types.js';
import {
  BRIAR,
  DIR_NAMES,
  FLOOR,
  HEDGE,
  KIND_NAMES,
  MOONSTONE,
  OVER,
  PLAYING,
  POND,
  POWER_NAMES,
  REGROWN,
  ROOTLING,
  SPROUT,
  THICKET,
} from './types.js';
import {
  BANDS,
  LAYOUT_NAMES,
  MAX_HEARTS,
  MAX_SPROUTS,
  POD_CAPS,
  PLAYER_STEPS,
  REACHES,
  SPROUT_MATURES,
} from './roster.js';
import { beamCells, bloomCover, dimlingCell, isBriar, playerCell, xOf, yOf, CELLS, W } from './grid.js';
import { eyesGlow, litMask, visibleDimlings } from './light.js';

/** The map character of each terrain code (where nothing stands on the cell). */
export const TERRAIN_CHAR: Record<number, string> = {
  [FLOOR]: '.',
  [SPROUT]: ',',
  [BRIAR]: '%',
  [REGROWN]: '%',
  [MOONSTONE]: '#',
  [HEDGE]: 'H',
  [THICKET]: 'X',
  [POND]: '~',
};
const KIND_CHAR = ['m', 'p', 'r', 'n', 't', 's', 'T'];

/** The map legend, as published. */
export const LEGEND =
  'G gardener, @ gardener in grace, m mope, p peeker (P spotted or dashing), r rootling on floor (R in briar), ' +
  'n nudger, t twinbud, s sprig, T tangler, o pod, * active bloom, % briar, , sprout, # moonstone, H hedge, ' +
  '~ pond, X thicket, x creep mark, + pickup, ^ open gate, . floor';

/**
 * The fixed part of the text, after the seed's sections: the dimling kinds' speeds and habits, the
 * directions, batching and what scores. A constant string, so it costs nothing per answer.
 */
export const TEXT_GUIDE =
  'Dimling kinds (ticks per step; 30 ticks = 1 second): mope 15, wanders; peeker 12, on seeing you along a clear ' +
  'row or column within 5 cells stares 12 ticks then dashes at 7; rootling 16 on open cells and 24 through briar, ' +
  'walks in briar and is relit when a beam clears its briar; nudger 13, pushes pods one cell; twinbud 14, splits ' +
  'into two sprigs when relit; sprig 10, harmless while shimmering; tangler 20, leaves sprouts behind. After the ' +
  'calm every dimling steps 2 ticks faster (at least 6). Touching a dimling or standing in a bloom costs a heart.\n' +
  'Directions: up is y-1, down is y+1, left is x-1, right is x+1; walkTo takes a cell number y*7+x and walks there ' +
  'by the shortest path around pods and blooms. plant:true plants a pod on your cell on the first tick; it bursts ' +
  '66 ticks later along its row and column up to your reach, relighting every dimling its bloom covers.\n' +
  'Batching: add "count": 1-30 to a tick to run that many ticks with the same input, e.g. ' +
  '{"type":"tick","move":"right","count":8} or {"type":"tick","walkTo":24,"count":30}; a batch stops early when ' +
  'you lose a heart, the night is cleared, the run ends, or walkTo arrives.\n' +
  'Scoring: relights (mope 50, peeker 80, rootling 100, nudger 100, twinbud 120, sprig 30, tangler 150) times their ' +
  'place in the cascade (up to x8); 10 per original briar cleared; 25 per power-up; clearing night n 100 x n, plus ' +
  '50 x n without a lost heart (n up to 30). Relight every dimling, then step onto the gate (^) to clear the night.';

const at = (c: number) => `(${xOf(c)},${yOf(c)})`;

/** The fields of `observation.player`, exactly as the seed lists them (-1 for none or away). */
export function playerView(s: BriarwinkState) {
  const pc = playerCell(s);
  const band = BANDS[s.band - 1];
  return {
    night: s.night,
    band: s.band,
    hearts: s.hearts,
    podsOut: s.pods.length,
    podCap: POD_CAPS[s.levels[1]],
    reach: REACHES[s.levels[0]],
    stepTicks: PLAYER_STEPS[s.levels[2]],
    grace: s.grace > 0 ? s.grace : -1,
    respawnIn: s.away > 0 ? s.away : -1,
    score: s.score,
    nightsCleared: s.nightsCleared,
    relitTotal: s.relitTotal,
    dimlingsLeft: s.dimlings.length + s.deferred.filter((q) => q.what < 0).length * 2,
    calmLeft: s.creepEvents < 0 && !s.settled ? s.calmLeft : -1,
    creepNextIn: s.settled ? -1 : s.creepEvents < 0 ? s.calmLeft + 1 : s.creepIn,
    regrowNextIn: s.settled || band.sproutEvery < 0 ? -1 : s.regrowIn,
    moonless: s.moonless,
    x: pc >= 0 ? xOf(pc) : -1,
    y: pc >= 0 ? yOf(pc) : -1,
  };
}

/** The 9 map rows in the seed's legend. */
function mapRows(s: BriarwinkState, lit: Uint8Array, cover: Int32Array): string[] {
  const ch: string[] = s.terrain.map((t) => TERRAIN_CHAR[t]);
  for (const m of s.marks) ch[m] = 'x';
  if (s.gate >= 0) ch[s.gate] = '^';
  for (const p of s.pickups) if (lit[p.cell]) ch[p.cell] = '+';
  for (let c = 0; c < CELLS; c++) if (cover[c] >= 0) ch[c] = '*';
  for (const p of s.pods) ch[p.cell] = 'o';
  const vis = visibleDimlings(s, lit);
  for (let i = vis.length - 1; i >= 0; i--) {
    const d = vis[i];
    const c = dimlingCell(d);
    let k = KIND_CHAR[d.kind];
    if (eyesGlow(d)) k = 'P';
    else if (d.kind === ROOTLING && isBriar(s.terrain[c])) k = 'R';
    ch[c] = k;
  }
  const pc = playerCell(s);
  if (pc >= 0) ch[pc] = s.grace > 0 ? '@' : 'G';
  const rows: string[] = [];
  for (let y = 0; y < 9; y++) rows.push(ch.slice(y * W, y * W + W).join(''));
  return rows;
}

/**
 * What a Briarwink player sees: the `text` page and the same facts as fields (the type of `observe`),
 * an `Observation` like every game's (other keys read as unknown).
 */
export type BriarwinkObservation = ReturnType<typeof observe> & Observation;

/** The observation. */
export function observe(s: BriarwinkState, options?: ObserveOptions) {
  const fields = fieldsOf(s);
  // The page only when asked for (see Game.observe): it is written from the fields, never the reverse.
  return { text: options?.text === false ? '' : textOf(s, fields), ...fields };
}

/** The observation's fields: everything but the text page. */
type BriarwinkFields = ReturnType<typeof fieldsOf>;

function fieldsOf(s: BriarwinkState) {
  const lit = litMask(s);
  const cover = bloomCover(s);
  const player = playerView(s);
  const status = s.status === PLAYING ? 'playing' : s.status === OVER ? 'over' : 'waiting';
  const rows = mapRows(s, lit, cover);
  const pods = s.pods.map((p) => ({
    id: p.id,
    cell: p.cell,
    bloomIn: p.bloomIn,
    reach: p.reach,
    woken: p.woken,
    covers: beamCells(s, p.cell, p.reach, []),
  }));
  const blooms = s.blooms.map((b) => ({ pod: b.pod, cascade: b.cascade, ticksLeft: b.left, cells: b.cells }));
  const dims = visibleDimlings(s, lit).map((d) => {
    const c = dimlingCell(d);
    return {
      id: d.id,
      kind: KIND_NAMES[d.kind],
      cell: c,
      heading: d.to >= 0 ? DIR_NAMES[d.dir] : null,
      spotted: eyesGlow(d),
      shimmer: d.shimmer,
    };
  });
  const pickups = s.pickups.filter((p) => lit[p.cell]).map((p) => ({ cell: p.cell, power: POWER_NAMES[p.kind] }));
  const sproutList: { cell: number; maturesIn: number }[] = [];
  for (let c = 0; c < CELLS; c++)
    // On a moonless night no sprout shows its clock (-1, shown as ?): a hidden walker on a sprout, or
    // stepping into it from an unlit cell, resets it, and even a clock shown later tells when that last
    // happened (README, decision 43).
    if (s.terrain[c] === SPROUT)
      sproutList.push({ cell: c, maturesIn: s.moonless ? -1 : SPROUT_MATURES - s.sproutAge[c] });
  const fireflies = [...new Set(s.fireflies)];
  const unlit: number[] = [];
  if (s.moonless) for (let c = 0; c < CELLS; c++) if (!lit[c]) unlit.push(c);
  return {
    turn: s.tick,
    status,
    player,
    map: rows,
    pods,
    blooms,
    dimlings: dims,
    pickups,
    gate: s.gate,
    sprouts: sproutList,
    fireflies,
    marks: s.marks.slice(),
    unlit,
    lastBatch: { ...s.lastBatch },
  };
}

/** The text page, in the seed's order, written from the observation's fields. */
function textOf(s: BriarwinkState, o: BriarwinkFields): string {
  const { player, status } = o;
  const band = BANDS[s.band - 1];
  const pc = playerCell(s);
  const L: string[] = [];
  const wait =
    s.status === OVER
      ? 'the run is over'
      : s.status === PLAYING
        ? 'night under way'
        : s.nightsCleared > 0
          ? 'between nights: send start for the next night, or endRun'
          : 'send start to begin';
  L.push(
    `Briarwink - night ${s.night} (band ${s.band}, ${band.name}), layout ${LAYOUT_NAMES[s.layout]}, ` +
      `${s.moonless ? 'moonless' : 'moonlit'} - ${status}: ${wait} - tick ${s.tick} (night tick ${s.nightTick})`,
  );
  const where =
    pc < 0
      ? `away, back in ${s.away} ticks`
      : `at ${at(pc)} cell ${pc}` +
        (s.pTo >= 0 ? `, stepping ${DIR_NAMES[s.pDir]} ${s.pProg}/${s.pSteps}` : ', standing');
  L.push(
    `You: hearts ${s.hearts}/${MAX_HEARTS}, ${where}, grace ${player.grace >= 0 ? `${player.grace} ticks` : 'none'}, pods ${player.podsOut}/${player.podCap}, ` +
      `reach ${player.reach}, step ${player.stepTicks} ticks (levels: ${POWER_NAMES.map((n, i) => `${n} ${s.levels[i] + 1}/3`).join(', ')})`,
  );
  L.push(
    `Score ${s.score}, nights cleared ${s.nightsCleared}, relit ${s.relitTotal}, dimlings left ${player.dimlingsLeft}; ` +
      `last action ran ${s.lastBatch.applied} of ${s.lastBatch.requested} ticks (stopped by ${s.lastBatch.stoppedBy})`,
  );
  let sprouts = 0;
  for (const t of s.terrain) if (t === SPROUT) sprouts++;
  L.push(
    `Pressure: ` +
      (s.settled
        ? 'all dimlings relit, the garden is still'
        : `calm ${player.calmLeft >= 0 ? `${player.calmLeft} ticks left` : 'over'}, creep next in ${player.creepNextIn}, ` +
          `marked ${s.marks.length}, restless ${s.restless ? 'yes' : 'no'}, ` +
          (player.regrowNextIn >= 0 ? `next sprout in ${player.regrowNextIn}` : 'no regrowth')) +
      `, sprouts ${sprouts}/${MAX_SPROUTS}`,
  );
  L.push('Map (x 0-6 left to right, y 0-8 top to bottom, cell = y*7+x):');
  L.push('   0123456');
  o.map.forEach((r, y) => L.push(` ${y} ${r}`));
  L.push(`Legend: ${LEGEND}`);
  L.push(
    'Pods: ' +
      (o.pods.length === 0
        ? 'none'
        : o.pods
            .map(
              (p) => `#${p.id} at ${at(p.cell)} bursts in ${p.bloomIn}, reach ${p.reach}, covers ${p.covers.join(' ')}`,
            )
            .join('; ')),
  );
  L.push(
    'Blooms: ' +
      (o.blooms.length === 0
        ? 'none'
        : o.blooms
            .map((b) => `from pod #${b.pod} (cascade ${b.cascade}), ${b.ticksLeft} ticks, cells ${b.cells.join(' ')}`)
            .join('; ')),
  );
  L.push(
    'Dimlings: ' +
      (o.dimlings.length === 0
        ? 'none seen'
        : o.dimlings
            .map(
              (d) =>
                `#${d.id} ${d.kind} at ${at(d.cell)}` +
                (d.heading ? ` heading ${d.heading}` : '') +
                (d.spotted ? ' (eyes glowing)' : '') +
                (d.shimmer > 0 ? ` (shimmering ${d.shimmer})` : ''),
            )
            .join('; ')),
  );
  L.push(
    'Pickups: ' +
      (o.pickups.length === 0 ? 'none seen' : o.pickups.map((p) => `${p.power} at ${at(p.cell)}`).join('; ')),
  );
  L.push(
    'Gate: ' +
      (s.gate >= 0
        ? `open at ${at(s.gate)} cell ${s.gate}: step onto it to clear the night`
        : player.dimlingsLeft > 0
          ? `closed until every dimling is relit`
          : 'opening once the bloom over the last relight fades'),
  );
  L.push(
    'Sprouts: ' +
      (o.sprouts.length === 0
        ? 'none'
        : o.sprouts.map((q) => `${at(q.cell)} matures in ${q.maturesIn >= 0 ? q.maturesIn : '?'}`).join('; ')),
  );
  L.push('Fireflies: ' + (o.fireflies.length === 0 ? 'none' : o.fireflies.map(at).join(' ')));
  if (s.moonless) {
    L.push(
      'Unlit cells (dimlings and pickups there are hidden): ' + (o.unlit.length === 0 ? 'none' : o.unlit.join(' ')),
    );
  }
  L.push(TEXT_GUIDE);
  L.push(actionsBlock(legalActions(s)));
  return L.join('\n');
}
