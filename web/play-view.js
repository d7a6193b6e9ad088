// Play a whole two-player game against the computer (optimal play, one of the game's printed
// policies or your own rule), with dice rolled by a seeded generator in Python (the record replays
// exactly), the computer's moves shown one at a time at a readable pace (or fast), hints on request
// and, at the end, the review (review-panel.js). The game in progress is kept in localStorage per
// game and rules (a reload or a switch to another game and back resumes it); its record can be
// saved, shared as a link and loaded (record-box.js). A game opened from a link puts the game in
// progress aside, to be restored with one tap.
// Test contract: data-testid="play" holds play-opponent, play-rule (your rule, when the opponent is
// "Your rule"), play-seat, play-komi, play-seed, play-pace, play-new, play-error, play-aside (a game
// put aside) with play-restore, play-board (data-seat = whose turn, data-over, data-moves),
// play-scores, play-roll, play-hold, play-option (one per option; a list play-option-list and
// play-choose when there are many), play-hint, play-hints, the review (review-panel.js) and the
// record box (record-box.js, prefix "play").
import { escapeHtml } from "./advice-panel.js";
import { putAside, readKept, takeAside, writeKept } from "./kept-object.js";
import { RecordBox } from "./record-box.js";
import { ReviewPanel } from "./review-panel.js";

const PACE_MS = { readable: 700, fast: 0 };
const RULE = "rule"; // the opponent select's value for your own rule
// more options than this after a roll are listed in a drop-down (Pig with a turn limit: every target)
const MAX_OPTION_BUTTONS = 8;

export class PlayView {
  // call(action, args) -> Promise of the engine's answer; navigate(fragment): open a state
  constructor(root, { call, navigate }) {
    this.root = root;
    this.call = call;
    this.navigate = navigate;
    this.busy = false;
    this.generation = 0; // a new game or another screen stops the computer's loop of the old one
  }

  key() {
    return `roll-or-hold:play:${this.game.name}:${JSON.stringify(this.params)}`;
  }

  // incoming: a record opened from a link (it becomes the game in progress)
  async show(game, params, incoming = null) {
    this.game = game;
    this.params = params;
    this.generation += 1;
    this.root.innerHTML = `
      <div data-testid="play">
      <h2>Play ${escapeHtml(game.title)} against the computer</h2>
      <div class="rule-row play-setup">
        <label class="field">Opponent <select data-testid="play-opponent"><option value="optimal">Optimal</option></select></label>
        <label class="field play-rule-field" hidden>Your rule (rolls while true)
          <input data-testid="play-rule" spellcheck="false" autocapitalize="off" placeholder="k < 20"></label>
        <label class="field">You move <select data-testid="play-seat"><option value="0">first</option><option value="1">second</option></select></label>
        <label class="field">Head start <input data-testid="play-komi" type="number" value="0" step="1" inputmode="numeric"
          aria-describedby="play-komi-help"></label>
        <label class="field">Seed <input data-testid="play-seed" inputmode="numeric" spellcheck="false"></label>
        <label class="field">Computer's pace <select data-testid="play-pace"><option value="readable">readable</option>
          <option value="fast">fast</option></select></label>
        <button type="button" data-testid="play-new">New game</button>
      </div>
      <p class="note" id="play-komi-help">Head start: points the first player starts with (negative: the second player's).
        Seed: the same seed deals the same dice (empty: a new one). Playing at a table with real dice? Use the
        <strong>At the table</strong> view.</p>
      <pre class="error" data-testid="play-error" hidden></pre>
      <p class="note" data-testid="play-aside" hidden>Opened the game from the link; your game in progress was put aside.
        <button type="button" class="secondary" data-testid="play-restore">Restore it</button></p>
      <div class="play-board" data-testid="play-board" hidden></div>
      <div data-testid="play-review" data-ready="false"></div>
      <div class="record-slot"></div>
      </div>`;
    const part = (id) => this.root.querySelector(`[data-testid=${id}]`);
    this.opponent = part("play-opponent");
    this.rule = part("play-rule");
    this.seat = part("play-seat");
    this.komi = part("play-komi");
    this.seed = part("play-seed");
    this.pace = part("play-pace");
    this.board = part("play-board");
    this.error = part("play-error");
    this.aside = part("play-aside");
    this.review = new ReviewPanel(part("play-review"), { navigate: this.navigate });
    this.records = new RecordBox(this.root.querySelector(".record-slot"), {
      prefix: "play",
      navigate: this.navigate,
      onRecord: (record) => this.load(record),
    });
    part("play-new").addEventListener("click", () => this.newGame());
    part("play-restore").addEventListener("click", () => this.restore());
    this.opponent.addEventListener("change", () => {
      this.rule.closest("label").hidden = this.opponent.value !== RULE;
    });
    const kept = readKept(this.key());
    if (kept.pace) this.pace.value = kept.pace;
    if (kept.rule) this.rule.value = kept.rule;
    this.pace.addEventListener("change", () => this.keep());
    try {
      if (incoming) {
        this.aside.hidden = !putAside(this.key(), kept, incoming);
        await this.load(incoming);
      } else if (kept.record) {
        this.you = kept.you;
        this.opponent.dataset.kept = kept.opponent;
        await this.resume(kept.record);
      }
    } catch (error) {
      this.fail(`The saved game could not be read (${error.message}); start a new one.`);
    }
    if (this.opponent.options.length === 1) {
      const answer = await this.call("move", { game: game.name, ...params, record: this.fresh(0, 0, 1) });
      this.listPolicies(answer.policies);
    }
  }

