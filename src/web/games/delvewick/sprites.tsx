/** Delvewick's tiles and pieces: soil, bedrock, boulder, gem, geode, the exit shut and open, the mole. 32 x 32. */
export const delvewickSymbols = (
  <>
    {/* The tiles most boards are made of: three shapes each, so a board of them stays quick to paint. */}
    <symbol id="sp-dw-soil" viewBox="0 0 32 32">
      <rect width="32" height="32" fill="#8a5a2b" />
      <path d="M0,9 q8,-3 16,0 t16,0 M0,22 q8,3 16,0 t16,0" stroke="#74491f" stroke-width="2" fill="none" />
      <path d="M6,5h0 M22,14h0 M27,28h0 M12,27h0 M10,15h0" stroke="#5e3a17" stroke-width="3" stroke-linecap="round" />
    </symbol>
    <symbol id="sp-dw-bedrock" viewBox="0 0 32 32">
      <rect width="32" height="32" fill="#3b3f46" />
      <path d="M0,11 H32 M0,22 H32 M12,0 V11 M24,11 V22 M8,22 V32 M26,22 V32" stroke="#23262b" stroke-width="2" />
      <path d="M2,2 h8 M14,13 h8 M2,24 h4" stroke="#5b616b" stroke-width="1.5" />
    </symbol>
    <symbol id="sp-dw-boulder" viewBox="0 0 32 32">
      <path
        d="M5,22 C3,13 9,4 17,4 C26,4 30,12 28,21 C27,28 20,30 15,30 C9,30 6,27 5,22 Z"
        fill="#8c8c8c"
        stroke="#3a3a3a"
        stroke-width="2"
      />
      <path d="M10,11 q4,-4 9,-3" stroke="#c4c4c4" stroke-width="2.4" fill="none" stroke-linecap="round" />
      <path d="M18,18 l4,3 l-1,4 M12,22 l3,2" stroke="#4a4a4a" stroke-width="1.4" fill="none" />
    </symbol>
    <symbol id="sp-dw-gem" viewBox="0 0 32 32">
      <polygon points="16,3 28,12 16,29 4,12" fill="#56b4e9" stroke="#00426b" stroke-width="2" />
      <polygon points="16,3 21,12 16,29 11,12" fill="#9ad4f5" />
      <path d="M4,12 H28" stroke="#00426b" stroke-width="1.5" />
      <path d="M9,9 l3,-2" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" />
    </symbol>
    <symbol id="sp-dw-geode" viewBox="0 0 32 32">
      <polygon
        points="29,16 22.5,27.3 9.5,27.3 3,16 9.5,4.7 22.5,4.7"
        fill="#9c6b8a"
        stroke="#4d2140"
        stroke-width="2"
      />
      <polygon points="22,16 19,21 13,21 10,16 13,11 19,11" fill="#f2b7e0" />
      <path d="M13,11 l3,5 l3,-5 M16,16 v5" stroke="#cc79a7" stroke-width="1.3" fill="none" />
    </symbol>
    <symbol id="sp-dw-exit" viewBox="0 0 32 32">
      <path d="M4,31 V12 a12,10 0 0 1 24,0 V31 Z" fill="#6b4a2a" stroke="#2e1d0d" stroke-width="2" />
      <path d="M11,31 V10 M16,31 V7 M21,31 V10" stroke="#2e1d0d" stroke-width="2" />
      <rect x="13" y="17" width="6" height="6" rx="1" fill="#e69f00" stroke="#2e1d0d" stroke-width="1.2" />
    </symbol>
    <symbol id="sp-dw-exit-open" viewBox="0 0 32 32">
      <path d="M4,31 V12 a12,10 0 0 1 24,0 V31 Z" fill="#009e73" stroke="#00402e" stroke-width="2" />
      <path d="M8,31 V13 a8,7 0 0 1 16,0 V31 Z" fill="#fff7b0" />
      <path d="M11,31 V16 M21,31 V16 M11,20 H21 M11,25 H21" stroke="#6b4a2a" stroke-width="1.6" />
    </symbol>
    <symbol id="sp-dw-mole" viewBox="0 0 32 32">
      <ellipse cx="16" cy="19" rx="12" ry="10" fill="#4a3b33" stroke="#1e1612" stroke-width="2" />
      <ellipse cx="16" cy="22" rx="7" ry="5" fill="#6e5a4e" />
      <circle cx="11.5" cy="15" r="2.2" fill="#ffffff" />
      <circle cx="20.5" cy="15" r="2.2" fill="#ffffff" />
      <circle cx="11.8" cy="15.3" r="1.1" fill="#000" />
      <circle cx="20.2" cy="15.3" r="1.1" fill="#000" />
      <ellipse cx="16" cy="19.5" rx="3" ry="2.2" fill="#f4a3b8" stroke="#1e1612" stroke-width="0.8" />
      <path
        d="M3,25 l4,-2 M3,28 l5,-3 M29,25 l-4,-2 M29,28 l-5,-3"
        stroke="#f4d4c0"
        stroke-width="1.5"
        stroke-linecap="round"
      />
      <rect x="12" y="3" width="8" height="6" rx="2" fill="#f0e442" stroke="#1e1612" stroke-width="1.2" />
      <path d="M14,9 v2 M18,9 v2" stroke="#1e1612" stroke-width="1.2" />
    </symbol>
  </>
);
