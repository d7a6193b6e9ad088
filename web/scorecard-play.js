// Play a whole solitaire scorecard game (turns, dice and rolls from the game's description): roll, tap dice to keep, reroll, choose a box. Hints on request;
// every choice is checked against perfect play as it is made, and the game ends with a review
// listing each choice's loss in expected points. Dice come from crypto.getRandomValues.
// Test hooks: data-testid="play" carries data-turn, data-rolls-left and data-score.
import { escapeHtml } from "./advice-panel.js";
import { DiceTray } from "./dice-tray.js";

const rollDie = () => {
  const word = new Uint32Array(1);
  // rejection sampling keeps the six faces exactly equally likely
  do crypto.getRandomValues(word);
  while (word[0] >= 4294967292);
  return (word[0] % 6) + 1;
};
const keepText = (keep) => (keep.length ? keep.join("") : "nothing");

export class ScorecardPlay {
  constructor(root, game, { advise }) {
    this.root = root;
    this.game = game;
    this.advise = advise; // (position) -> advise answer
    this.params = null; // the rule set of the game in play
    root.innerHTML = `
      <div data-testid="play" class="play">
        <p class="play-status" data-testid="play-status"></p>
        <div class="dice-row"></div>
        <div class="play-actions">
          <button type="button" data-testid="play-roll">Roll</button>
          <button type="button" data-testid="play-hint">Hint</button>
          <button type="button" data-testid="play-new">New game</button>
        </div>
        <p class="play-hint" data-testid="play-hint-text" aria-live="polite"></p>
        <div class="play-boxes" data-testid="play-boxes"></div>
        <div class="play-review" data-testid="play-review" hidden></div>
      </div>`;
    this.box = root.querySelector("[data-testid=play]");
    this.tray = new DiceTray(root.querySelector(".dice-row"), { testid: "play-dice" });
    root.querySelector("[data-testid=play-roll]").addEventListener("click", () => this.roll());
    root.querySelector("[data-testid=play-hint]").addEventListener("click", () => this.hint());
    root.querySelector("[data-testid=play-new]").addEventListener("click", () => this.start(this.params));
  }

  start(params) {
    this.params = params;
    this.card = "";
    this.score = 0;
    this.turn = 1;
    this.rollsLeft = this.game.rolls; // all of them: the turn has not been rolled yet
    this.decisions = [];
    this.busy = false;
    this.root.querySelector("[data-testid=play-review]").hidden = true;
    this.tray.set(Array(this.game.dice).fill(1));
    this.tray.setMode("locked");
    this.render();
  }

  position() {
    return { scorecard: this.card, dice: this.tray.values.slice().sort(), rolls_left: this.rollsLeft };
  }

  async roll() {
    if (this.busy || this.rollsLeft === 0 || this.turn > this.game.turns) return;
    this.busy = true;
    try {
      if (this.rollsLeft < this.game.rolls) {
        // the keep is a decision: price it against the best keep before the dice move
        const answer = await this.advise(this.position());
        const kept = this.tray.keptFaces().join("");
        const chosen = answer.keeps.find((k) => k.keep.join("") === kept);
        this.decisions.push({
          turn: this.turn,
          dice: this.position().dice.join(""),
          rollsLeft: this.rollsLeft,
          choice: `keep ${keepText(this.tray.keptFaces())}`,
          best: describeBest(answer),
          loss: chosen ? chosen.loss : 0,
        });
      }
      const fresh = this.tray.values.map((v, i) => (this.rollsLeft < this.game.rolls && this.tray.kept[i] ? v : rollDie()));
      const kept = this.rollsLeft < this.game.rolls ? this.tray.kept : null;
      this.rollsLeft -= 1;
      this.tray.set(fresh, this.rollsLeft > 0 && kept ? kept : null);
      this.tray.setMode(this.rollsLeft > 0 ? "keep" : "locked");
      this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
      await this.showBoxes();
    } finally {
      this.busy = false;
      this.render();
    }
  }

