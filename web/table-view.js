// At the table: a scorekeeper with a coach for two or more people playing with real dice (up to
// eight where the game's table_end allows more than two; the advice is then the two-player
// position against the strongest opponent, said so beside it, except where the game has a
// variant for that many players: three players of Pig are advised exactly). Each roll is
// entered as dice (roll-entry.js: tap the faces; Zombie Dice colour and face; Farkle a pad of
// faces), and the engine keeps the turn total, the turn's counters and both scores, says whose
// turn it is and, at every step, the best move with each move's chance of winning (shown always,
// or only when asked). Any step can be undone. At the end: the review of both players' decisions
// (review-panel.js). The game's record is recorded-game.js's: kept per game and rules (a reload, a
// switch to another game and back, going offline: it resumes), each step sent to the engine, undo,
// saved, shared and loaded (record-box.js, prefix "table"); a record entered at the table has no
// seed: its faces replay it.
// Test contract: data-testid="table" holds table-count (players), table-name-0 … table-name-N,
// table-komi (two players only), table-coach (always | asked), table-new (all in table-setup,
// folded while a game is played), table-error, table-aside with table-restore, table-board
// (data-seat, data-over, data-moves), table-scores, table-turn (the turn's counters), the roll
// entry (roll-entry.js test ids, inside table-roll), table-hold, table-option / table-option-list
// and table-choose, table-undo, table-advice-button, table-advice (table-advice-note, and at a table the
// two-player stand-in advises, table-measured: its simulated figure), the review and the record box.
import { escapeHtml } from "./escape-html.js";
import { hintHtml, lastRollWords, moveButtons, rankOptionButtons, wireMoveButtons } from "./play-view.js";
import { RecordedGame } from "./recorded-game.js";
import { RollEntry } from "./roll-entry.js";
import { counted, countersHtml, diceHtml } from "./turn-words.js";

export class TableView {
  // call(action, args) -> Promise of the engine's answer; navigate(fragment): open a state
  constructor(root, { call, navigate }) {
    this.root = root;
    this.call = call;
    this.navigate = navigate;
    this.recorded = new RecordedGame({
      call,
      navigate,
      store: "table",
      prefix: "table",
      settings: () => ({ coach: this.coach.value }),
      open: (record, how) => this.open(record, how),
      shown: ({ position }) => this.shown(position),
    });
  }

  get record() {
    return this.recorded.record;
  }

  get position() {
    return this.recorded.position;
  }

  // incoming: a record opened from a link (it becomes the game at the table)
  async show(game, params, incoming = null) {
    this.game = game;
    this.params = params;
    // the players entered stay when the rules change (their count went back to two, their names
    // with it); a game of two players only starts from two
    const players = (this.names || []).map((input) => input.value);
    this.root.innerHTML = `
      <div data-testid="table">
      <h2>${escapeHtml(game.title)} at the table</h2>
      <p class="note">Playing with real dice? Enter each roll as it falls: the turn, the counters and the scores are
        kept here, with the best move at every step.</p>
      <details class="table-setup" data-testid="table-setup" open><summary>Players and a new game</summary>
      <div class="rule-row play-setup">
        <label class="field" ${game.table_end ? "" : "hidden"}>Players <select data-testid="table-count">${[2, 3, 4, 5, 6, 7, 8]
          .map((n) => `<option value="${n}">${n}</option>`)
          .join("")}</select></label>
        <span class="table-names"></span>
        <label class="field table-komi">Head start <input data-testid="table-komi" type="number" value="0" step="1" inputmode="numeric"></label>
        <label class="field">Advice <select data-testid="table-coach"><option value="asked">when asked</option>
          <option value="always">at every step</option></select></label>
        <button type="button" data-testid="table-new">New game</button>
      </div>
      </details>
      <pre class="error" data-testid="table-error" hidden></pre>
      <p class="note" data-testid="table-aside" hidden>Opened the game from the link; the game at your table was put aside.
        <button type="button" class="secondary" data-testid="table-restore">Restore it</button></p>
      <div class="play-board" data-testid="table-board" hidden>
        <p class="play-scores" data-testid="table-scores"></p>
        <p class="play-status" data-testid="table-turn"></p>
        <p class="note table-advice" data-testid="table-advice" role="status"></p>
        <p class="play-faces" data-testid="table-faces"></p>
        <div class="roll-entry" data-testid="table-roll"></div>
        <div class="rule-row table-moves"></div>
        <div class="rule-row"><button type="button" class="secondary" data-testid="table-advice-button">Best move?</button>
          <button type="button" class="secondary" data-testid="table-undo">Undo</button></div>
      </div>
      <div data-testid="play-review" data-ready="false"></div>
      <div class="record-slot"></div>
      </div>`;
    const part = (id) => this.root.querySelector(`[data-testid=${id}]`);
    this.count = part("table-count");
    this.nameSlot = this.root.querySelector(".table-names");
    this.komi = part("table-komi");
    this.setCount(game.table_end && players.length ? players.length : 2, players);
    this.count.addEventListener("change", () => this.setCount(Number(this.count.value)));
    this.coach = part("table-coach");
    this.board = part("table-board");
    this.advice = part("table-advice");
    this.undoButton = part("table-undo");
    this.rollEntry = new RollEntry(part("table-roll"), {
      roll: (faces) => this.roll(faces),
      pick: () => {},
      applyLabel: "Enter this roll",
    });
    this.recorded.mount(this.root, game, params);
    part("table-new").addEventListener("click", () => this.newGame());
    part("table-advice-button").addEventListener("click", () => this.showAdvice());
    this.undoButton.addEventListener("click", () => this.undo());
    const kept = this.recorded.kept();
    if (kept.coach) this.coach.value = kept.coach;
    this.board.dataset.coach = this.coach.value;
    this.coach.addEventListener("change", () => {
      this.board.dataset.coach = this.coach.value;
      this.recorded.keep();
      if (this.coach.value === "always") this.showAdvice();
    });
    await this.recorded.resume(incoming);
  }

