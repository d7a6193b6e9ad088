// A scorecard (boxes from the game's description): one quick select per box (blank = open) and the bonus count.
// Emits onChange(text) with the card as "1s:3,fh:25,y:50,yb:1" (pycore's format).
import { escapeHtml } from "./escape-html.js";

export function parseCard(text) {
  const card = {};
  for (const item of (text || "").split(",")) {
    const [key, value] = item.split(":");
    if (key && value !== undefined) card[key] = Number(value);
  }
  return card;
}

// the upper bonus as the card stands (its boxes, target and points from the game's description):
// {upper, needs, points, reached, closed} (closed: every upper box filled, the bonus missed)
export function upperBonus(card, game) {
  const { boxes, needs, points } = game.upper_bonus;
  const upper = boxes.reduce((sum, key) => sum + (card[key] || 0), 0);
  const reached = upper >= needs;
  return { upper, needs, points, reached, closed: !reached && boxes.every((key) => card[key] !== undefined) };
}

export function formatCard(card, boxes, bonusKey) {
  const parts = boxes.filter((b) => card[b.key] !== undefined).map((b) => `${b.key}:${card[b.key]}`);
  if (card[bonusKey]) parts.push(`${bonusKey}:${card[bonusKey]}`);
  return parts.join(",");
}

export class ScorecardEditor {
  constructor(root, game, onChange) {
    this.root = root;
    this.game = game;
    this.onChange = onChange;
    const row = (b) => `
      <label class="box-row" data-box="${b.key}">
        <span>${escapeHtml(b.title)}</span>
        <select data-testid="box-${b.key}" name="${b.key}" aria-label="${escapeHtml(b.title)}">
          <option value="">open</option>
          ${b.values.map((v) => `<option value="${v}">${v}</option>`).join("")}
        </select>
      </label>`;
    root.innerHTML = `
      <h2>Scorecard</h2>
      <div class="scorecard">
        <div>${game.boxes.slice(0, 6).map(row).join("")}
          <p class="note" data-testid="upper-total"></p></div>
        <div>${game.boxes.slice(6).map(row).join("")}
          <label class="box-row"><span>${escapeHtml(game.bonus_label)}</span>
            <input data-testid="box-${game.bonus_key}" name="${game.bonus_key}" type="number" min="0" max="12" value="0"
                   inputmode="numeric"></label></div>
      </div>
      <p class="note" data-testid="card-total"></p>
      <button type="button" data-testid="clear-card">New card</button>`;
    root.querySelectorAll("select, input").forEach((el) => el.addEventListener("change", () => this.emit()));
    root.querySelector("[data-testid=clear-card]").addEventListener("click", () => {
      this.show("");
      this.emit();
    });
  }

  show(text, scoreSoFar = null) {
    const card = parseCard(text);
    for (const b of this.game.boxes) {
      this.root.querySelector(`[name="${b.key}"]`).value = card[b.key] === undefined ? "" : String(card[b.key]);
    }
    this.root.querySelector(`[name="${this.game.bonus_key}"]`).value = String(card[this.game.bonus_key] || 0);
    const { upper, needs, points, reached } = upperBonus(card, this.game);
    this.root.querySelector("[data-testid=upper-total]").textContent =
      `Upper total ${upper} of ${needs}${reached ? ` (bonus +${points})` : ` (${needs - upper} to go for +${points})`}`;
    this.root.querySelector("[data-testid=card-total]").textContent =
      scoreSoFar === null ? "" : `Points on the card: ${scoreSoFar}`;
  }

  text() {
    const card = {};
    for (const b of this.game.boxes) {
      const value = this.root.querySelector(`[name="${b.key}"]`).value;
      if (value !== "") card[b.key] = Number(value);
    }
    const bonus = Number(this.root.querySelector(`[name="${this.game.bonus_key}"]`).value || 0);
    if (bonus) card[this.game.bonus_key] = bonus;
    return formatCard(card, this.game.boxes, this.game.bonus_key);
  }

  emit() {
    this.onChange(this.text());
  }
}
