/**
 * Every rule sentence of Whirlyard's seed file (shared/seeds/003_f0d0ced06f254d05.txt), one id each, in
 * the file's order and in our own words. Tests name the ids they check in their titles, and
 * `npm run rules-coverage` fails on any id no test names.
 */

/** One rule of the seed file: a stable id and the rule in brief. */
export interface RuleEntry {
  id: string;
  rule: string;
}

/** Whirlyard's rules, in the seed file's order. */
export const RULES: readonly RuleEntry[] = [
  {
    id: 'WY-001',
    rule: 'The yard is an endless 6 by 6 board of pursuing drones, to be herded into each other or into scrap.',
  },
  { id: 'WY-002', rule: 'Survive and clear as many waves as you can: waves keep coming.' },
  { id: 'WY-003', rule: 'end_run banks the score at any time.' },
  { id: 'WY-004', rule: 'Otherwise the run ends when a drone reaches the rover.' },
  { id: 'WY-005', rule: 'Coordinates are zero-based (x,y), x to the right and y downward.' },
  { id: 'WY-006', rule: 'A cell index is y * 6 + x.' },
  { id: 'WY-007', rule: 'Every drone dismantled by pulse, scrap or collision pays 20.' },
  { id: 'WY-008', rule: 'A pursuit step with n casualties adds 10 × max(0, n - 1).' },
  { id: 'WY-009', rule: 'Pulse casualties stay out of that bonus.' },
  { id: 'WY-010', rule: 'First-step and charged-second-step bonuses are counted apart.' },
  { id: 'WY-011', rule: 'Clearing all drones pays 100, plus 50 if no pulse was used in the wave.' },
  { id: 'WY-012', rule: 'Move, wait, end_run, elapsed time and revisits pay nothing.' },
  { id: 'WY-013', rule: 'The score is never reduced, caught or banked.' },
  { id: 'WY-014', rule: 'Neither the score nor the wave number is capped.' },
  { id: 'WY-015', rule: 'Each wave starts with the rover at (2,2) and scrap at (3,3).' },
  { id: 'WY-016', rule: 'Wave 1 has four ordinary drones; waves 2 and 3 have five and six.' },
  { id: 'WY-017', rule: 'Waves 4, 5, 6 have six, seven, eight drones, one charged.' },
  { id: 'WY-018', rule: 'Waves 7, 8, 9 have eight, nine, ten drones, two charged.' },
  { id: 'WY-019', rule: 'Waves 10-12 have ten drones with three charged; wave 13 and later ten with four.' },
  {
    id: 'WY-020',
    rule: 'Drones spawn on unique cells two or more Chebyshev cells from the rover, never on rover or scrap, with a tested two-action nonterminal opening.',
  },
  { id: 'WY-021', rule: 'Waves 1-3 have at least six nonterminal first actions.' },
  { id: 'WY-022', rule: 'A move goes one cell in any of eight directions.' },
  { id: 'WY-023', rule: 'A move cannot leave the board or land on a drone or scrap.' },
  { id: 'WY-024', rule: 'A diagonal can pass between occupied orthogonal neighbours.' },
  { id: 'WY-025', rule: 'Wait stays put.' },
  { id: 'WY-026', rule: 'Pulse requires a charge and spends it even with nothing adjacent.' },
  {
    id: 'WY-027',
    rule: 'Pulse dismantles every drone at Chebyshev distance exactly one, before pursuit, leaving scrap on their cells.',
  },
  { id: 'WY-028', rule: 'Start with two charges, hold at most two, regain one per cleared wave.' },
  { id: 'WY-029', rule: 'Each accepted move, wait and pulse adds exactly one to the global and the wave turn.' },
  { id: 'WY-030', rule: 'After each, surviving drones step one cell toward the rover on each axis, simultaneously.' },
  {
    id: 'WY-031',
    rule: 'Contact resolves first: the run ends and that step pays no casualties, even if several drones meet there.',
  },
  { id: 'WY-032', rule: 'Next, drones arriving on existing scrap are dismantled.' },
  { id: 'WY-033', rule: 'Then two or more drones sharing a destination are dismantled and it becomes scrap.' },
  { id: 'WY-034', rule: 'Other drones remain.' },
  {
    id: 'WY-035',
    rule: 'On every third accepted action of a wave, surviving charged drones take a second simultaneous step.',
  },
  { id: 'WY-036', rule: 'Normal drones stand still in it, but charged drones can collide with them.' },
  { id: 'WY-037', rule: 'The second step resolves contact, scrap and groups in the same order.' },
  {
    id: 'WY-038',
    rule: 'When the last drone goes after pulse, first step or second step, exactly one wave clears at once; the new board waits for the next action.',
  },
  { id: 'WY-039', rule: 'A new wave resets the cadence and the pulse record and restores one charge up to two.' },
  { id: 'WY-040', rule: 'end_run consumes no turn and pays no unfinished-wave bonus.' },
  {
    id: 'WY-041',
    rule: 'Invalid actions, an exhausted pulse, blocked or off-board moves and actions after the end change nothing and are refused with the legal actions.',
  },
  { id: 'WY-042', rule: 'The seed and the action sequence fully determine the JSON state.' },
  { id: 'WY-043', rule: "The action grammar is the seed file's." },
];
