// When to hold, at the position's scores: the points this turn from which holding is best, by
// the turn's counters that matter. Zombie Dice (too many dice configurations to draw): rows the
// footprint dice in hand, columns the shotgun dice, whatever the other dice; the tabulated
// games: one row per value of the turn's other counter (GRO's 1s set aside, AYZD's shotguns),
// or one number (Pig). "4–6": from 6 on always, from 4 on in some states. The variables, their
// values and the unit come from the engine's answer. "Print this chart" prints it alone, a
// one-page cheat sheet (styles.css @media print).
// Test contract: the table is data-testid="thresholds"; each cell of a possible state has
// data-hold-from and data-depends-from ("" for none); the position's own cell is
// data-testid="threshold-here"; the print button is threshold-print.
import { escapeHtml } from "./escape-html.js";
import { chipsHtml } from "./turn-words.js";

export class ThresholdView {
  constructor(root) {
    this.root = root;
  }

  show(data, game) {
    const labels = Object.fromEntries(game.state_vars.map((v) => [v.name, v.label]));
    const { p, i, j } = data.anchor;
    const goal = data.objective === "win" ? "to win" : `for the most ${data.unit} this turn`;
    // a row or column: dice by colour as chips (Zombie Dice), else the counter's value
    const dice = (letters) =>
      !data.dice
        ? escapeHtml(letters === "" ? "any" : letters)
        : letters
          ? chipsHtml(letters)
          : `<span class="none">none</span>`;
    const rowWords = data.row_var ? data.row_var.split(", ").map((v) => (labels[v] || v).toLowerCase()).join(", ") : "";
    const by = data.column_var
      ? `for the ${escapeHtml(rowWords)} (rows) and the ${escapeHtml(labels[data.column_var].toLowerCase())} (columns), whatever the other dice`
      : data.row_var
        ? `for each value of the ${escapeHtml(rowWords)} (rows)`
        : "at every turn of this position";
    const cell = (c, r, k) => {
      const here = r === data.at.row && k === data.at.column;
      // the colour bands are a count of brains (Zombie Dice); points charts are plain
      const tint = data.dice ? band(c) : "";
      const mark = here ? ` data-testid="threshold-here" class="here ${tint}"` : ` class="${tint}"`;
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
    const whose = p === undefined ? "" : `player ${p} to move, `;
    const others = Object.entries(data.anchor)
      .filter(([v]) => !["p", "i", "j"].includes(v))
      .map(([v, x]) => `, ${escapeHtml((labels[v] || v).toLowerCase())} ${x}`)
      .join("");
    // one cell (Pig: the turn has no dice to chart by): said in words, without the legend of a
    // chart by dice ("depending on the other dice" where there are none)
    const single = !data.row_var && !data.column_var && data.cells.length === 1 && data.cells[0].length === 1 && data.cells[0][0];
    const singleWords = (c) =>
      c.hold_from === null
        ? `Keep rolling at every ${escapeHtml(labels[data.gain_var] || data.gain_var).toLowerCase()} shown.`
        : `Roll while the ${escapeHtml((labels[data.gain_var] || data.gain_var).toLowerCase())} is below <strong>${c.hold_from}</strong>
          ${escapeHtml(data.unit)}, then hold${c.depends_from < c.hold_from ? ` (from ${c.depends_from} rolling is best again at some totals)` : ""}.`;
    this.root.innerHTML = `
      <h2>When to hold ${escapeHtml(goal)}: ${whose}${i} to ${j}${others}</h2>
      <p class="note" data-testid="threshold-note">${
        data.note
          ? `${escapeHtml(data.note)} Change the scores above to see another chart.`
          : single
            ? `${singleWords(single)} Your position (${data.gain_var} = ${data.at.gain}) is outlined. Change the scores above to see
              another chart.`
            : `Each cell: the ${escapeHtml(data.unit)} this turn (${escapeHtml(labels[data.gain_var] || data.gain_var)})
        from which holding is best, ${by}. <strong>4–6</strong>:
        hold from 6 on; at 4 and 5 it depends (on the other dice, or rolling is best again there). <strong>roll</strong>: keep rolling. Your position
        (${data.gain_var} = ${data.at.gain}) is outlined. Change the scores above to see another chart.`
      }</p>
      <p class="no-print"><button type="button" data-testid="threshold-print">Print this chart</button></p>
      <ul class="legend threshold-legend" aria-hidden="true" ${data.dice ? "" : "hidden"}>
        <li><span class="band-early"></span>hold early (1–2)</li><li><span class="band-mid"></span>3–5</li>
        <li><span class="band-late"></span>6–9</li><li><span class="band-roll"></span>10 or more, or roll</li>
      </ul>
      <div class="threshold-frame" tabindex="0" role="region" aria-label="Hold thresholds by dice">
        <table class="thresholds" data-testid="thresholds">
          <thead><tr><th scope="col" class="corner">${escapeHtml(data.row_var || "")}${data.column_var ? ` \\ ${escapeHtml(data.column_var)}` : ""}</th>
            ${data.column_var ? data.columns.map((c) => `<th scope="col">${dice(c)}</th>`).join("") : `<th scope="col">${escapeHtml(data.column_title || "hold from")}</th>`}</tr></thead>
          <tbody>${data.rows
            .map((r, n) => `<tr><th scope="row">${dice(r)}</th>${data.cells[n].map((c, k) => cell(c, n, k)).join("")}</tr>`)
            .join("")}</tbody>
        </table>
      </div>`;
    this.root.querySelector("[data-testid=threshold-print]").addEventListener("click", () => window.print());
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
