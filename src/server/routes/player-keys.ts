/**
 * `POST /api/players/:name/key` replaces a name's player key: the current key in `x-player-key`, the new
 * one in the body (`key`, chosen by the client and judged like a key chosen on first use) or drawn by the
 * server when the body has none. The answer carries the new key once; the old key stops working at
 * once. A retried rotation whose answer was lost is answered again when it chose its key (the name's
 * key is already the new one); with a key the server drew, a lost answer loses the key, so clients
 * should choose it. Wrong current keys count against the name's wrong-key limit (ranked/key-attempts.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { RunStore } from '../../store/store.js';
import { ApiError } from '../errors.js';
import { CHOOSABLE_KEY_RULE, hashPlayerKey, isChoosableKey, PLAYER_KEY_HEADER } from '../ranked/players.js';
import { rankedErrors } from '../schemas/ranked.js';
import { errorResponses, playerKeyField, playerNameFields } from '../schemas/api.js';
import type { SchemaTypes } from '../schemas/types.js';

const rotateParams = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      ...playerNameFields,
      description: 'The owned name (compared folded, as everywhere).',
    },
  },
} as const;

const rotateHeaders = {
  type: 'object',
  required: [PLAYER_KEY_HEADER],
  properties: {
    [PLAYER_KEY_HEADER]: { ...playerKeyField, description: "The name's current player key." },
  },
} as const;

const rotateBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    key: {
      ...playerKeyField,
      description:
        'The new key, chosen by the client (22 to 128 characters of A-Z a-z 0-9 _ -, at least 128 random bits); omit it and the server draws one. Choosing it makes a retry safe.',
    },
  },
} as const;

const rotateAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'name', 'playerKey'],
  properties: {
    ok: { type: 'boolean', const: true },
    name: { type: 'string', description: 'The name as the request spelt it.' },
    playerKey: {
      type: 'string',
      description:
        'The new key (the one sent, or one the server drew: keep it, it is shown once). The old key no longer works.',
    },
  },
} as const;

/** The player-key route as a Fastify plugin. */
export const playerKeyRoutes: FastifyPluginAsync<{ store: RunStore | null }> = async (app, { store }) => {
  app.withTypeProvider<SchemaTypes>().post(
    '/api/players/:name/key',
    {
      schema: {
        summary: "Replace a name's player key (the current key required); the answer carries the new key once",
        params: rotateParams,
        headers: rotateHeaders,
        body: rotateBody,
        response: { 200: rotateAnswer, ...rankedErrors, 403: errorResponses[400] },
      },
    },
    async (req) => {
      if (!store) throw new ApiError('store_unavailable');
      const name = req.params.name;
      const current = req.headers[PLAYER_KEY_HEADER] ?? '';
      const chosen = req.body?.key;
      if (chosen !== undefined && !isChoosableKey(chosen))
        throw new ApiError('bad_player_key', `The new key cannot own "${name}": ${CHOOSABLE_KEY_RULE}.`);
      const fresh = chosen ?? 'pk_' + randomBytes(32).toString('base64url');
      const done = await store.rotateKey(name, hashPlayerKey(current), hashPlayerKey(fresh));
      switch (done) {
        case 'rotated':
          return { ok: true, name, playerKey: fresh };
        case 'free':
          throw new ApiError('player_not_found', `Nobody owns the name "${name}": there is no key to replace.`);
        case 'reserved':
          throw new ApiError(
            'name_reserved',
            `The name "${name}" is reserved for runs stored before names had keys: it has no key to replace.`,
          );
        case 'owned':
          throw new ApiError(
            'name_owned',
            `The ${PLAYER_KEY_HEADER} sent is not the key of "${name}": send its current key to replace it.`,
          );
      }
    },
  );
};
