/**
 * Small sound effects made on the spot with the Web Audio API (no files to ship or license): a blip
 * per move, a chime for points, a rising arpeggio for a clear, a low buzz for a refusal or a loss.
 * On at a low volume by default; the play page's Sound button turns them off, and the choice is
 * remembered in localStorage. Nothing sounds before the player's first click, tap or key press on the
 * page (browsers refuse audio until then, and a page should not start making noise by itself).
 */
const KEY = 'gameboard.sound';

/** The master volume, from 0 to 1: low, under the cues' own levels. */
const VOLUME = 0.5;

/** The sounds the pages ask for. */
export type Cue = 'move' | 'points' | 'clear' | 'bad';

let ctx: AudioContext | null = null;
let master: GainNode | null = null;
let gestured = false;

// The first real gesture on the page unlocks sound (a trusted event only: a script cannot fake it).
if (typeof window !== 'undefined') {
  const unlock = (e: Event) => {
    if (!e.isTrusted) return;
    gestured = true;
    for (const t of ['pointerdown', 'keydown', 'touchstart']) window.removeEventListener(t, unlock, true);
  };
  for (const t of ['pointerdown', 'keydown', 'touchstart']) window.addEventListener(t, unlock, true);
}

/** True unless the player has turned sound off (on on a first visit). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Remembers the player's choice. */
export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

function tone(
  c: AudioContext,
  out: AudioNode,
  freq: number,
  at: number,
  ms: number,
  type: OscillatorType,
  gain = 0.06,
) {
  const o = c.createOscillator();
  const g = c.createGain();
  o.type = type;
  o.frequency.value = freq;
  g.gain.setValueAtTime(gain, c.currentTime + at);
  g.gain.exponentialRampToValueAtTime(0.0001, c.currentTime + at + ms / 1000);
  o.connect(g).connect(out);
  o.start(c.currentTime + at);
  o.stop(c.currentTime + at + ms / 1000 + 0.02);
}

/** Plays a cue if sound is on, the player has touched the page, and the browser has Web Audio. */
export function play(cue: Cue): void {
  if (!gestured || !soundOn() || typeof AudioContext === 'undefined') return;
  if (!ctx) {
    ctx = new AudioContext();
    master = ctx.createGain();
    master.gain.value = VOLUME;
    master.connect(ctx.destination);
  }
  if (ctx.state === 'suspended') void ctx.resume();
  const c = ctx;
  const out = master!;
  switch (cue) {
    case 'move':
      return tone(c, out, 440, 0, 50, 'triangle', 0.03);
    case 'points':
      return tone(c, out, 880, 0, 120, 'sine');
    case 'clear':
      [523, 659, 784, 1047].forEach((f, i) => tone(c, out, f, i * 0.09, 160, 'sine'));
      return;
    case 'bad':
      return tone(c, out, 140, 0, 220, 'sawtooth', 0.04);
  }
}
