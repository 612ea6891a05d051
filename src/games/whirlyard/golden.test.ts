/**
 * Golden numbers. The seed-7 run below was worked through by hand against the rules before it was
 * pinned (the working is in the comments); the fixed-agent hashes are regression pins: if one changes
 * on purpose, bump RULES_VERSION.
 */
import { describe, expect, it } from 'vitest';
import { advance, loadGolden } from '../../../test/helpers/golden.js';
import { whirlyard } from './index.js';
import { observe } from './observe.js';
import { RULES_VERSION } from './spec.js';
import { END_A, PULSE_A, WAIT_A, map, move, play, toMap } from './testkit.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';
import { toWire } from './wire.js';

describe('seed 7, worked by hand', () => {
  it('starts wave 1 with drones at (0,0), (0,2), (0,5) and (2,5)', () => {
    const s = whirlyard.init(7);
    expect(s.drones).toEqual([0, 12, 30, 32]);
    expect(toMap(s)).toBe(
      map(`
      d.....
      ......
      d.R...
      ...#..
      ......
      d.d...`),
    );
  });

  it('plays wait, pulse, nw, wait, pulse, wait, end_run to 480 points in wave 3', () => {
    const s0 = whirlyard.init(7);
    // wait: (0,0)->(1,1) (0,2)->(1,2) (0,5)->(1,4) (2,5)->(2,4); nothing lands on anything
    const s1 = play(s0, WAIT_A).state;
    expect(toMap(s1)).toBe(map('......\n.d....\n.dR...\n...#..\n.dd...\n......'));
    // pulse: (1,1) and (1,2) are adjacent: +40; (1,4) and (2,4) both step to (2,3): +40 +10;
    // the board is empty: +100 (a pulse was used), wave 2, charge back to 2
    const s2 = play(s1, PULSE_A).state;
    expect([s2.score, s2.wave, s2.turn, s2.waveTurn, s2.charges]).toEqual([190, 2, 2, 0, 2]);
    expect(toMap(s2)).toBe(map('......\n......\n..R..d\n...#d.\n.d....\nd....d'));
    // nw to (1,1): everyone steps toward it, no contact, no scrap reached
    const s3 = play(s2, move('nw')).state;
    expect(toMap(s3)).toBe(map('......\n.R..d.\n...d..\n.d.#..\n.d..d.\n......'));
    // wait: (4,4) steps onto the scrap at (3,3): +20
    const s4 = play(s3, WAIT_A).state;
    expect(s4.score).toBe(210);
    expect(toMap(s4)).toBe(map('......\n.Rdd..\n.d....\n.d.#..\n......\n......'));
    // pulse: (2,1) and (1,2) go (+40); (3,1) and (1,3) step onto their fresh scrap (+40 +10); clear +100
    const s5 = play(s4, PULSE_A).state;
    expect([s5.score, s5.wave, s5.turn, s5.waveTurn, s5.charges]).toEqual([400, 3, 5, 0, 2]);
    expect(toMap(s5)).toBe(map('...dd.\n......\n..R...\n...#.d\n....d.\n.dd...'));
    // wait: (4,4) onto scrap (3,3); (1,5) and (2,5) meet at (2,4): three casualties, +60 +20
    const s6 = play(s5, WAIT_A).state;
    expect(s6.score).toBe(480);
    expect(toMap(s6)).toBe(map('......\n..dd..\n..R.d.\n...#..\n..#...\n......'));
    // end_run: no turn, no points
    const s7 = play(s6, END_A).state;
    expect([s7.score, s7.wave, s7.turn, s7.waveTurn, s7.over, s7.endReason]).toEqual([480, 3, 6, 1, true, 'ended']);
    expect(toWire(s7).data).toMatchObject({ drones: [8, 9, 16], scrap: [21, 26] });
  });

  it('shows the start of seed 7 to a language model like this', () => {
    expect(observe(whirlyard.init(7)).text).toMatchInlineSnapshot(`
      "Whirlyard - wave 1, turn 0 (wave turn 0), score 0
        012345 x
      0 d.....
      1 ......
      2 d.R...
      3 ...#..
      4 ......
      5 d.d...
      y
      Legend: R rover, d drone, C charged drone, # scrap, . empty, X rover caught by a drone.
      Coordinates (x,y): x is the column 0-5 left to right, y the row 0-5 top to bottom. You (R) are at (2,2).
      Charges 2/2; pulse used this wave: no.
      Drones 4 (0 charged): (0,0) (0,2) (0,5) (2,5); scrap 1.
      Charged drones step twice on every 3rd action of a wave; next: wave turn 3, in 3 actions.
      Status: in play.
      Directions: n is up (y-1), s is down (y+1), w is left (x-1), e is right (x+1); nw, ne, sw, se combine two. A move may not leave the board or end on a drone or scrap. After every move, wait or pulse all drones step one cell toward the rover (diagonally unless level with it); a drone reaching the rover ends the run.
      pulse (needs a charge) turns every drone next to the rover (8 neighbours) into scrap before the drones move. end_run banks the score and ends the run.
      Scoring: 20 per drone destroyed (pulse, scrap or collision); one pursuit step destroying n>1 drones adds 10x(n-1); clearing a wave 100, plus 50 if no pulse was fired in it. Drones that meet on one cell or step on scrap are destroyed. The score never goes down.
      Legal actions now (send exactly one of these JSON objects as "action"):
      {"type":"move","direction":"nw"}
      {"type":"move","direction":"n"}
      {"type":"move","direction":"ne"}
      {"type":"move","direction":"w"}
      {"type":"move","direction":"e"}
      {"type":"move","direction":"sw"}
      {"type":"move","direction":"s"}
      {"type":"wait"}
      {"type":"pulse"}
      {"type":"end_run"}"
    `);
  });
});

/** A fixed agent: the first legal action (moves, wait, pulse) after which the run goes on, else wait. */
function cautious(s: WhirlyardState): WhirlyardAction {
  for (const a of whirlyard.legalActions(s)) {
    if (a.type === 'end_run') continue;
    const r = whirlyard.step(s, a);
    if (r.ok && !r.state.over) return a;
  }
  return WAIT_A;
}

// The runs themselves, step by step, are golden/whirlyard/cautious-seed-*.json (replayed by
// test/golden.test.ts); here the agent is held to them.
describe('fixed-agent pins (regression, ' + RULES_VERSION + ')', () => {
  it.each([
    { seed: 1, score: 3900, wave: 13 },
    { seed: 2, score: 1020, wave: 5 },
    { seed: 3, score: 1330, wave: 6 },
  ])('the cautious agent from seed $seed is caught at score $score in wave $wave', ({ seed, score, wave }) => {
    const run = loadGolden('whirlyard', `cautious-seed-${seed}`);
    let s = whirlyard.init(seed);
    run.actions.forEach((a, i) => {
      expect(cautious(s), `action ${i}`).toEqual(a);
      s = advance(whirlyard, s, a, i) as WhirlyardState;
    });
    expect(s.endReason).toBe('caught');
    expect({ score: s.score, wave: s.wave }).toEqual({ score, wave });
  });
});
