/**
 * A state's field names declared once, as data, and checked against its interface by the compiler.
 *
 * The engines copy states with straight-line code on purpose (a constructor that writes each field,
 * see core/plain.ts), which the bench needs; what lists the names as data (key-order tests, tools
 * that walk a state) takes them from one `<NAME>_FIELDS` list made here, so a field added to the
 * interface and not to the list, or listed and not in the interface, fails to compile.
 */

/** The keys of `S` that `names` leaves out (never when it lists them all). */
type Missing<S, N extends readonly PropertyKey[]> = Exclude<keyof S, N[number]>;

/**
 * `fieldsOf<State>()([...names])` returns `names` as a readonly tuple, compiling only when it lists
 * every key of `State` and nothing else: an extra name is "not assignable to keyof State", a missing
 * one is reported as `{ missing: 'name' }`.
 */
export function fieldsOf<S>() {
  return <const N extends readonly (keyof S & string)[]>(
    names: N & ([Missing<S, N>] extends [never] ? unknown : { missing: Missing<S, N> }),
  ): N => names;
}
