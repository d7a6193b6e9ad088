// The screen of a two-player jeopardy game (kind "jeopardy"): the answer, the position's
// controls (generated from the game's description), the views (advice, 2-D and 3-D
// boundaries, strategy lab, designer, play against the computer, a game at the table). app.js shows it for a resolved link and it reports back the
// link it shows; everything here depends only on the description, never on a game's name.
import { AdvicePanel } from "./advice-panel.js";
import { escapeHtml } from "./escape-html.js";
import { AnswerBar } from "./answer-bar.js";
import { saveText } from "./downloads.js";
import { ObjectiveChoice } from "./objective-choice.js";
import { RollEntry } from "./roll-entry.js";
import { SliceView } from "./slice-view.js";
import { DesignView } from "./design-view.js";
import { PlayView } from "./play-view.js";
import { QuizView } from "./quiz-view.js";
import { ASK_ABOVE_SECONDS, aboutTime, askToSolve } from "./solve-timer.js";
import { StateEditor } from "./state-editor.js";
import { StrategiesView } from "./strategies-view.js";
import { TableView } from "./table-view.js";
import { ThresholdView } from "./threshold-view.js";
import { TurnsChart } from "./turns-chart.js";
import { answerArgs } from "./position-request.js";

function hasWebGL() {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") || canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

export class JeopardyScreen {
  // root holds the screen's parts: #advice, #state-editor, #roll-entry, #views, #view-note, #boundary
  // (where the boundary pictures, the hold-threshold chart and the strategy lab are drawn)
  constructor(root, { engine, progress, say, navigate, timer }) {
    this.root = root;
    this.engine = engine;
    this.timer = timer; // how long a solve takes on this device (solve-timer.js)
    this.progress = progress;
    this.say = say;
    this.navigate = navigate; // (a link, or a position {game, params, keys, view, edit?}) -> open it; its reply
    this.current = null; // the resolved position on screen
    this.game = null; // its description
    this.markedRule = null; // the rule whose disagreements the user asked to see
    this.sliceNote = ""; // why the slider's value was moved, shown with the next slice
    // the slice the slider or a cell of the picture chose ({axis, at}): drawn as chosen, where
    // any other way to the 2-D view (its button, a link, another axis) opens where it shows
    // the boundary (Python picks the value: a turn total of 0 is one colour)
    this.sliceChosen = null;
    this.handlers = null; // the views by name (viewHandlers)
    this.shownView = null;
    this.solidView = { dispose() {} };
    const part = (id) => root.querySelector(`#${id}`);
    this.boundary = part("boundary");
    this.note = part("view-note");
    this.advice = new AdvicePanel(part("advice"), new AnswerBar(part("answer-bar"), part("advice")));
    this.objective = new ObjectiveChoice(part("advice").querySelector(".aim"), (objective) =>
      this.navigate(this.request(this.current.state, { ...this.current.view, objective })),
    );
    this.editor = new StateEditor(
      part("state-editor"),
      (state) => this.navigate(this.request(state)),
      (state, name, how) => this.edit(state, name, how),
      (text) => this.advice.setUnapplied(text),
      (values, name, how) => this.quickStep(values, name, how),
    );
    this.kept = null; // the answers one tap away from the kept answer: {state, neighbours}
    this.thresholds = new ThresholdView(this.boundary);
    this.design = new DesignView(this.boundary, {
      call: (action, args, options) => this.engine.call(action, args, options),
      progress,
      timer,
      cancel: (reason) => this.engine.cancel(reason),
    });
    this.play = new PlayView(this.boundary, {
      call: (action, args) => this.engine.call(action, args),
      navigate: (fragment) => this.navigate(fragment),
    });
    this.table = new TableView(this.boundary, {
      // (a table of three solves three-player Pig once, live away from its shipped defaults:
      // a call that takes long shows its progress and can be cancelled)
      call: (action, args) => this.longCall("Working out the best moves", action, args),
      navigate: (fragment) => this.navigate(fragment),
    });
    this.quiz = new QuizView(this.boundary, {
      call: (action, args) => this.longCall("Finding positions that teach", action, args),
      navigate: (request) => this.navigate(request),
    });
    this.turnsChart = new TurnsChart(part("turns-chart"));
    this.byTurns = new Map(); // game and parameters -> how its turn limit approaches no limit
    this.rollEntry = new RollEntry(part("roll-entry"), {
      roll: (faces) => this.enterRoll(faces),
      pick: (state) => this.navigate(this.request(state)),
    });
    this.strategies = new StrategiesView(this.boundary, {
      call: (action, args) => this.engine.call(action, args),
      onRule: (rule, showOnBoundary) => this.tryRule(rule, showOnBoundary),
      onOpenState: (state) => {
        this.markedRule = this.current.view.rule;
        this.navigate(this.request(state, { ...this.current.view, view: "slice" }));
      },
    });
    const chosen = (state) => (this.sliceChosen = { axis: this.current.view.axis, at: state[this.current.view.axis] });
    this.slice = new SliceView(this.boundary, {
      onPick: (state) => {
        chosen(state);
        this.navigate(this.request(state));
      },
      onAxis: (axis) => this.navigate(this.request(this.current.state, { view: "slice", axis })),
      // the slider moves only its own variable, to the nearest value that can occur (and says so)
      onSlide: async (axis, value) => {
        const from = this.current.state[axis];
        const args = { game: this.current.game, ...this.current.params, state: this.current.state, var: axis, to: value };
        if (value !== from) args.direction = value > from ? 1 : -1; // on the way it was moved: never back
        try {
          const { state, note } = await this.engine.call("step", args);
          this.sliceNote = note;
          chosen(state);
          this.navigate(this.request(state));
        } catch (error) {
          if (error.name === "Superseded") return;
          this.sliceNote = error.message;
          chosen(this.current.state);
          this.navigate(this.request(this.current.state));
        }
      },
      onCsv: async () => {
        const args = { game: this.current.game, ...this.current.params, fixed: this.panelOf(this.current) };
        const table = await this.engine.call("table_csv", args);
        saveText(table.csv, table.filename, "text/csv");
      },
    });
    root.querySelector("#views").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-view]");
      if (button) this.navigate(this.request(this.current.state, { ...this.current.view, view: button.dataset.view }));
    });
  }

  // a position of the game on screen as the page holds it, in a view (default: the current
  // one): what app.open asks Python to answer (Python writes its link)
  request(state, view = this.current ? this.current.view : null, game = this.current.game, params = this.current.params) {
    return { game, params, keys: { ...state }, view: view || {} };
  }

  // a stepper's + or -, a typed value, a choice: one request makes the edit on the position
  // the editor holds and answers where it leads (the answer shown by app.open); the editor
  // reads back the position, the note and whether the entry waits for the rest of its group
  async edit(state, name, how) {
    let reply;
    try {
      reply = await this.navigate({ ...this.request(state), edit: { var: name, ...how } });
    } catch (error) {
      if (error.name === "Superseded") return { state, note: "", pending: false, answered: true };
      throw error;
    }
    if (!reply) return { state, note: "", pending: false, answered: true }; // (a newer request took over)
    if (reply.edit && reply.edit.error) throw new Error(reply.edit.error);
    const { note = "", pending = false } = reply.edit || {};
    return { state: pending ? state : reply.position.state, note, pending, answered: true };
  }

  // what a switch to another variant of the same game keeps: the whole state (the link
  // resolver moves it to the nearest one the variant has, and says so)
  carryOver(resolved) {
    return resolved && resolved.state ? { ...resolved.state } : {};
  }

  pending() {
    this.advice.pending();
  }

  showError(message) {
    this.advice.showError(message);
  }

  // the views the game offers (Zombie Dice: no slices, a hold-threshold chart), titled as its
  // description says; none at all if just one
  showViews(game) {
    const views = this.root.querySelector("#views");
    const titled = JSON.stringify(game.view_titles);
    if (views.dataset.titled === titled) return; // (drawn anew only for another game: a focused button stays)
    views.dataset.titled = titled;
    const pressed = views.querySelector("[aria-pressed=true]")?.dataset.view || "advice";
    views.innerHTML = game.views
      .map(
        (v) => `<button type="button" data-view="${v}" data-testid="view-${v}"
          aria-pressed="${v === pressed}">${escapeHtml(game.view_titles[v])}</button>`,
      )
      .join("");
    views.hidden = game.views.length < 2;
  }

  // the answer kept from the last visit, shown before Python is ready, with the answers one
  // tap away (neighbours), which answer a tap made before Python is ready
  showKept(game, resolved, answer, neighbours = []) {
    this.game = game;
    this.showViews(game);
    this.current = resolved;
    this.editor.show(game, resolved.state);
    this.objective.show(game, resolved.view.objective);
    this.advice.show(answer);
    this.kept = { state: resolved.state, neighbours: neighbours || [] };
  }

  // a tap made before Python is ready, answered from the kept answers one tap away (null: ask
  // Python, which answers once it is up); from Python's answer on, every tap is Python's
  quickStep(values, name, how) {
    if (this.engine.version || !this.kept) return null;
    const same = (a, b) => Object.keys(b).every((v) => String(a[v]) === String(b[v]));
    if (!same(values, this.kept.state)) return null;
    const hit = this.kept.neighbours.find(
      (n) => n.var === name && (("direction" in how && n.direction === how.direction) || ("to" in how && n.to === how.to)),
    );
    return hit ? hit.state : null;
  }

  // the kept answer of a position one tap away (before Python is ready), for app.js to show at once
  keptFor(request) {
    if (this.engine.version || !this.kept || !this.current) return null;
    if (request.game !== this.current.game) return null;
    const hit = this.kept.neighbours.find((n) => Object.entries(n.state).every(([v, x]) => String(request.keys[v]) === String(x)));
    if (!hit) return null;
    this.kept = { state: hit.state, neighbours: [] }; // (two taps away is not kept: Python answers)
    // how many taps were answered this way, before Python was up (tests read it)
    this.root.dataset.keptTaps = String((Number(this.root.dataset.keptTaps) || 0) + 1);
    return { answer: hit.answer, resolved: { ...this.current, state: hit.state, fragment: hit.answer.link } };
  }

  // the answers one tap away from a position just answered (kept with it for the next visit)
  async neighbours(resolved) {
    if (resolved.view.view !== "advice") return [];
    const args = { game: resolved.game, ...resolved.params, state: resolved.state, view: resolved.view };
    return (await this.engine.call("neighbours", args)).neighbours;
  }

  // the answer on screen stands (an edit refused, or waiting for the rest of its group)
  restore() {
    if (this.lastAnswer) this.advice.show(this.lastAnswer);
  }

  // the win chances of rules no table ships for need a solve: a long one is said first (how
  // long on this device) and starts on a tap; any solve can be cancelled (the worker restarts;
  // Python's solve is gone). The position is then asked for again, with the solve allowed
  // (the time the person was shown, or agreed to wait for, is its budget). ``solving(variant
  // | null)`` tells app.js what is being solved (another game chosen meanwhile cancels it).
  async solveThenAnswer(reply, game, isCurrent, solving) {
    const title = game.title;
    const doing = `Solving ${title}`;
    const estimate = reply.needs_solve;
    const position = reply.position;
    let note = "";
    for (;;) {
      // (a newer request took over: its message must not be superseded by this one's solve)
      if (!isCurrent()) return null;
      const seconds = this.timer.seconds(estimate);
      if (note || seconds > ASK_ABOVE_SECONDS) {
        this.progress.hide();
        this.say("");
        await askToSolve(this.advice.body, { what: `${title} with these rules`, seconds, cells: estimate.cells, note });
        if (!isCurrent()) return null;
        this.advice.pending();
      }
      const about = `, ${aboutTime(seconds)}`;
      const onCancel = () => this.engine.cancel(`${doing} was cancelled.`);
      this.progress.show(`${doing}${about}…`, 0, { onCancel });
      const onProgress = (stage, fraction) => this.progress.show(`${doing}${about} (${stage})`, fraction);
      const budget = { max_seconds: Math.min(86400, Math.ceil(estimate.seconds) + 1) };
      const args = { ...answerArgs(this.request(position.state, position.view, position.game, position.params)), ...budget };
      solving(`${position.game}|${JSON.stringify(position.params)}`);
      try {
        const solved = await this.engine.call("answer", { ...args, solve: true, start: true }, { onProgress, lane: "position" });
        if (solved.start) this.timer.record(estimate, solved.start.seconds);
        return solved;
      } catch (error) {
        if (!isCurrent() || error.name !== "CancelledError") throw error;
        note = "Cancelled. ";
        this.advice.showError(error.message);
        await this.engine.ready; // Python starts again (its progress is shown meanwhile)
      } finally {
        solving(null);
      }
    }
  }

  // what the game's start said: where its values come from (once for each game and rules)
  sayStart(game, position, start) {
    const variant = `${game.name}|${JSON.stringify(position.params)}`;
    this.byTurns.set(variant, start.by_turns || null);
    const model = start.model_note ? ` ${start.model_note}` : ""; // which model the numbers are from
    if (start.source.startsWith("table")) {
      this.say(`${game.title}: solved exactly offline; the turn-start values are read from its prebuilt table.${model}`);
    } else if (start.source === "kept") {
      this.say(`${game.title}: solved exactly on this device before; its values were kept.${model}`);
    } else {
      this.say(`${game.title}: solved exactly, ${start.states.toLocaleString("en")} states in ${start.seconds.toFixed(1)} s.${model}`);
    }
  }

  // show Python's reply to a position's request (see app.js); returns {link, answer, position},
  // or null if a newer request took over
  async show(reply, game, isCurrent, solving = () => {}) {
    const resolved = reply.position;
    this.game = game;
    // the controls act on this position from now on, even if its advice fails (a solve
    // refused as too large: Most points this turn must still be one tap away)
    this.current = resolved;
    this.showViews(game);
    this.editor.show(game, resolved.state);
    this.objective.show(game, resolved.view.objective);
    this.rollEntry.show(game.roll_entry, resolved.state, game.name);
    if (reply.needs_solve) {
      reply = await this.solveThenAnswer(reply, game, isCurrent, solving);
      if (!reply || !isCurrent()) return null;
    }
    if (reply.refused) throw new Error(reply.refused.message);
    if (reply.start) this.sayStart(game, resolved, reply.start);
    this.turnsChart.show(this.byTurns.get(`${game.name}|${JSON.stringify(resolved.params)}`));
    const answer = reply.answer;
    this.advice.show(answer);
    this.lastAnswer = answer;
    if (answer.roll_entry) this.rollEntry.show(answer.roll_entry, resolved.state, game.name); // (with its draw's limits)
    await this.showView(resolved, isCurrent);
    return { link: reply.link, answer, position: reply.position };
  }

  // a roll entered at the table: move to where it leads and return what to say about it, or,
  // when it leaves a choice (Farkle's set-asides), return the choices valued, best first
  async enterRoll(faces) {
    const { game, params, state, view } = this.current;
    const result = await this.engine.call("roll", { game, ...params, state, faces });
    if (result.mover_value !== undefined) return result.said;
    if (result.options && result.options.length > 1) {
      const answer = await this.engine.call("advise", { game, ...params, state, faces, view });
      return { ...answer.roll, objective: answer.objective, unit: answer.unit };
    }
    const next = result.options ? result.options[0] : result.state;
    this.navigate(this.request(next));
    return result.said; // (a bust: whose turn it is now, and where the scores went)
  }

  async tryRule(rule, showOnBoundary) {
    const view = { ...this.current.view, rule };
    if (showOnBoundary) {
      this.markedRule = rule;
      this.navigate(this.request(this.current.state, { ...view, view: "slice" }));
      return;
    }
    // keep the link in step without re-running anything
    const resolved = await this.engine.call("resolve", answerArgs(this.request(this.current.state, view)));
    this.current = { ...this.current, view: resolved.view };
    history.replaceState(null, "", resolved.fragment);
  }

  // the boundary axes in order and what each is called, from the game's description
  axisNames() {
    const labels = Object.fromEntries(this.game.state_vars.map((v) => [v.name, v.label.toLowerCase()]));
    return { game: this.game.name, axesOrder: this.game.axes, labels };
  }

  // the variables a boundary panel fixes: the game's panel_vars (Pig with a turn limit: the turns
  // left, the target being the one chosen), else every one but the three axes
  panelOf(resolved) {
    const { axes, panel_vars: fixes } = this.game;
    const keep = (name) => (fixes ? fixes.includes(name) : !axes.includes(name));
    return Object.fromEntries(Object.entries(resolved.state).filter(([name]) => keep(name)));
  }

  // a request that may take seconds (the boundary of Pig with a turn limit sweeps 10,000 turns):
  // after half a second its progress shows, with Cancel (the worker restarts; the error says so)
  async longCall(what, action, args) {
    let shown = false;
    const onCancel = () => this.engine.cancel(`${what} was cancelled.`);
    const timer = setTimeout(() => {
      shown = true;
      this.progress.show(`${what}…`, null, { onCancel });
    }, 500);
    const onProgress = (stage, fraction) => {
      if (shown) this.progress.show(`${what} (${stage})`, fraction);
    };
    try {
      return await this.engine.call(action, args, { onProgress });
    } catch (error) {
      // a cancel restarts Python, whose start shows its own progress: hidden once it is up
      if (error.name === "CancelledError") this.engine.ready.then(() => this.progress.hide(), () => {});
      throw error;
    } finally {
      clearTimeout(timer);
      if (shown) this.progress.hide();
    }
  }

  async loadSolidView() {
    // three.js is large: load the 3-D view only when it is first asked for
    if (!this.solidView.show) {
      const { SolidView } = await import("./solid-view.js");
      this.solidView = new SolidView(this.boundary);
    }
    return this.solidView;
  }

  // the views, one contract: show(resolved, isCurrent) draws it for a position (a view that
  // does not depend on the state keeps what it drew), dispose() lets it go when another shows
  viewHandlers() {
    if (this.handlers) return this.handlers;
    // the designer, a game in play and one at the table depend on the game and its rules only
    // (a game opened from a link replaces the one shown)
    // (stale(resolved): what a link names differs from what the view shows: draw it anew)
    const perRules = (draw, stale = () => false) => {
      let drawn = null;
      return {
        async show(resolved) {
          const incoming = resolved.view.record || null;
          const key = `${resolved.game}|${JSON.stringify(resolved.params)}`;
          if (drawn === key && !incoming && !stale(resolved)) return;
          drawn = key;
          await draw(resolved, incoming);
        },
        dispose() {
          drawn = null;
        },
      };
    };
    const slice = {
      show: async (resolved, isCurrent, note = "") => {
        const axis = resolved.view.axis;
        const args = { ...this.panelArgs(resolved), axis, at: resolved.state[axis] };
        const { sliceChosen: was } = this;
        this.sliceChosen = null;
        if (!was || was.axis !== axis || was.at !== args.at) args.informative = true; // (one colour: Python opens it elsewhere)
        const data = await this.longCall("Drawing the boundary", "slice", args);
        if (!isCurrent()) return;
        this.note.hidden = !note;
        this.note.textContent = note;
        this.slice.show({ ...data, ...this.axisNames() }, resolved.state, `${data.title}: slice at ${axis} = ${data.at}`, this.sliceNote);
        this.sliceNote = "";
      },
      dispose() {},
    };
    this.handlers = {
      advice: { show: async () => {}, dispose() {} },
      slice,
      solid: {
        show: async (resolved, isCurrent) => {
          if (!hasWebGL()) return slice.show(resolved, isCurrent, "This browser cannot draw 3-D (no WebGL): here is the 2-D slice instead.");
          const [data, view3d] = await Promise.all([
            this.longCall("Drawing the 3-D boundary", "solid", this.panelArgs(resolved)),
            this.loadSolidView(),
          ]);
          if (!isCurrent()) return;
          view3d.show({ ...data, ...this.axisNames() }, resolved.state, data.title);
        },
        dispose: () => this.solidView.dispose(),
      },
      thresholds: {
        show: async (resolved, isCurrent) => {
          const args = { game: resolved.game, ...resolved.params, state: resolved.state, view: resolved.view };
          const data = await this.longCall("Working out when to hold", "thresholds", args);
          if (!isCurrent()) return;
          this.thresholds.show(data, this.game);
        },
        dispose() {},
      },
      // (a link with another rule shows that rule in the editor, not the one typed before)
      strategies: perRules((resolved) => this.strategies.show(this.game, resolved.params, resolved.view.rule || ""),
        (resolved) => Boolean(resolved.view.rule) && resolved.view.rule !== this.strategies.ruleText()),
      design: perRules((resolved) => this.design.show(this.game, resolved.params)),
      play: perRules((resolved, incoming) => this.play.show(this.game, resolved.params, incoming)),
      table: perRules((resolved, incoming) => this.table.show(this.game, resolved.params, incoming)),
      // (not awaited: a set takes its games to find; the view draws it when it comes)
      quiz: { show: async (resolved) => void this.quiz.show(this.game, resolved.params, resolved.view), dispose: () => this.quiz.dispose() },
    };
    return this.handlers;
  }

  // a boundary picture's arguments: the panel of the position, and the rule to mark on it
  panelArgs(resolved) {
    const args = { game: resolved.game, ...resolved.params, fixed: this.panelOf(resolved) };
    if (this.markedRule && this.markedRule === resolved.view.rule) args.rule = this.markedRule;
    return args;
  }

  // the link to the game in play or at the table once it has a move (null: the position's link)
  gameLink() {
    const recorded = { play: this.play, table: this.table }[this.root.dataset.view]?.recorded;
    return recorded ? recorded.gameLink() : null;
  }

  async showView(resolved, isCurrent) {
    const { view } = resolved.view;
    this.root.querySelectorAll("#views button").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.view === view));
    });
    this.note.hidden = true;
    this.root.dataset.view = view; // a whole game in play hides the advisor's position (styles.css)
    const handlers = this.viewHandlers();
    const handler = handlers[view] || handlers.advice;
    if (this.shownView && this.shownView !== handler) this.shownView.dispose();
    this.shownView = handler;
    this.boundary.hidden = view === "advice";
    await handler.show(resolved, isCurrent);
  }
}
