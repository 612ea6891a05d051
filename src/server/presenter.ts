/**
 * The presenter of the play routes (init, action, batch): it opens a carried state, steps the game, and
 * writes the answer (the sealed state under the game's carry name, what the state shows, the tensor when
 * asked for). The routes in api.ts parse the request and call it; it holds no request state, only the
 * sealer, the recent states and a scratch buffer per game.
 */
import { randomInt } from 'node:crypto';
import type { AnyGame, GameAction, Observation } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { parseSeed as parseTextSeed, type Seed } from '../core/seed.js';
import { answerInto } from '../core/session.js';
import { maskJson, maskOf, tensorJson, type Tensor } from '../core/tensor.js';
import { ApiError, clip, errorBody } from './errors.js';
import { grammarRefusal, grammarsOf } from './answer-json.js';
import { recallReadable, type RecentStates, type RememberedReadable } from './state/recent.js';
import { StateError, type StateSealer } from './state/seal.js';
import { batchItemSchema, type actionBody } from './schemas/api.js';
import { TENSOR_FORMATS } from './schemas/contract.js';
import { Ajv } from 'ajv';
import type { Accepted } from './schemas/types.js';

/**
 * How an answer's `tensor` is written: arrays of numbers, the arrays' bytes in base64, or (games whose
 * planes are 0 or 1) the planes one bit a cell.
 */
export type TensorFormat = (typeof TENSOR_FORMATS)[number];

/** Whether this machine stores a float32 low byte first (every machine Node runs on today). */
const LITTLE_ENDIAN = new Uint8Array(new Float32Array([1]).buffer)[0] === 0;

/**
 * The base64 form of a tensor: the planes' uint8 bytes as they are, the features as float32 written
 * little-endian, each one base64 string (a fraction of the JSON arrays' size and cost to write and read).
 */
function tensorBase64(t: Tensor): { format: 'base64'; planes: string; features: string } {
  return {
    format: 'base64',
    planes: Buffer.from(t.planes.buffer, t.planes.byteOffset, t.planes.byteLength).toString('base64'),
    features: featuresBase64(t),
  };
}

/**
 * The bits form, for planes of 0s and 1s (spec.tensorSpec.planes.high 1): the planes packed eight cells
 * a byte, the first cell in the top bit (numpy's `packbits` order; the last byte padded with 0 bits),
 * in base64; the features as in the base64 form. Delvewick's 4,862 plane bytes become 608.
 */
function tensorBits(t: Tensor): { format: 'bits'; planes: string; features: string } {
  const p = t.planes;
  const n = p.length;
  const packed = new Uint8Array((n + 7) >> 3);
  // Eight cells a byte without a branch per cell: (v + 255) >> 8 is 1 for any byte v but 0.
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    packed[i >> 3] =
      (((p[i] + 255) >> 8) << 7) |
      (((p[i + 1] + 255) >> 8) << 6) |
      (((p[i + 2] + 255) >> 8) << 5) |
      (((p[i + 3] + 255) >> 8) << 4) |
      (((p[i + 4] + 255) >> 8) << 3) |
      (((p[i + 5] + 255) >> 8) << 2) |
      (((p[i + 6] + 255) >> 8) << 1) |
      ((p[i + 7] + 255) >> 8);
  }
  for (; i < n; i++) if (p[i] !== 0) packed[i >> 3] |= 0x80 >> (i & 7);
  const bytes = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  return { format: 'bits', planes: bytes.toString('base64'), features: featuresBase64(t) };
}

/** The features as float32 little-endian, in base64. */
function featuresBase64(t: Tensor): string {
  let features: Buffer;
  if (LITTLE_ENDIAN) features = Buffer.from(t.features.buffer, t.features.byteOffset, t.features.byteLength);
  else {
    features = Buffer.alloc(t.features.length * 4);
    for (let i = 0; i < t.features.length; i++) features.writeFloatLE(t.features[i], i * 4);
  }
  return features.toString('base64');
}

/** A request's `tensorFormat`, checked (the HTTP schemas check it too; batch items are checked here). */
function tensorFormatOf(raw: unknown): TensorFormat | undefined {
  if (raw === undefined) return undefined;
  if ((TENSOR_FORMATS as readonly unknown[]).includes(raw)) return raw as TensorFormat;
  throw new ApiError('bad_request', '`tensorFormat` is "json", "base64" or "bits".');
}

