import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyFile, keyFilePath } from './keyfile.js';
import { testDir } from '../../test/helpers/temp.js';

const temp = () => testDir('gameboard-keys-');

describe('the key file', () => {
  it('lives under XDG_CONFIG_HOME, else ~/.config, unless GAMEBOARD_KEY_FILE names one', () => {
    expect(keyFilePath({ XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/gameboard/keys.json');
    expect(keyFilePath({ XDG_CONFIG_HOME: '/x/cfg', GAMEBOARD_KEY_FILE: '/y/k.json' })).toBe('/y/k.json');
    expect(keyFilePath({ XDG_CONFIG_HOME: 'relative' })).toMatch(/\.config\/gameboard\/keys\.json$/);
  });

  it('keeps a key per server and name, read back by a second reader, in a 0600 file of a 0700 folder', () => {
    const dir = temp();
    const path = join(dir, 'cfg', 'gameboard', 'keys.json');
    new KeyFile(path).set('http://127.0.0.1:3000/api', 'Ada Lovelace', 'pk_one');
    new KeyFile(path).set('http://127.0.0.1:4000', 'Ada Lovelace', 'pk_two');
    const reader = new KeyFile(path);
    expect(reader.get('http://127.0.0.1:3000', 'ada  lovelace')).toBe('pk_one');
    expect(reader.get('http://127.0.0.1:4000/', 'ADA LOVELACE')).toBe('pk_two');
    expect(reader.get('http://127.0.0.1:3000', 'Grace')).toBeUndefined();
    expect(reader.list('http://127.0.0.1:3000').map((k) => k.name)).toEqual(['Ada Lovelace']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'cfg', 'gameboard')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
  });

  it('refuses a file that is not a key file instead of overwriting it', () => {
    const path = join(temp(), 'keys.json');
    writeFileSync(path, '[1,2,3]');
    expect(() => new KeyFile(path).set('http://h', 'n', 'k')).toThrow(/not a Gameboard key file/);
    expect(readFileSync(path, 'utf8')).toBe('[1,2,3]');
  });
});
