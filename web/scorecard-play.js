// Play a whole solitaire scorecard game (turns, dice and rolls from the game's description):
// roll, tap dice to keep, reroll, choose a box. The scorecard is on screen all along; Hint
// marks the dice to keep; every choice is checked against perfect play as it is made, and the
// game ends with a review listing each choice's loss in expected points, each opening its
// position in the advisor. Dice come from
// crypto.getRandomValues.
// A game in progress is kept in localStorage (one per game): it survives a reload, a switch to
// another game and back, and a change of the rule set (it keeps the rules it was started with
// until "New game", which asks first).
// Test hooks: data-testid="play" carries data-turn, data-rolls-left, data-score and data-rules.
import { escapeHtml } from "./advice-panel.js";
import { DiceTray } from "./dice-tray.js";
import { readKept, writeKept } from "./kept-object.js";
import { lineFigure } from "./review-panel.js";
import { parseCard } from "./scorecard-editor.js";

const STORE_KEY = "roll-or-hold-play";
const rollDie = () => {
  const word = new Uint32Array(1);
  // rejection sampling keeps the six faces exactly equally likely
  do crypto.getRandomValues(word);
  while (word[0] >= 4294967292);
  return (word[0] % 6) + 1;
};
const keepText = (keep) => (keep.length ? keep.join("") : "nothing");

export class ScorecardPlay {
  constructor(root, game, { advise, openPosition }) {
    this.root = root;
    this.game = game;
    this.advise = advise; // (position, params) -> advise answer
    this.openPosition = openPosition; // (fragment) -> the position shown in the advisor
    this.params = null; // the rule set of the game in play
    root.innerHTML = `
      <div data-testid="play" class="play">
        <p class="play-status" data-testid="play-status"></p>
        <p class="note" data-testid="play-rules"></p>
        <div class="dice-row"></div>
        <div class="play-actions">
          <button type="button" data-testid="play-roll">Roll</button>
          <button type="button" data-testid="play-hint">Hint</button>
          <button type="button" data-testid="play-new">New game</button>
        </div>
        <div class="play-confirm message card" data-testid="play-confirm" role="alertdialog" aria-label="Start a new game?" hidden>
          <p data-testid="play-confirm-text"></p>
          <button type="button" data-testid="play-confirm-yes">Yes, start a new game</button>
          <button type="button" data-testid="play-confirm-no">No, keep playing</button>
        </div>
        <p class="play-hint" data-testid="play-hint-text" aria-live="polite"></p>
        <div class="play-boxes" data-testid="play-boxes"></div>
        <section class="play-card" data-testid="play-card" aria-label="Your scorecard"></section>
        <div class="play-review" data-testid="play-review" hidden></div>
      </div>`;
    this.box = root.querySelector("[data-testid=play]");
    this.tray = new DiceTray(root.querySelector(".dice-row"), { testid: "play-dice", onChange: () => this.save() });
    root.querySelector("[data-testid=play-roll]").addEventListener("click", () => this.roll());
    root.querySelector("[data-testid=play-hint]").addEventListener("click", () => this.hint());
    root.querySelector("[data-testid=play-new]").addEventListener("click", () => this.askNewGame());
    root.querySelector("[data-testid=play-confirm-yes]").addEventListener("click", () => this.start(this.wanted));
    root.querySelector("[data-testid=play-confirm-no]").addEventListener("click", () => this.confirmBox(false));
  }

  // the Play tab is shown with the screen's rule set: resume the kept game (whatever its
  // rules), or start one with these
  async open(params) {
    this.wanted = params;
    if (this.params) return this.render();
    const saved = readKept(STORE_KEY)[this.game.name];
    if (saved && saved.params && typeof saved.card === "string") return this.resume(saved);
    return this.start(params);
  }

  inProgress() {
    return this.params && this.turn <= this.game.turns && (this.turn > 1 || this.rollsLeft < this.game.rolls);
  }

  askNewGame() {
    if (!this.inProgress()) return this.start(this.wanted);
    this.root.querySelector("[data-testid=play-confirm-text]").textContent =
      `Start a new game? This one (turn ${this.turn} of ${this.game.turns}, ${this.score} points) will be lost.`;
    this.confirmBox(true);
  }

