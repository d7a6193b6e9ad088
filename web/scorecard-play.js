// Play a whole solitaire scorecard game (turns, dice and rolls from the game's description):
// roll, tap dice to keep, reroll, choose a box. The scorecard is on screen all along; Hint
// marks the dice to keep. The game is a record kept by the engine (pycore.scorecard.match):
// every roll is drawn in Python from the game's seed, so the record (the seed, the dice and
// every choice) replays exactly; it can be saved, shared as a link and loaded (record-box.js).
// The game ends with the engine's review: each choice's loss in expected points against
// perfect play, each opening its position in the advisor, and the game's course as a line.
// The record's lifecycle is recorded-game.js's: a game in progress is kept in localStorage (one
// per game): it survives a reload, a switch to another game and back, and a change of the rule
// set (it keeps the rules it was started with until "New game", which asks first). A game opened
// from a link puts the one in progress aside, to be restored with one tap.
// Test hooks: data-testid="play" carries data-turn, data-rolls-left, data-score and data-rules;
// play-aside / play-restore; the record box (prefix "play").
import { escapeHtml } from "./escape-html.js";
import { DiceTray } from "./dice-tray.js";
import { RecordedGame } from "./recorded-game.js";
import { lineFigure } from "./review-panel.js";
import { parseCard, upperBonus } from "./scorecard-editor.js";

// a new game's seed: 53 random bits (a whole number JSON and Python read exactly)
const newSeed = () => {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low;
};

export class ScorecardPlay {
  // call(action, args) -> the engine's answer; openPosition(fragment): a position in the
  // advisor; navigate(fragment): open a link (a pasted game's)
  constructor(root, game, { call, openPosition, navigate }) {
    this.root = root;
    this.game = game;
    this.call = call;
    this.openPosition = openPosition;
    // the game in play (its record's params are its rule set)
    this.recorded = new RecordedGame({
      call,
      navigate,
      store: "scorecard-play",
      prefix: "play",
      plainLinkErrors: true,
      settings: () => ({ tray: { values: this.tray.values, kept: this.tray.kept } }),
      open: (record, how, kept) => this.load(record, kept?.tray),
      shown: ({ position }) => this.shown(position),
      review: (answer) => this.review(answer),
      onBusy: () => this.render(),
    });
    root.innerHTML = `
      <div data-testid="play" class="play">
        <p class="play-status" data-testid="play-status"></p>
        <p class="note" data-testid="play-rules"></p>
        <p class="note" data-testid="play-aside" hidden>Opened the game from the link; your game in progress was put aside.
          <button type="button" class="secondary" data-testid="play-restore">Restore it</button></p>
        <pre class="error" data-testid="play-error" hidden></pre>
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
        <div class="record-slot"></div>
      </div>`;
    this.box = root.querySelector("[data-testid=play]");
    this.tray = new DiceTray(root.querySelector(".dice-row"), {
      testid: "play-dice",
      onChange: () => {
        this.recorded.keep();
        this.render(); // (all five kept: nothing to reroll)
      },
    });
    this.recorded.mount(root, game, null);
    const part = (id) => root.querySelector(`[data-testid=${id}]`);
    part("play-roll").addEventListener("click", () => this.roll());
    part("play-hint").addEventListener("click", () => this.hint());
    part("play-new").addEventListener("click", () => this.askNewGame());
    part("play-confirm-yes").addEventListener("click", () => this.start(this.wanted));
    part("play-confirm-no").addEventListener("click", () => this.confirmBox(false));
  }

  get record() {
    return this.recorded.record;
  }

  get position() {
    return this.recorded.position;
  }

  // the Play tab is shown with the screen's rule set: a game from a link (incoming: its record),
  // else the game in play, else the kept one (whatever its rules), else a new one with these
  async open(params, incoming = null) {
    this.wanted = params;
    if (incoming && JSON.stringify(this.record) !== JSON.stringify(incoming)) return this.recorded.resume(incoming);
    if (this.record) return this.render();
    if (!(await this.recorded.resume())) return this.start(params);
  }

  inProgress() {
    return this.position && !this.position.over && this.position.moves > 0;
  }

  askNewGame() {
    if (!this.inProgress()) return this.start(this.wanted);
    this.root.querySelector("[data-testid=play-confirm-text]").textContent =
      `Start a new game? This one (turn ${this.position.turn} of ${this.game.turns}, ${this.position.score} points) will be lost.`;
    this.confirmBox(true);
  }

  confirmBox(open) {
    this.root.querySelector("[data-testid=play-confirm]").hidden = !open;
    if (open) this.root.querySelector("[data-testid=play-confirm-no]").focus();
  }

