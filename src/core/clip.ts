/**
 * Bounding echoed input: error messages quote what the client sent so the mistake is easy to find, but
 * a 4 MiB action quoted twice made an 8 MB answer. Every quote goes through `clip`.
 */

/** The most characters of client input a message repeats. */
export const ECHO_MAX = 200;

/** `text` cut to `max` characters, saying how long it was when cut. */
export function clip(text: string, max = ECHO_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
