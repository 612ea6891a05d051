/**
 * Constructors for plain state objects, the way states stay fast whoever keeps them.
 *
 * V8 remembers, per object literal in the source (an "allocation site"), how much of what it made
 * survived a garbage collection, and once most of it did it "pretenures" the site: from then on every
 * object it makes is born in the old generation, which costs far more to allocate and to collect. A
 * caller that keeps many states (the engine bench's recorded pairs, a replay's history, the server's
 * memories of recent states) is enough to tip a state literal over, after which every later `init`
 * and `step` in the process pays: in the engine bench, garbage collection took 26-47% of the time and
 * steps ran 3 to 40 times slower in some processes (`--no-allocation-site-pretenuring` made it
 * vanish). Objects made with `new` carry no allocation site and are always born young; so are arrays
 * copied with `slice`.
 *
 * `plainConstructor` turns an initialiser into such a constructor whose `prototype` is
 * `Object.prototype`, so what it makes cannot be told from a literal: same prototype, `constructor` is
 * `Object`, own fields in the order the initialiser sets them, every field kept inside the object.
 */

/** A constructor of plain objects of type `T` from `init`, which sets every field on `this`. */
export function plainConstructor<T, A extends unknown[] = []>(
  init: (this: T, ...args: A) => void,
): new (...args: A) => T {
  (init as unknown as { prototype: object }).prototype = Object.prototype;
  return init as unknown as new (...args: A) => T;
}
