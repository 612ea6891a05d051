import { describe, expect, it } from 'vitest';
import type { WireState } from '../../core/game.js';
import { StateSealer } from '../../server/state/seal.js';
import { cragwake } from './index.js';
import { legalActions } from './rules.js';
import { play, startAt } from './testkit.js';
import type { CragwakeState } from './types.js';
import { fromWire, toWire } from './wire.js';

type Row = { row: number; fogged: boolean; overhang: boolean | null; cells: string[] };
const band = (s: CragwakeState) => (toWire(s).data as { band: Row[] }).band;

function walk(seed: number, steps: number, from = cragwake.init(seed)): CragwakeState[] {
  const out = [from];
  let s = from;
  for (let i = 0; i < steps && s.phase !== 'over'; i++) {
    const legal = legalActions(s).filter((a) => a.type !== 'endRun');
    const up = legal.filter((a) => a.type === 'move' && a.row > s.row);
    const pick = up.length && i % 3 !== 0 ? up[i % up.length] : legal[(i * 7) % legal.length];
    s = play(s, pick).state;
    out.push(s);
  }
  return out;
}

describe('THE BAND on the wire', () => {
  it('CW-019 the readable state carries exactly 10 rows, from the floor up', () => {
    for (const s of [...walk(1, 80), ...walk(2, 80, startAt(2, 30))]) {
      const rows = band(s);
      expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 10 }, (_, i) => s.floor + i));
    }
  });

  it('CW-072 rows above the foresight are fog: blank cells, fogged true, and the true rows only in the sealed part', () => {
    const s = cragwake.init(12);
    const rows = band(s);
    expect(rows.filter((r) => r.fogged).map((r) => r.row)).toEqual([7, 8, 9]);
    for (const r of rows.filter((x) => x.fogged))
      expect(r).toEqual({ row: r.row, fogged: true, overhang: null, cells: ['', '', '', '', '', ''] });
    const back = fromWire(JSON.parse(JSON.stringify(toWire(s))) as WireState);
    expect(back.cells.slice(7 * 6)).toEqual(s.cells.slice(7 * 6));
    expect(s.cells.slice(7 * 6).some((c) => c !== 0)).toBe(true);
  });

  it('CW-072 the sealed part has one length whatever the fog holds, over 300 seeds', () => {
    const sealer = new StateSealer(['cragwake-fog-length-test-0123456789']);
    const secretLengths = new Set<number>();
    const sealedLengths = new Set<number>();
    const fogCounts = new Set<number>();
    for (let seed = 0; seed < 300; seed++) {
      const start = seed % 3 === 0 ? cragwake.init(seed * 7919) : startAt(seed * 7919, [5, 13, 22, 34, 40][seed % 5]);
      for (const s of walk(seed, 6, start)) {
        const wire = toWire(s);
        fogCounts.add(band(s).filter((r) => r.fogged).length);
        secretLengths.add(JSON.stringify(wire.secret).length);
        sealedLengths.add(sealer.sealReadable('cragwake', cragwake.spec.rulesVersion, wire).sealed!.length);
      }
    }
    // the fog itself varied (from 0 to 6 rows, with every kind of content), the lengths did not
    expect(fogCounts.size).toBeGreaterThan(3);
    expect([...secretLengths]).toHaveLength(1);
    expect([...sealedLengths]).toHaveLength(1);
  });

  it('CW-072 the readable part never carries the seed, so a client cannot regrow the fog from it', () => {
    for (const s of walk(77, 60)) {
      const data = JSON.stringify(toWire(s).data);
      expect(data).not.toMatch(/"seed"/);
      expect(data).not.toContain(String(s.seed));
    }
  });

  it('CW-067 CW-072 at pitch 34 and beyond the foresight is 3, so the top three rows of a fresh band are fogged', () => {
    const s = startAt(5, 40);
    expect(
      band(s)
        .filter((r) => r.fogged)
        .map((r) => r.row),
    ).toEqual([394, 395, 396, 397, 398, 399]);
  });
});

