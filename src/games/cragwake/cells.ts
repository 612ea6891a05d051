/**
 * The readable spelling of a cell, shared by the wire form, the observation and the test maps:
 * `.` bare rock, `J2` a jug with 2 breaths left (`J0` spent; ledge cells are `J0`), `P` plain,
 * `K2` a plain hold with 2 cracks left, `C` crimp; a trailing `~` means frosting, `*` icy.
 */
import { COUNT_SHIFT, CRIMP, FROSTING, ICY, JUG, NONE, PLAIN } from './types.js';

const TOKENS: string[] = [];
const CODES = new Map<string, number>();

for (let code = 0; code < 64; code++) {
  const kind = code & 3;
  const n = (code >> COUNT_SHIFT) & 3;
  const ice = code & 0x30;
  let t: string | null = null;
  if (kind === NONE) t = n === 0 && ice === 0 ? '.' : null;
  else if (kind === JUG) t = `J${n}`;
  else if (kind === PLAIN) t = n === 0 ? 'P' : `K${n}`;
  else if (kind === CRIMP) t = n === 0 ? 'C' : null;
  if (t !== null && kind !== NONE) {
    if (ice === FROSTING) t += '~';
    else if (ice === ICY) t += '*';
    else if (ice !== 0) t = null;
  }
  TOKENS.push(t ?? '?');
  if (t !== null) CODES.set(t, code);
}

/** The token for a packed cell. */
export function cellToken(cell: number): string {
  return TOKENS[cell];
}

/** The packed cell for a token, or -1 when the token is not one. */
export function tokenCell(token: unknown): number {
  if (typeof token !== 'string') return -1;
  return CODES.get(token) ?? -1;
}
