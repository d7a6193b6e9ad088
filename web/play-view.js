// Play a whole game against the computer (optimal play, one of the game's printed policies or
// your own rule): two players, or a game for three with you in one or two seats and the computer
// in the others, with dice rolled by a seeded generator in Python (the record replays
// exactly), the computer's moves shown one at a time at a readable pace (or fast), hints on request
// and, at the end, the review (review-panel.js). The game's record, kept per game and rules (a
// reload or a switch to another game and back resumes it), its moves sent to the engine, undo, the
// record box (save, share, load) and the review are recorded-game.js's; a game opened from a link
// puts the game in progress aside, to be restored with one tap.
// Test contract: data-testid="play" holds play-opponent, play-rule (your rule, when the opponent is
// "Your rule"), play-seat, play-komi, play-seed, play-pace, play-new, play-error, play-aside (a game
// put aside) with play-restore, play-board (data-seat = whose turn, data-over, data-moves),
// play-scores, play-turn (the turn's counters in the game's words), play-faces (the last roll's
// dice), play-event (what the last move did), play-roll, play-hold, play-option (one per option;
// a list play-option-list and play-choose when there are many), play-hint, play-hints,
// play-takeback, play-coach (a checkbox) with play-coach-says, play-chance (your chance to win
// now, and its line over the game), play-log (every move said, newest first), the review
// (review-panel.js) and the record box (record-box.js, prefix "play"). The setup (play-setup)
// folds away while a game is played, so the board and its buttons are on a phone's screen.
import { actionTableHtml } from "./action-table.js";
import { escapeHtml } from "./escape-html.js";
import { RecordedGame } from "./recorded-game.js";
import { lineFigure } from "./review-panel.js";
import { countersHtml, diceHtml, moveWords } from "./turn-words.js";

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
    this.recorded = new RecordedGame({
      call,
      navigate,
      store: "play",
      prefix: "play",
      keepAlone: true, // (the pace and the coach, before any game)
      settings: () => ({
        you: this.yours,
        opponent: this.opponent.value,
        rule: this.rule.value,
        pace: this.pace.value,
        coach: this.coach.checked,
      }),
      open: (record, how, kept) => this.open(record, how, kept),
      shown: ({ position }) => this.shown(position),
      seat: () => (this.yours.length ? this.yours : null),
    });
  }

  get record() {
    return this.recorded.record;
  }

  get position() {
    return this.recorded.position;
  }

  // incoming: a record opened from a link (it becomes the game in progress)
  async show(game, params, incoming = null) {
    this.game = game;
    this.params = params;
    this.root.innerHTML = `
      <div data-testid="play">
      <h2>Play ${escapeHtml(game.title)} against the computer</h2>
      <details class="table-setup" data-testid="play-setup" open><summary>Opponent and a new game</summary>
      <div class="rule-row play-setup">
        <label class="field">Opponent <select data-testid="play-opponent"><option value="optimal">Optimal</option></select></label>
        <label class="field play-rule-field" hidden>Your rule (rolls while true)
          <input data-testid="play-rule" spellcheck="false" autocapitalize="off" placeholder="k < 20"></label>
        <label class="field">You move <select data-testid="play-seat">${seatChoices(game.players || 2)}</select></label>
        <label class="field" ${(game.players || 2) > 2 ? "hidden" : ""}>Head start <input data-testid="play-komi" type="number" value="0" step="1" inputmode="numeric"
          aria-describedby="play-komi-help"></label>
        <label class="field">Seed <input data-testid="play-seed" inputmode="numeric" spellcheck="false"></label>
        <label class="field">Computer's pace <select data-testid="play-pace"><option value="readable">readable</option>
          <option value="fast">fast</option></select></label>
        <button type="button" data-testid="play-new">New game</button>
      </div>
      <p class="note" id="play-komi-help">${(game.players || 2) > 2 ? "" : "Head start: points the first player starts with (negative: the second player's). "}Seed: the same seed deals the same dice (empty: a new one). Playing at a table with real dice? Use the
        <strong>At the table</strong> view${game.views.includes("table") ? "" : ` of the two-player game, with ${game.players} players`}.</p>
      </details>
      <pre class="error" data-testid="play-error" hidden></pre>
      <p class="note" data-testid="play-aside" hidden>Opened the game from the link; your game in progress was put aside.
        <button type="button" class="secondary" data-testid="play-restore">Restore it</button></p>
      <div class="play-board" data-testid="play-board" hidden></div>
      <div class="play-extras">
        <label class="check-field"><input type="checkbox" data-testid="play-coach"> Coach: after each of my moves, say whether it was the best</label>
        <div data-testid="play-chance" class="play-chance" hidden></div>
        <details class="play-log-box" open><summary>Moves</summary><ol class="play-log" data-testid="play-log" reversed tabindex="0" aria-label="Moves, newest first"></ol></details>
      </div>
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
    this.setup = part("play-setup");
    this.coach = part("play-coach");
    this.chance = part("play-chance");
    this.logList = part("play-log");
    this.yours = []; // your seats (none: a game between computer players, opened from a record)
    this.log = []; // the moves said, oldest first: {text, moves (the record's length after it)}
    this.chances = []; // your chance to win before each move
    this.event = ""; // what the last move did
    this.coachSays = "";
    this.recorded.mount(this.root, game, params);
    part("play-new").addEventListener("click", () => this.newGame());
    this.opponent.addEventListener("change", () => {
      this.rule.closest("label").hidden = this.opponent.value !== RULE;
    });
    const kept = this.recorded.kept();
    if (kept.pace) this.pace.value = kept.pace;
    this.coach.checked = Boolean(kept.coach);
    this.coach.addEventListener("change", () => this.recorded.keep());
    if (kept.rule) this.rule.value = kept.rule;
    this.pace.addEventListener("change", () => this.recorded.keep());
    await this.recorded.resume(incoming);
    if (this.opponent.options.length === 1) {
      const answer = await this.recorded.fetch(this.fresh([0], 0, 1));
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

  // a new record: "You" in your seats, the computer's label in the others
  fresh(yours, komi, seed) {
    const players = Array.from({ length: this.game.players || 2 }, (_, seat) => (yours.includes(seat) ? "You" : this.opponentLabel()));
    return { game: this.game.name, params: this.params, komi, seed, players, moves: [] };
  }

  async newGame() {
    const fail = (message) => this.recorded.fail(message);
    fail("");
    const komi = Number(this.komi.value);
    if (!Number.isInteger(komi)) return fail(`The head start is a whole number of points, not "${this.komi.value}".`);
    let seed = this.seed.value.trim();
    if (seed === "") seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    if (!/^\d{1,15}$/.test(seed)) return fail(`The seed is a whole number (up to 15 digits), not "${this.seed.value}".`);
    if (this.opponent.value === RULE && !this.rule.value.trim()) return fail("Write your rule first, e.g. k < 20.");
    this.seed.value = seed;
    const yours = this.seat.value.split(",").map(Number);
    const record = this.fresh(yours, (this.game.players || 2) > 2 ? 0 : komi, Number(seed));
    await this.recorded.guard(async () => {
      // the opponent checked before the game starts (a rule that does not read is refused here)
      await this.recorded.fetch(record, { check_players: [this.opponentLabel()] });
      this.yours = yours;
      await this.open(record, "new");
    });
  }

  // a record opened (RecordedGame's how): a new game (you: the seat chosen) or the kept one (as
  // kept), else one loaded (pasted, from a link, put aside): you are the seat labelled "You", else
  // the first; then the computer goes on
  async open(record, how, kept) {
    if (how === "kept") {
      this.yours = [].concat(kept.you ?? []); // (a number, before games of three)
      this.opponent.dataset.kept = kept.opponent;
    }
    const answer = await this.recorded.load(record, how, (answer) => {
      if (answer.record.seed === null) throw new Error("this game was entered at the table: open it in the At the table view");
      const earlier = answer.record.moves.length > 0;
      if (how === "kept" || how === "new") {
        this.clearLog(earlier ? "Resumed where the game was left: its earlier moves are in the review at its end." : "");
      } else {
        // a finished game between two computer players (python -m pycore play) has no "You": both by name
        const yours = answer.record.players.flatMap((label, seat) => (label === "You" ? [seat] : []));
        this.yours = yours.length ? yours : answer.position.result === null ? [0] : [];
        this.clearLog(earlier ? "A game opened: its earlier moves are in the review at its end." : "");
      }
      if (this.opponent.options.length === 1) this.listPolicies(answer.policies);
      if (this.yours.length) this.seat.value = this.yours.join(",");
    });
    if (answer) await this.computerTurns();
  }

  shown(position) {
    // the setup folds away while a game is played: the board and its buttons come up the screen
    this.setup.open = position.result !== null;
    this.draw();
    // (at your turns and at the end: the computer's moves are not held up by it)
    if (this.yours.includes(position.seat) || position.result !== null) this.updateChance();
  }

  // a seat's name: "You" (with two of your seats, which: "You (3rd)"), else the computer's label
  // (with three players, which seat: "Optimal (2nd)")
  name(seat) {
    const players = this.record.players.length;
    const which = players > 2 ? ` (${SEAT_SHORT[seat]})` : "";
    if (this.yours.includes(seat)) return this.yours.length > 1 ? `You${which}` : "You";
    return `${this.record.players[seat]}${which}`;
  }

  // who made a move from a position, in the log's words
  who(p) {
    return this.name(p.seat);
  }

  async move(args) {
    const before = this.position;
    await this.recorded.move(args, (answer) => {
      const move = args.move || (answer.record.moves.at(-1) ?? {});
      this.say(moveWords(this.game, before, answer.position, move.action ? move : { action: "roll" }, this.who(before)),
        answer.position.moves);
    });
  }

  // a move said: the event line and the top of the log
  say(text, moves = this.position?.moves ?? 0) {
    this.event = text;
    this.log.push({ text, moves });
    this.logList.insertAdjacentHTML("afterbegin", `<li>${escapeHtml(text)}</li>`);
  }

  // the log without the moves taken back (it kept them, as if they had been played)
  forget(moves) {
    this.log = this.log.filter((said) => said.moves <= moves);
    this.logList.innerHTML = this.log.map((said) => `<li>${escapeHtml(said.text)}</li>`).reverse().join("");
  }

  clearLog(first = "") {
    this.log = [];
    this.chances = [];
    this.event = "";
    this.coachSays = "";
    this.logList.innerHTML = first ? `<li class="note">${escapeHtml(first)}</li>` : "";
  }

  // your chance to win at the position shown (perfect play from here on), and its line so far;
  // asked without holding up the game (a newer position drops an older answer)
  async updateChance() {
    const p = this.position;
    const moves = p.moves;
    if (!this.yours.length) return;
    // your chance: that one of your seats wins (a shared win, its share)
    let mine;
    if (p.result !== null) {
      mine = this.yours.reduce((sum, seat) => sum + (p.winners.includes(seat) ? 1 / p.winners.length : 0), 0);
    } else {
      try {
        const { seats } = await this.valuesAt(p);
        if (!seats) return; // (every seat's chance unknown here: no line)
        // the seats' chances are the players' in play from the mover (a tie-break's: the tied)
        const active = p.active || this.record.players.map((_, seat) => seat);
        const from = active.indexOf(p.seat);
        mine = this.yours.reduce((sum, seat) => sum + (active.includes(seat) ? seats[(active.indexOf(seat) - from + active.length) % active.length] : 0), 0);
      } catch {
        return; // (a game too large to advise here: no line)
      }
    }
    if (this.position.moves !== moves) return;
    this.chances[moves] = mine;
    const line = this.chances.filter((v) => v !== undefined);
    const share = this.yours.length / this.record.players.length; // (an even game's: 50%, 33% of three)
    this.chance.hidden = false;
    this.chance.innerHTML = `<p>Your chance to win now: <strong data-testid="play-chance-value">${pct(mine)}</strong></p>${
      line.length > 1 ? lineFigure(line, { low: 0, high: 1, ticks: [[1, "100%"], [share, `${Math.round(100 * share)}%`], [0, "0%"]], base: share, title: "Your chance to win at each of your moves" }) : ""
    }`;
  }

  // the engine's arguments for a position's game: a game for three's tie-break is the game the
  // tied play on (AYZD's two-player game), named by the position
  gameArgs(p) {
    return (this.game.players || 2) > 2 ? { game: p.game, ...p.params } : { game: this.game.name, ...this.params };
  }

  // the mover's chance to win at a position, each move's, and every player's in play from the
  // mover after the best move (seats; cached per position)
  async valuesAt(p) {
    const key = JSON.stringify([p.game, p.state, p.faces || [], p.options.length]);
    if (this.valuesKey === key) return this.values;
    const args = { ...this.gameArgs(p), state: p.state };
    if (p.options.length) args.faces = p.faces || [];
    const answer = await this.call("advise", args);
    const moves = p.options.length
      ? answer.options.map((o) => ({ state: o.state, label: o.label, value: o.value }))
      : Object.entries(answer.values)
          .filter(([, v]) => v !== null)
          .map(([action, v]) => ({ action, label: action === "roll" ? "Rolling" : "Holding", value: v }));
    const mover = Math.max(...moves.map((m) => m.value));
    const seats = p.options.length ? (p.active?.length > 2 ? null : [mover, 1 - mover]) : answer.seat_values?.[answer.best] || [mover, 1 - mover];
    this.valuesKey = key;
    this.values = { mover, moves, seats };
    return this.values;
  }

  // the coach: was the move just made the best, and what did it cost (percentage points)
  async coachMove(p, move) {
    if (!this.coach.checked) return "";
    try {
      const { moves } = await this.valuesAt(p);
      // a choice is the turn's counters it leads to (Farkle: {k, d}), an action its name
      const chosen = moves.find((m) =>
        move.action === "choose" ? m.state && Object.entries(move.option).every(([k, v]) => m.state[k] === v) : m.action === move.action,
      );
      if (!chosen) return "";
      const best = moves.reduce((a, b) => (b.value > a.value ? b : a));
      if (best.value - chosen.value < 1e-12) return `Coach: the best move (${pct(chosen.value)} to win).`;
      const cost = (100 * (best.value - chosen.value)).toFixed(2);
      return `Coach: ${best.label} was better: this cost ${cost} percentage points (${pct(chosen.value)} against ${pct(best.value)}).`;
    } catch (error) {
      return `Coach: ${error.message}`;
    }
  }

  // take back your last move (and the computer's after it): the position before your last decision
  // (the computer stops)
  takeBack() {
    if (!this.record?.moves.length) return;
    const decision = (p) => p.legal.length > 1 || p.options.length > 0 || (p.legal.length === 1 && p.roll?.dice !== 0);
    return this.recorded.run(() =>
      this.recorded.undo(
        (p) => this.yours.includes(p.seat) && p.result === null && decision(p),
        (answer) => {
          this.forget(answer.position.moves);
          // the dice come from the game's seed, one number a roll: the roll taken back comes again
          this.say("You took back your last move. The dice come from the game's seed: the same roll comes again.",
            answer.position.moves);
          this.coachSays = "";
          this.chances.length = answer.position.moves + 1;
        },
      ),
    );
  }

  yourTurn() {
    return this.position.result === null && this.yours.includes(this.position.seat);
  }

  // the computer moves while it is its seat and the game goes on, at the chosen pace; a roll that
  // rolls no dice (Pig with a turn limit: the turn's target is chosen) is made for you (a new
  // game, a game opened or a move taken back stops it; the review comes with the last position)
  async computerTurns() {
    const generation = this.recorded.generation;
    const going = () => generation === this.recorded.generation;
    while (this.position.result === null && going()) {
      const p = this.position;
      const opponent = this.record.players[p.seat];
      if (this.yours.includes(p.seat)) {
        if (p.legal.length !== 1 || p.roll?.dice !== 0) break;
        await this.move({ move: { action: "roll" } });
        continue;
      }
      const pause = PACE_MS[this.pace.value] ?? 0;
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      if (!going()) return;
      await this.move({ player: opponent === "Optimal" ? "optimal" : opponent });
    }
  }

  act(move) {
    return this.recorded.run(async () => {
      const coached = this.coachMove(this.position, move); // (the values before the move: usually cached)
      await this.move({ move });
      this.coachSays = await coached;
      this.draw();
      await this.computerTurns();
    });
  }

  draw() {
    const p = this.position;
    const names = this.record.players;
    const over = p.result !== null;
    // a roll that rolls no dice (the turn limit's target: the choice comes next) is made for
    // you at once: no button for it, which would vanish under the finger
    const automatic = p.legal.length === 1 && p.roll?.dice === 0 && p.options.length === 0;
    const yourTurn = this.yourTurn() && !automatic;
    this.board.hidden = false;
    this.board.dataset.seat = String(p.seat);
    this.board.dataset.over = String(over);
    this.board.dataset.moves = String(p.moves);
    const score = (seat) =>
      `<span class="${!over && seat === p.seat ? "to-move" : ""}" data-seat="${seat}">${escapeHtml(this.name(seat))}
        <strong>${p.scores[seat]}</strong></span>`;
    let status;
    if (over) {
      const winners = p.winners;
      if (winners.length > 1) status = "A draw.";
      else if (!this.yours.length) status = `${escapeHtml(this.name(winners[0]))} won.`;
      else if (this.yours.includes(winners[0])) status = this.yours.length > 1 ? `${escapeHtml(this.name(winners[0]))} won.` : "You won.";
      else status = names.length > 2 ? `The computer won (${SEAT_WORDS[winners[0]]} seat).` : "The computer won.";
    } else {
      const out = p.active && p.active.length < names.length ? ` Tie-break: ${p.active.map((s) => this.name(s)).join(" and ")} play on.` : "";
      status = (yourTurn ? (this.yours.length > 1 ? `Your turn (${SEAT_WORDS[p.seat]} seat).` : "Your turn.") : `${escapeHtml(this.name(p.seat))} is playing…`) + escapeHtml(out);
    }
    const faces = p.faces && p.faces.length
      ? `<p class="play-faces" data-testid="play-faces">${escapeHtml(lastRollWords(p, (seat) => (this.name(seat) === "You" ? "Your" : `${this.name(seat)}'s`)))}
        ${diceHtml(p.faces)}</p>`
      : "";
    const mine = this.record.moves.length > 0 && this.yours.length > 0;
    this.board.innerHTML = `
      <p class="play-scores" data-testid="play-scores">${names.map((_, seat) => score(seat)).join(" ")}</p>
      <p class="play-event" data-testid="play-event" role="status">${escapeHtml(this.event)}</p>
      <p class="play-status" data-testid="play-status">${status}</p>
      ${over ? "" : `<p class="play-turn" data-testid="play-turn">${countersHtml(this.game, p.state)}</p>`}
      ${faces}
      <div class="rule-row play-moves">${yourTurn ? moveButtons(p) : ""}</div>
      <div class="rule-row">${yourTurn ? '<button type="button" class="secondary" data-testid="play-hint">Hint</button>' : ""}
        ${mine ? '<button type="button" class="secondary" data-testid="play-takeback">Take back</button>' : ""}</div>
      <p data-testid="play-coach-says" class="note coach-says" ${this.coachSays ? "" : "hidden"}>${escapeHtml(this.coachSays)}</p>
      <div data-testid="play-hints" class="note"></div>`;
    wireMoveButtons(this.board, p, (move) => this.act(move));
    this.board.querySelector("[data-testid=play-hint]")?.addEventListener("click", () => this.hint());
    this.board.querySelector("[data-testid=play-takeback]")?.addEventListener("click", () => this.takeBack());
  }

  // each action's chance of winning at the position (or each option's, after a roll offering a choice)
  async hint() {
    const box = this.board.querySelector("[data-testid=play-hints]");
    const p = this.position;
    // with three players, every player's chance after the best move, named from the mover
    const active = p.active || [];
    const fromMover = active.map((_, n) => this.name(active[(active.indexOf(p.seat) + n) % active.length]));
    box.innerHTML = await hintHtml(this.call, this.gameArgs(p), p, "your chance of winning", fromMover);
  }
}

const SEAT_WORDS = ["first", "second", "third"];
const SEAT_SHORT = ["1st", "2nd", "3rd"];

// the seats you may take (the select's options, value: the seats from 0): one of two, or for
// three players one or two of the three (the computer takes the others)
function seatChoices(players) {
  const one = SEAT_WORDS.slice(0, players).map((word, seat) => [String(seat), word]);
  const two = players > 2 ? [[0, 1], [0, 2], [1, 2]].map(([a, b]) => [`${a},${b}`, `${SEAT_WORDS[a]} and ${SEAT_WORDS[b]}`]) : [];
  return [...one, ...two].map(([value, words]) => `<option value="${value}">${words}</option>`).join("");
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
      .map((label, n) => `<button type="button" data-testid="${prefix}-option" data-n="${n}" data-label="${escapeHtml(label)}">${escapeHtml(label)}</button>`)
      .join("");
  }
  return ["roll", "hold"]
    .filter((a) => p.legal.includes(a) && (roll || a !== "roll"))
    .map((a) => `<button type="button" data-testid="${prefix}-${a}">${escapeHtml(a === "roll" ? "Roll" : holdLabel)}</button>`)
    .join("");
}

// the option buttons ranked by their values (best first, marked, each with its chance of
// winning): options [{label, value}] best first, as the advice gives them
export function rankOptionButtons(root, options, prefix = "play") {
  const buttons = [...root.querySelectorAll(`[data-testid=${prefix}-option]`)];
  const byLabel = new Map(buttons.map((button) => [button.dataset.label, button]));
  options.forEach((option, rank) => {
    const button = byLabel.get(option.label);
    if (!button) return;
    button.classList.toggle("best-option", rank === 0);
    button.dataset.rank = String(rank + 1);
    button.textContent = `${rank === 0 ? "Best: " : ""}${option.label} · ${pct(option.value)}`;
    root.appendChild(button); // (in the order of the options: best first)
  });
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

// the advice at a position of a game played (HTML): after a roll offering a choice, the options
// best first with their chances of winning for the mover (a position waiting for a choice is
// still at the state rolled from, with the roll's faces); else the best move and every move
// ranked with its chance, bust chance and points this turn (action-table.js).
// figure: what the chances are, in words (a table of more players than the game is solved for
// is given the two-player game's figure, which is not the mover's chance of winning there);
// seats: the players' names in seat order from the mover, to say every player's chance after
// the best move where the game values each seat (three players); ranked(options): the options'
// values best first, for buttons that rank themselves (at the table)
export async function hintHtml(call, args, p, figure = "your chance of winning", seats = null, ranked = null) {
  try {
    if (p.options.length) {
      const answer = await call("advise", { ...args, state: p.state, faces: p.faces || [] });
      ranked?.(answer.options);
      const shown = answer.options.slice(0, 5).map((o) => `${o.label}: ${pct(o.value)}`);
      const more = answer.options.length > 5 ? ` (and ${answer.options.length - 5} more)` : "";
      return escapeHtml(`Best first (${figure}): ${shown.join(" · ")}${more}`);
    }
    const answer = await call("advise", { ...args, state: p.state });
    const chances = answer.seat_values?.[answer.best];
    const after =
      seats && chances && chances.length > 2
        ? `<br>After ${answer.best === "roll" ? "rolling" : "holding"}: ${escapeHtml(chances.map((c, n) => `${seats[n]} ${pct(c)}`).join(" · "))}.`
        : "";
    return `<strong>Best: ${escapeHtml(answer.best)}.</strong> ${actionTableHtml(answer, figure)}${after}`;
  } catch (error) {
    return escapeHtml(error.message);
  }
}

// "Last roll:" while the roll is the mover's; once it ended a turn, whose it was ("Bob's last
// roll:"), not to be taken for the next player's
export function lastRollWords(p, whose) {
  return p.rolled_by === null || p.rolled_by === undefined || p.rolled_by === p.seat ? "Last roll:" : `${whose(p.rolled_by)} last roll:`;
}

function pct(p) {
  return `${(100 * p).toFixed(2)}%`;
}