  confirmBox(open) {
    this.root.querySelector("[data-testid=play-confirm]").hidden = !open;
    if (open) this.root.querySelector("[data-testid=play-confirm-no]").focus();
  }

  start(params) {
    this.confirmBox(false);
    this.params = { ...params };
    this.card = "";
    this.score = 0;
    this.turn = 1;
    this.rollsLeft = this.game.rolls; // all of them: the turn has not been rolled yet
    this.decisions = [];
    this.busy = false;
    this.answer = null;
    this.root.querySelector("[data-testid=play-boxes]").innerHTML = "";
    this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
    this.root.querySelector("[data-testid=play-review]").hidden = true;
    this.tray.set(Array(this.game.dice).fill(0)); // blank until the first roll
    this.tray.setMode("locked");
    this.save();
    this.render();
  }

  async resume(saved) {
    Object.assign(this, {
      params: saved.params,
      card: saved.card,
      score: saved.score,
      turn: saved.turn,
      rollsLeft: saved.rollsLeft,
      decisions: saved.decisions || [],
      busy: false,
      answer: null,
    });
    this.tray.set(saved.dice, saved.kept);
    this.tray.setMode(this.rollsLeft > 0 && this.rollsLeft < this.game.rolls ? "keep" : "locked");
    this.root.querySelector("[data-testid=play-review]").hidden = true;
    this.render();
    if (this.turn > this.game.turns) this.review();
    else if (this.rollsLeft < this.game.rolls) await this.showBoxes();
  }

