import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/canonical.js';
import { StateError, StateSealer } from './seal.js';
import type { WireState } from '../../core/game.js';

const wire: WireState = {
  data: { board: [1, 2, 3], name: 'x', nested: { a: 1, b: [true, null] } },
  secret: { rng: [1, 2, 3, 4] },
};
const sealer = new StateSealer(['a-test-secret-of-enough-length']);

function flipChar(s: string, at: number): string {
  const c = s[at] === 'A' ? 'B' : 'A';
  return s.slice(0, at) + c + s.slice(at + 1);
}

describe('opaque state tokens (AES-256-GCM)', () => {
  it('round-trip a wire state exactly', () => {
    const t = sealer.sealToken('whirlyard', 'whirlyard-1', wire);
    expect(sealer.openToken('whirlyard', 'whirlyard-1', t)).toEqual(wire);
  });

  it('reveal nothing readable: the secret part does not appear in the token', () => {
    const t = sealer.sealToken('g', 'g-1', { data: 'visible-in-clear?', secret: 'hidden-value' });
    expect(t).not.toContain('hidden');
    expect(Buffer.from(t.split('.')[2], 'base64url').toString('latin1')).not.toContain('hidden-value');
  });

  it('round-trip large states (deflated before sealing)', () => {
    const big: WireState = { data: { cells: Array.from({ length: 2000 }, (_, i) => i % 7) } };
    const t = sealer.sealToken('g', 'g-1', big);
    expect(t.length).toBeLessThan(JSON.stringify(big).length);
    expect(sealer.openToken('g', 'g-1', t)).toEqual(big);
  });

  it("round-trip a game's packed bytes, told apart from a wire state", () => {
    const bytes = Uint8Array.of(1, 0, 255, 7, 42);
    const t = sealer.sealPacked('whirlyard', 'whirlyard-1', bytes);
    const opened = sealer.openTokenContent('whirlyard', 'whirlyard-1', t);
    expect('packed' in opened && [...opened.packed]).toEqual([...bytes]);
    expect(
      sealer.openTokenContent('whirlyard', 'whirlyard-1', sealer.sealToken('whirlyard', 'whirlyard-1', wire)),
    ).toEqual({ wire });
    expect(() => sealer.openToken('whirlyard', 'whirlyard-1', t)).toThrow(StateError);
  });

  it('refuse a packed token that was altered, or opened for another game', () => {
    const t = sealer.sealPacked('whirlyard', 'whirlyard-1', Uint8Array.of(1, 2, 3));
    expect(() => sealer.openTokenContent('whirlyard', 'whirlyard-1', flipChar(t, t.length - 3))).toThrow(StateError);
    expect(() => sealer.openTokenContent('briarwink', 'whirlyard-1', t)).toThrow(StateError);
  });

  const refusals: Array<[string, (t: string) => unknown, string, string, StateSealer?]> = [
    ['a token from another game', (t) => t, 'delvewick', 'whirlyard-1'],
    ['a token from an older rules version', (t) => t, 'whirlyard', 'whirlyard-2'],
    [
      'a token sealed under another secret',
      (t) => t,
      'whirlyard',
      'whirlyard-1',
      new StateSealer(['another-secret-entirely-here']),
    ],
    ['a truncated token', (t) => t.slice(0, t.length - 5), 'whirlyard', 'whirlyard-1'],
    ['a token cut to its header', (t) => t.slice(0, 15), 'whirlyard', 'whirlyard-1'],
    ['a bit-flipped token', (t) => flipChar(t, t.length - 30), 'whirlyard', 'whirlyard-1'],
    ['a token with a flipped auth tag', (t) => flipChar(t, t.length - 2), 'whirlyard', 'whirlyard-1'],
    ['garbage', () => 'not a token at all', 'whirlyard', 'whirlyard-1'],
    ['bad base64', (t) => t.slice(0, 20) + '!!!' + t.slice(23), 'whirlyard', 'whirlyard-1'],
    ['an empty string', () => '', 'whirlyard', 'whirlyard-1'],
    ['a number', () => 42, 'whirlyard', 'whirlyard-1'],
    ['an object', () => ({ data: 1 }), 'whirlyard', 'whirlyard-1'],
    ['a JWT-looking alg:none token', () => 'eyJhbGciOiJub25lIn0.eyJ4IjoxfQ.', 'whirlyard', 'whirlyard-1'],
  ];
  for (const [name, mangle, game, version, opener] of refusals) {
    it(`refuse ${name} with a StateError`, () => {
      const t = sealer.sealToken('whirlyard', 'whirlyard-1', wire);
      expect(() => (opener ?? sealer).openToken(game, version, mangle(t))).toThrow(StateError);
    });
  }

  it('open tokens sealed under an older secret while a new one signs (rotation)', () => {
    const old = new StateSealer(['the-old-secret-0123456789']);
    const rotated = new StateSealer(['the-new-secret-0123456789', 'the-old-secret-0123456789']);
    const t = old.sealToken('g', 'g-1', wire);
    expect(rotated.openToken('g', 'g-1', t)).toEqual(wire);
    expect(() => old.openToken('g', 'g-1', rotated.sealToken('g', 'g-1', wire))).toThrow(StateError);
  });

  it('refuse secrets shorter than 16 characters', () => {
    expect(() => new StateSealer(['short'])).toThrow();
  });
});

