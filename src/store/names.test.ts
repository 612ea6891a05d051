import { describe, expect, it } from 'vitest';
import { foldName, legacyFold, rekeyPlayers, rekeySessions } from './names.js';
import { isPlayerName, normalizePlayerName, PLAYER_NAME_MAX } from './store.js';

/** Every name in `names` folds to the same key. */
function oneName(...names: string[]): void {
  const keys = new Set(names.map(foldName));
  expect([...keys], names.join(' | ')).toHaveLength(1);
}

describe('player names', () => {
  it('takes letters and digits of any script, their combining marks, spaces and _ . -', () => {
    for (const name of [
      'Zoë',
      'Zoe\u0308',
      '李雷',
      'Ａｄａ',
      'Ωmega-3',
      'o_o',
      '-ada-',
      'Ada Lovelace',
      'ناصر',
      'देव',
    ]) {
      expect(isPlayerName(name), name).toBe(true);
    }
    // NFKC composes a letter and its combining accent: the stored form is the composed letter.
    expect(normalizePlayerName('Zoe\u0308')).toBe('Zoë');
    expect(normalizePlayerName('Ａｄａ')).toBe('Ada');
  });

  it('refuses emoji and other symbols, names with no letter or digit, edge spaces and long names', () => {
    for (const name of ['Fox 🦊', '🦊', 'a+b', 'a/b', 'x@y', '---', '', ' ada', 'ada ', '\u0301a', 'a\nb']) {
      expect(isPlayerName(name), JSON.stringify(name)).toBe(false);
    }
    // The length is counted in code points of the NFKC form: 32 CJK characters pass, 33 do not.
    expect(isPlayerName('李'.repeat(PLAYER_NAME_MAX))).toBe(true);
    expect(isPlayerName('李'.repeat(PLAYER_NAME_MAX + 1))).toBe(false);
    expect(isPlayerName('𝐀'.repeat(PLAYER_NAME_MAX))).toBe(true); // astral letters: one each
  });
});

describe('the name fold', () => {
  it('folds case, separators and punctuation at either end', () => {
    oneName('Ada Lovelace', 'ada lovelace', 'ADA  LOVELACE', 'ada_lovelace', 'ada.lovelace', 'ada-lovelace');
    oneName('ada', '-ada-', '.ada', 'ada_', '__ada..');
    oneName('a-b', 'a _. b', 'a b');
    oneName('Straße', 'STRASSE', 'strasse');
  });

  it('folds the look-alikes names always folded, and cl to d', () => {
    oneName('Ada LoveIace', 'Ada L0ve1ace', 'ada lovelace');
    oneName('Sam', 'Sarn');
    oneName('Wes', 'VVes');
    oneName('Zed', '2ed');
    oneName('clave', 'dave', 'CLAVE');
  });

  it('folds Unicode confusables (UTS #39), full-width forms and invisible characters', () => {
    oneName('ada', 'аda', 'аdа'); // Cyrillic а, once and twice
    expect(foldName('ада')).not.toBe(foldName('ada')); // Cyrillic д is no look-alike of d
    oneName('Ada', 'Ａｄａ', 'ＡＤＡ'); // full-width
    oneName('paypal', 'раураl'); // Cyrillic р а у
    oneName('ozzy', 'οzzy'); // Greek omicron
    oneName('ada', 'a\u200bda', 'ad\u00ada'); // zero-width space, soft hyphen
    oneName('Zoë', 'Zoe\u0308', 'ZOË');
  });

  it('keeps names that read differently apart', () => {
    const names = ['ada', 'adam', 'Zoe', 'Zoë', '李雷', '李雪', 'bob', 'bo b', 'ana', 'anna', 'a1', 'a2'];
    expect(new Set(names.map(foldName)).size).toBe(names.length);
  });

  it('makes one name of every two names the fold before it made one', () => {
    const pairs = [
      ['Ada  Lovelace', 'ada lovelace'],
      ['B1l', 'bil'],
      ['80', 'bo'],
      ['rnrn', 'mm'],
    ];
    for (const [a, b] of pairs) {
      expect(legacyFold(a)).toBe(legacyFold(b));
      expect(foldName(a)).toBe(foldName(b));
    }
  });
});

describe('migration 8 re-keying', () => {
  it('keeps the earliest claim of names that now fold together, and every other name', () => {
    const kept = rekeyPlayers([
      { name_key: 'ada_lovelace', name: 'ada_lovelace', key_hash: 'late', created_at: '2026-01-02' },
      { name_key: 'ada.lovelace', name: 'ada.lovelace', key_hash: 'early', created_at: '2026-01-01' },
      { name_key: 'bob', name: 'Bob', key_hash: 'b', created_at: '2026-01-03' },
    ]);
    expect(kept.map((p) => [p.name_key, p.name, p.key_hash]).sort()).toEqual([
      ['ada lovelace', 'ada.lovelace', 'early'],
      ['bob', 'Bob', 'b'],
    ]);
  });

  it('gives the later of two daily sessions that now fold together a key of its own', () => {
    const changed = rekeySessions([
      { id: 's2', game: 'g', challenge: 'd', player_name: 'bo.b', player_key: 'bo.b', created_at: '2026-01-02' },
      { id: 's1', game: 'g', challenge: 'd', player_name: 'bo-b', player_key: 'bo-b', created_at: '2026-01-01' },
      { id: 's3', game: 'g', challenge: null, player_name: 'bo_b', player_key: 'bo_b', created_at: '2026-01-03' },
      { id: 's4', game: 'g', challenge: null, player_name: 'ann', player_key: 'ann', created_at: '2026-01-03' },
    ]);
    expect(changed.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 's1', player_key: 'bo b' },
      { id: 's2', player_key: 'bo b#s2' },
      { id: 's3', player_key: 'bo b' },
    ]);
  });
});
