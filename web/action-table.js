// Each move of a position ranked best first, in one compact table a 360-px screen holds: its
// chance of winning (the figure the caption names), the chance this roll busts and the points
// this turn on average (playing on as advised), the best marked. A roll's options (Farkle's
// set-asides) are ranked on their own buttons instead (play-view.js rankOptionButtons).
// Used by the Hint of a game against the computer and by the advice at the table.
// Test contract: data-testid="action-table", rows data-testid="action-row" with data-action
// and data-value (full precision); the row's text reads "Roll 29.66% ...".
import { escapeHtml } from "./advice-panel.js";

const pct = (p, digits = 2) => `${(100 * p).toFixed(digits)}%`;
const title = (word) => word[0].toUpperCase() + word.slice(1);

// answer: the engine's advise answer ({values, best, outlook, unit}); figure: what the chances
// are, in words ("Ann's chance of winning")
export function actionTableHtml(answer, figure) {
  const unit = answer.unit || "points";
  const outlook = answer.outlook || {};
  const rows = Object.entries(answer.values)
    .filter(([, value]) => value !== null)
    .sort((a, b) => b[1] - a[1])
    .map(([action, value]) => {
      const o = outlook[action] || {};
      const bust = action === "roll" && o.bust !== undefined ? pct(o.bust, 1) : "—";
      const points = o.points === undefined ? "—" : o.points.toFixed(action === "roll" ? 1 : 0);
      // (spaces between the cells: the row reads as a sentence where the table is not read as one)
      return `<tr data-testid="action-row" data-action="${action}" data-value="${value}" class="${action === answer.best ? "best" : ""}"><th scope="row">${title(action)}</th> <td>${pct(value)}</td> <td>${bust}</td> <td>${points}</td></tr>`;
    })
    .join("");
  return `<table class="action-table" data-testid="action-table">
    <caption>Best first (${escapeHtml(figure)})</caption>
    <thead><tr><th scope="col">Move</th><th scope="col">Chance</th><th scope="col">Bust</th><th scope="col">${escapeHtml(title(unit))} this turn</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}