  // the name fields for ``n`` players (the names typed so far kept) and, for two, the head start
  setCount(n, names = null) {
    const typed = names ?? (this.names || []).map((input) => input.value);
    const label = (seat) => (seat === 0 ? "First player" : seat === 1 && n === 2 ? "Second player" : `Player ${seat + 1}`);
    this.nameSlot.innerHTML = Array.from(
      { length: n },
      (_, seat) => `<label class="field">${label(seat)} <input data-testid="table-name-${seat}" maxlength="24"></label>`,
    ).join("");
    this.names = [...this.nameSlot.querySelectorAll("input")];
    this.names.forEach((input, seat) => (input.value = typed[seat] || `Player ${seat + 1}`));
    this.count.value = String(n);
    this.root.querySelector(".table-komi").hidden = n !== 2;
  }

  async newGame() {
    const fail = (message) => this.recorded.fail(message);
    fail("");
    const komi = this.names.length === 2 ? Number(this.komi.value) : 0;
    if (!Number.isInteger(komi)) return fail(`The head start is a whole number of points, not "${this.komi.value}".`);
    const players = this.names.map((input, n) => input.value.trim() || `Player ${n + 1}`);
    const twice = players.find((name, n) => players.indexOf(name) !== n);
    if (twice) return fail(`Each player needs a name of their own: "${twice}" is there twice.`);
    const record = { game: this.game.name, params: this.params, komi, seed: null, players, moves: [] };
    await this.recorded.guard(() => this.open(record, "new"));
  }

  // a record (new, kept, pasted, from a link or put aside): where it stands
  open(record, how) {
    return this.recorded.load(record, how, (answer) => {
      if (answer.record.seed !== null && answer.record.seed !== undefined) {
        throw new Error("this game was played against the computer: open it in the Play view");
      }
      this.setCount(answer.record.players.length, answer.record.players);
      this.komi.value = String(answer.record.komi);
    });
  }

  async shown(position) {
    // the setup folds away while a game is played (it is a phone's screen of its own with many players)
    this.root.querySelector("[data-testid=table-setup]").open = position.result !== null;
    this.draw();
    if (position.result !== null) return;
    if (automatic(position)) return this.move({ action: "roll", faces: [] });
    if (this.coach.value === "always") await this.showAdvice();
  }

  move(move) {
    return this.recorded.move({ move });
  }

  // a roll entered (RollEntry's callback): the message to show under it, or a refusal thrown
  async roll(faces) {
    const before = this.position;
    await this.move({ action: "roll", faces });
    const after = this.position;
    if (after.result === null && after.seat !== before.seat) {
      // (Farkle's third zilch in a row: the penalty too)
      const lost = before.scores[before.seat] - after.scores[before.seat];
      const penalty = lost > 0 ? `, and ${counted(lost, this.game.unit || "points")} lost as a penalty` : "";
      return `No score this turn for ${this.record.players[before.seat]}${penalty}: ${this.record.players[after.seat]}'s turn.`;
    }
    return "";
  }

  act(move) {
    return this.recorded.run(() => this.move(move));
  }

