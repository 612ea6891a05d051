/**
 * The one catalogue of API error codes: each with its HTTP status and a default human message.
 * Every error answer has the shape `{ok: false, error, message}`.
 */
export { clip } from '../core/clip.js';

export const ERRORS = {
  bad_request: { status: 400, message: 'The request does not match what this endpoint accepts.' },
  bad_json: { status: 400, message: 'The request body is not valid JSON.' },
  bad_seed: { status: 400, message: 'The seed must be an integer from 0 to 4294967295 or 32 hex digits.' },
  invalid_state: { status: 400, message: 'The state is not one this server issued for this game.' },
  invalid_run: { status: 400, message: 'The run does not replay: it is not a legal game under these rules.' },
  not_found: { status: 404, message: 'There is nothing at this address.' },
  unknown_game: { status: 404, message: 'There is no game with this slug.' },
  run_not_found: { status: 404, message: 'There is no stored run with this id.' },
  player_not_found: { status: 404, message: 'Nobody owns this player name.' },
  // Ranked play (live sessions, owned names, boards).
  session_not_found: { status: 404, message: 'There is no live session with this id.' },
  bad_date: { status: 400, message: 'The date must be a UTC day written YYYY-MM-DD.' },
  bad_player_key: {
    status: 400,
    message: 'A player key of your own must be 22 to 128 base64url characters (at least 128 random bits).',
  },
  name_owned: { status: 403, message: 'This player name belongs to someone else: send its player key.' },
  name_reserved: { status: 403, message: 'This player name is reserved for runs stored before names had keys.' },
  daily_not_qualified: {
    status: 403,
    message: 'The daily challenge is open to names that finished a ranked session of the game before the day.',
  },
  run_not_public: { status: 403, message: 'A daily challenge run is public once its UTC day is over.' },
  stale_state: { status: 409, message: 'The state is from an earlier step of a live session, which cannot fork.' },
  session_over: { status: 409, message: 'This live session has ended; its run is on the ranked board.' },
  daily_taken: { status: 409, message: "This player has already started today's daily challenge of this game." },
  run_copied: { status: 409, message: 'This exact run is already stored under another player.' },
  // Benchmark boards (evaluations.ts).
  invalid_evaluation: {
    status: 400,
    message: 'The evaluation is not a whole published suite of runs this server can replay.',
  },
  evaluation_not_found: { status: 404, message: 'There is no evaluation with this id.' },
  evaluation_busy: {
    status: 409,
    message: 'This address or name already has an evaluation being replayed: wait for it to be published or refused.',
  },
  evaluations_full: {
    status: 503,
    message: 'The server has as many evaluations waiting to be replayed as it takes: submit again in a few minutes.',
  },
  method_not_allowed: { status: 405, message: 'This method is not allowed here.' },
  uri_too_long: { status: 414, message: 'The address is too long.' },
  request_timeout: { status: 408, message: 'The request took too long to arrive; send it again in one go.' },
  batch_too_large: { status: 413, message: 'A batch holds at most 256 items.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  rate_limited: { status: 429, message: 'Too many requests from this address; wait for Retry-After seconds.' },
  shutting_down: { status: 503, message: 'The server is shutting down; send the request again in a moment.' },
  // Two messages: this default for a server started without a store, and ops/store-health.ts's
  // STORE_FAILING (or /readyz's reason) for a store that exists but fails right now.
  store_unavailable: { status: 503, message: 'This server keeps no runs: it was started without a run store.' },
  verifier_unavailable: { status: 503, message: 'The run could not be verified just now; send it again.' },
  internal_error: { status: 500, message: 'Something went wrong on the server; the request changed nothing.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** An error the API answers with its catalogue status and a specific message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

/** The body of an error answer. */
export function errorBody(code: ErrorCode, message?: string): { ok: false; error: ErrorCode; message: string } {
  return { ok: false, error: code, message: message ?? ERRORS[code].message };
}
