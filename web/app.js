// Roll or Hold: wires the picker and one screen per kind of game to the engine (Pyodide worker).
// Which screen shows a game is looked up by the kind in the game's description; this file never
// depends on a game's name or kind beyond that one lookup.
import { escapeHtml } from "./escape-html.js";
import { AnswerStore } from "./answer-store.js";
import { answerArgs, variantOf } from "./position-request.js";
import { Engine } from "./engine.js";
import { GamePicker } from "./game-picker.js";
import { readKept, writeKept } from "./kept-object.js";
import { JeopardyScreen } from "./jeopardy-screen.js";
import { registerOffline } from "./offline.js";
import { ProgressBar } from "./progress-bar.js";
import { ScorecardScreen } from "./scorecard-screen.js";
import { ShareButtons } from "./share-button.js";
import { Shortcuts } from "./shortcuts.js";
import { SolveTimer } from "./solve-timer.js";

const $ = (id) => document.getElementById(id);
const LAST_KEY = "roll-or-hold-last-positions";

// what a request asked for that could not be, and what was shown instead; heading: why it was
// asked (a link opened, or the position carried over to other rules chosen in the picker)
function showProblems(problems, heading = "That link needed fixing:") {
  const box = $("link-message");
  box.hidden = problems.length === 0;
  box.innerHTML = problems.length
    ? `<strong>${escapeHtml(heading)}</strong><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>`
    : "";
}

function showOffline({ kind, text, action }) {
  const box = $("sw-message");
  box.dataset.kind = kind;
  box.innerHTML = `<span>${escapeHtml(text)}</span>`;
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    box.append(button);
  }
}

// The app's state and the one path every request takes: one answer request -> screen -> address bar.
class App {
  constructor() {
    this.progress = new ProgressBar($("progress"));
    this.games = [];
    this.picker = null;
    this.store = null;
    this.current = null; // the resolved position on screen
    this.shown = null; // the link whose answer is on screen
    this.sequence = 0;
    this.answersShown = 0;
    this.userMoved = false; // a tap or an edit since the page loaded
    this.lastByGame = readKept(LAST_KEY); // each game's last position (its link), kept across visits
    this.engine = new Engine({
      // (Python's start is said until it is up; what it prints later goes to the console)
      onLog: (message, booting) => (booting ? this.progress.showBoot(message) : console.info(message)),
      onReady: () => this.progress.endBoot(),
      onFatal: (message) => {
        this.progress.hide();
        this.screenOf(this.current).showError("The solver could not start: " + message);
      },
      onCrash: (message) => {
        this.progress.hide();
        $("status").textContent = message;
      },
    });
    const tools = {
      engine: this.engine,
      progress: this.progress,
      say: (text) => ($("status").textContent = text),
      navigate: (fragment) => this.open(fragment, { push: true }),
      timer: new SolveTimer(),
    };
    this.shortcuts = new Shortcuts($("shortcuts"), $("shortcuts-open"));
    this.screens = {
      jeopardy: new JeopardyScreen($("jeopardy-screen"), tools),
      scorecard: new ScorecardScreen($("scorecard-screen"), tools),
    };
  }

  meta(name) {
    return this.games.find((g) => g.name === name);
  }

  // the screen of a resolved position's game (the jeopardy screen before anything is known)
  screenOf(resolved) {
    const game = resolved && this.meta(resolved.game);
    return this.screens[game ? game.kind : "jeopardy"];
  }

  showScreen(kind) {
    for (const [name, screen] of Object.entries(this.screens)) screen.root.hidden = name !== kind;
  }

  // open a position and show its answer: a link (a fragment: the address, a link pasted or
  // followed) or the page's own values of one ({game, params, keys, view, edit?}: a tap, a
  // choice, the picker). Python resolves it, makes the edit, answers and writes the link, in
  // one request; an edit (push) adds a history entry, so Back steps through the positions
  // shown. Returns Python's reply (an edit's outcome is read from it), or null.
  async open(request, { push = false, heading = undefined } = {}) {
    if (push) this.userMoved = true;
    const mine = ++this.sequence;
    // Back or Forward while this request runs moves the address before its hashchange event
    // arrives: then this answer must not rewrite the address (the event's request takes over)
    const addressAtStart = location.hash;
    const isCurrent = () => mine === this.sequence;
    // another game or other rules than a long solve is working out: the solve gives way (what
    // the picker shows is what the screen shows)
    const wanted = variantOf(request);
    if (wanted && this.solvingFor && this.solvingFor !== wanted) this.engine.cancel("Another game was chosen.");
    // before Python is ready, a position one tap from the kept answer is answered at once
    // from what the last visit kept (Python confirms it below, once it is up)
    const early = typeof request === "object" && !request.edit ? this.screenOf(this.current).keptFor?.(request) : null;
    if (early) {
      this.screenOf(this.current).showKept(this.meta(early.resolved.game), early.resolved, early.answer);
      history.pushState(null, "", early.answer.link);
      this.shown = early.answer.link;
    } else if (request !== this.shown) this.screenOf(this.current).pending();
    let reply = null;
    try {
      const args = typeof request === "string" ? { fragment: request } : answerArgs(request);
      // the game's start (and what its values come from) is said once for each game and rules
      if (!wanted || wanted !== variantOf(this.current)) args.start = true;
      reply = await this.engine.call("answer", args, { lane: "position" });
      if (!isCurrent()) return reply;
      const position = reply.position;
      const game = this.meta(position.game);
      if (reply.edit && (reply.edit.error || reply.edit.pending)) {
        this.screens[game.kind].restore?.(); // (nothing moved: the answer on screen stands)
        return reply;
      }
      showProblems(position.problems, heading);
      if (variantOf(this.current) !== variantOf(position)) $("status").textContent = ""; // about the last game or variant
      this.showScreen(game.kind);
      this.picker.show(position.game, position.params);
      const shown = await this.screens[game.kind].show(reply, game, isCurrent, (solving) => (this.solvingFor = solving));
      this.progress.hide();
      if (!shown || !isCurrent() || location.hash !== addressAtStart) return reply;
      const resolved = shown.position;
      this.current = resolved;
      this.shown = shown.link;
      // how many answers this page has shown (a test opening one link after another in the same
      // page waits for the next)
      document.documentElement.dataset.answers = String(++this.answersShown);
      const pushed = early && location.hash === early.answer.link; // (the early answer pushed it already)
      if (location.hash !== shown.link) history[push && !pushed ? "pushState" : "replaceState"](null, "", shown.link);
      this.lastByGame[game.shown_as || resolved.game] = shown.link; // (by the menu's entry)
      writeKept(LAST_KEY, this.lastByGame);
      const kept = { answer: shown.answer, resolved, games: this.games };
      await this.store.put(shown.link, kept);
      this.keepNeighbours(resolved, shown.link, kept, isCurrent);
      return reply;
    } catch (error) {
      if (!isCurrent() || error.name === "Superseded") return reply;
      this.progress.hide();
      const position = reply && reply.position;
      if (position) this.current = position; // (what the controls now show)
      this.screenOf(position || this.current).showError(error.message);
      document.documentElement.dataset.answers = String(++this.answersShown); // (a refusal is an answer too)
      return reply;
    }
  }

