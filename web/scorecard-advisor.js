// The scorecard advisor: scorecard + dice + rolls left -> every keep and every box with its
// expected final score, best first. Test contract: data-testid="yahtzee-advice" carries
// data-ready="true" once the numbers belong to the position shown, data-expected (the
// position's expected final score) and data-best ("keep:335" or "box:fh").
import { markPending, showErrorIn } from "./advice-panel.js";
import { escapeHtml } from "./escape-html.js";
import { DiceTray } from "./dice-tray.js";
import { ScorecardEditor } from "./scorecard-editor.js";

const points = (x) => x.toFixed(2);
const keepText = (keep) => (keep.length ? keep.join("") : "nothing");
const ORDINAL = ["1st", "2nd", "3rd"];
// rerolls left: all of them at the start of the turn, none when a box must be chosen
const rollOptions = (rolls) =>
  Array.from({ length: rolls + 1 }, (_, n) => rolls - n)
    .map((n) => {
      const text = n === rolls ? "start of turn" : n === 0 ? "0 (score now)" : `${n} (after ${ORDINAL[rolls - n - 1] || `${rolls - n}th`} roll)`;
      return `<option value="${n}">${text}</option>`;
    })
    .join("");

export class ScorecardAdvisor {
  constructor(root, game, { onPosition }) {
    this.root = root;
    this.game = game;
    this.onPosition = onPosition;
    root.innerHTML = `
      <section class="yz-position">
        <h2>Position</h2>
        <div class="dice-row"></div>
        <div class="position-controls">
          <div class="field"><label for="yz-dice-text">Dice</label>
            <input id="yz-dice-text" data-testid="dice-text" name="dice" inputmode="numeric" maxlength="9"
                 placeholder="e.g. 13356" autocomplete="off">
            <p class="field-note" data-testid="note-dice" role="status" hidden></p></div>
          <label class="field">Rolls left
            <select data-testid="rolls-left" name="rolls">${rollOptions(game.rolls)}</select></label>
          <label class="field">Score to reach <input class="wide" data-testid="target" name="target" type="number" min="0"
                 max="${game.max_score}" inputmode="numeric" placeholder="optional"></label>
        </div>
      </section>
      <section class="scorecard-advice" data-testid="yahtzee-advice" data-ready="false" aria-live="polite"></section>
      <section class="yz-card"></section>`;
    this.advice = root.querySelector("[data-testid=yahtzee-advice]");
    this.diceText = root.querySelector("[name=dice]");
    this.rolls = root.querySelector("[name=rolls]");
    this.tray = new DiceTray(root.querySelector(".dice-row"), {
      onChange: () => {
        // a roll is advised once every die shows a face (a tap steps a blank die to 1)
        const blanks = this.tray.blanks();
        this.diceNote.textContent = blanks ? `Tap each die to the face it shows: ${blanks} still blank.` : "";
        this.diceNote.hidden = !blanks;
        if (!blanks) this.emit(true);
      },
    });
    this.card = new ScorecardEditor(root.querySelector(".yz-card"), game, () => this.emit());
    this.diceNote = root.querySelector("[data-testid=note-dice]");
    this.diceText.addEventListener("change", () => {
      const typed = this.diceText.value.trim();
      const digits = typed.replace(/[\s,]/g, "");
      const n = this.game.dice;
      // a wrong entry stays in the field, with what is wrong beside it; the dice do not move
      let problem = "";
      if (!/^[1-6]*$/.test(digits)) problem = `Dice show 1 to 6: "${typed}" has ${digits.replace(/[1-6]/g, "").split("").join(", ")}`;
      else if (digits.length !== n) problem = `Type ${n} dice (e.g. 13356): "${typed}" has ${digits.length}`;
      this.diceNote.textContent = problem;
      this.diceNote.hidden = !problem;
      if (problem) return;
      this.tray.set(digits.split("").map(Number));
      this.emit(true);
    });
    this.rolls.addEventListener("change", () => {
      // rolls left chosen before the dice: the choice stays and the dice are asked for (sent
      // blank, they were "fixed" back to the turn's start with a link's message)
      const blanks = this.tray.blanks();
      if (Number(this.rolls.value) < this.game.rolls && blanks) {
        this.diceNote.textContent = `Now the dice: type them or tap each die to its face (${blanks} still blank).`;
        this.diceNote.hidden = false;
        return;
      }
      this.emit();
    });
    this.target = root.querySelector("[name=target]");
    this.target.addEventListener("change", () => this.emit());
  }