/**
 * Parses a seed from the query string strictly: a free seed (decimal digits, 0..2^32-1) or a wide one
 * (32 hex digits, answered in lowercase), so that a finished ranked run can be practised in free play.
 * Without one the server draws a free seed.
 */
export function parseSeed(raw: string | undefined): Seed {
  if (raw === undefined) return randomInt(0, 2 ** 32 - 1);
  const seed = parseTextSeed(raw);
  if (seed === null) {
    throw new ApiError(
      'bad_seed',
      `The seed must be an integer from 0 to 4294967295 or 32 hex digits; got ${JSON.stringify(raw.slice(0, 40))}.`,
    );
  }
  return seed;
}

/** Opens, steps and presents the games' states for the play routes. */
export class Presenter {
  private readonly grammars: ReturnType<typeof grammarsOf>;

  constructor(
    registry: Registry,
    private readonly sealer: StateSealer,
    private readonly recent: RecentStates,
  ) {
    this.grammars = grammarsOf(registry);
  }

  /**
   * What every play answer carries after its head and state: what the state shows and how the run
   * stands. `lean`: the observation will be trimmed away (a batch whose `fields` leave it out), so it is
   * built without its text page; the tensor reads only its fields.
   */
  show(game: AnyGame, state: unknown, head: Record<string, unknown>, tensor: TensorFormat | null = null, lean = false) {
    answerInto(game, state, head, null, 0, lean ? LEAN : undefined);
    if (tensor) this.addTensor(game, state, head, tensor);
    return head;
  }

  /** One planes buffer per game, which every tensor is encoded into and copied out of at once. */
  private readonly scratchPlanes = new Map<string, Uint8Array>();

  /**
   * Asked for (`tensor: true`, or `tensorFormat`): the numeric observation (JSON arrays, or base64
   * bytes), the action mask over spec.actionIndex and, for each legal action in order, its index
   * (src/core/tensor.ts), all built from what the answer shows.
   */
  addTensor(game: AnyGame, state: unknown, head: Record<string, unknown>, format: TensorFormat) {
    const t = game.tensor;
    if (!t) throw new ApiError('bad_request', `${game.spec.name} publishes no numeric observation.`);
    if (format === 'bits' && t.tensorSpec.planes.high !== 1) {
      throw new ApiError(
        'bad_request',
        `${game.spec.name}'s planes hold values up to ${t.tensorSpec.planes.high}, not only 0 and 1: ask for tensorFormat "base64" (bits is for games whose spec.tensorSpec.planes.high is 1).`,
      );
    }
    const legal = head.legalActions as GameAction[];
    // Each legal action's index, looked up once for both the mask and legalIndex.
    const legalIndex = legal.map((a) => t.indexOf(state, a));
    // One planes buffer per game, zeroed and reused: every form below copies the planes out at once.
    let planes = this.scratchPlanes.get(game.spec.slug);
    if (planes === undefined) {
      const [c, h, w] = t.tensorSpec.planes.shape;
      planes = new Uint8Array(c * h * w);
      this.scratchPlanes.set(game.spec.slug, planes);
    } else planes.fill(0);
    const encoded = t.encode(head.observation as Observation, planes);
    head.tensor =
      format === 'json' ? tensorJson(encoded) : format === 'base64' ? tensorBase64(encoded) : tensorBits(encoded);
    head.actionMask = maskJson(maskOf(t, legalIndex));
    head.legalIndex = legalIndex;
  }

  /**
   * A playing answer: `head`, then the sealed state under the game's carry name and what it shows
   * (written into one object: this runs on every action).
   */
  present(
    game: AnyGame,
    state: unknown,
    head: Record<string, unknown>,
    tensor: TensorFormat | null = null,
    lean = false,
  ) {
    const s = game.spec;
    if (s.carry === 'stateToken') {
      const stateToken = game.pack
        ? this.sealer.sealPacked(s.slug, s.rulesVersion, game.pack(state))
        : this.sealer.sealToken(s.slug, s.rulesVersion, game.toWire(state));
      this.recent.remember(stateToken, s.slug, state);
      head.stateToken = stateToken;
    } else {
      // Readable games write their wire data with sorted keys (test/wire-order.test.ts), so the tag's
      // canonical text is JSON.stringify's.
      const readable = this.sealer.sealReadable(s.slug, s.rulesVersion, game.toWire(state), { sortedKeys: true });
      this.recent.remember(readable.tag, s.slug, { readable, state } satisfies RememberedReadable);
      head.state = readable;
    }
    return this.show(game, state, head, tensor, lean);
  }

