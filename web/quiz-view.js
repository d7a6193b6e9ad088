// Test yourself: a drill of positions from whole games the computer played (pycore/core/quiz.py).
// One decision a screen: the position, the moves as buttons; only once one is chosen, the best
// move, what the choice cost, the advisor's reason and a link to the position in the advisor.
// At the end the score (decisions, mistakes, the total and the mean cost, the worst decision),
// the game's named policies graded on the same positions, and a short text to paste back. Python
// builds the set (action "quiz": a seed, a count and a mix fix it; the link says them) and grades
// the answers (action "grade"); this file only shows them and keeps, in the browser's storage:
// the set under way (a reload resumes it), the sets finished, and the mistakes, which come back
// to drill on later days (a Leitner box: right moves a mistake on to 3, 7, then 14 days; wrong
// brings it back tomorrow; right four times retires it). Nothing leaves the phone but an export.
// Test contract: data-testid="quiz" holds quiz-setup (quiz-mix, quiz-count, quiz-start,
// quiz-drill-mistakes, quiz-history, quiz-export, quiz-reset), quiz-question (data-n, data-total;
// quiz-position, quiz-choice buttons with data-key), quiz-feedback (data-cost, full precision),
// quiz-next, quiz-result (quiz-summary, quiz-policies, quiz-paste, quiz-copy), quiz-overall (every
// set of these rules, you and each policy a decision) and quiz-message.
import { escapeHtml } from "./escape-html.js";
import { saveText } from "./downloads.js";
import { readKept, writeKept } from "./kept-object.js";
import { countersHtml, diceHtml } from "./turn-words.js";

const KEY = "roll-or-hold-quiz";
const DAY = 24 * 3600 * 1000;
// a mistake's box -> days until it comes back (box 4 answered right retires it)
const INTERVALS = [1, 3, 7, 14];
const MIXES = { teaching: "Decisions that teach", close: "Close calls", all: "Everything" };
const SEAT_NAMES = ["Player 1", "Player 2", "Player 3"];

// a set's figure as a person reads it: percentage points of winning chance, or points
function figure(cost, unit) {
  return unit === "win" ? `${(100 * cost).toFixed(2)} percentage points` : `${cost.toFixed(2)} points`;
}

// the same, short, where a caption says the unit
function shortFigure(cost, unit) {
  return unit === "win" ? (100 * cost).toFixed(2) : cost.toFixed(2);
}

function valueText(value, unit) {
  return unit === "win" ? `${(100 * value).toFixed(2)}%` : `${value.toFixed(2)} points`;
}

// the kept drill, as far as it can be read: {sets: [], mistakes: [], current: null}; what
// cannot be read is kept aside as it was (KEY + ":unreadable"), never overwritten unseen
function readHistory() {
  const kept = readKept(KEY);
  const problems = [];
  const setAside = () => writeKept(`${KEY}:unreadable`, { at: Date.now(), kept });
  const list = (name) => {
    if (kept[name] === undefined) return [];
    if (Array.isArray(kept[name])) return kept[name].filter((item) => item && typeof item === "object");
    problems.push(`the kept ${name} could not be read and were set aside`);
    return [];
  };
  const history = { sets: list("sets"), mistakes: list("mistakes"), unfinished: list("unfinished"), current: null };
  const current = kept.current;
  if (current && typeof current === "object" && current.quiz && Array.isArray(current.quiz.questions) && Array.isArray(current.answers)) {
    history.current = current;
  } else if (current) {
    problems.push("the set under way could not be read; a new one starts");
  }
  if (problems.length) setAside();
  return { history, problems };
}

export class QuizView {
  // root: where the view is drawn (shared with other views); call(action, args) -> Promise of
  // the engine's answer; navigate(request): open a position or a link (Python writes the link)
  constructor(root, { call, navigate }) {
    this.root = root;
    this.call = call;
    this.navigate = navigate;
    this.game = null;
    this.params = null;
    this.run = null; // {quiz, answers, source: "set" | "mistakes"}
    this.shown = 0; // which showing is current: an answer for an older one draws nothing
  }

  // another view takes the shared root: nothing of this one draws there any more
  dispose() {
    this.shown += 1;
  }

  rulesKey() {
    return `${this.game.name}|${JSON.stringify(this.params)}`;
  }

