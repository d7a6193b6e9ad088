// How a game with a turn limit approaches the game without one (Pig with a turn limit): the
// first player's chance and opening for every even number of turns, as a line chart against
// the unlimited game's value and as a table. Data: the engine's solve result, by_turns.
// Test contract: data-testid="turns-chart" (hidden when the game has no turn limit), rows
// data-testid="turns-row-{n}".
import { escapeHtml } from "./escape-html.js";
import { labelMargin } from "./chart-labels.js";

const W = 320;
const H = 170;
const PAD = { right: 8, top: 10, bottom: 30 }; // (the left margin: labelMargin, for the labels)

export class TurnsChart {
  constructor(root) {
    this.root = root;
  }

  hide() {
    this.root.hidden = true;
    this.root.innerHTML = "";
  }

  show(byTurns) {
    if (!byTurns) return this.hide();
    const { rows, unlimited, opening_means: means } = byTurns;
    const ps = rows.map((r) => r.p_first_player_wins).concat(unlimited.p_first_player_wins, 0.5);
    const low = Math.min(...ps);
    const high = Math.max(...ps);
    const span = high - low || 0.01;
    const last = rows[rows.length - 1].turns;
    const label = (p) => `${(100 * p).toFixed(2)}%`;
    const tickValues = [low, (low + high) / 2, high];
    const left = labelMargin(tickValues.map(label));
    const x = (n) => left + ((W - left - PAD.right) * n) / last;
    const y = (p) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - (p - low) / span);
    const line = rows.map((r, n) => `${n ? "L" : "M"}${x(r.turns).toFixed(1)},${y(r.p_first_player_wins).toFixed(1)}`).join("");
    const ticks = tickValues
      .map((p) => `<text x="${left - 4}" y="${y(p) + 4}" text-anchor="end">${label(p)}</text>`)
      .join("");
    const openingWord = means === "target" ? "target" : "hold from";
    const opening = (o) => (o === null ? "roll to the goal" : `${openingWord} ${o}`);
    this.root.innerHTML = `
      <h2>How the turn limit approaches ${escapeHtml(unlimited.title)} without one</h2>
      <p class="note">P(first player wins) with each number of turns in the game, 0 to ${last} (both players'
        together); the dashed line is the game without a limit: ${(100 * unlimited.p_first_player_wins).toFixed(4)}%,
        opening ${escapeHtml(opening(unlimited.opening))}.</p>
      <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="P(first player wins) by turns in the game" class="turns-svg">
        <line x1="${left}" x2="${W - PAD.right}" y1="${y(unlimited.p_first_player_wins)}" y2="${y(unlimited.p_first_player_wins)}" class="limit"/>
        <path d="${line}" class="curve"/>
        ${ticks}
        <text x="${x(0)}" y="${H - 10}">0</text>
        <text x="${x(last)}" y="${H - 10}" text-anchor="end">${last} turns</text>
      </svg>
      <details>
        <summary>The table (${rows.length} rows)</summary>
        <div class="table-scroll"><table class="turns-table">
          <thead><tr><th>Turns</th><th>P(first wins)</th><th>Opening</th></tr></thead>
          <tbody>${rows
            .map(
              (r) => `<tr data-testid="turns-row-${r.turns}"><td>${r.turns}</td><td>${r.p_first_player_wins.toFixed(6)}</td>
                <td>${escapeHtml(opening(r.opening))}</td></tr>`,
            )
            .join("")}
            <tr><td>no limit</td><td>${unlimited.p_first_player_wins.toFixed(6)}</td><td>${escapeHtml(opening(unlimited.opening))}</td></tr>
          </tbody></table></div>
      </details>`;
    this.root.hidden = false;
  }
}