describe('readable states (HMAC-tagged JSON)', () => {
  it('round-trip, with the hidden part sealed and unreadable', () => {
    const s = sealer.sealReadable('cragwake', 'cragwake-1', wire);
    expect(s.data).toEqual(wire.data);
    expect(JSON.stringify(s)).not.toContain('"rng"');
    expect(sealer.openReadable('cragwake', 'cragwake-1', JSON.parse(JSON.stringify(s)))).toEqual(wire);
  });

  it('accept the same state with keys reordered and whitespace changed', () => {
    const s = sealer.sealReadable('cragwake', 'cragwake-1', wire);
    const reordered = JSON.parse(
      JSON.stringify(
        {
          tag: s.tag,
          sealed: s.sealed,
          data: { nested: { b: [true, null], a: 1 }, name: 'x', board: [1, 2, 3] },
          rulesVersion: s.rulesVersion,
          game: s.game,
        },
        null,
        3,
      ),
    );
    expect(sealer.openReadable('cragwake', 'cragwake-1', reordered)).toEqual(wire);
  });

  const tamper: Array<[string, (s: Record<string, unknown>) => void]> = [
    ['a changed value', (s) => ((s.data as { board: number[] }).board[0] = 9)],
    ['a changed nested value', (s) => ((s.data as { nested: { a: number } }).nested.a = 2)],
    ['a changed string', (s) => ((s.data as { name: string }).name = 'y')],
    ['an added data field', (s) => ((s.data as Record<string, unknown>).extra = 1)],
    ['a removed data field', (s) => delete (s.data as Record<string, unknown>).name],
    ['a number turned into a string', (s) => ((s.data as { board: unknown[] }).board[0] = '1')],
    ['a removed tag', (s) => delete s.tag],
    ['a forged tag', (s) => (s.tag = String(s.tag).slice(0, -3) + 'AAA')],
    ['a swapped sealed part', (s) => (s.sealed = sealer.sealToken('cragwake', 'cragwake-1', { data: 1 }))],
    ['a removed sealed part', (s) => delete s.sealed],
    ['another game', (s) => (s.game = 'delvewick')],
    ['another rules version', (s) => (s.rulesVersion = 'cragwake-0')],
    ['an unknown top-level field', (s) => (s.admin = true)],
  ];
  for (const [name, change] of tamper) {
    it(`refuse ${name}`, () => {
      const s = JSON.parse(JSON.stringify(sealer.sealReadable('cragwake', 'cragwake-1', wire)));
      change(s);
      expect(() => sealer.openReadable('cragwake', 'cragwake-1', s)).toThrow(StateError);
    });
  }

  it('refuse non-objects', () => {
    for (const bad of [null, 1, 'x', [], true]) expect(() => sealer.openReadable('c', 'c-1', bad)).toThrow(StateError);
  });

  it('refuse a state tagged under another secret', () => {
    const s = new StateSealer(['some-other-secret-value']).sealReadable('c', 'c-1', wire);
    expect(() => sealer.openReadable('c', 'c-1', s)).toThrow(StateError);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});
