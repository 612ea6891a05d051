/**
 * The Gameboard TypeScript client:
 *
 *     const client = new GameboardClient('http://127.0.0.1:3000');
 *     const run = await client.start('whirlyard', { seed: 7 });
 *     await run.act({ type: 'move', direction: 'n' });
 *     await run.submit('my-agent');
 */
export { GameboardClient, decodeTensor } from './client.js';
export type { ClientOptions } from './client.js';
export { GameboardError } from './errors.js';
export type { GameboardErrorCode } from './errors.js';
export type { PlayerKeyStore, RetryOptions } from './http.js';
export { GameSession, LiveSession } from './session.js';
export type { Turn } from './session.js';
export type {
  ActionOf,
  BatchItem,
  BatchResult,
  BoardEntry,
  BoardName,
  Budget,
  GameEntry,
  GameTypes,
  Leaderboard,
  LiveAnswer,
  ObservationOf,
  Player,
  SessionInfo,
  SessionStatus,
  Slug,
  StoredRun,
  SubmitResult,
  TensorAnswer,
  TensorRequest,
} from './types.js';