  save() {
    if (!this.params) return;
    const saved = readKept(STORE_KEY);
    saved[this.game.name] = {
      params: this.params,
      card: this.card,
      score: this.score,
      turn: this.turn,
      rollsLeft: this.rollsLeft,
      dice: this.tray.values,
      kept: this.tray.kept,
      decisions: this.decisions,
    };
    writeKept(STORE_KEY, saved); // if storage is blocked the game still goes on in this tab
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
        const answer = await this.advise(this.position(), this.params);
        const kept = this.tray.keptFaces().join("");
        const chosen = answer.keeps.find((k) => k.keep.join("") === kept);
        this.decisions.push({
          turn: this.turn,
          dice: this.position().dice.join(""),
          rollsLeft: this.rollsLeft,
          choice: `keep ${keepText(this.tray.keptFaces())}`,
          best: describeBest(answer),
          loss: chosen ? chosen.loss : 0,
          link: answer.fragment,
          expected: answer.expected_final,
        });
      }
      const fresh = this.tray.values.map((v, i) => (this.rollsLeft < this.game.rolls && this.tray.kept[i] ? v : rollDie()));
      const kept = this.rollsLeft < this.game.rolls ? this.tray.kept : null;
      this.rollsLeft -= 1;
      this.tray.set(fresh, this.rollsLeft > 0 && kept ? kept : null);
      this.tray.setMode(this.rollsLeft > 0 ? "keep" : "locked");
      this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
      this.save();
      await this.showBoxes();
    } finally {
      this.busy = false;
      this.render();
    }
  }

  async showBoxes() {
    const answer = await this.advise(this.position(), this.params);
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
      link: this.answer.fragment,
      expected: this.answer.expected_final,
    });
    this.card = chosen.scorecard_after;
    this.score += chosen.points + chosen.bonus;
    this.turn += 1;
    this.rollsLeft = this.game.rolls;
    this.answer = null;
    this.root.querySelector("[data-testid=play-boxes]").innerHTML = "";
    this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
    this.tray.set(Array(this.game.dice).fill(0)); // a new turn starts with no dice showing
    this.tray.setMode("locked");
    this.save();
    if (this.turn > this.game.turns) this.review();
    this.render();
  }

  async hint() {
    const text = this.root.querySelector("[data-testid=play-hint-text]");
    if (this.rollsLeft === this.game.rolls || this.turn > this.game.turns) {
      text.textContent = "Roll first.";
      return;
    }
    const answer = await this.advise(this.position(), this.params);
    if (answer.best_kind === "keep" && this.rollsLeft > 0) {
      this.tray.keepFaces(answer.best.keep); // the dice to keep, marked on the dice
      this.save();
    }
    text.textContent = `Best: ${describeBest(answer)} (expected final score ${answer.expected_final.toFixed(2)}).`;
  }

  review() {
    const total = this.decisions.reduce((sum, d) => sum + d.loss, 0);
    const rows = this.decisions
      .map(
        (d) => `<tr class="${d.loss > 1e-9 ? "mistake" : ""}"><td>${d.turn}</td>
          <td>${d.link ? `<a href="${escapeHtml(d.link)}" data-link="advice">${d.dice}</a>` : d.dice}</td><td>${d.rollsLeft}</td>
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
      <div class="scroll" tabindex="0" role="region" aria-label="Review of your choices"><table class="options review"><thead><tr><th>turn</th><th>dice</th><th>rolls left</th><th>your choice</th>
        <th>best</th><th class="num">loss</th></tr></thead><tbody>${rows}</tbody></table></div>
      ${this.curve()}
      <p class="note">Tap a choice's dice to open its position in the advisor, with every keep and box it offered.</p>`;
    review.querySelectorAll("a[data-link]").forEach((a) =>
      a.addEventListener("click", (event) => {
        event.preventDefault();
        this.openPosition(a.getAttribute("href").slice(1));
      }),
    );
  }

  // the expected final score before each choice (perfect play from there on), then the score made:
  // the game's course as a line (choices kept before the curve was recorded have none)
  curve() {
    const values = this.decisions.map((d) => d.expected).filter((v) => typeof v === "number");
    if (values.length !== this.decisions.length || !values.length) return "";
    values.push(this.score);
    const low = Math.floor(Math.min(...values) / 50) * 50;
    const high = Math.ceil(Math.max(...values) / 50) * 50;
    return `<div data-testid="play-curve" data-values="${values.join(" ")}">${lineFigure(values, {
      low,
      high: Math.max(high, low + 50),
      ticks: [[Math.max(high, low + 50), String(Math.max(high, low + 50))], [low, String(low)]],
      base: values[0],
      title: "Expected final score with perfect play from each choice on; the last point is your score",
    })}</div>`;
  }

  // the scorecard as it stands: every box (points or open) and the upper bonus's progress
  renderCard() {
    const card = parseCard(this.card);
    const upperBoxes = this.game.boxes.slice(0, 6);
    const upper = upperBoxes.reduce((sum, b) => sum + (card[b.key] || 0), 0);
    const row = (b) =>
      `<li data-box="${b.key}" class="${card[b.key] === undefined ? "open" : "filled"}"><span>${escapeHtml(b.title)}</span>
        <strong>${card[b.key] === undefined ? "—" : card[b.key]}</strong></li>`;
    const bonusCount = card[this.game.bonus_key] || 0;
    this.root.querySelector("[data-testid=play-card]").innerHTML = `
      <h3>Scorecard</h3>
      <div class="scorecard"><ul class="card-list">${upperBoxes.map(row).join("")}
          <li class="sum" data-testid="play-upper"><span>Upper ${upper} of 63</span><strong>${upper >= 63 ? "+35" : `${63 - upper} to go`}</strong></li></ul>
        <ul class="card-list">${this.game.boxes.slice(6).map(row).join("")}
          ${bonusCount ? `<li><span>${escapeHtml(this.game.bonus_label)}</span><strong>${bonusCount}</strong></li>` : ""}</ul></div>`;
  }

  render() {
    this.box.dataset.turn = String(this.turn);
    this.box.dataset.rollsLeft = String(this.rollsLeft);
    this.box.dataset.score = String(this.score);
    this.box.dataset.rules = JSON.stringify(this.params);
    this.renderCard();
    const rules = this.game.parameters.map((p) => `${p.label.toLowerCase()} ${this.params[p.name]}`).join(", ");
    const differs = this.wanted && JSON.stringify(this.wanted) !== JSON.stringify(this.params);
    this.root.querySelector("[data-testid=play-rules]").textContent =
      `This game is played with ${rules}.` + (differs ? " New game uses the rules chosen above." : "");
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
