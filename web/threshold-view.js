// The roll/hold boundary of a game whose turn has too many dice configurations to draw
// (Zombie Dice): at the position's scores, for each value of two dice variables (rows: the
// footprint dice in hand, columns: the shotgun dice), the points this turn from which
// holding is best, whatever the other dice. "4–6": from 6 on always, from 4 on for some of
// the other dice. The variables, their letters and the unit come from the engine's answer.
// Test contract: the table is data-testid="thresholds"; each cell of a possible hand and
// shotguns has data-hold-from and data-depends-from ("" for none); the position's own cell
// is data-testid="threshold-here".
import { escapeHtml } from "./advice-panel.js";

const COLOUR_NAMES = { G: "green", Y: "yellow", R: "red" };

export class ThresholdView {
  constructor(root) {
    this.root = root;
  }

  show(data, game) {
    const labels = Object.fromEntries(game.state_vars.map((v) => [v.name, v.label]));
    const { p, i, j } = data.anchor;
    const goal = data.objective === "win" ? "to win" : `for the most ${data.unit} this turn`;
    const dice = (letters) =>
      letters
        ? [...letters].map((l) => `<span class="chip chip-${l}" title="${COLOUR_NAMES[l] || l}">${l}</span>`).join("")
        : `<span class="none">none</span>`;
    const cell = (c, r, k) => {
      const here = r === data.at.row && k === data.at.column;
      const mark = here ? ` data-testid="threshold-here" class="here ${band(c)}"` : ` class="${band(c)}"`;
      if (!c) return `<td${mark} aria-label="cannot occur">·</td>`;
      const text = c.hold_from === null ? "roll" : c.depends_from === c.hold_from ? `${c.hold_from}` : `${c.depends_from}–${c.hold_from}`;
      const spoken =
        c.hold_from === null
          ? `keep rolling at every ${data.gain_var} shown`
          : c.depends_from === c.hold_from
            ? `hold from ${c.hold_from} ${data.unit}`
            : `hold from ${c.hold_from} ${data.unit}; from ${c.depends_from}, depending on the other dice`;
      return `<td${mark} data-hold-from="${c.hold_from ?? ""}" data-depends-from="${c.depends_from ?? ""}"
        title="${escapeHtml(spoken)}">${text}</td>`;
    };
    this.root.innerHTML = `
      <h2>When to hold ${escapeHtml(goal)}: player ${p} to move, ${i} to ${j}</h2>
      <p class="note">Each cell: the ${escapeHtml(data.unit)} this turn (${escapeHtml(labels[data.gain_var] || data.gain_var)})
        from which holding is best, for the ${escapeHtml(labels[data.row_var].toLowerCase())} (rows) and the
        ${escapeHtml(labels[data.column_var].toLowerCase())} (columns), whatever the other dice. <strong>4–6</strong>:
        hold from 6 on; at 4 and 5 it depends on the other dice. <strong>roll</strong>: keep rolling. Your position
        (${data.gain_var} = ${data.at.gain}) is outlined. Change the scores above to see another chart.</p>
      <ul class="legend threshold-legend" aria-hidden="true">
        <li><span class="band-early"></span>hold early (1–2)</li><li><span class="band-mid"></span>3–5</li>
        <li><span class="band-late"></span>6–9</li><li><span class="band-roll"></span>10 or more, or roll</li>
      </ul>
      <div class="threshold-frame" tabindex="0" role="region" aria-label="Hold thresholds by dice">
        <table class="thresholds" data-testid="thresholds">
          <thead><tr><th scope="col" class="corner">${escapeHtml(data.row_var)} \\ ${escapeHtml(data.column_var)}</th>
            ${data.columns.map((c) => `<th scope="col">${dice(c)}</th>`).join("")}</tr></thead>
          <tbody>${data.rows
            .map((r, n) => `<tr><th scope="row">${dice(r)}</th>${data.cells[n].map((c, k) => cell(c, n, k)).join("")}</tr>`)
            .join("")}</tbody>
        </table>
      </div>`;
  }
}

// a cell's colour: how early holding starts (the same roll/hold colours as the other charts)
function band(c) {
  if (!c) return "band-none";
  const from = c.hold_from;
  if (from === null || from >= 10) return "band-roll";
  if (from >= 6) return "band-late";
  return from >= 3 ? "band-mid" : "band-early";
}
