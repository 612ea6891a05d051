// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'clients/typescript/dist/', 'data/', 'coverage/', 'test-output/', '.scratch/'],
  },
  // The engine bundle the Python package ships (built by npm run build:pool).
  { ignores: ['clients/python/src/gameboard/_pool/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/games/**/*.ts', 'src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Engines are pure: use the seeded generator in src/core/rng.ts.',
        },
        { object: 'Date', property: 'now', message: 'Engines are pure: no clock.' },
        { object: 'performance', property: 'now', message: 'Engines are pure: no clock.' },
      ],
    },
  },
  {
    // A game's folder is private to it: everything else imports a game through its index.ts (the Game
    // object and the types it re-exports) or the registry. Tests of the games' own folders and the
    // game's testkit in tests are exempt; any other exception is a disable comment saying why.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['src/games/**', '**/*.test.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/games/*/*', '!**/games/*/index.js'],
              message: 'Import a game through its index.ts (or the registry), not its internals.',
            },
          ],
        },
      ],
    },
  },
);