  listPolicies(names) {
    for (const name of names) this.opponent.insertAdjacentHTML("beforeend", `<option>${escapeHtml(name)}</option>`);
    this.opponent.insertAdjacentHTML("beforeend", `<option value="${RULE}">Your rule…</option>`);
    if (this.opponent.dataset.kept) this.opponent.value = this.opponent.dataset.kept;
    this.rule.closest("label").hidden = this.opponent.value !== RULE;
  }

  // the computer's label in a new record: a player the engine knows again from it
  opponentLabel() {
    if (this.opponent.value === RULE) return `Rule: ${this.rule.value.trim()}`;
    return this.opponent.selectedOptions[0]?.textContent || "Optimal";
  }

  fresh(you, komi, seed) {
    const players = ["You", this.opponentLabel()];
    if (you === 1) players.reverse();
    return { game: this.game.name, params: this.params, komi, seed, players, moves: [] };
  }

  fail(message) {
    this.error.hidden = !message;
    this.error.textContent = message || "";
  }

  keep() {
    writeKept(this.key(), {
      record: this.record,
      you: this.you,
      opponent: this.opponent.value,
      rule: this.rule.value,
      pace: this.pace.value,
    });
  }

  async newGame() {
    this.fail("");
    const komi = Number(this.komi.value);
    if (!Number.isInteger(komi)) return this.fail(`The head start is a whole number of points, not "${this.komi.value}".`);
    let seed = this.seed.value.trim();
    if (seed === "") seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    if (!/^\d{1,15}$/.test(seed)) return this.fail(`The seed is a whole number (up to 15 digits), not "${this.seed.value}".`);
    if (this.opponent.value === RULE && !this.rule.value.trim()) return this.fail("Write your rule first, e.g. k < 20.");
    this.seed.value = seed;
    const you = Number(this.seat.value);
    const record = this.fresh(you, komi, Number(seed));
    try {
      // the opponent checked before the game starts (a rule that does not read is refused here)
      await this.call("move", { game: this.game.name, ...this.params, record, check_players: [this.opponentLabel()] });
    } catch (error) {
      return this.fail(error.message);
    }
    this.you = you;
    this.generation += 1;
    try {
      await this.resume(record);
    } catch (error) {
      this.fail(error.message);
    }
  }