  // view: {seed?, count?, mix?} from the link (a teacher's set), else the setup or the set under way
  show(game, params, view = {}) {
    this.shown += 1;
    this.game = game;
    this.params = params;
    const { history, problems } = readHistory();
    this.history = history;
    this.problems = problems;
    const under = history.current;
    const sameRules = under && under.rules === this.rulesKey();
    if (view.seed !== undefined) {
      const wanted = { seed: Number(view.seed), count: Number(view.count || 20), mix: view.mix || "teaching" };
      const same = sameRules && under.source === "set" && under.quiz.seed === wanted.seed && under.quiz.count === wanted.count && under.quiz.mix === wanted.mix;
      if (same) return this.resume(under);
      return this.start(wanted);
    }
    if (sameRules && under.source === "set" && under.quiz.link) return this.navigate(under.quiz.link); // (its link says which set)
    if (sameRules) return this.resume(under);
    this.drawSetup();
  }

  // a set of these rules: its link (Python writes it, with the seed), opened as any link is
  open(seed, count, mix) {
    this.navigate({ game: this.game.name, params: this.params, keys: {}, view: { view: "quiz", seed: String(seed), count: String(count), mix } });
  }

  message(text) {
    const box = this.root.querySelector("[data-testid=quiz-message]");
    if (box) {
      box.hidden = !text;
      box.textContent = text || "";
    }
  }

  frame(inner) {
    this.root.innerHTML = `<div class="quiz" data-testid="quiz">
      <p class="quiz-message" data-testid="quiz-message" role="status" hidden></p>${inner}</div>`;
    if (this.problems.length) this.message(`Your drill history: ${this.problems.join("; ")} (what could not be read is kept aside in this browser, as it was).`);
  }

  dueMistakes() {
    const now = Date.now();
    return this.history.mistakes.filter((m) => m.rules === this.rulesKey() && (m.due || 0) <= now && m.question);
  }

  // "Drill my mistakes (2 due, 5 later)"
  drillLabel() {
    const due = this.dueMistakes().length;
    const waiting = this.history.mistakes.filter((m) => m.rules === this.rulesKey()).length;
    return `Drill my mistakes (${due} due${waiting > due ? `, ${waiting - due} from tomorrow` : ""})`;
  }

  drawSetup() {
    const due = this.dueMistakes();
    const mine = this.history.sets.filter((s) => s.rules === this.rulesKey()).slice(-5).reverse();
    this.frame(`<section class="quiz-setup" data-testid="quiz-setup" aria-label="Test yourself">
      <h2>Test yourself</h2>
      <p>Positions from whole games the computer played. Choose your move; then see the best one and what yours cost.</p>
      <fieldset class="quiz-mix" data-testid="quiz-mix"><legend>Positions</legend>
        ${Object.entries(MIXES).map(([value, label], n) => `<label><input type="radio" name="quiz-mix" value="${value}" ${n === 0 ? "checked" : ""}> ${label}</label>`).join("")}
      </fieldset>
      <label>How many <select data-testid="quiz-count">${[10, 20, 30].map((n) => `<option ${n === 20 ? "selected" : ""}>${n}</option>`).join("")}</select></label>
      <button type="button" class="primary" data-testid="quiz-start">Start</button>
      <button type="button" data-testid="quiz-drill-mistakes" ${due.length ? "" : "disabled"}>${escapeHtml(this.drillLabel())}</button>
      <div data-testid="quiz-history">${mine.length ? `<h3>Your last sets</h3><ul>${mine.map((s) => `<li>${escapeHtml(new Date(s.at).toLocaleDateString())}: ${s.mistakes} mistakes in ${s.decisions}, ${escapeHtml(figure(s.mean, s.unit))} a decision</li>`).join("")}</ul>${this.overallHtml()}` : "<p>No sets played here yet.</p>"}</div>
      <p class="quiz-keep"><button type="button" data-testid="quiz-export">Export history (JSON)</button>
        <button type="button" data-testid="quiz-reset">Reset history</button></p>
    </section>`);
    const root = this.root;
    root.querySelector("[data-testid=quiz-start]").addEventListener("click", () => {
      const mix = root.querySelector("input[name=quiz-mix]:checked").value;
      const count = Number(root.querySelector("[data-testid=quiz-count]").value);
      // a new set's seed (the link then says it: the same link, the same positions)
      this.open(Math.floor(Math.random() * 1e9), count, mix);
    });
    root.querySelector("[data-testid=quiz-drill-mistakes]").addEventListener("click", () => this.drillMistakes());
    root.querySelector("[data-testid=quiz-export]").addEventListener("click", () => {
      saveText(JSON.stringify(readKept(KEY), null, 1), "roll-or-hold-test-yourself.json", "application/json");
    });
    root.querySelector("[data-testid=quiz-reset]").addEventListener("click", () => {
      if (!confirm("Forget every set and mistake kept on this device?")) return;
      writeKept(KEY, {});
      this.history = { sets: [], mistakes: [], unfinished: [], current: null };
      this.problems = [];
      this.drawSetup();
      this.message("Your history on this device was reset.");
    });
  }

