import { describe, it, expect } from 'vitest';
import { seedText } from '../../../test/helpers/seeds.js';
import { spec } from './spec.js';

const SEED = seedText('000_f24a9fe9a6231248.txt') ?? '';

describe('the spec', () => {
  it.skipIf(SEED === '')('BW-022 the action grammar is the seed file JSON Schema exactly', () => {
    const start = SEED.indexOf('Action grammar');
    const open = SEED.indexOf('{', start);
    let depth = 0;
    let end = open;
    for (let i = open; i < SEED.length; i++) {
      if (SEED[i] === '{') depth++;
      if (SEED[i] === '}') depth--;
      if (depth === 0) {
        end = i + 1;
        break;
      }
    }
    expect(spec.actionSchema).toEqual(JSON.parse(SEED.slice(open, end)));
  });

  it('is carried as a stateToken under rules version briarwink-2', () => {
    expect(spec.slug).toBe('briarwink');
    expect(spec.carry).toBe('stateToken');
    expect(spec.rulesVersion).toBe('briarwink-2');
  });
});
