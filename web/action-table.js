// Each move of a position ranked best first, in one compact table a 360-px screen holds: its
// chance of winning (the figure the caption names), the chance this roll busts and the points
// this turn on average (playing on as advised), the best marked; a move the rules do not allow
// here last, said so. For the one-turn objective the figure is the points this turn itself
// (one column, not two). A roll's options (Farkle's set-asides) are ranked on their own buttons
// instead (play-view.js rankOptionButtons).
// Used by the advisor's answer (advice-panel.js), the Hint of a game against the computer and
// the advice at the table.
// Test contract: data-testid="action-table", rows data-testid="action-row" (the moves allowed)
// with data-action and data-value (full precision); the row's text reads "Roll 29.66% ...".
import { escapeHtml } from "./escape-html.js";

const pct = (p, digits = 2) => `${(100 * p).toFixed(digits)}%`;
const title = (word) => word[0].toUpperCase() + word.slice(1);

// answer: the engine's advise answer ({values, best, outlook, unit, objective}); figure: what
// the chances are, in words ("Ann's chance of winning")
export function actionTableHtml(answer, figure) {
  const unit = answer.unit || "points";
  const outlook = answer.outlook || {};
  const forPoints = answer.objective === "turn-score"; // (the value is the points this turn)
  const entries = Object.entries(answer.values);
  const rows = entries
    .filter(([, value]) => value !== null)
    .sort((a, b) => b[1] - a[1])
    .map(([action, value]) => {
      const o = outlook[action] || {};
      const shown = forPoints ? value.toFixed(2) : pct(value);
      const bust = action === "roll" && o.bust !== undefined ? pct(o.bust, 1) : "—";
      const points = forPoints ? "" : ` <td>${o.points === undefined ? "—" : o.points.toFixed(action === "roll" ? 1 : 0)}</td>`;
      // (spaces between the cells: the row reads as a sentence where the table is not read as one)
      return `<tr data-testid="action-row" data-action="${action}" data-value="${value}" class="act-${action}${action === answer.best ? " best" : ""}"><th scope="row">${title(action)}</th> <td>${shown}</td> <td>${bust}</td>${points}</tr>`;
    });
  const columns = forPoints ? 3 : 4;
  const off = entries
    .filter(([, value]) => value === null)
    .map(([action]) => `<tr class="off"><th scope="row">${title(action)}</th> <td colspan="${columns - 1}">not allowed here</td></tr>`);
  const heads = forPoints
    ? [`${title(unit)} this turn`, "Bust"]
    : ["Chance", "Bust", `${title(unit)} this turn`];
  return `<table class="action-table" data-testid="action-table">
    <caption>Best first (${escapeHtml(figure)})</caption>
    <thead><tr><th scope="col">Move</th>${heads.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("")}</tr></thead>
    <tbody>${rows.join("")}${off.join("")}</tbody></table>`;
}