  // every set of these rules together: you and each named policy, per decision, on the same positions
  overallHtml() {
    const sets = this.history.sets.filter((s) => s.rules === this.rulesKey() && s.source === "set" && s.decisions);
    if (!sets.length) return "";
    const decisions = sets.reduce((n, s) => n + s.decisions, 0);
    const unit = sets[0].unit;
    const mean = (total) => figure(total / decisions, unit);
    const names = Object.keys(sets[0].policies || {}).filter((name) => sets.every((s) => s.policies && s.policies[name]));
    const policies = names.map((name) => `${escapeHtml(name)} ${escapeHtml(mean(sets.reduce((t, s) => t + s.policies[name].total, 0)))}`);
    return `<p data-testid="quiz-overall">Over your ${sets.length} set${sets.length === 1 ? "" : "s"} here (${decisions} decisions), a decision cost you
      ${escapeHtml(mean(sets.reduce((t, s) => t + s.total, 0)))}${policies.length ? `; on the same positions: ${policies.join("; ")}` : ""}.</p>`;
  }

  // a set under way that another replaces is kept (the last few, in the export), not dropped
  setAsideCurrent() {
    const current = this.history.current;
    if (current && current.answers.length) this.history.unfinished = [...(this.history.unfinished || []), current].slice(-5);
  }

  save() {
    writeKept(KEY, this.history);
  }

  async start({ seed, count, mix }) {
    const mine = this.shown;
    this.frame(`<p class="quiz-wait" data-testid="quiz-wait">Playing games to find ${count} positions…</p>`);
    let quiz;
    try {
      quiz = await this.call("quiz", { game: this.game.name, ...this.params, seed, count, mix });
    } catch (error) {
      if (error.name === "Superseded" || mine !== this.shown) return;
      this.drawSetup();
      this.message(error.message);
      return;
    }
    if (mine !== this.shown) return;
    if (!quiz.questions.length) {
      this.drawSetup();
      this.message(`No position of this mix turned up in ${quiz.games} games: try another mix.`);
      return;
    }
    this.setAsideCurrent();
    this.history.current = { rules: this.rulesKey(), source: "set", quiz, answers: [] };
    this.save();
    this.resume(this.history.current);
    if (quiz.questions.length < quiz.count) {
      this.message(`Only ${quiz.questions.length} of the ${quiz.count} positions asked turned up in ${quiz.games} games with this mix.`);
    }
  }

  drillMistakes() {
    const due = this.dueMistakes().slice(0, 20);
    const first = due[0];
    const quiz = { game: this.game.name, params: this.params, unit: first.unit, policies: [], seed: null, count: due.length, mix: "mistakes", questions: due.map((m) => m.question) };
    this.setAsideCurrent();
    this.history.current = { rules: this.rulesKey(), source: "mistakes", quiz, answers: [] };
    this.save();
    this.resume(this.history.current);
  }

  resume(run) {
    this.run = run;
    if (run.answers.length >= run.quiz.questions.length) return this.finish();
    // (a reload goes on at the first position not answered)
    this.ask(run.answers.length);
  }

  positionHtml(question) {
    const p = question.position;
    if ("scorecard" in p) {
      const filled = p.scorecard ? p.scorecard.split(",").length : 0;
      return `<p>Turn ${p.turn} · score <strong>${p.score}</strong> · ${filled} boxes filled · rerolls left: <strong>${p.rolls_left}</strong></p>
        <p class="quiz-dice">Dice: ${diceHtml(p.dice_shown)}</p>
        ${this.cardHtml(p.scorecard)}`;
    }
    // (you first, then the others in the order they play after you)
    const order = p.scores.map((_, n) => (p.seat + n) % p.scores.length);
    const scores = order.map((seat) => {
      const who = seat === p.seat ? "You" : p.scores.length === 2 ? "Opponent" : SEAT_NAMES[seat];
      return `<span class="counter">${who}: <strong>${p.scores[seat]}</strong></span>`;
    });
    const rolled = p.options.length && p.faces ? `<p class="quiz-dice">You rolled ${diceHtml(p.faces)}: what do you set aside?</p>` : "";
    return `<p>${scores.join(" · ")}</p><p>${countersHtml(this.game, p.state)}</p>${rolled}`;
  }