describe('the wire form', () => {
  it('round-trips exactly, through JSON, on every state of play', () => {
    for (const s of [...walk(3, 120), ...walk(4, 120, startAt(4, 13)), ...walk(5, 60, startAt(5, 36))]) {
      const wire = toWire(s);
      const back = fromWire(JSON.parse(JSON.stringify(wire)) as WireState);
      expect(JSON.stringify(toWire(back))).toBe(JSON.stringify(wire));
      expect(back).toEqual(s);
    }
  });

  it('fromWire throws on anything malformed', () => {
    const s0 = cragwake.init(5);
    const s = play(
      s0,
      legalActions(s0).find((a) => a.type === 'move' && a.row === 1)!,
    ).state;
    expect([s.row, s.floor, s.high]).toEqual([1, 0, 1]);
    const good = JSON.parse(JSON.stringify(toWire(s))) as {
      data: Record<string, unknown>;
      secret: Record<string, unknown>;
    };
    const variants: ((w: typeof good) => void)[] = [
      (w) => delete (w as Partial<typeof good>).secret,
      (w) => (w.secret.seed = 5),
      (w) => (w.secret.seed = '-0000001'),
      (w) => (w.secret.seed = '100000000'),
      (w) => (w.data.phase = 'flying'),
      (w) => (w.data.end = 'ended'),
      (w) => (w.data.pitch = 0),
      (w) => (w.data.floor = 1),
      (w) => (w.data.stamina = 99),
      (w) => (w.data.stamina = 1.5),
      (w) => (w.data.row = 11),
      (w) => (w.data.stamina = 0),
      (w) => (w.data.high = 10),
      (w) => (w.data.col = 6),
      (w) => (w.data.gust = [3, 1]),
      (w) => (w.data.rockfall = 9),
      (w) => (w.data.band as Row[]).pop(),
      (w) => ((w.data.band as Row[])[4].cells[0] = 'Q'),
      (w) => ((w.data.band as Row[])[0].cells[0] = 'P'),
      (w) => ((w.data.band as Row[])[1].cells[s.col] = '.'),
      (w) => ((w.data.band as Row[])[2].row = 7),
      (w) => ((w.data.band as Row[])[9].fogged = false),
      (w) => ((w.data.band as Row[])[9].cells[0] = 'P'),
      (w) => ((w.data.band as Row[])[3].fogged = true),
      (w) => (w.secret.fog = (w.secret.fog as string).slice(1)),
      (w) => (w.secret.fog = '2' + (w.secret.fog as string).slice(1)),
      (w) => (w.secret.fog = '0!' + (w.secret.fog as string).slice(2)),
      (w) => (w.secret.fog = (w.secret.fog as string).slice(0, -7) + '0AAAAAA'),
      (w) => (w.secret.fog = [(w.secret.fog as string).slice(0, 7)]),
    ];
    expect(() => fromWire(good as unknown as WireState)).not.toThrow();
    variants.forEach((mutate, i) => {
      const w = JSON.parse(JSON.stringify(good)) as typeof good;
      mutate(w);
      expect(() => fromWire(w as unknown as WireState), `variant ${i}`).toThrow();
    });
  });
});

describe('a wide seed on the wire', () => {
  const wide = '9f86d081884c7d659a2feaa0c55ad015';
  it('sits in the sealed secret as its 32 hex digits, never in data, and round-trips', () => {
    const s = cragwake.init(wide);
    const wire = toWire(s);
    expect((wire.secret as { seed: string }).seed).toBe(wide);
    expect(JSON.stringify(wire.data)).not.toContain(wide);
    const back = fromWire(JSON.parse(JSON.stringify(wire)) as WireState);
    expect(back.seed).toBe(wide);
    expect(toWire(back)).toEqual(wire);
  });

  it('draws a different wall from the free seed of its first eight digits', () => {
    const free = toWire(cragwake.init(parseInt(wide.slice(0, 8), 16)));
    expect(toWire(cragwake.init(wide)).data).not.toEqual(free.data);
  });

  it('refuses a seed of any other length or case', () => {
    const wire = toWire(cragwake.init(wide));
    for (const seed of [wide.slice(1), wide.toUpperCase(), `${wide}0`, 7]) {
      const bad = { ...wire, secret: { ...(wire.secret as object), seed } };
      expect(() => fromWire(bad as WireState)).toThrow(/seed/);
    }
  });
});