  async start(params) {
    this.confirmBox(false);
    this.recorded.aside.hidden = true;
    const record = { game: this.game.name, params: { ...params }, seed: newSeed(), player: "You", moves: [] };
    await this.recorded.guard(() => this.load(record));
  }

  // a record (new, kept, pasted, from a link or put aside): where it stands, from the engine;
  // tray: the dice as they were laid out and marked (a kept game), else as the record has them
  load(record, tray = null) {
    return this.recorded.load(record, "loaded", () => {
      this.nextTray = tray;
    });
  }

  // a position shown: the dice (nextTray: as they lie), the card and, once rolled, the boxes
  shown(position) {
    const tray = this.nextTray;
    this.nextTray = null;
    const shown = position.dice_shown;
    if (!shown) this.tray.set(Array(this.game.dice).fill(0)); // a turn starts with no dice showing
    else if (tray && [...tray.values].sort().join("") === [...shown].sort().join("")) this.tray.set(tray.values, tray.kept);
    else if (!tray) this.tray.set(shown);
    this.tray.setMode(shown && position.rolls_left > 0 ? "keep" : "locked");
    this.root.querySelector("[data-testid=play-boxes]").innerHTML = "";
    this.root.querySelector("[data-testid=play-review]").hidden = !position.over;
    this.render();
    this.root.querySelector("[data-testid=play-hint-text]").textContent = "";
    if (!position.over && position.dice) return this.showBoxes();
  }

  move(move) {
    if (!this.position || this.position.over) return;
    return this.recorded.run(async () => {
      this.recorded.fail("");
      const before = { values: [...this.tray.values], kept: [...this.tray.kept] };
      const rerolled = move.action === "roll" && this.position.dice;
      await this.recorded.move({ move }, (answer) => {
        this.nextTray = null;
        if (!rerolled) return;
        // the kept dice stay where they are; the rolled ones land in the other places
        const faces = [...answer.position.faces];
        this.nextTray = { values: before.values.map((v, i) => (before.kept[i] ? v : faces.shift())), kept: before.kept };
      });
    });
  }

  roll() {
    if (!this.position || this.position.rolls_left === 0) return;
    if (this.position.dice && this.tray.kept.every(Boolean)) return; // nothing to reroll
    return this.move(this.position.dice ? { action: "roll", keep: this.tray.keptFaces() } : { action: "roll" });
  }

  advise() {
    const p = this.position;
    return this.call("advise", {
      ...this.recorded.rules(),
      scorecard: p.scorecard,
      dice: p.dice,
      rolls_left: p.rolls_left,
    });
  }

