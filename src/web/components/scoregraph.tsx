/** The score over the steps of a replay, with a cursor at the current step; click to seek. */
export function ScoreGraph({ scores, at, onSeek }: { scores: number[]; at: number; onSeek: (i: number) => void }) {
  const W = 600;
  const H = 120;
  const n = Math.max(1, scores.length - 1);
  const max = Math.max(1, ...scores);
  // At most ~W points: scores never fall, so the last value of each bucket is exact enough.
  const stride = Math.max(1, Math.ceil(scores.length / W));
  const pts: string[] = [];
  for (let i = 0; i < scores.length; i += stride) pts.push(`${(i / n) * W},${H - (scores[i] / max) * H}`);
  pts.push(`${W},${H - (scores[scores.length - 1] / max) * H}`);
  const x = (at / n) * W;
  return (
    <figure class="scoregraph">
      <svg
        viewBox={`-48 -10 ${W + 58} ${H + 30}`}
        role="img"
        aria-label={`Score over time: from ${scores[0]} to ${scores[scores.length - 1]} over ${n} steps; now ${scores[at]} at step ${at}`}
        onClick={(e) => {
          const svg = e.currentTarget as SVGSVGElement;
          const r = svg.getBoundingClientRect();
          const frac = ((e.clientX - r.left) / r.width) * ((W + 58) / W) - 48 / W;
          onSeek(Math.round(Math.max(0, Math.min(1, frac)) * n));
        }}
      >
        <line x1="0" y1={H} x2={W} y2={H} class="axis" />
        <line x1="0" y1="0" x2="0" y2={H} class="axis" />
        <text x="-4" y="4" class="tick" text-anchor="end">
          {max}
        </text>
        <text x="-4" y={H} class="tick" text-anchor="end">
          0
        </text>
        <text x={W} y={H + 16} class="tick" text-anchor="end">
          step {n}
        </text>
        <polyline points={pts.join(' ')} class="line" />
        <line x1={x} y1="0" x2={x} y2={H} class="cursor" />
        <circle cx={x} cy={H - (scores[at] / max) * H} r="4" class="dot" />
      </svg>
      <figcaption class="muted">Score over the run (click to jump).</figcaption>
    </figure>
  );
}
