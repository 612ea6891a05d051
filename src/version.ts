/** The project's version, as package.json states it: one source for the CLI's result files and the MCP server. */
import { readFileSync } from 'node:fs';

const PACKAGE_JSON = new URL('../package.json', import.meta.url);

let cached: string | null = null;

/** The version in the project's package.json ('unknown' when it cannot be read). */
export function gameboardVersion(): string {
  if (cached !== null) return cached;
  try {
    cached = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;
  } catch {
    cached = 'unknown';
  }
  return cached;
}