  // the position as link keys (the app turns them into a fragment and resolves it)
  position(diceChanged = false) {
    let rolls = Number(this.rolls.value);
    if (diceChanged && rolls === this.game.rolls) rolls -= 1; // entering dice means a roll has happened
    const keys = { card: this.card.text() };
    if (rolls < this.game.rolls) Object.assign(keys, { dice: this.tray.text(), rolls: String(rolls) });
    if (this.target.value !== "") keys.target = this.target.value;
    return keys;
  }

  emit(diceChanged = false) {
    this.onPosition(this.position(diceChanged));
  }

  pending() {
    markPending(this.advice);
  }

  showError(message) {
    showErrorIn(this.advice, message);
  }

  // position: {scorecard, dice, rolls_left}; result: the engine's advise answer
  show(position, result) {
    this.diceNote.hidden = true;
    this.rolls.value = String(position.rolls_left);
    this.target.value = position.target === null || position.target === undefined ? "" : String(position.target);
    if (position.dice) {
      this.tray.set(position.dice);
      this.diceText.value = position.dice.join("");
    } else {
      this.tray.set(Array(this.game.dice).fill(0)); // a turn's start: no dice yet (not the last turn's)
      this.diceText.value = "";
    }
    this.tray.setMode("set");
    this.card.show(position.scorecard, result.score_so_far);
    this.render(result);
  }

  render(result) {
    const a = this.advice;
    a.dataset.expected = String(result.expected_final);
    if (result.complete) {
      a.dataset.best = "";
      a.innerHTML = `
        <p class="verdict" data-testid="yz-verdict">Game over: ${result.final_score} points</p>
        <p class="why">Every box is filled. Clear a box on the scorecard below to look at an earlier turn.</p>`;
    } else if (!result.best) {
      a.dataset.best = "";
      a.innerHTML = `
        <p class="verdict">${points(result.expected_final)}</p>
        <p class="why">Expected final score from the start of this turn, with perfect play
          (${result.score_so_far} on the card${result.open_boxes.length ? `, ${result.open_boxes.length} boxes open` : ""}).</p>
        <p class="note">Enter the dice after your first roll to see what to keep.</p>`;
    } else {
      const bestKeep = result.best_kind === "keep";
      a.dataset.best = bestKeep ? `keep:${result.best.keep.join("")}` : `box:${result.best.box}`;
      const verdict = bestKeep
        ? result.best.reroll === 0
          ? `Keep all and score: ${escapeHtml(result.boxes[0].title)}`
          : `Keep ${keepText(result.best.keep)}, reroll ${result.best.reroll}`
        : `Score ${escapeHtml(result.best.title)} (${result.best.points})`;
      const keepRows = result.keeps
        .map(
          (k, i) => `<tr data-testid="option" data-kind="keep" data-keep="${k.keep.join("")}" data-value="${k.expected_final}"
              class="${i === 0 ? "best" : ""}">
            <td><button type="button" class="linklike" data-keep="${k.keep.join("")}">keep ${keepText(k.keep)}</button></td>
            <td class="num">${points(k.expected_final)}</td><td class="num">${k.loss > 0 ? "−" + points(k.loss) : "best"}</td></tr>`,
        )
        .join("");
      const boxRows = result.boxes
        .map(
          (b) => `<tr data-testid="option" data-kind="box" data-box="${b.box}" data-value="${b.expected_final}">
            <td><button type="button" class="linklike" data-apply-box="${b.box}" data-testid="apply-${b.box}"
                  title="fill this box and go to the next turn">${escapeHtml(b.title)}</button>
              <span class="note">${b.points}${b.bonus ? ` +${b.bonus} bonus` : ""}</span></td>
            <td class="num">${points(b.expected_final)}</td><td class="num">${b.loss > 1e-9 ? "−" + points(b.loss) : "best"}</td></tr>`,
        )
        .join("");
      a.innerHTML = `
        <p class="verdict" data-testid="yz-verdict">${verdict}</p>
        ${
          bestKeep && result.best.reroll > 0
            ? ""
            : `<button type="button" data-apply-box="${result.boxes[0].box}" data-testid="apply-choice">Score it: next turn</button>`
        }
        <p class="why">Expected final score ${points(result.expected_final)} with perfect play
          (${result.score_so_far} on the card now).</p>
        ${result.keeps.length ? `<h3>Keeps</h3><table class="options"><thead><tr><th>choice</th><th class="num">expected final</th><th class="num">loss</th></tr></thead><tbody>${keepRows}</tbody></table>` : ""}
        <h3>${result.keeps.length ? "Or score now" : "Boxes"}</h3>
        <p class="note">Tap a box to fill it and go on to the next turn.</p>
        <table class="options"><thead><tr><th>box</th><th class="num">expected final</th><th class="num">loss</th></tr></thead><tbody>${boxRows}</tbody></table>
        <p class="note">Computed in ${(1000 * result.seconds).toFixed(0)} ms from the stored turn-start values.</p>`;
      // a keep row marks its dice (a die tap afterwards still steps the die's face)
      a.querySelectorAll("button[data-keep]").forEach((button) =>
        button.addEventListener("click", () => this.tray.keepFaces(button.dataset.keep.split("").filter(Boolean).map(Number))),
      );
      if (bestKeep) this.tray.keepFaces(result.best.keep);
      // a box: fill it and go on to the next turn, as an optimal player would
      a.querySelectorAll("button[data-apply-box]").forEach((button) =>
        button.addEventListener("click", () => {
          const box = result.boxes.find((b) => b.box === button.dataset.applyBox);
          this.card.show(box.scorecard_after);
          this.rolls.value = String(this.game.rolls);
          this.emit();
        }),
      );
    }
    if (result.target) a.insertAdjacentHTML("beforeend", targetHtml(result.target));
    a.classList.remove("stale");
    a.dataset.ready = "true";
  }
}

