/**
 * The states this server sealed most recently, by token (or by a readable state's tag, see
 * `recallReadable`). An agent's next request nearly always carries the token of the answer it just
 * got, so the action route finds that state here instead of decrypting and decoding the token.
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
 *
 * Keep it small. Remembered states outlive the young generation of V8's heap once the memory holds
 * more than a fraction of a second of answers, so each one is copied into the old generation and
 * later collected there, which costs more than a hit saves. Measured on the action routes at 64
 * connections (bench/RESULTS.md, 3 December 2026): with 1,024 states every game's route spent
 * 5-25% more server CPU per answer than with none; with 64 the same as with none, within the noise.
 * A token is kept for 32 to 64 answers after it is issued, so an agent's next request still hits while
 * up to about 32 agents play at once; with more, requests miss and open their tokens, which costs no
 * more than the memory did.
 */
export const DEFAULT_RECENT_STATES = 64;

export class RecentStates {
  private young = new Map<string, { slug: string; state: unknown }>();
  private old = new Map<string, { slug: string; state: unknown }>();
  private readonly half: number;
  /** A batch's room (`makeRoom`): a generation's size while `roomLeft` puts remain, 0 when none. */
  private room = 0;
  private roomLeft = 0;

  constructor(readonly capacity: number) {
    this.half = Math.floor(capacity / 2);
  }

  private put(token: string, entry: { slug: string; state: unknown }): void {
    let limit = this.half;
    if (this.roomLeft > 0) {
      this.roomLeft--;
      if (this.room > limit) limit = this.room;
    }
    if (this.young.size >= limit) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(token, entry);
  }

  /**
   * Room for a batch of `items`: a vector env sends its next batch with every token of the previous
   * one, more than the default 32 to 64 answers a token is kept for. For the next `6 * items` tokens
   * remembered (this batch's and the next one's, each item a token issued and perhaps one recalled
   * from the older half), a generation holds `3 * items` instead of half the capacity, so every token
   * of one batch is still here when the next batch, sent right after, carries it back. Each batch
   * renews the room; once batches stop, the memory shrinks back within a few dozen answers.
   */
  makeRoom(items: number): void {
    if (this.half === 0 || items <= 0) return;
    this.room = 3 * items;
    this.roomLeft = 6 * items;
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

/** What the memory keeps for a readable state: the object the answer carried, and its game state. */
export interface RememberedReadable {
  readable: { game: string; rulesVersion: string; data: unknown; sealed?: string; tag: string };
  state: unknown;
}

/**
 * The game state behind `carried`, when it is a readable state this server issued recently (found
 * by its tag) and arrives exactly as issued: the same fields, the same `sealed` text, and `data` equal
 * as JSON to what was signed. Such a state would pass the tag check (its canonical text is the one
 * signed), so the check, the opening of its sealed part and `fromWire` are skipped. Anything else
 * returns undefined and is opened with every check.
 */
export function recallReadable(recent: RecentStates, carried: unknown, slug: string): unknown {
  if (carried === null || typeof carried !== 'object' || Array.isArray(carried)) return undefined;
  const c = carried as Record<string, unknown>;
  const hit = recent.recall(c.tag, slug) as RememberedReadable | undefined;
  if (hit === undefined) return undefined;
  const r = hit.readable;
  if (Object.keys(c).length !== (r.sealed === undefined ? 4 : 5)) return undefined;
  if (c.game !== r.game || c.rulesVersion !== r.rulesVersion || c.sealed !== r.sealed) return undefined;
  return sameJson(c.data, r.data) ? hit.state : undefined;
}

/**
 * Whether two values are the same JSON: equal numbers, strings, booleans and nulls, arrays equal item
 * by item, objects with the same keys (in any order) and equal values. What it calls equal has one
 * canonical spelling (seal.ts), -0 and 0 included.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
  return true;
}
