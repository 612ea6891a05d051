import { describe, expect, it } from 'vitest';
import { observe } from './observe.js';
import { PULSE_A, WAIT_A, fromMap, play } from './testkit.js';

describe('observation', () => {
  const s = fromMap(
    `
    C.....
    ......
    ..R...
    ...#..
    ......
    .....d`,
    { wave: 4, turn: 17, waveTurn: 1, charges: 1, pulseUsed: true, score: 340 },
  );

  it('has every structured field the issue names', () => {
    expect(observe(s)).toEqual({
      text: expect.any(String),
      rover: { x: 2, y: 2 },
      drones: [
        { x: 0, y: 0, charged: true },
        { x: 5, y: 5, charged: false },
      ],
      scrap: [{ x: 3, y: 3 }],
      wave: 4,
      turn: 17,
      waveTurn: 1,
      charges: 1,
      maxCharges: 2,
      pulseUsedThisWave: true,
      score: 340,
      gameOver: false,
      endReason: null,
      actionsUntilChargedStep: 2,
    });
  });

  it('counts down to the charged second step and restarts after it', () => {
    const counts = [];
    let t = fromMap('R.....\n......\n......\n......\n......\n.....C');
    for (let i = 0; i < 4; i++) {
      counts.push(observe(t).actionsUntilChargedStep);
      t = play(t, i === 0 ? PULSE_A : WAIT_A).state;
    }
    expect(counts).toEqual([3, 2, 1, 3]);
  });

  it('text shows the map with a legend and every counter', () => {
    const text = observe(s).text;
    for (const line of ['0 C.....', '2 ..R...', '3 ...#..', '5 .....d']) expect(text).toContain(line);
    expect(text).toContain('Legend: R rover, d drone, C charged drone, # scrap, . empty');
    expect(text).toContain('wave 4, turn 17 (wave turn 1), score 340');
    expect(text).toContain('Charges 1/2; pulse used this wave: yes.');
    expect(text).toContain('next: wave turn 3, in 2 actions');
  });

  it('a caught rover is drawn as X and the run reports why it ended', () => {
    const caught = play(fromMap('......\n.d....\n..R...\n......\n......\n......'), WAIT_A).state;
    const o = observe(caught);
    expect([o.gameOver, o.endReason, o.actionsUntilChargedStep]).toEqual([true, 'caught', null]);
    expect(o.text).toContain('2 ..X...');
    expect(o.text).toContain('CAUGHT');
    expect(o.drones).toEqual([{ x: 2, y: 2, charged: false }]);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(observe(s)))).toEqual(observe(s));
  });
});
