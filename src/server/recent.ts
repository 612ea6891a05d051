/**
 * The states this server sealed most recently, by token. An agent's next request nearly always
 * carries the token of the answer it just got, so the action route finds that state here instead of
 * decrypting and decoding the token.
 *
 * It only ever saves work. A hit needs the exact token string this process issued for the same game,
 * and returns the very state that token seals; engines never mutate a state, so the result is the same
 * as opening the token. Anything else (another process, a restart, a forgotten or foreign token) opens
 * the token normally, with every check.
 *
 * Two generations of half the capacity each: new tokens go into the young one; when it is full it
 * becomes the old one and the previous old one is dropped whole. A token recalled from the old
 * generation moves back to the young one, so a state played from again and again (a search agent's
 * root) stays. Every operation is one or two map reads or writes, and nothing is scanned.
 */
export class RecentStates {
  private young = new Map<string, { slug: string; state: unknown }>();
  private old = new Map<string, { slug: string; state: unknown }>();
  private readonly half: number;

  constructor(readonly capacity: number) {
    this.half = Math.floor(capacity / 2);
  }

  private put(token: string, entry: { slug: string; state: unknown }): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(token, entry);
  }

  /** Remembers the state a token was just issued for. */
  remember(token: string, slug: string, state: unknown): void {
    if (this.half > 0) this.put(token, { slug, state });
  }

  /** The state sealed in `token` for game `slug`, if this server issued it recently; else undefined. */
  recall(token: unknown, slug: string): unknown {
    if (typeof token !== 'string' || this.half === 0) return undefined;
    let hit = this.young.get(token);
    if (hit === undefined) {
      hit = this.old.get(token);
      if (hit === undefined || hit.slug !== slug) return undefined;
      this.old.delete(token);
      this.put(token, hit);
    }
    return hit.slug === slug ? hit.state : undefined;
  }

  /** How many tokens are remembered (at most `capacity`). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