  // a record loaded (pasted, or from a link): you are the seat labelled "You", else the first
  async load(record) {
    const answer = await this.call("move", { game: this.game.name, ...this.params, record });
    if (answer.record.seed === null) throw new Error("this game was entered at the table: open it in the At the table view");
    // a finished game between two computer players (python -m pycore play) has no "You": both by name
    const you = answer.record.players.indexOf("You");
    this.you = you >= 0 ? you : answer.position.result === null ? 0 : null;
    this.generation += 1;
    this.fail("");
    if (this.opponent.options.length === 1) this.listPolicies(answer.policies);
    this.setPosition(answer);
    await this.computerTurns();
  }

  async restore() {
    const record = takeAside(this.key());
    this.aside.hidden = true;
    if (record) await this.load(record);
  }

  // show where a record stands (a new game, or one kept from an earlier visit) and go on
  async resume(record) {
    const answer = await this.call("move", { game: this.game.name, ...this.params, record });
    if (this.opponent.options.length === 1) this.listPolicies(answer.policies);
    this.setPosition(answer);
    await this.computerTurns();
  }

  setPosition({ record, position, share }) {
    this.record = record;
    this.position = position;
    this.keep();
    this.records.show(record, share);
    this.draw();
  }

  async move(args) {
    const answer = await this.call("move", { game: this.game.name, ...this.params, record: this.record, ...args });
    this.setPosition(answer);
  }

  yourTurn() {
    return this.position.result === null && this.position.seat === this.you;
  }

  // the computer moves while it is its seat and the game goes on, at the chosen pace; a roll that
  // rolls no dice (Pig with a turn limit: the turn's target is chosen) is made for you
  async computerTurns() {
    const generation = this.generation;
    const opponent = this.record.players[1 - this.you];
    while (this.position.result === null && generation === this.generation) {
      const p = this.position;
      if (p.seat === this.you) {
        if (p.legal.length !== 1 || p.roll?.dice !== 0) break;
        await this.move({ move: { action: "roll" } });
        continue;
      }
      const pause = PACE_MS[this.pace.value] ?? 0;
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      if (generation !== this.generation) return;
      await this.move({ player: opponent === "Optimal" ? "optimal" : opponent });
    }
    if (this.position.result !== null && generation === this.generation) await this.showReview();
  }

  async act(move) {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.move({ move });
      await this.computerTurns();
    } catch (error) {
      this.fail(error.message);
    } finally {
      this.busy = false;
    }
  }

  draw() {
    const p = this.position;
    const names = this.record.players;
    const over = p.result !== null;
    const yourTurn = this.yourTurn();
    this.board.hidden = false;
    this.board.dataset.seat = String(p.seat);
    this.board.dataset.over = String(over);
    this.board.dataset.moves = String(p.moves);
    const score = (seat) =>
      `<span class="${!over && seat === p.seat ? "to-move" : ""}">${escapeHtml(seat === this.you ? "You" : names[seat])}
        <strong>${p.scores[seat]}</strong></span>`;
    let status;
    if (over) {
      const mine = this.you === 0 ? p.result : 1 - p.result;
      if (this.you === null) status = p.result === 0.5 ? "A draw." : `${escapeHtml(names[p.result === 1 ? 0 : 1])} won.`;
      else status = mine === 1 ? "You won." : mine === 0 ? "The computer won." : "A draw.";
    } else {
      status = yourTurn ? "Your turn." : `${escapeHtml(names[p.seat])} is playing…`;
    }
    const faces = p.faces && p.faces.length ? `<p class="play-faces">Last roll: ${p.faces.map(faceHtml).join(" ")}</p>` : "";
    this.board.innerHTML = `
      <p class="play-scores" data-testid="play-scores">${score(0)} ${score(1)}</p>
      <p class="play-status" data-testid="play-status">${status}${over ? "" : ` Turn total: <strong>${p.turn_points}</strong>`}</p>
      ${faces}
      <div class="rule-row">${yourTurn ? moveButtons(p) : ""}${yourTurn ? '<button type="button" class="secondary" data-testid="play-hint">Hint</button>' : ""}</div>
      <div data-testid="play-hints" class="note"></div>`;
    wireMoveButtons(this.board, p, (move) => this.act(move));
    this.board.querySelector("[data-testid=play-hint]")?.addEventListener("click", () => this.hint());
    if (!over) this.review.clear();
  }

  // each action's chance of winning at the position (or each option's, after a roll offering a choice)
  async hint() {
    const box = this.board.querySelector("[data-testid=play-hints]");
    box.textContent = await hintText(this.call, { game: this.game.name, ...this.params }, this.position);
  }

  async showReview() {
    const answer = await this.call("review", { game: this.game.name, ...this.params, record: this.record });
    this.review.show(answer, this.record.players, this.you);
  }
}

