/**
 * Writes levels.ts from the readable level files in levels/. The engine also runs in the browser, so it
 * cannot read files at run time: the files are embedded verbatim as strings instead, and
 * levels.test.ts checks that levels.ts still matches them. Run after editing a level:
 *
 *   npx tsx src/games/delvewick/embed-levels.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'levels');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort();

const entries = files.map((file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  if (/[`\\]|\$\{/.test(text)) throw new Error(`${file}: backticks, backslashes and \${ cannot be embedded`);
  return `  {\n    file: '${file}',\n    text: \`${text}\`,\n  },\n`;
});

const out = `/**
 * The eight level files, embedded verbatim (GENERATED from levels/*.txt by embed-levels.ts: edit the
 * .txt files and rerun it; levels.test.ts fails if the two drift apart). Embedding keeps the engine free
 * of file I/O, so it runs unchanged in the browser.
 */

/** Each level file's name and exact text, in level order. */
export const LEVEL_FILES: readonly { file: string; text: string }[] = [
${entries.join('')}];
`;
writeFileSync(join(here, 'levels.ts'), out);
console.log(`embedded ${files.length} level files into levels.ts`);
