// The exact final-score distribution of the optimal player: an SVG histogram (5-point bins)
// with mean, standard deviation, median and percentiles. data-testid="histogram" carries
// data-mean and data-sd (full precision).
import { escapeHtml } from "./escape-html.js";

const BIN = 5;

export class ScoreHistogram {
  constructor(root) {
    this.root = root;
  }

  show(result, title) {
    const bins = new Map();
    result.probabilities.forEach((p, i) => {
      const bin = Math.floor((result.first_score + i) / BIN) * BIN;
      bins.set(bin, (bins.get(bin) || 0) + p);
    });
    // show the body of the distribution; the long right tail (many Yahtzee bonuses) is in the table
    const lo = Math.floor(result.percentiles["1"] / BIN) * BIN - BIN;
    const hi = Math.ceil(result.percentiles["99"] / BIN) * BIN + 2 * BIN;
    const shown = [...bins].filter(([b]) => b >= lo && b <= hi);
    const top = Math.max(...shown.map(([, p]) => p));
    const width = 640;
    const height = 240;
    const barWidth = (width - 40) / shown.length;
    const x = (b) => 30 + ((b - lo) / BIN) * barWidth;
    const bars = shown
      .map(
        ([b, p]) => `<rect x="${x(b).toFixed(1)}" y="${(height - 30 - (p / top) * (height - 50)).toFixed(1)}"
          width="${Math.max(1, barWidth - 1).toFixed(1)}" height="${((p / top) * (height - 50)).toFixed(1)}" fill="#0072B2">
          <title>${b}-${b + BIN - 1}: ${(100 * p).toFixed(3)}%</title></rect>`,
      )
      .join("");
    const ticks = shown
      .filter(([b]) => b % 50 === 0)
      .map(([b]) => `<text x="${x(b).toFixed(1)}" y="${height - 6}" class="hist-tick" text-anchor="middle">${b}</text>`)
      .join("");
    const meanX = 30 + ((result.mean - lo) / BIN) * barWidth;
    const pct = Object.entries(result.percentiles)
      .map(([p, v]) => `<td class="num">${v}</td>`)
      .join("");
    this.root.innerHTML = `
      <h2>${escapeHtml(title)}</h2>
      <div data-testid="histogram" data-mean="${result.mean}" data-sd="${result.sd}" data-median="${result.median}">
        <svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Histogram of the final score of optimal play">
          ${bars}
          <line x1="${meanX.toFixed(1)}" x2="${meanX.toFixed(1)}" y1="10" y2="${height - 30}" stroke="#D55E00" stroke-width="2"/>
          <text x="${(meanX + 4).toFixed(1)}" y="26" class="hist-mean">mean ${result.mean.toFixed(2)}</text>
          ${ticks}
        </svg>
      </div>
      <p>Mean <strong>${result.mean.toFixed(4)}</strong>, standard deviation ${result.sd.toFixed(2)}, median ${result.median};
        scores from ${result.min} to ${result.max}. Two optimal players: the first scores more with probability
        ${result.p_beats_optimal.toFixed(4)} (ties make up the rest).</p>
      <div class="scroll" tabindex="0" role="region" aria-label="Percentiles of the final score"><table class="options"><thead><tr>${Object.keys(result.percentiles).map((p) => `<th class="num">${p}%</th>`).join("")}</tr></thead>
        <tbody><tr>${pct}</tr></tbody></table></div>
      <p class="note">Exact (every dice outcome followed forward, no sampling), for a player who always makes the
        choice with the highest expected score. Bars are 5-point bins.</p>
      ${curveHtml(result.target_curve)}
      ${beatHtml(result.beat_optimal)}`;
  }
}

// playing for a final score instead of for points (computed offline for the whole game)
function curveHtml(curve) {
  if (!curve) return "";
  const rows = curve
    .filter((r) => r.target >= 150)
    .map(
      (r) => `<tr><td class="num">${r.target}</td><td class="num">${(100 * r.p_reach_playing_for_points).toFixed(2)}%</td>
        <td class="num">${(100 * r.p_reach_target_play).toFixed(2)}%</td><td class="num">+${(100 * r.gain).toFixed(2)}</td></tr>`,
    )
    .join("");
  return `<h3>Playing for a score instead</h3>
    <div class="scroll" tabindex="0" role="region" aria-label="Chance to reach each final score" data-testid="target-curve"><table class="options"><thead><tr><th class="num">final score ≥</th>
      <th class="num">playing for points</th><th class="num">playing for it</th><th class="num">gain (points of %)</th></tr></thead>
      <tbody>${rows}</tbody></table></div>
    <p class="note">The best chance of reaching each score from the first turn (a strategy that changes with the score
      needed), against the expected-score player's. Use <em>Score to reach</em> in the advisor to play for a score
      near the end of a game.</p>`;
}

// the seed's two-player idea: beat an optimal player whose score you do not see (computed offline)
function beatHtml(beat) {
  if (!beat) return "";
  const pct = (p) => `${(100 * p).toFixed(2)}%`;
  return `<h3>Playing to beat an optimal player</h3>
    <p data-testid="beat-optimal" data-p-win="${beat.p_win_playing_to_win}">Against an optimal player whose score
      you do not see, playing to win (a strategy that changes with your score so far) scores more with probability
      <strong>${pct(beat.p_win_playing_to_win)}</strong>, against ${pct(beat.p_win_playing_for_points)} for playing
      for points: +${(100 * beat.gain).toFixed(2)} points of %.</p>`;
}