  /**
   * A refused action's answer: the whole contract, and nothing changed. The carried state the client
   * sent was just opened and checked, so it goes back as it came (no sealing on this path), under the
   * game's carry name, so the client continues from it.
   */
  refusal(
    game: AnyGame,
    state: unknown,
    carried: unknown,
    reason: string,
    message: string,
    tensor: TensorFormat | null = null,
    lean = false,
  ) {
    const head: Record<string, unknown> = {
      ok: false,
      game: game.spec.slug,
      seed: game.seedOf(state),
      reason,
      message,
    };
    head[game.spec.carry] = carried;
    return this.show(game, state, head, tensor, lean);
  }

  /** Opens a carried state; every failure is one 400 invalid_state. */
  open(game: AnyGame, carried: unknown): unknown {
    const s = game.spec;
    if (carried === undefined)
      throw new ApiError('bad_request', 'Send the state of the previous answer as `stateToken` or `state`.');
    try {
      if (s.carry === 'state') {
        const known = recallReadable(this.recent, carried, s.slug);
        if (known !== undefined) return known;
        return game.fromWire(this.sealer.openReadable(s.slug, s.rulesVersion, carried));
      }
      const known = this.recent.recall(carried, s.slug);
      if (known !== undefined) return known;
      // Tokens hold the game's packed bytes, or the JSON wire state (games without `pack`, and tokens
      // issued before the game packed its states).
      const content = this.sealer.openTokenContent(s.slug, s.rulesVersion, carried);
      if ('wire' in content) return game.fromWire(content.wire);
      if (!game.unpack) throw new StateError('the state token holds a packed state this game cannot read');
      return game.unpack(content.packed);
    } catch (e) {
      const detail = e instanceof StateError ? e.message : 'its content is not a valid game state';
      throw new ApiError('invalid_state', `This ${s.slug} state cannot be continued: ${detail}.`);
    }
  }

  /** What init answers for a seed. */
  init(game: AnyGame, seed: Seed, tensor: TensorFormat | null, lean = false) {
    const state = game.init(seed);
    const answer = this.present(game, state, { ok: true, game: game.spec.slug, seed }, tensor, lean);
    answer.spec = game.spec;
    return answer;
  }

  /**
   * What /action answers for its body (the route, and each action item of a batch; `lean` for an item
   * whose observation the batch trims away).
   */
  step(game: AnyGame, body: ActionBody | BatchItem, tensor: TensorFormat | null = tensorOf(body), lean = false) {
    const { stateToken, state: readable } = body;
    if (stateToken !== undefined && readable !== undefined) {
      throw new ApiError('bad_request', 'Send the state once, as either `stateToken` or `state`, not both.');
    }
    const index = indexOf(game, body);
    const carried = stateToken ?? readable;
    const state = this.open(game, carried);
    let action = body.action;
    if (index !== null) {
      // An index of spec.actionIndex plays the action it names in this state (a relative one, such as
      // Cragwake's reaches, becomes a concrete move), which then goes through the grammar and the rules.
      action = game.tensor!.actionAt(state, index);
      if (action === null) {
        const meaning = game.tensor!.actionIndex[index].meaning;
        return this.refusal(
          game,
          state,
          carried,
          'unknown_action',
          `Action index ${index} (${meaning}) names no action in this state.`,
          tensor,
          lean,
        );
      }
    }
    const grammar = this.grammars.get(game.spec.slug)!;
    if (!grammar.check(action)) {
      return this.refusal(game, state, carried, 'unknown_action', grammarRefusal(game, grammar, action), tensor, lean);
    }
    const result = game.step(state, action as never);
    if (!result.ok) return this.refusal(game, state, carried, result.reason, result.message, tensor, lean);
    const answer = this.present(
      game,
      result.state,
      { ok: true, game: game.spec.slug, seed: game.seedOf(result.state) },
      tensor,
      lean,
    );
    answer.events = result.events;
    return answer;
  }

