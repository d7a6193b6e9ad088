// Play a whole two-player game against the computer (optimal play or one of the game's printed
// policies), with dice rolled by a seeded generator in Python (the record replays exactly), the
// computer's moves shown one at a time at a readable pace (or fast), hints on request and, at the
// end, the review: every decision, the best one, its cost in P(win), and the game's P(win) curve.
// The game in progress is kept in localStorage per game and rules (a reload or a switch to
// another game and back resumes it); its record is shown as JSON to copy.
// Test contract: data-testid="play" holds play-opponent, play-seat, play-komi, play-seed,
// play-pace, play-new, play-board (data-seat = whose turn, data-over, data-moves), play-scores, play-roll,
// play-hold, play-option (one per option), play-hint, play-hints, play-review (data-ready) with
// play-decision rows (data-cost) and play-total (data-total: your cost), and play-record (the record's JSON).
import { escapeHtml } from "./advice-panel.js";
import { readKept, writeKept } from "./kept-object.js";

const PACE_MS = { readable: 700, fast: 0 };

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

  async show(game, params) {
    this.game = game;
    this.params = params;
    this.generation += 1;
    this.root.innerHTML = `
      <div data-testid="play">
      <h2>Play ${escapeHtml(game.title)} against the computer</h2>
      <div class="rule-row play-setup">
        <label class="field">Opponent <select data-testid="play-opponent"><option value="optimal">Optimal</option></select></label>
        <label class="field">You move <select data-testid="play-seat"><option value="0">first</option><option value="1">second</option></select></label>
        <label class="field">Head start <input data-testid="play-komi" type="number" value="0" step="1" inputmode="numeric"
          aria-describedby="play-komi-help"></label>
        <label class="field">Seed <input data-testid="play-seed" inputmode="numeric" spellcheck="false"></label>
        <label class="field">Computer's pace <select data-testid="play-pace"><option value="readable">readable</option>
          <option value="fast">fast</option></select></label>
        <button type="button" data-testid="play-new">New game</button>
      </div>
      <p class="note" id="play-komi-help">Head start: points the first player starts with (negative: the second player's).
        Seed: the same seed deals the same dice (empty: a new one).</p>
      <pre class="error" data-testid="play-error" hidden></pre>
      <div class="play-board" data-testid="play-board" hidden></div>
      <div data-testid="play-review" data-ready="false"></div>
      <details class="play-record-box"><summary>Record of this game (JSON)</summary>
        <textarea data-testid="play-record" readonly rows="4" spellcheck="false"></textarea></details>
      </div>`;
    const part = (id) => this.root.querySelector(`[data-testid=${id}]`);
    this.opponent = part("play-opponent");
    this.seat = part("play-seat");
    this.komi = part("play-komi");
    this.seed = part("play-seed");
    this.pace = part("play-pace");
    this.board = part("play-board");
    this.review = part("play-review");
    this.recordBox = part("play-record");
    this.error = part("play-error");
    part("play-new").addEventListener("click", () => this.newGame());
    const kept = readKept(this.key());
    if (kept.pace) this.pace.value = kept.pace;
    this.pace.addEventListener("change", () => this.keep());
    try {
      if (kept.record) {
        this.you = kept.you;
        this.opponent.dataset.kept = kept.opponent;
        await this.resume(kept.record);
      } else {
        const answer = await this.call("move", { game: game.name, ...params, record: this.fresh(0, 0, 1) });
        this.listPolicies(answer.policies);
      }
    } catch (error) {
      this.fail(`The saved game could not be read (${error.message}); start a new one.`);
    }
  }

  listPolicies(names) {
    for (const name of names) this.opponent.insertAdjacentHTML("beforeend", `<option>${escapeHtml(name)}</option>`);
    if (this.opponent.dataset.kept) this.opponent.value = this.opponent.dataset.kept;
  }

  fresh(you, komi, seed) {
    const players = ["You", this.opponent.selectedOptions[0]?.textContent || "Optimal"];
    if (you === 1) players.reverse();
    return { game: this.game.name, params: this.params, komi, seed, players, moves: [] };
  }

  fail(message) {
    this.error.hidden = !message;
    this.error.textContent = message || "";
  }

  keep() {
    writeKept(this.key(), { record: this.record, you: this.you, opponent: this.opponent.value, pace: this.pace.value });
  }

  async newGame() {
    this.fail("");
    const komi = Number(this.komi.value);
    if (!Number.isInteger(komi)) return this.fail(`The head start is a whole number of points, not "${this.komi.value}".`);
    let seed = this.seed.value.trim();
    if (seed === "") seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    if (!/^\d{1,15}$/.test(seed)) return this.fail(`The seed is a whole number (up to 15 digits), not "${this.seed.value}".`);
    this.seed.value = seed;
    this.you = Number(this.seat.value);
    this.generation += 1;
    try {
      await this.resume(this.fresh(this.you, komi, Number(seed)));
    } catch (error) {
      this.fail(error.message);
    }
  }

  // show where a record stands (a new game, or one kept from an earlier visit) and go on
  async resume(record) {
    const answer = await this.call("move", { game: this.game.name, ...this.params, record });
    if (this.opponent.options.length === 1) this.listPolicies(answer.policies);
    this.setPosition(answer.record, answer.position);
    await this.computerTurns();
  }

  setPosition(record, position) {
    this.record = record;
    this.position = position;
    this.keep();
    this.recordBox.value = JSON.stringify(record);
    this.draw();
  }

  async move(args) {
    const answer = await this.call("move", { game: this.game.name, ...this.params, record: this.record, ...args });
    this.setPosition(answer.record, answer.position);
  }

  // the computer moves while it is its seat and the game goes on, at the chosen pace
  async computerTurns() {
    const generation = this.generation;
    const opponent = this.record.players[1 - this.you];
    while (this.position.result === null && this.position.seat !== this.you && generation === this.generation) {
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
      this.preRoll = move.action === "roll" ? this.position.state : this.preRoll;
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
    const yourTurn = !over && p.seat === this.you;
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
      status = mine === 1 ? "You won." : mine === 0 ? "The computer won." : "A draw.";
    } else {
      status = yourTurn ? "Your turn." : `${escapeHtml(names[p.seat])} is playing…`;
    }
    const faces = p.faces && p.faces.length ? `<p class="play-faces">Last roll: ${p.faces.map(faceHtml).join(" ")}</p>` : "";
    const options = yourTurn ? p.options : [];
    const buttons = !yourTurn
      ? ""
      : options.length
        ? options
            .map((o, n) => `<button type="button" data-testid="play-option" data-n="${n}">${escapeHtml(optionLabel(o))}</button>`)
            .join("")
        : ["roll", "hold"]
            .filter((a) => p.legal.includes(a))
            .map((a) => `<button type="button" data-testid="play-${a}">${a === "roll" ? "Roll" : "Hold"}</button>`)
            .join("");
    this.board.innerHTML = `
      <p class="play-scores" data-testid="play-scores">${score(0)} ${score(1)}</p>
      <p class="play-status" data-testid="play-status">${status}${over ? "" : ` Turn total: <strong>${p.turn_points}</strong>`}</p>
      ${faces}
      <div class="rule-row">${buttons}${yourTurn ? '<button type="button" class="secondary" data-testid="play-hint">Hint</button>' : ""}</div>
      <div data-testid="play-hints" class="note"></div>`;
    this.board.querySelector("[data-testid=play-roll]")?.addEventListener("click", () => this.act({ action: "roll" }));
    this.board.querySelector("[data-testid=play-hold]")?.addEventListener("click", () => this.act({ action: "hold" }));
    this.board.querySelectorAll("[data-testid=play-option]").forEach((button) =>
      button.addEventListener("click", () => this.act({ action: "choose", option: options[Number(button.dataset.n)] })),
    );
    this.board.querySelector("[data-testid=play-hint]")?.addEventListener("click", () => this.hint());
    if (!over) {
      this.review.innerHTML = "";
      this.review.dataset.ready = "false";
    }
  }

  // each action's chance of winning at the position (or each option's, after a roll offering a choice)
  async hint() {
    const box = this.board.querySelector("[data-testid=play-hints]");
    const p = this.position;
    const args = { game: this.game.name, ...this.params };
    try {
      if (p.options.length) {
        const answer = await this.call("advise", { ...args, state: this.preRoll, faces: p.faces });
        box.textContent = answer.options.map((o) => `${optionLabel(o.state, o.label)}: ${pct(o.value)}`).join(" · ");
        return;
      }
      const answer = await this.call("advise", { ...args, state: p.state });
      const values = Object.entries(answer.values).filter(([, v]) => v !== null);
      box.textContent = `${values.map(([a, v]) => `${a}: ${pct(v)}`).join(" · ")} (your chance of winning; best: ${answer.best})`;
    } catch (error) {
      box.textContent = error.message;
    }
  }

  async showReview() {
    const answer = await this.call("review", { game: this.game.name, ...this.params, record: this.record });
    const you = this.you;
    const mine = answer.decisions.filter((d) => d.player === you);
    const costly = mine.filter((d) => d.cost > 1e-12);
    const what = (a) => (typeof a === "string" ? a : optionLabel(a));
    this.review.innerHTML = `
      <h3>Review</h3>
      <p data-testid="play-total" data-total="${answer.total_cost[you]}">Your decisions: ${mine.length}, ${costly.length} not the best, costing
        <strong>${(100 * answer.total_cost[you]).toFixed(2)}</strong> percentage points of winning chance in all.</p>
      ${curveSvg(answer.curve, you)}
      <div class="table-scroll"><table class="play-review-table">
        <thead><tr><th>Move</th><th>Who</th><th>Played</th><th>Best</th><th>Cost</th><th>Position</th></tr></thead>
        <tbody>${answer.decisions
          .map(
            (d) => `<tr data-testid="play-decision" data-cost="${d.cost}" class="${d.cost > 1e-12 ? "costly" : ""}">
              <td>${d.move}</td><td>${d.player === you ? "You" : "Computer"}</td>
              <td>${escapeHtml(what(d.action))}</td><td>${escapeHtml(what(d.best))}</td><td>${(100 * d.cost).toFixed(2)}</td>
              <td><a href="${escapeHtml(d.link)}">${escapeHtml(Object.entries(d.state).map(([k, v]) => `${k}=${v}`).join(" "))}</a></td></tr>`,
          )
          .join("")}</tbody></table></div>
      <p class="note">Cost: the best move's chance of winning minus the one played, in percentage points, for the player
        who chose. Tap a position to open it in the advisor.</p>`;
    this.review.querySelectorAll("a").forEach((a) =>
      a.addEventListener("click", (event) => {
        event.preventDefault();
        this.navigate(a.getAttribute("href").slice(1));
      }),
    );
    this.review.dataset.ready = "true";
  }
}