  // the answers one tap away, kept with this one for the next visit; asked for a moment after
  // the answer shows and only if nothing else was asked meanwhile (a tap waits behind them)
  async keepNeighbours(resolved, link, kept, isCurrent) {
    const screen = this.screenOf(resolved);
    if (!screen.neighbours) return;
    await new Promise((resolve) => setTimeout(resolve, 400));
    if (!isCurrent()) return;
    try {
      const neighbours = await screen.neighbours(resolved);
      if (neighbours.length) await this.store.put(link, { ...kept, neighbours });
      if (isCurrent()) screen.root.dataset.neighbours = String(neighbours.length); // (tests and the bench wait on it)
    } catch {
      /* nothing kept: the next visit's taps wait for Python */
    }
  }

  // the answer kept for this link by the last visit of this version, if any
  async showKeptAnswer() {
    const info = await fetch("build-info.json").then((r) => r.json());
    this.store = new AnswerStore(info.version);
    const kept = location.hash ? await this.store.get(location.hash) : null;
    if (!kept) return;
    this.games = kept.games;
    this.buildControls();
    const resolved = kept.resolved;
    const game = this.meta(resolved.game);
    this.current = resolved;
    this.showScreen(game.kind);
    this.picker.show(resolved.game, resolved.params);
    this.screens[game.kind].showKept(game, resolved, kept.answer, kept.neighbours);
    this.shown = location.hash;
  }

  buildControls() {
    if (this.picker) return;
    this.picker = new GamePicker($("game-picker"), this.games, ({ game, params }) => {
      // another game: where it was left (each game keeps its own position), else its start
      const shownAs = this.current && this.meta(this.current.game).shown_as; // (Farkle's zilch counts: still Farkle)
      if (!this.current || (this.current.game !== game && shownAs !== game)) {
        this.open(this.lastByGame[game] || { game, params: {}, keys: {}, view: {} }, { push: true });
        return;
      }
      // another variant of this game: the screen says what of the position carries over
      const keys = this.screens[this.meta(game).kind].carryOver(this.current, game);
      const view = this.current.view;
      // a tab of the rules alone (Yahtzee's Play, Test yourself, score distribution) stays open
      const kept = { ...(this.screens[this.meta(game).kind].carriedView?.(view) || {}) };
      if (view && view.axis && view.view !== "advice") {
        Object.assign(kept, { view: view.view, axis: view.axis });
        if (view.rule) kept.rule = view.rule;
      }
      // an objective the player chose is kept; the one these rules meant by default (Farkle's basic rules to
      // 10,000: most points this turn) is not, so other rules open with their own
      const meant = this.current.default_objective || this.meta(game).default_objective || "win";
      if (view && view.objective && view.objective !== meant) kept.objective = view.objective;
      this.open({ game, params, keys, view: kept }, { push: true, heading: "The position moved to fit these rules:" });
    }, (game, params) => this.engine.call("rules", { game, ...params }));
    // the link to what is on screen: a game under way in Play or at the table (its record), else
    // the position
    new ShareButtons($("share"), (text) => ($("status").textContent = text), {
      url: () => (this.current && this.screenOf(this.current).gameLink?.()) || location.href,
      what: "what is on screen",
    });
  }

  async main() {
    this.progress.showBoot("Starting Python…");
    await this.showKeptAnswer().catch(() => {});
    const version = await this.engine.ready;
    $("build").textContent = `Build ${version}`; // (the solver's: a bug report names it)
    if (!this.store || this.store.version !== version) this.store = new AnswerStore(version);
    this.store.prune();
    this.games = (await this.engine.call("games")).games;
    this.buildControls();
    // a link pasted or edited by hand, or Back and Forward (pushState and replaceState, used for
    // our own updates, fire no hashchange)
    window.addEventListener("hashchange", () => this.open(location.hash));
    // taps on the kept answer's controls before Python was ready are queued in the worker; the
    // first of them, not this load, decides what is shown
    if (!this.userMoved) await this.open(location.hash);
    // precache for offline use only now, so it does not slow the first answer down
    registerOffline(showOffline);
  }
}

const app = new App();
app.main().catch((error) => app.screenOf(app.current).showError(error.message));