  /** One batch item: what init (`{seed}`) or /action (its body) answers, or its error alone. */
  batchItem(game: AnyGame, item: unknown, tensor: TensorFormat | null, lean: boolean): Record<string, unknown> {
    try {
      const fields = checkedItem(item);
      // An item's own tensor request wins over the batch's.
      const wantTensor = tensorOf(fields) ?? tensor;
      if (fields.seed !== undefined) return this.init(game, parseSeed(String(fields.seed)), wantTensor, lean);
      return this.step(game, fields, wantTensor, lean);
    } catch (e) {
      if (e instanceof ApiError) return errorBody(e.code, e.message);
      throw e;
    }
  }
}

/** What `observe` is asked for when the answer's observation will be dropped: no text page. */
const LEAN = { text: false } as const;

/** The fields a batch item may hold: an init's, or an /action body's. */
const ITEM_FIELDS = new Set(Object.keys(batchItemSchema.properties));

/** A batch item as its schema accepts it (its `actionIndex` is judged as /action judges it, by `indexOf`). */
type BatchItem = Accepted<typeof batchItemSchema>;

const validItem = new Ajv().compile(batchItemSchema);

/**
 * A batch item checked against its `oneOf` schema by Ajv. A refused item is answered with the
 * project's message for the first rule it breaks (the same as an init's or an /action body's),
 * not with Ajv's, whose first error on a `oneOf` names whichever branch it tried.
 */
function checkedItem(item: unknown): BatchItem {
  if (validItem(item)) return item as BatchItem;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    throw new ApiError('bad_request', 'Each batch item is an object: {"seed": N} or the body of /action.');
  }
  const fields = item as Record<string, unknown>;
  for (const k in fields) {
    if (!ITEM_FIELDS.has(k))
      throw new ApiError('bad_request', `A batch item has an unknown field ${JSON.stringify(k.slice(0, 40))}.`);
  }
  if (fields.tensor !== undefined && typeof fields.tensor !== 'boolean') {
    throw new ApiError('bad_request', "An item's `tensor` is true or false.");
  }
  tensorOf(fields);
  if ('seed' in fields) {
    if ('action' in fields || 'actionIndex' in fields || 'stateToken' in fields || 'state' in fields) {
      throw new ApiError('bad_request', 'A batch item is either {"seed": N} (an init) or an /action body, not both.');
    }
    throw new ApiError('bad_seed', 'The seed must be an integer from 0 to 4294967295.');
  }
  throw new ApiError(
    'bad_request',
    'A batch item needs `seed` (an init), or `action` (or `actionIndex`) with the carried state.',
  );
}

/**
 * The action index an action body plays instead of `action` (`actionIndex`), checked: an integer of
 * the game's spec.actionIndex, and never beside `action`. Null when the body sends `action`.
 */
function indexOf(game: AnyGame, body: ActionBody | BatchItem): number | null {
  const raw = body.actionIndex;
  if (raw === undefined) {
    if (!('action' in body)) throw new ApiError('bad_request', 'Send `action` (or `actionIndex`) with the state.');
    return null;
  }
  if ('action' in body) throw new ApiError('bad_request', 'Send `action` or `actionIndex`, not both.');
  const slots = game.tensor?.actionIndex;
  if (!slots) throw new ApiError('bad_request', `${game.spec.name} publishes no action index: send \`action\`.`);
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw >= slots.length) {
    throw new ApiError(
      'bad_request',
      `\`actionIndex\` is an integer from 0 to ${slots.length - 1} (spec.actionIndex); got ${clip(JSON.stringify(raw) ?? String(raw), 40)}.`,
    );
  }
  return raw;
}

/** An /action body (and a batch item playing an action): what the route's schema accepts. */
export type ActionBody = Accepted<typeof actionBody>;

/**
 * Which tensor a request asks for: none, or its format. `tensor: true` asks for the JSON form;
 * `tensorFormat` asks for a tensor in that form (with or without `tensor: true`).
 */
export function tensorOf(body: { tensor?: unknown; tensorFormat?: unknown }): TensorFormat | null {
  const format = tensorFormatOf(body.tensorFormat);
  if (format) return format;
  return body.tensor === true ? 'json' : null;
}