  async showBoxes() {
    const answer = await this.advise();
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
      button.addEventListener("click", () => this.move({ action: "box", box: button.dataset.box })),
    );
  }

  async hint() {
    const text = this.root.querySelector("[data-testid=play-hint-text]");
    if (!this.position || !this.position.dice) {
      text.textContent = this.position && this.position.over ? "The game is over." : "Roll first.";
      return;
    }
    const answer = await this.advise();
    if (answer.best_kind === "keep" && this.position.rolls_left > 0) {
      this.tray.keepFaces(answer.best.keep); // the dice to keep, marked on the dice
      this.recorded.keep();
    }
    text.textContent = `Best: ${describeBest(answer)} (expected final score ${answer.expected_final.toFixed(2)}).`;
  }

  // the finished game's review (RecordedGame asks the engine for it)
  review(answer) {
    const rows = answer.decisions
      .map((d) => {
        const dice = d.state.dice.join("");
        return `<tr class="${d.cost > 1e-9 ? "mistake" : ""}" data-testid="play-decision" data-cost="${d.cost}"><td>${d.turn}</td>
          <td><a href="${escapeHtml(d.link)}" data-link="advice">${dice}</a></td><td>${d.state.rolls_left}</td>
          <td>${escapeHtml(d.played_label)}</td><td>${escapeHtml(d.best_label)}</td>
          <td class="num">${d.cost > 1e-9 ? "−" + d.cost.toFixed(2) : "0"}</td></tr>`;
      })
      .join("");
    // a game played at the command line (python -m pycore play yahtzee --policy greedy) is its player's
    const player = this.record.player || "You";
    const whose = player === "You" ? "Your" : `${escapeHtml(player)}'s`;
    const review = this.root.querySelector("[data-testid=play-review]");
    review.hidden = false;
    review.dataset.totalLoss = String(answer.total_cost);
    review.innerHTML = `
      <h3>Game over: ${answer.score} points</h3>
      <p data-testid="review-summary">${whose} choices cost ${answer.total_cost.toFixed(2)} expected points in total against perfect play
        (${answer.mistakes} of ${answer.decisions.length} choices were not the best).</p>
      <div class="scroll" tabindex="0" role="region" aria-label="Review of your choices"><table class="options review"><thead><tr><th>turn</th><th>dice</th><th>rolls left</th><th>your choice</th>
        <th>best</th><th class="num">loss</th></tr></thead><tbody>${rows}</tbody></table></div>
      ${curve(answer.curve)}
      <p class="note">Tap a choice's dice to open its position in the advisor, with every keep and box it offered.</p>`;
    review.querySelectorAll("a[data-link]").forEach((a) =>
      a.addEventListener("click", (event) => {
        event.preventDefault();
        this.openPosition(a.getAttribute("href").slice(1));
      }),
    );
  }

  // the scorecard as it stands: every box (points or open) and the upper bonus's progress
  renderCard() {
    const card = parseCard(this.position.scorecard);
    const upperBoxes = this.game.boxes.filter((b) => this.game.upper_bonus.boxes.includes(b.key));
    const { upper, needs, points, reached, closed } = upperBonus(card, this.game);
    const row = (b) =>
      `<li data-box="${b.key}" class="${card[b.key] === undefined ? "open" : "filled"}"><span>${escapeHtml(b.title)}</span>
        <strong>${card[b.key] === undefined ? "—" : card[b.key]}</strong></li>`;
    const bonusCount = card[this.game.bonus_key] || 0;
    this.root.querySelector("[data-testid=play-card]").innerHTML = `
      <h3>Scorecard</h3>
      <div class="scorecard"><ul class="card-list">${upperBoxes.map(row).join("")}
          <li class="sum" data-testid="play-upper"><span>Upper ${upper} of ${needs}</span><strong>${reached ? `+${points}` : closed ? "no bonus" : `${needs - upper} to go`}</strong></li></ul>
        <ul class="card-list">${this.game.boxes.filter((b) => !upperBoxes.includes(b)).map(row).join("")}
          ${bonusCount ? `<li><span>${escapeHtml(this.game.bonus_label)}</span><strong>${bonusCount}</strong></li>` : ""}</ul></div>`;
  }

  render() {
    const p = this.position;
    if (!p) return;
    const params = this.record.params;
    this.box.dataset.turn = String(p.turn);
    this.box.dataset.rollsLeft = String(p.dice ? p.rolls_left : this.game.rolls);
    this.box.dataset.score = String(p.score);
    this.box.dataset.rules = JSON.stringify(params);
    this.renderCard();
    const rules = this.game.parameters.map((q) => `${q.label.toLowerCase()} ${params[q.name]}`).join(", ");
    const differs = this.wanted && JSON.stringify(this.wanted) !== JSON.stringify(params);
    this.root.querySelector("[data-testid=play-rules]").textContent =
      `This game is played with ${rules}.` + (differs ? " New game uses the rules chosen above." : "");
    const status = this.root.querySelector("[data-testid=play-status]");
    const rollButton = this.root.querySelector("[data-testid=play-roll]");
    if (p.over) {
      status.textContent = `Final score ${p.score}.`;
      rollButton.disabled = true;
      rollButton.textContent = "Roll";
      return;
    }
    // every die kept: a reroll would roll nothing and still use a roll
    const allKept = Boolean(p.dice) && this.tray.kept.every(Boolean);
    rollButton.disabled = this.recorded.busy || (p.dice && p.rolls_left === 0) || allKept;
    rollButton.textContent = !p.dice ? "Roll" : allKept ? "All dice kept: choose a box" : "Reroll the others";
    status.textContent =
      `Turn ${p.turn} of ${this.game.turns} · ${p.score} points · ` +
      (!p.dice
        ? "roll the dice"
        : p.rolls_left > 0
          ? `tap dice to keep, then reroll (${p.rolls_left} left) or choose a box`
          : "choose a box");
  }
}

// the expected final score before each move (perfect play from there on), then the score made:
// the game's course as a line
function curve(values) {
  if (!values.length) return "";
  const low = Math.floor(Math.min(...values) / 50) * 50;
  const high = Math.max(Math.ceil(Math.max(...values) / 50) * 50, low + 50);
  return `<div data-testid="play-curve" data-values="${values.join(" ")}">${lineFigure(values, {
    low,
    high,
    ticks: [[high, String(high)], [low, String(low)]],
    base: values[0],
    title: "Expected final score with perfect play from each move on; the last point is your score",
  })}</div>`;
}

function describeBest(answer) {
  if (answer.best_kind === "keep") {
    return answer.best.reroll === 0 ? `score ${answer.boxes[0].title}` : `keep ${answer.best.keep.join("") || "nothing"}`;
  }
  return `${answer.best.title} for ${answer.best.points}`;
}
