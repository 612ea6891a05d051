/**
 * Cragwake's pieces: the climber, the holds (jug, plain, cracked once and twice, crimp), the frosting
 * and ice over a hold, the belay anchor, fog, the rockfall and the gust. 48 x 48 unless said.
 */
export const cragwakeSymbols = (
  <>
    <symbol id="sp-cw-jug" viewBox="0 0 48 48">
      <path
        d="M4,22 C4,10 44,10 44,22 C44,34 36,36 24,36 C12,36 4,34 4,22 Z"
        fill="#009e73"
        stroke="#00402e"
        stroke-width="2.5"
      />
      <path d="M11,22 C11,17 37,17 37,22 C37,26 11,26 11,22 Z" fill="#00402e" />
      <path d="M12,15 q12,-5 24,0" stroke="#7fd9bd" stroke-width="2" fill="none" stroke-linecap="round" />
    </symbol>
    <symbol id="sp-cw-plain" viewBox="0 0 48 48">
      <path
        d="M11,26 C9,17 16,10 25,11 C34,12 38,19 36,28 C34,35 27,38 21,37 C15,36 12,32 11,26 Z"
        fill="#e69f00"
        stroke="#5c3f00"
        stroke-width="2.5"
      />
      <path d="M17,19 q5,-4 11,-3" stroke="#ffd98a" stroke-width="2.2" fill="none" stroke-linecap="round" />
      <circle cx="24" cy="28" r="2" fill="#5c3f00" />
    </symbol>
    <symbol id="sp-cw-cracked" viewBox="0 0 48 48">
      <path
        d="M11,26 C9,17 16,10 25,11 C34,12 38,19 36,28 C34,35 27,38 21,37 C15,36 12,32 11,26 Z"
        fill="#c98a6a"
        stroke="#4d2a18"
        stroke-width="2.5"
      />
      <path d="M17,13 l6,8 l-4,4 l8,11" stroke="#2b1408" stroke-width="2.4" fill="none" stroke-linejoin="bevel" />
      <path d="M23,21 l7,-2" stroke="#2b1408" stroke-width="1.6" fill="none" />
    </symbol>
    <symbol id="sp-cw-cracked2" viewBox="0 0 48 48">
      <path
        d="M11,26 C9,17 16,10 25,11 C34,12 38,19 36,28 C34,35 27,38 21,37 C15,36 12,32 11,26 Z"
        fill="#c98a6a"
        stroke="#4d2a18"
        stroke-width="2.5"
      />
      <path d="M17,13 l6,8 l-4,4 l8,11" stroke="#2b1408" stroke-width="2.4" fill="none" stroke-linejoin="bevel" />
      <path d="M23,21 l7,-2 M30,14 l-4,6 M14,30 l6,-3" stroke="#2b1408" stroke-width="1.6" fill="none" />
      <path d="M32,34 l3,3 M10,32 l-2,3" stroke="#4d2a18" stroke-width="2" />
    </symbol>
    <symbol id="sp-cw-crimp" viewBox="0 0 48 48">
      <path d="M6,21 L42,19 L41,27 L7,28 Z" fill="#cc79a7" stroke="#4d2140" stroke-width="2.5" />
      <path d="M9,22 H39" stroke="#f2c6de" stroke-width="1.5" />
    </symbol>
    <symbol id="sp-cw-ice" viewBox="0 0 48 48">
      <path
        d="M8,24 C8,12 40,12 40,24 C40,36 8,36 8,24 Z"
        fill="#e8f6ff"
        fill-opacity="0.75"
        stroke="#3d8fbf"
        stroke-width="2"
      />
      <g stroke="#005a8c" stroke-width="2" stroke-linecap="round">
        <path d="M38,4 v12 M32.8,7 l10.4,6 M32.8,13 l10.4,-6" />
      </g>
    </symbol>
    <symbol id="sp-cw-frost" viewBox="0 0 48 48">
      <circle cx="24" cy="24" r="21" fill="none" stroke="#3d8fbf" stroke-width="2" stroke-dasharray="4 4" />
      <g stroke="#3d8fbf" stroke-width="1.6" stroke-linecap="round">
        <path d="M24,0 v6 M21,3 h6 M24,42 v6 M0,24 h6 M42,24 h6" />
      </g>
    </symbol>
    <symbol id="sp-cw-climber" viewBox="0 0 48 48">
      <path d="M24,0 V12" stroke="#d55e00" stroke-width="2" stroke-dasharray="3 2" />
      <circle cx="24" cy="14" r="6" fill="#f6c9a0" stroke="#2b1408" stroke-width="1.5" />
      <path d="M17,13 a7,7 0 0 1 14,0 Z" fill="#d55e00" stroke="#2b1408" stroke-width="1.5" />
      <path
        d="M24,20 V33 M24,23 L13,15 M24,23 L35,15 M24,33 L16,43 M24,33 L32,43"
        stroke="#0072b2"
        stroke-width="4.5"
        stroke-linecap="round"
      />
      <rect x="19" y="20" width="10" height="12" rx="3" fill="#0072b2" stroke="#00304d" stroke-width="1.5" />
      <path d="M20,30 h8" stroke="#f0e442" stroke-width="2" />
    </symbol>
    <symbol id="sp-cw-belay" viewBox="0 0 24 24">
      <rect x="8" y="2" width="8" height="8" rx="1.5" fill="#9a9a9a" stroke="#2f2f2f" stroke-width="1.5" />
      <circle cx="12" cy="6" r="1.5" fill="#2f2f2f" />
      <circle cx="12" cy="15" r="6" fill="none" stroke="#d55e00" stroke-width="2.5" />
    </symbol>
    <symbol id="sp-cw-fog" viewBox="0 0 96 32">
      <path
        d="M6,24 C2,24 2,16 8,16 C8,8 20,6 24,12 C28,4 42,6 42,14 C48,10 56,14 54,20 C60,18 64,24 58,26 Z"
        fill="#e9ecef"
        stroke="#8a939b"
        stroke-width="1.5"
      />
      <path
        d="M46,28 C42,28 42,21 48,21 C49,14 60,13 63,18 C67,11 80,13 80,20 C86,18 92,22 88,27 Z"
        fill="#d3d8dd"
        stroke="#8a939b"
        stroke-width="1.5"
      />
    </symbol>
    <symbol id="sp-cw-rockfall" viewBox="0 0 24 24">
      <path d="M4,12 L9,5 L16,6 L19,12 L14,18 L6,17 Z" fill="#7a6a5a" stroke="#2f241a" stroke-width="1.5" />
      <path d="M17,17 l3,-1 l2,3 l-3,2 Z M2,20 l3,-1 l1,3 l-3,1 Z" fill="#7a6a5a" stroke="#2f241a" stroke-width="1" />
      <path d="M8,1 v3 M13,0 v4" stroke="#2f241a" stroke-width="1.2" />
    </symbol>
    <symbol id="sp-cw-gust" viewBox="0 0 24 24">
      <path
        d="M2,8 H15 a3,3 0 1 0 -3,-3 M2,13 H19 a3,3 0 1 1 -3,3 M4,18 H10"
        stroke="#005a8c"
        stroke-width="2"
        fill="none"
        stroke-linecap="round"
      />
    </symbol>
  </>
);