  // a scorecard's boxes as the game names them, each with its points or open ("Ones 3 · Twos —")
  cardHtml(text) {
    const filled = Object.fromEntries((text || "").split(",").filter(Boolean).map((pair) => pair.split(":")));
    const boxes = (this.game.boxes || []).map((box) => {
      const points = filled[box.key];
      return `<li class="${points === undefined ? "open" : ""}">${escapeHtml(box.title)} <strong>${points === undefined ? "open" : escapeHtml(points)}</strong></li>`;
    });
    const bonus = filled[this.game.bonus_key];
    if (bonus && bonus !== "0") boxes.push(`<li>${escapeHtml(this.game.bonus_label)} <strong>${escapeHtml(bonus)}</strong></li>`);
    return boxes.length ? `<ul class="quiz-card" aria-label="Scorecard">${boxes.join("")}</ul>` : "";
  }

  ask(n) {
    const run = this.run;
    const question = run.quiz.questions[n];
    const total = run.quiz.questions.length;
    const what = run.source === "mistakes" ? "Your mistakes" : MIXES[run.quiz.mix] || "Test yourself";
    const many = question.choices.length > 2;
    const dice = "scorecard" in question.position && question.choices.some((c) => c.key.startsWith("keep "));
    this.frame(`<section class="quiz-question" data-testid="quiz-question" data-n="${n + 1}" data-total="${total}" aria-label="Position ${n + 1} of ${total}">
      <h2>Position ${n + 1} of ${total} <small>${escapeHtml(what)}</small></h2>
      <div class="quiz-position" data-testid="quiz-position">${this.positionHtml(question)}</div>
      ${dice ? this.keepHtml(question) : `<p class="quiz-ask">${many ? "Your move?" : "Roll or hold?"}</p>
      <div class="quiz-choices ${many ? "many" : ""}" role="group" aria-label="Your move">
        ${question.choices.map((c) => `<button type="button" data-testid="quiz-choice" data-key="${escapeHtml(c.key)}">${escapeHtml(c.label)}</button>`).join("")}
      </div>`}
      <div data-testid="quiz-feedback" hidden></div>
      <button type="button" class="primary" data-testid="quiz-next" hidden>${n + 1 === total ? "See your score" : "Next position"}</button>
    </section>`);
    this.root.querySelectorAll("[data-testid=quiz-choice]").forEach((button) =>
      button.addEventListener("click", () => this.answer(n, button.dataset.key)),
    );
    if (dice) this.wireKeep(question);
    this.root.querySelector("[data-testid=quiz-next]").addEventListener("click", () => {
      if (n + 1 >= total) this.finish();
      else this.ask(n + 1);
    });
    if (run.answers.length > n) this.showFeedback(n, run.answers[n]);
  }

  // a scorecard's keep: the dice themselves tapped to keep, then one reroll button (its key follows
  // the dice kept: "keep 22" rerolls the other three), or a box
  keepHtml(question) {
    const dice = question.position.dice_shown;
    const boxes = question.choices.filter((c) => !c.key.startsWith("keep "));
    return `<p class="quiz-ask">Tap the dice to keep, then reroll the others, or fill a box.</p>
      <div class="quiz-keep-dice" role="group" aria-label="Dice to keep">
        ${dice.map((face, i) => `<button type="button" class="quiz-die" data-testid="quiz-die" data-index="${i}" data-face="${face}" aria-pressed="false" aria-label="Keep a ${face}">${face}</button>`).join("")}
      </div>
      <div class="quiz-choices" role="group" aria-label="Your move">
        <button type="button" class="quiz-reroll" data-testid="quiz-choice" data-key="keep none">Reroll all ${dice.length}</button>
      </div>
      <h3 class="quiz-boxes-title">Or fill a box</h3>
      <div class="quiz-choices many" role="group" aria-label="Boxes">
        ${boxes.map((c) => `<button type="button" data-testid="quiz-choice" data-key="${escapeHtml(c.key)}">${escapeHtml(c.label)}</button>`).join("")}
      </div>`;
  }

