/** Whirlyard's pieces: the rover, drones (plain and charged), scrap, the pulse and the catch. 40 x 40. */
export const whirlyardSymbols = (
  <>
    <symbol id="sp-wy-rover" viewBox="0 0 40 40">
      <line x1="20" y1="11" x2="26" y2="4" stroke="#00304d" stroke-width="2" />
      <circle cx="26" cy="4" r="2.6" fill="#f0e442" stroke="#00304d" stroke-width="1" />
      <rect x="5" y="10" width="30" height="20" rx="6" fill="#0072b2" stroke="#00304d" stroke-width="2" />
      <rect x="10" y="14" width="20" height="9" rx="3" fill="#d6ecff" />
      <circle cx="15.5" cy="18.5" r="2.3" fill="#00304d" />
      <circle cx="24.5" cy="18.5" r="2.3" fill="#00304d" />
      <rect x="3" y="28" width="34" height="7" rx="3.5" fill="#2b2b2b" />
      <circle cx="9" cy="31.5" r="2" fill="#9a9a9a" />
      <circle cx="20" cy="31.5" r="2" fill="#9a9a9a" />
      <circle cx="31" cy="31.5" r="2" fill="#9a9a9a" />
    </symbol>
    <symbol id="sp-wy-rotor" viewBox="0 0 12 12">
      <ellipse cx="6" cy="6" rx="6" ry="2" fill="#5a2a10" opacity="0.7" />
      <circle cx="6" cy="6" r="1.6" fill="#2b2b2b" />
    </symbol>
    <symbol id="sp-wy-drone" viewBox="0 0 40 40">
      <path d="M9,9 L31,31 M31,9 L9,31" stroke="#4a2008" stroke-width="3" />
      <use href="#sp-wy-rotor" x="2" y="3" width="14" height="12" />
      <use href="#sp-wy-rotor" x="24" y="3" width="14" height="12" />
      <use href="#sp-wy-rotor" x="2" y="25" width="14" height="12" />
      <use href="#sp-wy-rotor" x="24" y="25" width="14" height="12" />
      <circle cx="20" cy="20" r="10" fill="#d55e00" stroke="#4a2008" stroke-width="2" />
      <circle cx="20" cy="20" r="4.5" fill="#fff3c4" />
      <circle cx="20" cy="20" r="2.2" fill="#2b1000" />
    </symbol>
    <symbol id="sp-wy-charged" viewBox="0 0 40 40">
      <path d="M9,9 L31,31 M31,9 L9,31" stroke="#3d0c2c" stroke-width="3" />
      <use href="#sp-wy-rotor" x="2" y="3" width="14" height="12" />
      <use href="#sp-wy-rotor" x="24" y="3" width="14" height="12" />
      <use href="#sp-wy-rotor" x="2" y="25" width="14" height="12" />
      <use href="#sp-wy-rotor" x="24" y="25" width="14" height="12" />
      <polygon points="20,6 34,20 20,34 6,20" fill="#a8327a" stroke="#3d0c2c" stroke-width="2" />
      <path d="M22,10 L15,21 L20,21 L17,30 L26,18 L21,18 Z" fill="#f0e442" stroke="#3d0c2c" stroke-width="1" />
    </symbol>
    <symbol id="sp-wy-scrap" viewBox="0 0 40 40">
      <path d="M4,34 L8,22 L16,18 L24,20 L33,16 L37,34 Z" fill="#6b6b6b" stroke="#2f2f2f" stroke-width="2" />
      <rect
        x="9"
        y="12"
        width="12"
        height="8"
        rx="1"
        fill="#8f8f8f"
        stroke="#2f2f2f"
        stroke-width="1.5"
        transform="rotate(-18 15 16)"
      />
      <circle cx="27" cy="14" r="6" fill="#a0a0a0" stroke="#2f2f2f" stroke-width="1.5" stroke-dasharray="3 2" />
      <circle cx="27" cy="14" r="2" fill="#2f2f2f" />
      <path d="M10,28 l6,-3 M20,30 l7,-4 M28,26 l5,2" stroke="#2f2f2f" stroke-width="1.5" />
      <circle cx="14" cy="24" r="1.4" fill="#d55e00" />
    </symbol>
    <symbol id="sp-wy-pulse" viewBox="0 0 40 40">
      <circle cx="20" cy="20" r="18" fill="none" stroke="#005a8c" stroke-width="2.2" stroke-dasharray="5 3" />
      <circle cx="20" cy="20" r="12" fill="none" stroke="#56b4e9" stroke-width="1.6" />
      <path d="M20,4 v6 M20,30 v6 M4,20 h6 M30,20 h6" stroke="#005a8c" stroke-width="1.6" />
    </symbol>
    <symbol id="sp-wy-caught" viewBox="0 0 40 40">
      <polygon
        points="20,1 24,13 35,6 28,17 39,20 28,23 35,34 24,27 20,39 16,27 5,34 12,23 1,20 12,17 5,6 16,13"
        fill="#f0e442"
        stroke="#b33c00"
        stroke-width="2"
      />
      <polygon points="20,9 23,16 30,14 25,20 30,26 23,24 20,31 17,24 10,26 15,20 10,14 17,16" fill="#d55e00" />
    </symbol>
  </>
);
