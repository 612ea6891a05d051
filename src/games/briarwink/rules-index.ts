/**
 * Every rule sentence of Briarwink's seed file (shared/seeds/000_f24a9fe9a6231248.txt), one id each, in
 * the file's order and in our own words. Long lists (the tick order, the band table, the observation's
 * sections) are one id each, and sentences whose parts are tested apart are split. Tests name the ids
 * they check in their titles (`it('BW-066 a bloom is active for 18 ticks', …)`), and
 * `npm run rules-coverage` fails on any id no test names.
 */

/** One rule of the seed file: a stable id and the rule in brief. */
export interface RuleEntry {
  id: string;
  rule: string;
}

/** Briarwink's rules, in the seed file's order. */
export const RULES: readonly RuleEntry[] = [
  // Goal
  {
    id: 'BW-001',
    rule: 'The garden is a 7x9 grid of 63 cells numbered y*7+x; neighbours are orthogonal and nothing wraps.',
  },
  { id: 'BW-002', rule: 'The player is the gardener.' },
  { id: 'BW-003', rule: 'Dimlings wander the garden among moonstones and briar.' },
  {
    id: 'BW-004',
    rule: 'A planted pod bursts 66 ticks later into a bloom along its row and column, up to its reach each way.',
  },
  {
    id: 'BW-005',
    rule: 'A bloom clears briar, wakes other pods, relights the dimlings it touches into fireflies, and dazzles a gardener standing in it.',
  },
  {
    id: 'BW-006',
    rule: "Once every dimling of the night is relit the gate opens on the last relight's cell; stepping on it, or standing there as it opens, clears the night.",
  },
  { id: 'BW-007', rule: 'Between nights the player either starts the next night or ends the run, keeping the score.' },
  {
    id: 'BW-008',
    rule: 'A night has no time limit; the pressure comes from the creep after the calm, restless dimlings, regrowth from night 4, new kinds and moonless nights from 13.',
  },
  { id: 'BW-009', rule: 'The run ends when the hearts run out or on endRun.' },
  // Scoring
  { id: 'BW-010', rule: 'The score never falls.' },
  {
    id: 'BW-011',
    rule: 'Relight base values: mope 50, peeker 80, rootling 100, nudger 100, twinbud 120, sprig 30, tangler 150.',
  },
  {
    id: 'BW-012',
    rule: 'A cascade is a pod burst on its own timer and every pod its blooms wake; its k-th relight pays base x min(k, 8).',
  },
  {
    id: 'BW-013',
    rule: 'Same-tick relights in one cascade go by base value ascending, then id; relights into a lingering bloom count for its cascade.',
  },
  { id: 'BW-014', rule: 'A closing cascade pays 50 x (min(pods burst, 8) - 1), only if it relit a dimling.' },
  { id: 'BW-015', rule: 'Each original briar cell cleared pays 10; regrown briar and sprouts pay nothing.' },
  { id: 'BW-016', rule: 'A collected pickup pays 25, or 100 when its upgrade is already maxed.' },
  {
    id: 'BW-017',
    rule: 'Clearing a night pays 100 x min(night, 30), plus 50 x min(night, 30) when no heart was lost that night.',
  },
  { id: 'BW-018', rule: 'Every 4th night cleared grants a heart, or 300 points at 5 hearts.' },
  { id: 'BW-019', rule: 'Time, walking, waiting and surviving score nothing.' },
  {
    id: 'BW-020',
    rule: 'endRun neither adds nor removes points: mid-night there is no night bonus and open cascades stay unpaid.',
  },
  // Actions
  { id: 'BW-021', rule: "start begins a night and is legal only while waiting (the run's opening and every break)." },
  {
    id: 'BW-022',
    rule: 'A tick holds a move (up, right, down, left or null) or a walkTo cell 0-62, with optional plant and count.',
  },
  { id: 'BW-023', rule: 'A tick carries move or walkTo, never both.' },
  { id: 'BW-024', rule: 'endRun is legal while playing and in a break, never in the opening wait.' },
  { id: 'BW-025', rule: 'Nothing throws: a disallowed action answers ok false with a reason and the legal actions.' },
  {
    id: 'BW-026',
    rule: 'While playing the legal list is the ten single ticks (each move, plant false and true) plus endRun; walkTo and count are variants of them.',
  },
  { id: 'BW-027', rule: "A tick while waiting is refused with 'send start first', so nothing moves before start." },
  { id: 'BW-028', rule: 'plant true is always accepted and ignored when planting is impossible.' },
  { id: 'BW-029', rule: 'Unknown fields are rejected.' },
  { id: 'BW-030', rule: 'The clock is 30 ticks a second, and nothing moves between requests.' },
  // Batches
  {
    id: 'BW-031',
    rule: 'count 1-30 (default 1) runs that many ticks with the same move or walkTo; plant applies to the first only.',
  },
  {
    id: 'BW-032',
    rule: 'A batch stops early after a tick that costs a heart, clears the night or ends the run, or when walkTo leaves you standing on the target.',
  },
  {
    id: 'BW-033',
    rule: 'lastBatch reports ticks requested and applied and the stop reason; events lists up to 64 happenings.',
  },
  { id: 'BW-034', rule: 'A batch equals the same ticks sent one by one.' },
  // Tick order
  {
    id: 'BW-035',
    rule: 'Each tick runs respawn, plant, move, dimlings, pod timers, bloom ageing, bursts, relights, hazards, deferred spawns, cascade closing, regrowth, calm and creep, gate check, counters.',
  },
  // Tiles
  { id: 'BW-036', rule: 'Floor: everyone enters; a beam covers it and goes on.' },
  {
    id: 'BW-037',
    rule: 'Sprout: the gardener tramples it to floor, dimlings enter; a beam covers it, clears it and goes on.',
  },
  {
    id: 'BW-038',
    rule: 'Briar (original or regrown) blocks everyone but rootlings; a beam covers and clears the first and stops.',
  },
  { id: 'BW-039', rule: 'Moonstone, hedge and thicket block everyone; a beam stops short of them.' },
  { id: 'BW-040', rule: 'Pond blocks everyone; a beam covers it and goes on.' },
  { id: 'BW-041', rule: 'A pod blocks every walker (a nudger may push it).' },
  { id: 'BW-042', rule: 'Pickups can be walked over, and only the gardener enters the open gate.' },
  { id: 'BW-043', rule: 'Walkers, pickups, fireflies and the gate never stop a beam.' },
  // Movement
  { id: 'BW-044', rule: 'The gardener and dimlings are walkers moving tile to tile.' },
  {
    id: 'BW-045',
    rule: 'A step takes stepTicks (gardener 8, then 7 and 6); a walker occupies its origin until progress reaches half the step rounded up; collisions, relights and pickups use the occupied cell.',
  },
  { id: 'BW-046', rule: 'A direction while idle starts a step into an enterable neighbour, progress 1 on that tick.' },
  {
    id: 'BW-047',
    rule: 'Mid-step the opposite direction reverses from the same spot while the origin is enterable (a pod there prevents it).',
  },
  { id: 'BW-048', rule: 'Mid-step another direction waits for arrival, and null finishes the step and stops.' },
  { id: 'BW-049', rule: 'Holding a direction walks exactly stepTicks ticks per tile.' },
  { id: 'BW-050', rule: 'A Quick Step collected mid-step speeds up the next step.' },
  {
    id: 'BW-051',
    rule: 'A destination that closes while the origin is still occupied turns the walker back, or stops the gardener where it stands when the origin holds its own pod; dimlings too.',
  },
  // walkTo
  {
    id: 'BW-052',
    rule: 'walkTo picks a direction every tick by breadth-first search from the occupied cell over enterable cells, blooms blocked, expanding up, right, down, left.',
  },
  {
    id: 'BW-053',
    rule: 'An unreachable target leads to the nearest reachable cell (Manhattan, then search distance, then index).',
  },
  { id: 'BW-054', rule: 'A step ending under an active bloom whose origin is not under one turns back.' },
  { id: 'BW-055', rule: 'Standing on the target, you stay.' },
  { id: 'BW-056', rule: 'walkTo never routes through pods or active blooms.' },
  { id: 'BW-057', rule: 'walkTo does not avoid future blooms or dimlings.' },
  // Pods and blooms
  {
    id: 'BW-058',
    rule: 'plant puts a pod on your occupied cell when present, under the pod cap, with no pod there, on floor or sprout and not the gate.',
  },
  { id: 'BW-059', rule: 'A pod keeps the reach you had when planting it.' },
  { id: 'BW-060', rule: 'A pod starts at bloomIn 66, counts down from the next tick and bursts at 0.' },
  { id: 'BW-061', rule: "You may leave a pod's cell but never enter it again." },
  {
    id: 'BW-062',
    rule: "A burst covers the pod's cell and up to reach cells each way by the tile rules, stopping at the edge.",
  },
  { id: 'BW-063', rule: 'A beam reaching another pod covers it, wakes it (bloomIn at most 3) and stops.' },
  { id: 'BW-064', rule: 'Clearing original briar reveals its hidden power-up at once.' },
  { id: 'BW-065', rule: 'Power-ups are bloom-proof.' },
  { id: 'BW-066', rule: 'A bloom is active for 18 ticks, its burst tick included.' },
  {
    id: 'BW-067',
    rule: 'Whatever occupies a cell under an active bloom at the relight and hazard stages is affected, walkers stepping in later too.',
  },
  {
    id: 'BW-068',
    rule: 'A pod under an active bloom is woken at the pod stage, including one pushed or planted into a lingering bloom.',
  },
  { id: 'BW-069', rule: 'A pod woken this tick never bursts this tick.' },
  // Cascades
  { id: 'BW-070', rule: 'A pod bursting on its own timer opens a cascade with its pod id.' },
  {
    id: 'BW-071',
    rule: 'A woken pod joins the cascade of the bloom that woke it, the lowest id when several qualify.',
  },
  { id: 'BW-072', rule: 'A dimling under several blooms is relit by the lowest covering cascade.' },
  // Dimlings
  { id: 'BW-073', rule: 'Dimlings pass through each other.' },
  { id: 'BW-074', rule: 'Dimlings never avoid blooms.' },
  {
    id: 'BW-075',
    rule: 'Dimlings never enter pods (unless a nudger pushes), briar (but rootlings), moonstone, hedge, thicket, pond or creep marks.',
  },
  { id: 'BW-076', rule: 'Dimlings keep out of the spawn pocket during the 150-tick opening hush.' },
  {
    id: 'BW-077',
    rule: 'Idle at a centre, a dimling lists open exits URDL, drops the way back unless it is the only one, goes straight on a 70% draw when open, else picks uniformly.',
  },
  { id: 'BW-078', rule: 'A dimling with no exit waits 8 ticks.' },
  { id: 'BW-079', rule: "Choices draw from the night's seeded stream in ascending id." },
  { id: 'BW-080', rule: 'Mopes come from night 1 and step every 15 ticks.' },
  { id: 'BW-081', rule: 'Peekers come from night 4 and step every 12 ticks.' },
  {
    id: 'BW-082',
    rule: 'A peeker that sees you within 5 on its row or column over floor, sprout or pond with no pod stares 12 ticks, then dashes at 7 ticks a step, rechecking sight at each centre, and wanders again when sight breaks or the way is blocked.',
  },
  { id: 'BW-083', rule: 'Grace does not hide you from a peeker.' },
  {
    id: 'BW-084',
    rule: 'Rootlings (night 7) walk floor and briar, 16 ticks into open cells and 24 into briar, show as a rustle in briar, and are relit by a beam clearing their briar.',
  },
  {
    id: 'BW-085',
    rule: 'Nudgers (night 10) step every 13 ticks and push a pod one cell when the cell beyond is free floor or sprout, keeping its bloomIn, reach and cascade.',
  },
  {
    id: 'BW-086',
    rule: 'Twinbuds (night 13) step every 14 ticks; a relight queues a split into two sprigs once the cell has no bloom, heading apart on the axis with more exits (horizontal on a tie).',
  },
  { id: 'BW-087', rule: 'Sprigs step every 10 ticks and shimmer their first 15 ticks: harmless but relightable.' },
  {
    id: 'BW-088',
    rule: 'Tanglers (night 17) step every 20 ticks and sprout the floor cell they leave every 2nd cell change, with the listed exceptions and at most 12 sprouts.',
  },
  // Roster
  {
    id: 'BW-089',
    rule: 'The band table gives, night by night, dimlings, advanced slots, layouts, briar, hidden power-ups, calm, creep and sprout intervals and moonless odds.',
  },
  {
    id: 'BW-090',
    rule: "A kind's debut night has exactly one of it; other advanced slots draw unlocked kinds under per-night caps; the rest are mopes.",
  },
  { id: 'BW-091', rule: 'Meadow nights have 10 more points of briar density.' },
  // Hearts
  { id: 'BW-092', rule: 'You start with 3 hearts, at most 5.' },
  {
    id: 'BW-093',
    rule: 'A heart is lost when dazzled by an active bloom (yours too), bumped by a non-shimmering dimling on your cell, or swapping cells with a dimling.',
  },
  { id: 'BW-094', rule: 'Relights resolve before hazards, so a dimling relit as it reaches you costs nothing.' },
  { id: 'BW-095', rule: 'No heart is lost during grace or while away.' },
  {
    id: 'BW-096',
    rule: 'After a loss you are away 24 ticks; your highest upgrade drops a level (ties Wide Petal, Extra Pod, Quick Step) as a pickup where you were once the cell has no bloom.',
  },
  {
    id: 'BW-097',
    rule: 'You return on the best free floor or sprout cell by the listed order, with 75 ticks of grace, moving and planting as normal.',
  },
  { id: 'BW-098', rule: 'At 0 hearts the run is finished.' },
  // Power-ups
  {
    id: 'BW-099',
    rule: 'Wide Petal raises reach 2, 3, 4; Extra Pod raises the pod cap 1, 2, 3; Quick Step shortens the step 8, 7, 6.',
  },
  {
    id: 'BW-100',
    rule: "Power-ups hide under original briar: night 1 Wide Petal and Extra Pod, night 2 Quick Step and one seeded kind, later the band's count.",
  },
  {
    id: 'BW-101',
    rule: 'Upgrades carry over between nights; pickups left on the ground when a night clears are gone.',
  },
  // Calm and creep
  { id: 'BW-102', rule: 'Each night opens with a calm during which nothing creeps.' },
  {
    id: 'BW-103',
    rule: 'When the calm ends dimlings step 2 ticks faster (minimum 6, dash unchanged), 3 spiral cells are marked, and 3 intervals later marks start growing into thicket, one per interval.',
  },
  {
    id: 'BW-104',
    rule: 'The spiral starts at the corner opposite your spawn, runs clockwise round the outer ring then inward, skipping stone, hedge and pond, never entering the inner core.',
  },
  {
    id: 'BW-105',
    rule: 'Growth moves walkers, pickups and waiting spawns off the cell by the listed rules, wakes a pod there, and turns briar and sprouts to thicket.',
  },
  // Regrowth
  {
    id: 'BW-106',
    rule: 'From night 4 a sprout appears every regrowth interval on a seeded floor cell that began the night as briar, away from your cell, the pocket, pickups, pods, the gate, walkers and marks, at most 12.',
  },
  {
    id: 'BW-107',
    rule: 'A sprout becomes regrown briar after 150 ticks with no walker on or stepping into it and no pod or pickup on it.',
  },
  { id: 'BW-108', rule: 'Creep, regrowth and restlessness stop when the last dimling is relit, and the marks clear.' },
  // The moon gate
  {
    id: 'BW-109',
    rule: "With no dimlings or queued splits left, the gate opens on the last relight's cell on the first tick it has no active bloom.",
  },
  {
    id: 'BW-110',
    rule: 'Clearing the night closes and pays open cascades, pays night bonuses, checks the heart reward, removes pods, blooms, pickups, sprouts and fireflies, and waits for start.',
  },
  // Moonless nights
  { id: 'BW-111', rule: 'From night 13 some nights are moonless, which changes what you see and never the rules.' },
  {
    id: 'BW-112',
    rule: 'A cell is lit within squared distance 6 of you, 2 of a firefly or the open gate, 1 of a pod, or under an active bloom.',
  },
  {
    id: 'BW-113',
    rule: "Terrain, pods, blooms, marks, sprouts and fireflies always show; dimlings and pickups only on lit cells, except a spotted or dashing peeker's eyes.",
  },
  { id: 'BW-114', rule: 'Every relight leaves a firefly lighting the garden for the rest of the night.' },
  // The observation
  {
    id: 'BW-115',
    rule: 'The text holds header, stats, score, pressure, map, then pods with their cells, blooms, visible dimlings and pickups, the gate, sprouts with their clocks, fireflies, and unlit cells on moonless nights.',
  },
  { id: 'BW-116', rule: 'The map uses the listed legend.' },
  { id: 'BW-117', rule: 'player holds the listed fields, -1 meaning none or away.' },
  { id: 'BW-118', rule: 'turn is the tick count.' },
  // Generation
  {
    id: 'BW-119',
    rule: "Each night is drawn from the run seed and night number: spawn corner with a clear 7-cell pocket and two 3-step escapes, a layout from the band's pool, dimlings 5 from the corner and 3 from the pocket, briar at the band's density.",
  },
  { id: 'BW-120', rule: 'The whole run is a pure function of the seed and the actions.' },
];
