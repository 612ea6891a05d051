/**
 * Briarwink's night garden: the gardener (and in grace), the seven dimling kinds and a spotted peeker,
 * fireflies, pods (and woken), blooms, the three pickups, the moon gate, and the tiles (moss, sprout,
 * briar, moonstone, hedge, pond, thicket, a creep mark, moonlight and darkness). 40 x 40.
 */
import type { ComponentChildren } from 'preact';

const BLOB = 'M8,31 C6,17 12,9 20,9 C28,9 34,17 32,31 q-3,4 -6,0 q-3,4 -6,0 q-3,4 -6,0 q-3,4 -6,0 Z';

function dimling(id: string, fill: string, extra: ComponentChildren, eyes: ComponentChildren) {
  return (
    <symbol id={id} viewBox="0 0 40 40">
      <path d={BLOB} fill={fill} stroke="#0b0f1e" stroke-width="2" />
      {extra}
      {eyes}
    </symbol>
  );
}

const grumpy = (
  <>
    <path d="M13,16 l5,2 M27,16 l-5,2" stroke="#0b0f1e" stroke-width="1.8" stroke-linecap="round" />
    <circle cx="16" cy="20" r="2" fill="#0b0f1e" />
    <circle cx="24" cy="20" r="2" fill="#0b0f1e" />
    <path d="M16,27 q4,-3 8,0" stroke="#0b0f1e" stroke-width="1.6" fill="none" />
  </>
);