const pct = (p) => `${(100 * p).toFixed(2)}%`;

// playing to reach a score: the best chance, the expected-score player's, and each choice's
function targetHtml(t) {
  if (t.error) return `<section class="target" data-testid="target-result"><h3>Playing to reach ${t.target}</h3><p class="note">${escapeHtml(t.error)}</p></section>`;
  const choice = (o) => (o.kind === "keep" ? `keep ${keepText(o.keep)}` : escapeHtml(o.box));
  let body;
  if (t.deficit === 0) body = `<p>Already reached: ${t.target} is on the card.</p>`;
  else if (!t.options.length)
    body = `<p>Best chance from the start of this turn <strong>${pct(t.p_reach)}</strong>; playing for the highest
      expected score gets there ${pct(t.p_reach_playing_for_points)} of the time
      (target play gains ${(100 * t.gain).toFixed(2)} percentage points).</p>`;
  else {
    const rows = t.options
      .slice(0, 8)
      .map((o, i) => `<tr class="${i === 0 ? "best" : ""}"><td>${choice(o)}</td><td class="num">${pct(o.p_reach)}</td></tr>`)
      .join("");
    const cost =
      t.p_reach_with_points_choice !== null && t.p_reach - t.p_reach_with_points_choice > 1e-12
        ? `<p class="note">The expected-score choice above gets there ${pct(t.p_reach_with_points_choice)} of the time.</p>`
        : `<p class="note">Here the expected-score choice is also the best for the target.</p>`;
    body = `<p>Best: <strong>${choice(t.best)}</strong>, ${pct(t.p_reach)} chance.</p>
      <table class="options"><thead><tr><th>choice</th><th class="num">P(reach ${t.target})</th></tr></thead><tbody>${rows}</tbody></table>${cost}`;
  }
  return `<section class="target" data-testid="target-result" data-p-reach="${t.p_reach ?? ""}">
    <h3>Playing to reach ${t.target} (${t.deficit} more points)</h3>${body}</section>`;
}
