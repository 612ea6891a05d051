/**
 * Every rule sentence of Cragwake's seed file (shared/seeds/004_fad6ef1061ab6292.txt), one id each, in
 * the file's order and in our own words. Compound sentences are split where their parts are tested
 * apart. Tests name the ids they check in their titles (`it('CW-031 a crimp costs 2', …)`), and
 * `npm run rules-coverage` fails on any id no test names.
 */

/** One rule of the seed file: a stable id and the rule in brief. */
export interface RuleEntry {
  id: string;
  rule: string;
}

/** Cragwake's rules, in the seed file's order. */
export const RULES: readonly RuleEntry[] = [
  // Goal
  { id: 'CW-001', rule: 'The wall is six columns wide and endless; one action is one turn.' },
  {
    id: 'CW-002',
    rule: 'Every tenth row is a belay ledge: reaching it completes the pitch, refills stamina, and offers the choice to go on.',
  },
  { id: 'CW-003', rule: 'Every move spends stamina; the only income is breathing on a jug, which costs a turn.' },
  { id: 'CW-004', rule: 'No clock and no opponent: the wall only changes when the player acts.' },
  {
    id: 'CW-005',
    rule: 'There is no final pitch: the wall hardens to pitch 34, then holds, while the pitch award keeps growing.',
  },
  // Scoring
  { id: 'CW-006', rule: 'Height pays 10 per row above the previous high point, from the very first move.' },
  { id: 'CW-007', rule: 'Completing pitch n pays 100 × n plus 15 per stamina on arrival, counted before the refill.' },
  {
    id: 'CW-008',
    rule: 'A pitch whose stamina never fell to 3 or below is clean: the streak grows by one and pays 150 × streak.',
  },
  { id: 'CW-009', rule: 'The clean streak is capped at 6.' },
  { id: 'CW-010', rule: 'A pitch that dips resets the streak to zero.' },
  {
    id: 'CW-011',
    rule: 'Nothing else pays and nothing subtracts: running dry, spindrift, lost holds and ending a run cost nothing.',
  },
  // Actions
  { id: 'CW-012', rule: 'Exactly four actions: move onto an absolute cell, breathe, climbOn and endRun.' },
  { id: 'CW-013', rule: 'Nothing throws, and a refusal changes nothing: no stamina, no turn, no wall.' },
  // Geometry
  { id: 'CW-014', rule: 'A position is (row, col): rows count upward from 0, columns run 0 to 5.' },
  { id: 'CW-015', rule: 'The run starts at row 0, column 3.' },
  { id: 'CW-016', rule: 'Row 0 and every row divisible by 10 is a ledge of six jugs with no breaths.' },
  { id: 'CW-017', rule: 'Ledges are immune to ice, gusts, rockfall and overhang.' },
  { id: 'CW-018', rule: 'Moving onto a ledge always costs exactly 1.' },
  // The band
  {
    id: 'CW-019',
    rule: 'The state carries exactly 10 rows: three under the high point, the high point, and the rows above it.',
  },
  { id: 'CW-020', rule: 'The floor never drops under the ledge the current pitch started from.' },
  // Moves
  { id: 'CW-021', rule: 'A step is any of the 8 neighbours.' },
  {
    id: 'CW-022',
    rule: 'A lunge is one of 7 longer reaches, never downward: 2 sideways, 2 sideways and 1 up, or 2 up and at most 1 across.',
  },
  { id: 'CW-023', rule: 'No lunge from an icy hold.' },
  { id: 'CW-024', rule: 'Lunging off a cracked hold destroys it, whatever its cracks say.' },
  {
    id: 'CW-025',
    rule: 'No move goes above the next unclimbed belay: from the row under it the two-row reach is not offered.',
  },
  { id: 'CW-026', rule: 'From the row under a belay the belay is one step away, for 1.' },
  { id: 'CW-027', rule: 'A lunge never carries you over a belay, so every pitch can always be completed.' },
  // Cost
  { id: 'CW-028', rule: 'Base cost 1 for a jug or plain hold, 2 for a crimp.' },
  { id: 'CW-029', rule: 'Plus 2 for a lunge.' },
  { id: 'CW-030', rule: 'Plus 2 if the target is icy.' },
  { id: 'CW-031', rule: 'Plus 1 if the target row overhangs.' },
  { id: 'CW-032', rule: 'Plus 2 if the target column gusts this turn.' },
  { id: 'CW-033', rule: 'A ledge row charges none of the four extras.' },
  { id: 'CW-034', rule: 'The highest possible cost is 9.' },
  {
    id: 'CW-035',
    rule: 'A move is legal only onto a hold in the band, at or above the floor, with stamina at least its cost.',
  },
  { id: 'CW-036', rule: 'There is no borrowing.' },
  // Breathing
  { id: 'CW-037', rule: 'Breathing is always legal while climbing, and always a turn.' },
  {
    id: 'CW-038',
    rule: 'On a non-ledge jug with breaths left a breath gains 4, or 2 on an overhanging row, and uses a breath for good.',
  },
  { id: 'CW-039', rule: 'Anywhere else, a spent jug and any ledge included, breathing costs 1.' },
  { id: 'CW-040', rule: 'Breaths never come back.' },
  // Cracked holds
  { id: 'CW-041', rule: 'A cracked hold loses a crack when you leave it, never on arrival, standing or breathing.' },
  { id: 'CW-042', rule: 'At zero cracks the hold is gone.' },
  { id: 'CW-043', rule: 'A cracked hold takes your weight exactly as many times as it says.' },
  // Ice
  { id: 'CW-044', rule: 'On creep turns every frosting hold turns icy.' },
  { id: 'CW-045', rule: 'On creep turns every dry hold orthogonally next to an already icy hold starts frosting.' },
  { id: 'CW-046', rule: 'Frosting costs nothing, so a hold frosts for a full creep interval before costing 2.' },
  // Gusts and rockfall
  { id: 'CW-047', rule: 'Gusts and rockfall are pure functions of the seed and the turn.' },
  { id: 'CW-048', rule: 'Gusts and rockfall are published a turn ahead in the state.' },
  { id: 'CW-049', rule: 'A gust adds 2 to its columns for that turn.' },
  {
    id: 'CW-050',
    rule: 'Rockfall sweeps one column at the end of the turn, after the move, so there is always one move to leave.',
  },
  { id: 'CW-051', rule: 'A sweep turns a jug into a plain hold and a plain hold into a cracked one.' },
  { id: 'CW-052', rule: 'A sweep removes a crimp or an already cracked hold, unless it is the last hold in its row.' },
  { id: 'CW-053', rule: 'Rockfall never changes your own cell: you lose 4 stamina instead, counted as spindrift.' },
  // A line always exists
  {
    id: 'CW-054',
    rule: 'After any hold goes, the generator’s repair re-runs: a hold with nothing in reach above gets a plain hold written there.',
  },
  { id: 'CW-055', rule: 'Being stranded is unreachable: a line to the next belay always exists.' },
  // Turn order
  {
    id: 'CW-056',
    rule: 'Turn order: pay or gain; spend a crack; move; height; dip; belay (stop); rockfall; frost; next turn; end test.',
  },
  {
    id: 'CW-057',
    rule: 'The belay is tested before the end: landing on it with 0 stamina completes the pitch and refills.',
  },
  // At a ledge
  { id: 'CW-058', rule: 'On a completed belay only climbOn and endRun are legal.' },
  { id: 'CW-059', rule: 'The wall does not change while you sit on the belay.' },
  { id: 'CW-060', rule: 'Neither climbOn nor endRun touches score or stamina.' },
  // Endings
  {
    id: 'CW-061',
    rule: 'A run ends at 0 stamina, when no legal move exists, or by endRun at a ledge; all keep every point.',
  },
  // Difficulty
  { id: 'CW-062', rule: 'The difficulty parameters at pitches 1, 5, 8, 13, 22 and 34 are as listed.' },
  { id: 'CW-063', rule: 'Every row holds a number of holds within its pitch’s range.' },
  {
    id: 'CW-064',
    rule: 'Holds are jugs, crimps, cracked and icy in the pitch’s shares; jugs carry the pitch’s breaths.',
  },
  { id: 'CW-065', rule: 'Rows overhang with the pitch’s overhang share.' },
  {
    id: 'CW-066',
    rule: 'Frost, gusts and sweeps come every N turns as the pitch lists (0: never), on the listed number of columns.',
  },
  { id: 'CW-067', rule: 'Foresight is the pitch’s listed number of rows.' },
  { id: 'CW-068', rule: 'Above pitch 34 nothing moves except the pitch award.' },
  // Determinism
  { id: 'CW-069', rule: 'No clock and no randomness at action time.' },
  {
    id: 'CW-070',
    rule: 'Row content is a pure function of the seed and the row; no cursor is stored; a seed and actions replay bit for bit.',
  },
  // Observation
  { id: 'CW-071', rule: 'Every response carries state, observation, legalActions, score and gameOver.' },
  { id: 'CW-072', rule: 'Rows above the foresight are fog: blank cells, fogged true, the same for every player.' },
  { id: 'CW-073', rule: 'Nothing else is hidden, and no fogged row is ever a legal target.' },
  // Rejections
  { id: 'CW-074', rule: 'A malformed shape is unknown_action.' },
  {
    id: 'CW-075',
    rule: 'A refused well-formed action comes back ok false with the legal list and one of six reasons.',
  },
  { id: 'CW-076', rule: 'too_costly names the cost and the stamina held.' },
  { id: 'CW-077', rule: 'The legal list is exactly the set of actions that would be accepted.' },
];