// the buttons of a move at a position: Roll and Hold, or the options a roll offers (a drop-down
// when there are many); at the table (prefix "table") the roll is entered as dice instead of a button
export function moveButtons(p, prefix = "play", { roll = true, holdLabel = "Hold" } = {}) {
  if (p.options.length > MAX_OPTION_BUTTONS) {
    return `<label class="field">Choose <select data-testid="${prefix}-option-list">${p.option_labels
      .map((label, n) => `<option value="${n}">${escapeHtml(label)}</option>`)
      .join("")}</select></label><button type="button" data-testid="${prefix}-choose">Choose</button>`;
  }
  if (p.options.length) {
    return p.option_labels
      .map((label, n) => `<button type="button" data-testid="${prefix}-option" data-n="${n}">${escapeHtml(label)}</button>`)
      .join("");
  }
  return ["roll", "hold"]
    .filter((a) => p.legal.includes(a) && (roll || a !== "roll"))
    .map((a) => `<button type="button" data-testid="${prefix}-${a}">${escapeHtml(a === "roll" ? "Roll" : holdLabel)}</button>`)
    .join("");
}

export function wireMoveButtons(root, p, act, prefix = "play") {
  root.querySelector(`[data-testid=${prefix}-roll]`)?.addEventListener("click", () => act({ action: "roll" }));
  root.querySelector(`[data-testid=${prefix}-hold]`)?.addEventListener("click", () => act({ action: "hold" }));
  root.querySelectorAll(`[data-testid=${prefix}-option]`).forEach((button) =>
    button.addEventListener("click", () => act({ action: "choose", option: p.options[Number(button.dataset.n)] })),
  );
  const list = root.querySelector(`[data-testid=${prefix}-option-list]`);
  root.querySelector(`[data-testid=${prefix}-choose]`)?.addEventListener("click", () =>
    act({ action: "choose", option: p.options[Number(list.value)] }),
  );
}

// each action's (or, after a roll offering a choice, each option's) chance of winning for the mover
// (a position waiting for a choice is still at the state rolled from, with the roll's faces)
export async function hintText(call, args, p, mover = "your") {
  try {
    if (p.options.length) {
      const answer = await call("advise", { ...args, state: p.state, faces: p.faces || [] });
      const label = (o) => o.label || (o.keep ? `keep ${o.keep.join(" ")} (+${o.points})` : JSON.stringify(o.state));
      const shown = answer.options.slice(0, 5).map((o) => `${label(o)}: ${pct(o.value)}`);
      const more = answer.options.length > 5 ? ` (and ${answer.options.length - 5} more)` : "";
      return `Best first (${mover} chance of winning): ${shown.join(" · ")}${more}`;
    }
    const answer = await call("advise", { ...args, state: p.state });
    const values = Object.entries(answer.values).filter(([, v]) => v !== null);
    const title = (a) => a[0].toUpperCase() + a.slice(1);
    return `Best: ${answer.best}. ${values.map(([a, v]) => `${title(a)} ${pct(v)}`).join(" · ")} (${mover} chance of winning)`;
  } catch (error) {
    return error.message;
  }
}

function pct(p) {
  return `${(100 * p).toFixed(2)}%`;
}

export function faceHtml(face) {
  const text = Array.isArray(face) ? face.join(" ") : String(face);
  return `<span class="die-face">${escapeHtml(text)}</span>`;
}