  undo() {
    if (!this.record?.moves.length) return;
    // an undone roll that rolls no dice (the target's choice) goes too, or it would be made again
    return this.recorded.guard(() =>
      this.recorded.undo(
        (p) => !automatic(p),
        () => this.rollEntry.clearNote(), // (it said what the roll taken back did)
      ),
    );
  }

  async showAdvice() {
    if (!this.position || this.position.result !== null) return;
    const p = this.position;
    this.advice.textContent = "…";
    const names = this.record.players;
    const standIn = p.against !== null && p.against !== undefined;
    const figure = standIn
      ? `${names[p.seat]}'s chance against ${names[p.against]} alone, in the two-player game`
      : `${names[p.seat]}'s chance of winning`;
    // (the game of the position: three players of Pig play three-player Pig, every score in it)
    const game = p.game ? { game: p.game, ...p.params } : { game: this.game.name, ...this.params };
    const fromMover = names.map((_, n) => names[(p.seat + n) % names.length]);
    // a roll's set-asides: the buttons themselves ranked, best first, each with its chance
    const moves = this.board.querySelector(".table-moves");
    const rank = (options) => this.position === p && rankOptionButtons(moves, options, "table");
    const hint = await hintHtml(this.call, game, p, figure, fromMover, rank);
    // three or more players of a game with no variant for them: the advice is the two-player
    // game against the strongest opponent
    const tied = (p.active || []).map((s) => names[s]);
    const note =
      p.against === null || p.against === undefined
        ? names.length > 2 && tied.length < names.length
          ? `Exact: ${tied.join(" and ")} play the tie-break on, the two-player game from the tie.`
          : names.length > 2
            ? `Exact for ${names.length} players: each plays for their own win.`
            : ""
        : `Two-player advice: ${names[p.seat]} against ${names[p.against]} (${p.scores[p.against]}), the strongest opponent; not optimal with ${names.length} players.`;
    // what the stand-in was measured to be worth at this many players (Python's words)
    const measured = p.measured?.text ? `<br><span class="caveat" data-testid="table-measured">${escapeHtml(p.measured.text)}</span>` : "";
    this.advice.innerHTML = hint + (note ? `<br><span class="caveat" data-testid="table-advice-note">${escapeHtml(note)}</span>` : "") + measured;
    // the verdict in view after every roll (on a phone it was under the roll entry, or cut off)
    const box = this.advice.getBoundingClientRect();
    if (this.position === p && (box.top < 0 || box.bottom > innerHeight)) this.advice.scrollIntoView({ block: "nearest" });
  }

  draw() {
    const p = this.position;
    const names = this.record.players;
    const over = p.result !== null;
    this.board.hidden = false;
    this.board.dataset.seat = String(p.seat);
    this.board.dataset.over = String(over);
    this.board.dataset.moves = String(p.moves);
    this.board.querySelector("[data-testid=table-scores]").innerHTML = names
      .map((_, seat) => seat)
      .map((seat) => `<span class="${!over && seat === p.seat ? "to-move" : ""}">${escapeHtml(names[seat])} <strong>${p.scores[seat]}</strong></span>`)
      .join(" ");
    let status;
    if (over) {
      status = p.winners.length > 1 ? "A draw." : `${escapeHtml(names[p.winners[0]])} won.`;
    } else {
      status = `<strong>${escapeHtml(names[p.seat])}</strong> to play. ${countersHtml(this.game, p.state)}`;
    }
    this.board.querySelector("[data-testid=table-turn]").innerHTML = status;
    this.board.querySelector("[data-testid=table-faces]").innerHTML =
      p.faces && p.faces.length ? `${escapeHtml(lastRollWords(p, (seat) => `${names[seat]}'s`))} ${diceHtml(p.faces)}` : "";
    const moves = this.board.querySelector(".table-moves");
    moves.innerHTML = over ? "" : moveButtons(p, "table", { roll: false, holdLabel: `Hold (bank ${p.turn_points})` });
    wireMoveButtons(moves, p, (move) => this.act(move), "table");
    const rolling = !over && p.options.length === 0 && p.roll && p.roll.dice > 0;
    this.rollEntry.show(rolling ? p.roll : null, p.state, [this.record.players, p.moves], `Enter ${names[p.seat]}'s roll`);
    this.board.querySelector("[data-testid=table-advice-button]").hidden = over;
    this.undoButton.disabled = p.moves === 0;
    this.advice.textContent = "";
  }
}

// a roll that rolls no dice: the turn's choice (Pig with a turn limit: the target), made at once
function automatic(p) {
  return p.legal.length === 1 && p.roll?.dice === 0;
}
