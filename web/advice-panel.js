// The answer: roll or hold, then every move ranked best first in one compact table with its value
// (win probability, or expected points of the turn for the one-turn objective), its bust chance
// and its expected turn points (action-table.js), why (one sentence from the engine), the
// margin, and what the win chances leave out of the rules in force (the engine's model_note,
// e.g. Farkle's three-zilch penalty).
// Test contract: data-testid="advice" carries data-best, data-objective, data-p-roll,
// data-p-hold (full precision; empty when the action is not allowed) and
// data-ready="true" once the numbers belong to the state shown; for three or more players,
// seats-roll / seats-hold say every player's chance after each action (data-seats: the
// chances, the mover's first, comma-separated).
import { actionTableHtml } from "./action-table.js";
import { escapeHtml } from "./escape-html.js";

const percent = (p) => `${(100 * p).toFixed(1)}%`;

export class AdvicePanel {
  // bar: the answer in one line, pinned to the bottom of a phone's screen while the panel's
  // verdict is out of sight (answer-bar.js)
  constructor(root, bar = null) {
    this.root = root;
    this.body = root.querySelector(".advice-body") || root; // (the objective choice sits above it)
    this.bar = bar;
    this.unapplied = null; // why the position entered is not the one answered (state-editor.js)
  }

  pending() {
    markPending(this.root);
    this.bar?.pending();
  }

  showError(message) {
    showErrorIn(this.root, message, this.body);
    this.bar?.clear();
  }

  // an entry the answer is not for yet (null: the answer is for what the controls show)
  setUnapplied(text) {
    this.unapplied = text;
    this.root.querySelector("[data-testid=unapplied]")?.remove();
    this.root.classList.toggle("unapplied", Boolean(text));
    if (text) this.body.insertAdjacentHTML("afterbegin", `<p class="unapplied-note" data-testid="unapplied">${escapeHtml(text)}</p>`);
    this.bar?.setUnapplied(Boolean(text));
  }

  show(advice) {
    const { values, best, margin, reason = "", unit = "points", objective = "win" } = advice;
    const roll = values.roll;
    const hold = values.hold;
    const forPoints = objective === "turn-score";
    this.root.dataset.best = best;
    this.root.dataset.objective = objective;
    this.root.dataset.pRoll = roll === null ? "" : String(roll);
    this.root.dataset.pHold = hold === null ? "" : String(hold);
    const better = best === "roll" ? "Rolling" : "Holding";
    let marginText = "";
    if (roll !== null && hold !== null)
      marginText =
        margin === 0
          ? "Both choices are equally good here."
          : forPoints
            ? `${better} makes ${margin.toFixed(2)} ${unit} more this turn on average.`
            : `${better} wins ${(100 * margin).toFixed(2)} percentage points more often.`;
    // three or more players: every player's chance after each action (best first, as the
    // table ranks them), the mover's first
    const seatValues = advice.seat_values || {};
    const players = Object.values(seatValues).find((v) => v)?.length || 2;
    // (the seats in turn order from the mover, named as the state editor names their scores)
    const later = ["third", "fourth", "fifth", "sixth", "seventh", "eighth"];
    const seatNames = (n) => (n === 0 ? "you" : n === 1 ? "next player" : `${later[n - 2]} player`);
    const ranked = ["roll", "hold"].filter((a) => values[a] !== null && values[a] !== undefined).sort((a, b) => values[b] - values[a]);
    const seats = forPoints || players < 3
      ? ""
      : ranked
          .filter((action) => seatValues[action])
          .map((action) => {
            const said = seatValues[action].map((p, n) => `${seatNames(n)} ${percent(p)}`).join(" · ");
            return `<p class="seats" data-testid="seats-${action}" data-seats="${seatValues[action].join(",")}">After ${action === "roll" ? "rolling" : "holding"}: ${said}</p>`;
          })
          .join("");
    // every move ranked best first with its chance (or points), bust chance and points this
    // turn: the table the table view and Play's Hint show too
    const figure = forPoints ? `expected ${unit} this turn` : "your chance of winning";
    const note = forPoints
      ? `Expected ${unit} this turn, playing for the most ${unit} from here on (the scores count only where holding wins the game).`
      : players > 2
        ? `Chance that the player to move wins, each of the ${players} players playing for their own win from here on (a tie between moves goes to holding).`
        : "Chance that the player to move wins, with perfect play from here on.";
    // a choice made before any die is rolled (Pig's target): the verdict is the best choice, and
    // the choices are listed best first with their values
    const before = advice.roll && advice.roll.faces.length === 0 && advice.options && advice.options.length ? advice.options : null;
    const verdict = before ? `Choose ${before[0].label}` : best === "roll" ? "Roll" : "Hold";
    const choiceList = before
      ? `<ol class="choice-list" data-testid="choices-before-roll">${before
          .slice(0, 6)
          .map((o) => `<li><span>${escapeHtml(o.label)}</span> <strong>${forPoints ? o.value.toFixed(2) : `${(100 * o.value).toFixed(2)}%`}</strong></li>`)
          .join("")}</ol>`
      : "";
    this.body.innerHTML = `
      ${advice.objective_note ? `<p class="note objective-note" data-testid="objective-note">${escapeHtml(advice.objective_note)}</p>` : ""}
      <p class="verdict verdict-${best}"><span data-testid="verdict">${escapeHtml(verdict)}</span></p>
      ${choiceList || `${actionTableHtml(advice, figure)}${seats}`}
      <p class="why" data-testid="reason">${escapeHtml(reason)}</p>
      ${marginText ? `<p class="margin" data-testid="margin">${marginText}</p>` : ""}
      <p class="note">${note}</p>
      ${advice.model_note ? modelNote(advice.model_note) : ""}`;
    this.root.classList.remove("stale");
    this.root.dataset.ready = "true";
    // the one-line answer: the verdict, its value, the margin
    const bestValue = before ? before[0].value : best === "roll" ? roll : hold;
    const valueText = before || !forPoints ? `${percent(bestValue)} to win` : `${bestValue.toFixed(1)} ${unit} this turn`;
    const other = best === "roll" ? "holding" : "rolling";
    const marginShort =
      roll === null || hold === null || before
        ? ""
        : margin === 0
          ? "a tie"
          : forPoints
            ? `+${margin.toFixed(2)} ${unit} over ${other}`
            : `+${(100 * margin).toFixed(2)} percentage points over ${other}`;
    this.bar?.show({ verdict, best, value: valueText, margin: marginShort, verdictNode: [...this.body.querySelectorAll(".verdict, .action-table, .choice-list, .margin")].at(-1) });
    if (this.unapplied) this.setUnapplied(this.unapplied);
  }
}

// an answer panel whose numbers no longer belong to the position shown
export function markPending(panel) {
  panel.dataset.ready = "false";
  panel.classList.add("stale");
}

export function showErrorIn(panel, message, body = panel) {
  panel.dataset.ready = "false";
  panel.classList.remove("stale");
  body.innerHTML = `<p class="error" data-testid="advice-error">${escapeHtml(message)}</p>`;
}

// which model a view's win chances are from (the engine's model_note), the same in every view
export function modelNote(text) {
  return `<p class="note model-note" data-testid="model-note">${escapeHtml(text)}</p>`;
}

