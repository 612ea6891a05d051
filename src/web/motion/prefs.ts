/**
 * The player's motion preference: `prefers-reduced-motion: reduce` turns every tween, burst, float
 * and banner animation into an instant change (the information stays; only the movement goes).
 */

/** True when the system asks for reduced motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
