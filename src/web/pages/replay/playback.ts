/**
 * The replay's workings: the step shown, playing it on at a speed, the keys (Space or K to play or pause,
 * the arrows or J / L to step, Home and End, ? for the help), and the board's room above the controls.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** The step shown (0 to `n`), played on at `baseRate` steps a second times the chosen speed. */
export function usePlayback(n: number, baseRate: number) {
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const atRef = useRef(at);
  atRef.current = at;
  const seek = (i: number) => setAt(Math.max(0, Math.min(n, Math.round(i))));
  useEffect(() => {
    if (!playing) return;
    const rate = baseRate * speed;
    // Above ~30 frames a second, advance several steps per frame instead.
    const perFrame = Math.max(1, Math.round(rate / 30));
    const id = setInterval(
      () => {
        const next = Math.min(n, atRef.current + perFrame);
        setAt(next);
        if (next >= n) setPlaying(false);
      },
      1000 / Math.min(rate, 30),
    );
    return () => clearInterval(id);
  }, [playing, speed, n]);
  return { at, atRef, seek, playing, setPlaying, speed, setSpeed };
}

/** The replay's keys; a layout effect, so keys work from the first frame (a plain effect waits for the next paint). */
export function useReplayKeys(o: {
  n: number;
  atRef: { current: number };
  seek: (i: number) => void;
  setPlaying: (f: (p: boolean) => boolean) => void;
  setHelp: (h: boolean | ((h: boolean) => boolean)) => void;
}) {
  const { n, atRef, seek, setPlaying, setHelp } = o;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.key !== ' ')
        return;
      const keys: Record<string, () => void> = {
        ' ': () => setPlaying((p) => (atRef.current >= n ? false : !p)),
        k: () => setPlaying((p) => !p),
        ArrowRight: () => seek(atRef.current + 1),
        l: () => seek(atRef.current + 1),
        ArrowLeft: () => seek(atRef.current - 1),
        j: () => seek(atRef.current - 1),
        Home: () => seek(0),
        End: () => seek(n),
        '?': () => setHelp((h) => !h),
        Escape: () => setHelp(false),
      };
      const f = keys[e.key];
      if (f) {
        if (e.key === ' ' && e.target instanceof HTMLElement && e.target.closest('button')) return;
        e.preventDefault();
        f();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [n]);
}

/**
 * The board's room above the replay's controls: the window's height less what stands above the board
 * (with the page at its top) and the controls' height, set as `--room` on the board's frame, so the
 * sticky controls never cover the board's bottom row (layout.css).
 */
export function useRoomAbove(wrap: { current: HTMLElement | null }, controls: { current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const fit = () => {
      const w = wrap.current;
      const c = controls.current;
      const board = w?.querySelector('.board');
      if (!w || !c || !board) return;
      const frame = w.getBoundingClientRect().height - board.getBoundingClientRect().height;
      const top = w.getBoundingClientRect().top + window.scrollY;
      const room = Math.floor(window.innerHeight - top - frame - c.offsetHeight - 4);
      // Only when the board as laid out would reach under the controls: otherwise it keeps its size.
      if (w.style.getPropertyValue('--room') || board.getBoundingClientRect().height > room)
        w.style.setProperty('--room', `${room}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
}