  async showBoxes() {
    const answer = await this.advise(this.position());
    this.answer = answer;
    const boxes = this.root.querySelector("[data-testid=play-boxes]");
    boxes.innerHTML = answer.boxes
      .slice()
      .sort((a, b) => this.game.boxes.findIndex((x) => x.key === a.box) - this.game.boxes.findIndex((x) => x.key === b.box))
      .map(
        (b) => `<button type="button" data-testid="play-box-${b.box}" data-box="${b.box}">
          ${escapeHtml(b.title)}: ${b.points}${b.bonus ? ` +${b.bonus}` : ""}</button>`,
      )
      .join("");
    boxes.querySelectorAll("button").forEach((button) =>
      button.addEventListener("click", () => this.fill(button.dataset.box)),
    );
  }

  async fill(boxKey) {
    if (this.busy || !this.answer) return;
    const chosen = this.answer.boxes.find((b) => b.box === boxKey);
    this.decisions.push({
      turn: this.turn,
      dice: this.position().dice.join(""),
      rollsLeft: this.rollsLeft,
      choice: `${chosen.title} for ${chosen.points}${chosen.bonus ? ` +${chosen.bonus}` : ""}`,
      best: describeBest(this.answer),
      loss: chosen.loss,
    });
    this.card = chosen.scorecard_after;
    this.score += chosen.points + chosen.bonus;
    this.turn += 1;
    this.rollsLeft = this.game.rolls;
    this.answer = null;
    this.root.querySelector("[data-testid=play-boxes]").innerHTML = "";
    this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
    this.tray.setMode("locked");
    if (this.turn > this.game.turns) this.review();
    this.render();
  }

  async hint() {
    if (this.rollsLeft === this.game.rolls || this.turn > this.game.turns) {
      this.root.querySelector("[data-testid=play-hint-text]").textContent = "Roll first.";
      return;
    }
    const answer = await this.advise(this.position());
    this.root.querySelector("[data-testid=play-hint-text]").textContent =
      `Best: ${describeBest(answer)} (expected final score ${answer.expected_final.toFixed(2)}).`;
  }

  review() {
    const total = this.decisions.reduce((sum, d) => sum + d.loss, 0);
    const rows = this.decisions
      .map(
        (d) => `<tr class="${d.loss > 1e-9 ? "mistake" : ""}"><td>${d.turn}</td><td>${d.dice}</td><td>${d.rollsLeft}</td>
          <td>${escapeHtml(d.choice)}</td><td>${escapeHtml(d.best)}</td>
          <td class="num">${d.loss > 1e-9 ? "−" + d.loss.toFixed(2) : "0"}</td></tr>`,
      )
      .join("");
    const review = this.root.querySelector("[data-testid=play-review]");
    review.hidden = false;
    review.dataset.totalLoss = String(total);
    review.innerHTML = `
      <h3>Game over: ${this.score} points</h3>
      <p data-testid="review-summary">Your choices cost ${total.toFixed(2)} expected points in total against perfect play
        (${this.decisions.filter((d) => d.loss > 1e-9).length} of ${this.decisions.length} choices were not the best).</p>
      <div class="scroll"><table class="options review"><thead><tr><th>turn</th><th>dice</th><th>rolls left</th><th>your choice</th>
        <th>best</th><th class="num">loss</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  render() {
    this.box.dataset.turn = String(this.turn);
    this.box.dataset.rollsLeft = String(this.rollsLeft);
    this.box.dataset.score = String(this.score);
    const status = this.root.querySelector("[data-testid=play-status]");
    const rollButton = this.root.querySelector("[data-testid=play-roll]");
    if (this.turn > this.game.turns) {
      status.textContent = `Final score ${this.score}.`;
      rollButton.disabled = true;
      return;
    }
    rollButton.disabled = this.busy || this.rollsLeft === 0;
    rollButton.textContent = this.rollsLeft === this.game.rolls ? "Roll" : "Reroll the others";
    status.textContent =
      `Turn ${this.turn} of ${this.game.turns} · ${this.score} points · ` +
      (this.rollsLeft === this.game.rolls
        ? "roll the dice"
        : this.rollsLeft > 0
          ? `tap dice to keep, then reroll (${this.rollsLeft} left) or choose a box`
          : "choose a box");
  }
}

function describeBest(answer) {
  if (answer.best_kind === "keep") {
    return answer.best.reroll === 0 ? `score ${answer.boxes[0].title}` : `keep ${keepText(answer.best.keep)}`;
  }
  return `${answer.best.title} for ${answer.best.points}`;
}
