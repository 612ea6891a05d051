/**
 * Small sound effects made on the spot with the Web Audio API (no files to ship or license): a blip
 * per move, a chime for points, a rising arpeggio for a clear, a low buzz for a refusal or a loss.
 * Off until the player turns them on; the choice is remembered in localStorage.
 */
const KEY = 'gameboard.sound';

/** The sounds the pages ask for. */
export type Cue = 'move' | 'points' | 'clear' | 'bad';

let ctx: AudioContext | null = null;

/** True when the player has turned sound on (off on a first visit). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
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

function tone(c: AudioContext, freq: number, at: number, ms: number, type: OscillatorType, gain = 0.06): void {
  const o = c.createOscillator();
  const g = c.createGain();
  o.type = type;
  o.frequency.value = freq;
  g.gain.setValueAtTime(gain, c.currentTime + at);
  g.gain.exponentialRampToValueAtTime(0.0001, c.currentTime + at + ms / 1000);
  o.connect(g).connect(c.destination);
  o.start(c.currentTime + at);
  o.stop(c.currentTime + at + ms / 1000 + 0.02);
}

/** Plays a cue if sound is on (and the browser has Web Audio). */
export function play(cue: Cue): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  switch (cue) {
    case 'move':
      return tone(ctx, 440, 0, 50, 'triangle', 0.03);
    case 'points':
      return tone(ctx, 880, 0, 120, 'sine');
    case 'clear':
      [523, 659, 784, 1047].forEach((f, i) => tone(ctx!, f, i * 0.09, 160, 'sine'));
      return;
    case 'bad':
      return tone(ctx, 140, 0, 220, 'sawtooth', 0.04);
  }
}