function pct(p) {
  return `${(100 * p).toFixed(2)}%`;
}

// an option after a roll, by its turn variables (Pig with a turn limit: "target 30"), or the advice's label
function optionLabel(option, label) {
  if (label) return label;
  return Object.entries(option)
    .filter(([, v]) => v !== 0 && v !== "")
    .map(([k, v]) => `${k} ${v}`)
    .join(", ") || "go on";
}

function faceHtml(face) {
  const text = Array.isArray(face) ? face.join(" ") : String(face);
  return `<span class="die-face">${escapeHtml(text)}</span>`;
}

// the first player's chance before each move, from your side: a line over the game, 50% marked
function curveSvg(curve, you) {
  const W = 320;
  const H = 110;
  const pad = 24;
  const points = curve.map((p, n) => {
    const mine = you === 0 ? p : 1 - p;
    const x = pad + ((W - 2 * pad) * n) / Math.max(1, curve.length - 1);
    return `${x.toFixed(1)},${(H - pad - (H - 2 * pad) * mine).toFixed(1)}`;
  });
  const mid = H - pad - (H - 2 * pad) / 2;
  return `<figure class="play-curve"><figcaption>Your chance of winning, move by move</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Your chance of winning over the game">
      <line x1="${pad}" x2="${W - pad}" y1="${mid}" y2="${mid}" class="base"/>
      <text x="2" y="${pad + 4}" class="axis">100%</text><text x="2" y="${mid + 4}" class="axis">50%</text>
      <text x="2" y="${H - pad + 4}" class="axis">0%</text>
      <polyline points="${points.join(" ")}" fill="none" class="line"/></svg></figure>`;
}
