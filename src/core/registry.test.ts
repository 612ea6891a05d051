import { describe, expect, it } from 'vitest';
import type { AnyGame } from './game.js';
import { Registry, entryFor } from './registry.js';

/** A stand-in with just the spec fields the registry reads. */
const fake = (slug: string, rulesVersion: string) => ({ spec: { slug, rulesVersion } }) as unknown as AnyGame;

describe('Registry', () => {
  const now = fake('moss', 'moss-2');
  const before = fake('moss', 'moss-1');
  const r = new Registry([now, fake('fern', 'fern-1')], [before]);

  it('lists and serves only the current engines', () => {
    expect(r.slugs()).toEqual(['moss', 'fern']);
    expect(r.get('moss')).toBe(now);
    expect(r.games).not.toContain(before);
  });

  it('finds the engine of a run by slug and rules version, current or kept', () => {
    expect(r.forVersion('moss', 'moss-2')).toBe(now);
    expect(r.forVersion('moss', 'moss-1')).toBe(before);
    expect(r.forVersion('moss', 'moss-0')).toBeUndefined();
    expect(r.forVersion('fern', 'moss-1')).toBeUndefined();
  });

  it('refuses a kept version of no registered game, and a version registered twice', () => {
    expect(() => new Registry([now], [fake('oak', 'oak-1')])).toThrow(/not a game/);
    expect(() => new Registry([now], [fake('moss', 'moss-2')])).toThrow(/twice/);
    expect(() => new Registry([now, fake('moss', 'moss-3')])).toThrow(/twice/);
  });

  it("takes its games as a record keyed by slug, in the record's order, and refuses a key that is not the slug", () => {
    const fern = fake('fern', 'fern-1');
    const byRecord = new Registry({ moss: now, fern }, [before]);
    expect(byRecord.slugs()).toEqual(['moss', 'fern']);
    expect(byRecord.forVersion('moss', 'moss-1')).toBe(before);
    expect(byRecord.has('fern')).toBe(true);
    expect(byRecord.has('oak')).toBe(false);
    expect(() => new Registry({ moss: now, oak: fern })).toThrow(/"fern" is registered under "oak"/);
  });
});

describe('entryFor', () => {
  it("reads a per-game table with any string: a game's entry, or undefined (never an inherited key)", () => {
    const table: Record<'moss' | 'fern', number> = { moss: 1, fern: 2 };
    expect(entryFor(table, 'fern')).toBe(2);
    expect(entryFor(table, 'oak')).toBeUndefined();
    expect(entryFor(table, 'toString')).toBeUndefined();
  });
});
