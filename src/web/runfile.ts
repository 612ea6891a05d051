/**
 * Runs as files and links. A run is `{game, rulesVersion, seed, actions}` (src/core/replay.ts). A share
 * link carries the run in the URL fragment, so nothing is stored on any server: `z` + base64url of the
 * deflate-raw compressed JSON (the browser's CompressionStream), or `j` + base64url of the plain JSON
 * where CompressionStream is missing.
 */
import type { GameAction } from '../core/game.js';
import type { Run } from '../core/replay.js';
import { SEED_RULE, isSeed } from '../core/seed.js';

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is not valid base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Checks the shape of a parsed run file; throws an Error naming what is wrong. */
export function parseRun(value: unknown): Run {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('a run must be an object');
  const r = value as Record<string, unknown>;
  if (typeof r.game !== 'string') throw new Error('the run has no "game" name');
  if (typeof r.rulesVersion !== 'string') throw new Error('the run has no "rulesVersion"');
  if (!isSeed(r.seed)) throw new Error(`the run's "seed" must be ${SEED_RULE}`);
  if (!Array.isArray(r.actions)) throw new Error('the run has no "actions" list');
  for (const a of r.actions) {
    if (a === null || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string')
      throw new Error('every action must be an object with a "type"');
  }
  return { game: r.game, rulesVersion: r.rulesVersion, seed: r.seed, actions: r.actions as GameAction[] };
}

/** The run as the JSON text of a downloaded file. */
export function runToJson(run: Run): string {
  return JSON.stringify({ game: run.game, rulesVersion: run.rulesVersion, seed: run.seed, actions: run.actions });
}

/** Encodes a run for a URL fragment. */
export async function encodeRun(run: Run): Promise<string> {
  const bytes = new TextEncoder().encode(runToJson(run));
  if (typeof CompressionStream === 'function')
    return 'z' + toBase64Url(await pipe(bytes, new CompressionStream('deflate-raw')));
  return 'j' + toBase64Url(bytes);
}

/** Decodes a URL fragment made by `encodeRun`; throws an Error on anything else. */
export async function decodeRun(fragment: string): Promise<Run> {
  const text = fragment.replace(/^#/, '');
  const kind = text[0];
  let bytes = fromBase64Url(text.slice(1));
  if (kind === 'z') {
    try {
      bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
    } catch {
      throw new Error('the link is damaged: its run does not decompress');
    }
  } else if (kind !== 'j') throw new Error('the link does not hold a run');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error('the link is damaged: its run is not JSON');
  }
  return parseRun(value);
}

/** The absolute share link for a run. */
export async function shareLink(run: Run): Promise<string> {
  return `${location.origin}/replay#${await encodeRun(run)}`;
}

/** Offers the run as a JSON file download. */
export function downloadRun(run: Run, score: number): void {
  const blob = new Blob([runToJson(run)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${run.game}-seed${run.seed}-score${score}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