  wireKeep(question) {
    const reroll = this.root.querySelector(".quiz-reroll");
    const dice = [...this.root.querySelectorAll("[data-testid=quiz-die]")];
    const update = () => {
      const kept = dice.filter((d) => d.getAttribute("aria-pressed") === "true").map((d) => Number(d.dataset.face)).sort();
      const key = kept.length ? `keep ${kept.join("")}` : "keep none";
      const offered = question.choices.some((c) => c.key === key);
      reroll.dataset.key = key;
      reroll.disabled = !offered; // (every die kept: that is filling a box)
      const others = dice.length - kept.length;
      reroll.textContent = !offered ? "Every die kept: fill a box" : kept.length ? `Keep ${kept.join(" ")}, reroll ${others}` : `Reroll all ${dice.length}`;
    };
    for (const die of dice) {
      die.addEventListener("click", () => {
        if (this.run.answers.length > Number(this.root.querySelector("[data-testid=quiz-question]").dataset.n) - 1) return;
        die.setAttribute("aria-pressed", String(die.getAttribute("aria-pressed") !== "true"));
        update();
      });
    }
  }

  answer(n, key) {
    const run = this.run;
    if (run.answers.length !== n) return; // (answered already: a second tap changes nothing)
    run.answers.push(key);
    this.remember(run.quiz.questions[n], key, run.source === "mistakes");
    this.save();
    this.showFeedback(n, key);
  }

  // a mistake comes back tomorrow; a drilled one answered right moves on a box (retired after the last)
  remember(question, key, drilled) {
    const chosen = question.choices.find((c) => c.key === key);
    const mistakes = this.history.mistakes;
    const at = mistakes.findIndex((m) => m.rules === this.rulesKey() && JSON.stringify(m.question) === JSON.stringify(question));
    const wrong = chosen.cost > 1e-12;
    if (wrong) {
      const entry = { rules: this.rulesKey(), unit: this.run.quiz.unit, question, box: 0, due: Date.now() + DAY };
      if (at >= 0) mistakes[at] = entry;
      else mistakes.push(entry);
    } else if (at >= 0 && drilled) {
      const box = mistakes[at].box + 1;
      if (box >= INTERVALS.length) mistakes.splice(at, 1);
      else Object.assign(mistakes[at], { box, due: Date.now() + INTERVALS[box] * DAY });
    }
  }

  showFeedback(n, key) {
    const question = this.run.quiz.questions[n];
    const unit = this.run.quiz.unit;
    const chosen = question.choices.find((c) => c.key === key);
    const best = question.choices.find((c) => c.key === question.best);
    // (the moves stay readable, marked, rather than greyed out: a second tap changes nothing)
    this.root.querySelectorAll("[data-testid=quiz-choice]").forEach((button) => {
      const mine = button.dataset.key === key;
      const top = button.dataset.key === question.best;
      button.classList.toggle("chosen", mine);
      button.classList.toggle("best", top);
      button.setAttribute("aria-pressed", String(mine));
      if ((mine || top) && !button.querySelector(".mark")) {
        button.insertAdjacentHTML("beforeend", ` <span class="mark">${top ? "✓ best" : "your move"}</span>`);
      }
    });
    const right = chosen.cost <= 1e-12;
    const feedback = this.root.querySelector("[data-testid=quiz-feedback]");
    feedback.dataset.cost = String(chosen.cost);
    feedback.className = `quiz-feedback ${right ? "right" : "wrong"}`;
    feedback.innerHTML = `
      <p class="quiz-verdict"><strong>${right ? "Best move." : `Cost: ${escapeHtml(figure(chosen.cost, unit))}.`}</strong>
        ${right ? "" : `Best: ${escapeHtml(best.label)} (${escapeHtml(valueText(best.value, unit))}); yours: ${escapeHtml(chosen.label)} (${escapeHtml(valueText(chosen.value, unit))}).`}</p>
      <p class="reason">${escapeHtml(question.reason)}</p>
      ${question.link ? `<p><a href="${escapeHtml(question.link)}" data-testid="quiz-advisor-link">Open this position in the advisor</a></p>` : ""}`;
    feedback.hidden = false;
    const next = this.root.querySelector("[data-testid=quiz-next]");
    next.hidden = false;
    next.focus({ preventScroll: true });
    next.scrollIntoView({ block: "nearest" });
  }