export const briarwinkSymbols = (
  <>
    <symbol id="sp-bw-gardener" viewBox="0 0 40 40">
      <path d="M9,38 L13,22 H27 L31,38 Z" fill="#0072b2" stroke="#dfe9ff" stroke-width="1.6" />
      <circle cx="20" cy="17" r="6.5" fill="#f6c9a0" stroke="#0b0f1e" stroke-width="1.4" />
      <path d="M8,13 H32 L26,11 L22,2 L18,2 L14,11 Z" fill="#3b2a5a" stroke="#dfe9ff" stroke-width="1.4" />
      <circle cx="17.5" cy="17.5" r="1.2" fill="#0b0f1e" />
      <circle cx="22.5" cy="17.5" r="1.2" fill="#0b0f1e" />
      <path d="M31,24 v5" stroke="#dfe9ff" stroke-width="1.4" />
      <rect x="28.5" y="29" width="5" height="7" rx="1.5" fill="#f0e442" stroke="#0b0f1e" stroke-width="1.2" />
    </symbol>
    <symbol id="sp-bw-gardener-grace" viewBox="0 0 40 40">
      <circle
        cx="20"
        cy="21"
        r="18"
        fill="#f0e442"
        fill-opacity="0.22"
        stroke="#f0e442"
        stroke-width="1.5"
        stroke-dasharray="3 3"
      />
      <use href="#sp-bw-gardener" width="40" height="40" />
    </symbol>
    {dimling(
      'sp-bw-mope',
      '#8fa3c8',
      null,
      <>
        <path d="M13,19 h6 M21,19 h6" stroke="#0b0f1e" stroke-width="2" stroke-linecap="round" />
        <path d="M15,27 q5,-4 10,0" stroke="#0b0f1e" stroke-width="1.6" fill="none" />
        <path d="M14,22 v3" stroke="#56b4e9" stroke-width="1.6" stroke-linecap="round" />
      </>,
    )}
    {dimling(
      'sp-bw-peeker',
      '#c4a7e7',
      null,
      <>
        <circle cx="15" cy="19" r="4.5" fill="#ffffff" stroke="#0b0f1e" stroke-width="1.2" />
        <circle cx="25" cy="19" r="4.5" fill="#ffffff" stroke="#0b0f1e" stroke-width="1.2" />
        <circle cx="16" cy="20" r="2" fill="#0b0f1e" />
        <circle cx="24" cy="20" r="2" fill="#0b0f1e" />
        <path d="M17,28 h6" stroke="#0b0f1e" stroke-width="1.6" />
      </>,
    )}
    {dimling(
      'sp-bw-peeker-spotted',
      '#c4a7e7',
      <circle cx="20" cy="19" r="13" fill="#f0e442" fill-opacity="0.25" />,
      <>
        <circle cx="15" cy="19" r="5" fill="#f0e442" stroke="#0b0f1e" stroke-width="1.4" />
        <circle cx="25" cy="19" r="5" fill="#f0e442" stroke="#0b0f1e" stroke-width="1.4" />
        <circle cx="15" cy="19" r="1.6" fill="#d55e00" />
        <circle cx="25" cy="19" r="1.6" fill="#d55e00" />
        <path d="M11,12 l6,3 M29,12 l-6,3" stroke="#0b0f1e" stroke-width="2" stroke-linecap="round" />
        <ellipse cx="20" cy="28" rx="3" ry="2" fill="#0b0f1e" />
      </>,
    )}
    {dimling(
      'sp-bw-rootling',
      '#b08a5a',
      <path
        d="M10,32 q-3,4 -6,5 M16,33 q0,4 -3,6 M24,33 q0,4 3,6 M30,32 q3,4 6,5"
        stroke="#6b4a2a"
        stroke-width="2"
        fill="none"
        stroke-linecap="round"
      />,
      grumpy,
    )}
    {dimling(
      'sp-bw-nudger',
      '#e69f00',
      <path d="M12,13 L8,3 L16,10 Z M28,13 L32,3 L24,10 Z" fill="#fff3c4" stroke="#0b0f1e" stroke-width="1.4" />,
      grumpy,
    )}
    <symbol id="sp-bw-twinbud" viewBox="0 0 40 40">
      <path
        d="M5,32 C3,20 7,13 13,13 C19,13 21,20 20,32 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -3,0 Z"
        fill="#7fd9bd"
        stroke="#0b0f1e"
        stroke-width="2"
      />
      <path
        d="M20,32 C19,20 21,13 27,13 C33,13 37,20 35,32 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -3,0 Z"
        fill="#7fd9bd"
        stroke="#0b0f1e"
        stroke-width="2"
      />
      <path d="M20,13 q0,-6 4,-9 q-4,1 -4,9 M20,13 q0,-6 -4,-9" stroke="#009e73" stroke-width="1.8" fill="none" />
      <circle cx="11" cy="21" r="1.8" fill="#0b0f1e" />
      <circle cx="15" cy="21" r="1.8" fill="#0b0f1e" />
      <circle cx="25" cy="21" r="1.8" fill="#0b0f1e" />
      <circle cx="29" cy="21" r="1.8" fill="#0b0f1e" />
    </symbol>
    <symbol id="sp-bw-sprig" viewBox="0 0 40 40">
      <path d="M20,8 q6,4 4,10 M20,8 q-6,4 -4,10" stroke="#009e73" stroke-width="2" fill="#7fd9bd" />
      <path
        d="M12,32 C10,22 14,16 20,16 C26,16 30,22 28,32 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -4,0 q-2,3 -4,0 Z"
        fill="#bff0a0"
        stroke="#0b0f1e"
        stroke-width="2"
      />
      <circle cx="17" cy="23" r="1.6" fill="#0b0f1e" />
      <circle cx="23" cy="23" r="1.6" fill="#0b0f1e" />
    </symbol>
    {dimling(
      'sp-bw-tangler',
      '#d55e00',
      <path
        d="M8,20 q-6,-2 -5,-8 q3,4 5,2 M32,20 q6,-2 5,-8 q-3,4 -5,2 M14,10 q-2,-6 2,-8 M26,10 q2,-6 -2,-8"
        stroke="#5c1f00"
        stroke-width="2"
        fill="none"
        stroke-linecap="round"
      />,
      grumpy,
    )}
    <symbol id="sp-bw-firefly" viewBox="0 0 40 40">
      <circle cx="20" cy="22" r="14" fill="#f0e442" fill-opacity="0.25" />
      <ellipse cx="14" cy="15" rx="6" ry="4" fill="#dfe9ff" fill-opacity="0.8" transform="rotate(-30 14 15)" />
      <ellipse cx="26" cy="15" rx="6" ry="4" fill="#dfe9ff" fill-opacity="0.8" transform="rotate(30 26 15)" />
      <ellipse cx="20" cy="21" rx="4" ry="7" fill="#f0e442" stroke="#5c4f00" stroke-width="1.2" />
      <circle cx="20" cy="13" r="3" fill="#3b2a5a" />
    </symbol>
    <symbol id="sp-bw-pod" viewBox="0 0 40 40">
      <path d="M20,4 q3,3 0,6" stroke="#009e73" stroke-width="2" fill="none" />
      <path
        d="M20,9 C31,9 34,22 31,29 C28,36 12,36 9,29 C6,22 9,9 20,9 Z"
        fill="#3b2a5a"
        stroke="#c4a7e7"
        stroke-width="2"
      />
      <path d="M20,10 V34 M13,13 q-4,10 0,19 M27,13 q4,10 0,19" stroke="#6b5a8f" stroke-width="1.2" fill="none" />
    </symbol>
    <symbol id="sp-bw-pod-woken" viewBox="0 0 40 40">
      <circle cx="20" cy="22" r="18" fill="#f0e442" fill-opacity="0.3" />
      <path d="M20,4 q3,3 0,6" stroke="#009e73" stroke-width="2" fill="none" />
      <path
        d="M20,9 C31,9 34,22 31,29 C28,36 12,36 9,29 C6,22 9,9 20,9 Z"
        fill="#5c4f8f"
        stroke="#f0e442"
        stroke-width="2.5"
      />
      <path d="M20,10 V34 M13,13 q-4,10 0,19 M27,13 q4,10 0,19" stroke="#f0e442" stroke-width="1.2" fill="none" />
    </symbol>
    <symbol id="sp-bw-bloom" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#f0e442" fill-opacity="0.35" />
      <g fill="#fffbe0" stroke="#c9b800" stroke-width="1">
        <ellipse cx="20" cy="10" rx="5" ry="8" />
        <ellipse cx="20" cy="30" rx="5" ry="8" />
        <ellipse cx="10" cy="20" rx="8" ry="5" />
        <ellipse cx="30" cy="20" rx="8" ry="5" />
      </g>
      <circle cx="20" cy="20" r="5" fill="#f0e442" stroke="#c9b800" stroke-width="1" />
    </symbol>
    <symbol id="sp-bw-gate" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="18" fill="#dfe9ff" fill-opacity="0.2" />
      <path
        d="M6,38 V20 a14,14 0 0 1 28,0 V38 H29 V20 a9,9 0 0 0 -18,0 V38 Z"
        fill="#dfe9ff"
        stroke="#56b4e9"
        stroke-width="1.5"
      />
      <path d="M23,10 a6,6 0 1 0 0,10 a5,5 0 1 1 0,-10 Z" fill="#f0e442" />
    </symbol>
    <symbol id="sp-bw-wide-petal" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="17" fill="#0b0f1e" stroke="#f0e442" stroke-width="2" />
      <g fill="#f0e442">
        <ellipse cx="20" cy="10" rx="3.5" ry="6" />
        <ellipse cx="20" cy="30" rx="3.5" ry="6" />
        <ellipse cx="10" cy="20" rx="6" ry="3.5" />
        <ellipse cx="30" cy="20" rx="6" ry="3.5" />
      </g>
      <path d="M3,20 l4,-3 v6 Z M37,20 l-4,-3 v6 Z" fill="#dfe9ff" />
    </symbol>
    <symbol id="sp-bw-extra-pod" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="17" fill="#0b0f1e" stroke="#c4a7e7" stroke-width="2" />
      <path
        d="M16,12 C23,12 25,21 23,26 C21,31 11,31 9,26 C7,21 9,12 16,12 Z"
        fill="#6b5a8f"
        stroke="#c4a7e7"
        stroke-width="1.5"
      />
      <path d="M28,10 v10 M23,15 h10" stroke="#dfe9ff" stroke-width="2.6" stroke-linecap="round" />
    </symbol>
    <symbol id="sp-bw-quick-step" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="17" fill="#0b0f1e" stroke="#56b4e9" stroke-width="2" />
      <path d="M13,29 C10,20 20,14 27,12 C25,18 22,26 13,29 Z" fill="#56b4e9" />
      <path d="M8,16 h6 M7,21 h5 M9,26 h3" stroke="#dfe9ff" stroke-width="2" stroke-linecap="round" />
    </symbol>
    <symbol id="sp-bw-moss" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#1b2a24" />
      <path
        d="M6,10 q2,-3 4,0 M26,8 q2,-3 4,0 M14,28 q2,-3 4,0 M30,32 q2,-3 4,0"
        stroke="#2f4a3c"
        stroke-width="1.5"
        fill="none"
      />
    </symbol>
    <symbol id="sp-bw-sprout" viewBox="0 0 40 40">
      <path
        d="M14,34 q2,-10 -4,-18 M20,34 q0,-12 5,-20 M26,34 q1,-8 7,-12"
        stroke="#7fd9bd"
        stroke-width="2.4"
        fill="none"
        stroke-linecap="round"
      />
      <ellipse cx="10" cy="15" rx="3.5" ry="2" fill="#7fd9bd" transform="rotate(40 10 15)" />
      <ellipse cx="25" cy="13" rx="3.5" ry="2" fill="#7fd9bd" transform="rotate(-40 25 13)" />
    </symbol>
    <symbol id="sp-bw-briar" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#3a1838" />
      <path
        d="M0,30 C10,20 16,34 26,22 S36,14 40,10 M0,12 C8,18 14,6 22,12 S34,26 40,24"
        stroke="#b05aa0"
        stroke-width="3"
        fill="none"
      />
      <g fill="#f2b7e0">
        <path d="M7,24 l-1,-5 l4,3 Z M19,27 l1,-5 l3,4 Z M31,17 l-1,-5 l4,3 Z M12,12 l2,-5 l2,5 Z M28,19 l3,4 l-4,1 Z" />
      </g>
    </symbol>
    <symbol id="sp-bw-moonstone" viewBox="0 0 40 40">
      <path
        d="M6,30 C4,18 12,6 22,7 C32,8 37,18 34,29 C32,35 10,36 6,30 Z"
        fill="#9aa6c0"
        stroke="#dfe9ff"
        stroke-width="1.6"
      />
      <path d="M24,14 a6,6 0 1 0 0,11 a5,5 0 1 1 0,-11 Z" fill="#dfe9ff" />
    </symbol>
    <symbol id="sp-bw-hedge" viewBox="0 0 40 40">
      <rect x="1" y="1" width="38" height="38" rx="6" fill="#0f3d22" stroke="#4fae7a" stroke-width="1.5" />
      <g fill="#1f6b3c" stroke="#4fae7a" stroke-width="1">
        <circle cx="11" cy="12" r="7" />
        <circle cx="27" cy="11" r="7" />
        <circle cx="19" cy="22" r="8" />
        <circle cx="9" cy="30" r="6" />
        <circle cx="30" cy="29" r="7" />
      </g>
    </symbol>
    <symbol id="sp-bw-pond" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#0d2d4a" />
      <path
        d="M5,14 q5,-4 10,0 t10,0 t10,0 M5,27 q5,-4 10,0 t10,0 t10,0"
        stroke="#56b4e9"
        stroke-width="1.6"
        fill="none"
      />
      <path d="M28,30 a5,4 0 1 1 0.1,0 Z" fill="#009e73" />
    </symbol>
    <symbol id="sp-bw-thicket" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#14120f" />
      <path d="M0,8 L40,32 M0,32 L40,8 M8,0 L32,40 M32,0 L8,40 M20,0 V40 M0,20 H40" stroke="#5a4632" stroke-width="3" />
    </symbol>
    <symbol id="sp-bw-creep" viewBox="0 0 40 40">
      <path
        d="M8,8 L32,32 M32,8 L8,32"
        stroke="#e69f00"
        stroke-width="3"
        stroke-dasharray="5 3"
        stroke-linecap="round"
      />
    </symbol>
    <symbol id="sp-bw-dark" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#02030a" fill-opacity="0.78" />
      <circle cx="8" cy="9" r="0.8" fill="#3a3f58" />
      <circle cx="29" cy="27" r="0.8" fill="#3a3f58" />
    </symbol>
    <symbol id="sp-bw-moonlit" viewBox="0 0 40 40">
      <rect width="40" height="40" fill="#cfe0ff" fill-opacity="0.12" />
    </symbol>
  </>
);
