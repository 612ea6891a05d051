/**
 * Every rule sentence of Delvewick's seed file (shared/seeds/001_96f0c49922c2c7ff.txt), one id each, in
 * the file's order and in our own words (long lists such as the tick order and the invalid moves are
 * one id each). Tests name the ids they check in their titles, and `npm run rules-coverage` fails on
 * any id no test names.
 */

/** One rule of the seed file: a stable id and the rule in brief. */
export interface RuleEntry {
  id: string;
  rule: string;
}

/** Delvewick's rules, in the seed file's order. */
export const RULES: readonly RuleEntry[] = [
  { id: 'DW-001', rule: 'A run crosses 8 handcrafted levels, each a small grid framed in bedrock.' },
  {
    id: 'DW-002',
    rule: 'Digging takes soil one cell at a time; meeting the gem quota opens the exit (X becomes E); stepping onto it banks the clear and descends.',
  },
  { id: 'DW-003', rule: 'Clearing level 8 wins the run.' },
  {
    id: 'DW-004',
    rule: 'Every accepted action advances the whole world exactly one tick; between actions everything is frozen, even mid-fall.',
  },
  { id: 'DW-005', rule: 'The score never decreases.' },
  { id: 'DW-006', rule: 'A gem collected, walked into or caught falling, pays 25, quota or extra.' },
  { id: 'DW-007', rule: 'A chain pays +10 for the 2nd gem, +20 for the 3rd, +30 for each further gem.' },
  {
    id: 'DW-008',
    rule: 'A chain continues while each gem comes within 4 ticks of the previous one, and resets otherwise and on a level change.',
  },
  { id: 'DW-009', rule: 'A geode cracking when it lands pays 10.' },
  { id: 'DW-010', rule: 'A level clear pays 100 plus 5 per unused oil.' },
  { id: 'DW-011', rule: 'Clearing level 8 pays 250 more.' },
  {
    id: 'DW-012',
    rule: 'The cells: bedrock, soil, empty, boulder, gem, geode, closed and open exit, the mole; movables at rest or falling (o, v, g).',
  },
  { id: 'DW-013', rule: 'Boulders, gems and geodes are rounded; soil, bedrock and exits are flat.' },
  { id: 'DW-014', rule: 'The mole occupies exactly one cell.' },
  { id: 'DW-015', rule: 'Exactly two actions: move (up, down, left, right) and wait.' },
  { id: 'DW-016', rule: 'Every accepted action costs 1 oil, a per-level budget refilled each level.' },
  {
    id: 'DW-017',
    rule: 'An invalid action is refused with ok:false and costs nothing: off-grid, bedrock, closed exit, up or down into a non-gem movable, an unpushable sideways push, or any action after the end.',
  },
  { id: 'DW-018', rule: 'wait is always legal while playing.' },
  { id: 'DW-019', rule: 'Moving into soil digs it and enters in the same action.' },
  { id: 'DW-020', rule: 'Moving into a gem, at rest or falling, collects it and enters its cell.' },
  { id: 'DW-021', rule: 'Moving into empty space or the open exit enters it.' },
  {
    id: 'DW-022',
    rule: 'Sideways into a boulder or geode at rest with empty space beyond pushes it one cell, still at rest.',
  },
  { id: 'DW-023', rule: 'No vertical push, no pushing a falling object, two objects, or into a non-empty cell.' },
  { id: 'DW-024', rule: 'Digging never happens diagonally.' },
  { id: 'DW-025', rule: 'Tick order: action; exit; gravity; exit opens; chain; oil; boxed in.' },
  {
    id: 'DW-026',
    rule: 'Stepping onto the open exit completes the level at once: clear bonus, no gravity, no oil; the next level loads fresh.',
  },
  { id: 'DW-027', rule: 'The exit opens the instant the gems collected reach the quota, and never closes.' },
  { id: 'DW-028', rule: 'Chain bookkeeping runs every tick.' },
  { id: 'DW-029', rule: 'Oil falls by 1 each tick; at 0 without a completed level the run ends out of oil.' },
  { id: 'DW-030', rule: 'On a settled board with all four moves invalid the run ends boxed in.' },
  {
    id: 'DW-031',
    rule: 'One gravity pass per action, rows bottom to top, columns left to right, each movable acting at most once.',
  },
  { id: 'DW-032', rule: 'Fall: with an empty cell below, a movable moves down one and is falling.' },
  { id: 'DW-033', rule: 'An object at rest directly above the mole stays put; the mole supports it indefinitely.' },
  {
    id: 'DW-034',
    rule: 'A falling boulder or geode moves into the mole and the run ends; a falling gem is caught (+25, chain included).',
  },
  {
    id: 'DW-035',
    rule: 'Roll: an object on a rounded object rolls left first (left and down-left empty), else right; the mole never counts as empty; a rolled object is falling.',
  },
  {
    id: 'DW-036',
    rule: 'Land: a falling object that neither falls nor rolls comes to rest; a geode landing after a fall cracks into a gem at rest, which counts toward the quota.',
  },
  { id: 'DW-037', rule: 'Movables never enter an exit cell.' },
  { id: 'DW-038', rule: 'A cascade takes several ticks and moves only when the mole acts.' },
  { id: 'DW-039', rule: 'Stepping out from under an object at rest lets it fall that same tick.' },
  { id: 'DW-040', rule: 'Anything already falling does not stop for the mole: rocks end the run, gems are caught.' },
  { id: 'DW-041', rule: 'Gems are indestructible: only the mole removes them.' },
  {
    id: 'DW-042',
    rule: 'The run ends won, or early: crushed, out of oil, or boxed in; every ending keeps the full banked score.',
  },
  { id: 'DW-043', rule: 'No randomness: the eight levels are fixed with the listed names, quotas and oil.' },
  { id: 'DW-044', rule: 'A run is a pure function of its action list.' },
];