  async finish() {
    const run = this.run;
    const quiz = run.quiz;
    const mine = this.shown;
    this.frame(`<p class="quiz-wait">Grading…</p>`);
    let grade;
    try {
      grade = await this.call("grade", { game: this.game.name, ...this.params, questions: quiz.questions, answers: run.answers, policies: quiz.policies });
    } catch (error) {
      if (error.name === "Superseded" || mine !== this.shown) return;
      this.drawSetup();
      this.message(`The set could not be graded (${error.message}); it was set aside.`);
      this.history.current = null;
      this.save();
      return;
    }
    if (mine !== this.shown) return;
    if (this.history.current === run) {
      this.history.sets.push({ rules: this.rulesKey(), at: Date.now(), source: run.source, seed: quiz.seed, mix: quiz.mix, unit: quiz.unit,
        answers: run.answers, decisions: grade.decisions, mistakes: grade.mistakes, total: grade.total, mean: grade.mean, worst: grade.worst,
        policies: grade.policies });
      this.history.sets = this.history.sets.slice(-200);
      this.history.current = null;
      this.save();
    }
    const unit = quiz.unit;
    const worst = grade.worst ? `; the worst, position ${grade.worst.question}, cost ${figure(grade.worst.cost, unit)}` : "";
    const policies = Object.entries(grade.policies);
    const title = `${this.game.title}${this.rulesText()}`;
    const paste = [
      `Roll or Hold, Test yourself: ${title}`,
      quiz.seed !== null ? `set: seed ${quiz.seed}, ${quiz.questions.length} positions, ${quiz.mix}` : `my mistakes drilled: ${quiz.questions.length}`,
      `answers: ${run.answers.join(",")}`,
      `${grade.mistakes} mistakes in ${grade.decisions}; ${figure(grade.total, unit)} in all, ${figure(grade.mean, unit)} a decision`,
      ...(quiz.link ? [`link: ${new URL(quiz.link, location.href).href}`] : []),
    ].join("\n");
    this.frame(`<section class="quiz-result" data-testid="quiz-result" aria-label="Your score">
      <h2>Your score</h2>
      <p data-testid="quiz-summary"><strong>${grade.mistakes} mistake${grade.mistakes === 1 ? "" : "s"} in ${grade.decisions} decisions</strong>,
        costing ${escapeHtml(figure(grade.total, unit))} in all: ${escapeHtml(figure(grade.mean, unit))} a decision${escapeHtml(worst)}.</p>
      ${policies.length ? `<table class="quiz-policies" data-testid="quiz-policies"><caption>On the same positions (cost in ${unit === "win" ? "percentage points of winning chance" : "points"})</caption>
        <thead><tr><th scope="col">Player</th><th scope="col">Mistakes</th><th scope="col">Cost</th></tr></thead><tbody>
        <tr class="you"><th scope="row">You</th><td>${grade.mistakes}</td><td>${shortFigure(grade.total, unit)}</td></tr>
        ${policies.map(([name, s]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${s.mistakes}</td><td>${shortFigure(s.total, unit)}</td></tr>`).join("")}
        </tbody></table>` : ""}
      <label for="quiz-paste">To send back (copy and paste):</label>
      <textarea id="quiz-paste" data-testid="quiz-paste" readonly rows="5">${escapeHtml(paste)}</textarea>
      <button type="button" data-testid="quiz-copy">Copy the text</button> <span data-testid="quiz-copied" role="status"></span>
      <p class="quiz-again"><button type="button" class="primary" data-testid="quiz-again">Another set</button>
        <button type="button" data-testid="quiz-drill-mistakes">${escapeHtml(this.drillLabel())}</button></p>
    </section>`);
    this.root.querySelector("[data-testid=quiz-again]").addEventListener("click", () => this.drawSetup());
    this.root.querySelector("[data-testid=quiz-copy]").addEventListener("click", async () => {
      const said = this.root.querySelector("[data-testid=quiz-copied]");
      try {
        await navigator.clipboard.writeText(paste);
        said.textContent = "Copied.";
      } catch {
        this.root.querySelector("[data-testid=quiz-paste]").select(); // (this browser gives no clipboard: select it to copy)
        said.textContent = "Selected: copy it with your browser's Copy.";
      }
    });
    const drill = this.root.querySelector("[data-testid=quiz-drill-mistakes]");
    drill.disabled = this.dueMistakes().length === 0;
    drill.addEventListener("click", () => this.drillMistakes());
  }

  rulesText() {
    const shown = Object.entries(this.params || {}).filter(([, v]) => v !== "");
    return shown.length ? ` (${shown.map(([k, v]) => `${k} ${v}`).join(", ")})` : "";
  }
}
