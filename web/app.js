// Roll or Hold: wires the components to the engine (Pyodide worker).
import { AdvicePanel, escapeHtml } from "./advice-panel.js";
import { Engine } from "./engine.js";
import { GamePicker } from "./game-picker.js";
import { registerOffline } from "./offline.js";
import { ProgressBar } from "./progress-bar.js";
import { ShareButtons } from "./share-button.js";
import { SliceView } from "./slice-view.js";
import { StrategiesView } from "./strategies-view.js";
import { saveText } from "./downloads.js";
import { SolutionStore } from "./solution-store.js";
import { StateEditor } from "./state-editor.js";
import { YahtzeeView } from "./yahtzee-view.js";

const $ = (id) => document.getElementById(id);
const progress = new ProgressBar($("progress"));
const advice = new AdvicePanel($("advice"));
const solved = new Set();
let games = [];
let picker;
let editor;
let store;
let current = null;
let shown = null; // the link whose answer is on screen
let sequence = 0;

function say(text) {
  $("status").textContent = text;
}

function showProblems(problems) {
  const box = $("link-message");
  box.hidden = problems.length === 0;
  box.innerHTML = problems.length
    ? `<strong>That link needed fixing:</strong><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>`
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

const engine = new Engine({
  onLog: (message) => progress.show(message),
  onFatal: (message) => {
    progress.hide();
    advice.showError("The solver could not start: " + message);
  },
});

function meta(name) {
  return games.find((g) => g.name === name);
}

async function ensureSolved(game, params) {
  const key = `${game}|${JSON.stringify(params)}`;
  if (solved.has(key)) return;
  const title = meta(game).title;
  progress.show(`Solving ${title}…`, 0);
  const onProgress = (stage, fraction) => progress.show(`Solving ${title} (${stage})`, fraction);
  const cached = await store.get(game, params);
  let result;
  try {
    const args = { game, ...params, include_anchor_values: !cached };
    if (cached) args.anchor_values = cached;
    result = await engine.call("solve", args, { onProgress });
  } catch (error) {
    if (!cached) throw error;
    // a damaged cache entry: solve from scratch
    result = await engine.call("solve", { game, ...params, include_anchor_values: true }, { onProgress });
  }
  if (result.anchor_values) store.put(game, params, result.anchor_values);
  solved.add(key);
  progress.hide();
  say(`${title}: solved exactly, ${result.states.toLocaleString("en")} states in ${result.seconds.toFixed(1)} s.`);
}

// resolve any request (a link, an edit, a new game) to a valid state and show it
async function open(fragment) {
  const mine = ++sequence;
  if (fragment !== shown) advice.pending();
  try {
    const resolved = await engine.call("resolve", { fragment });
    if (mine !== sequence) return;
    showProblems(resolved.problems);
    const game = meta(resolved.game);
    setMode(game.kind);
    if (game.kind === "scorecard") {
      picker.show(resolved.game, resolved.params);
      const result = await scorecardView(game).show(resolved.params, resolved.position);
      progress.hide();
      if (mine !== sequence) return;
      current = resolved;
      shown = result.fragment;
      if (location.hash !== result.fragment) history.replaceState(null, "", result.fragment);
      return;
    }
    picker.show(resolved.game, resolved.params);
    editor.show(game, resolved.state);
    await ensureSolved(resolved.game, resolved.params);
    const result = await engine.call("advise", {
      game: resolved.game,
      ...resolved.params,
      state: resolved.state,
      view: resolved.view,
    });
    if (mine !== sequence) return;
    current = resolved;
    advice.show(result);
    await showView(resolved, mine);
    shown = result.link;
    if (location.hash !== result.link) history.replaceState(null, "", result.link);
    store.putAnswer(result.link, { answer: result, resolved, games });
  } catch (error) {
    if (mine !== sequence) return;
    progress.hide();
    if (current && meta(current.game).kind === "scorecard" && yahtzeeView) yahtzeeView.advisor.showError(error.message);
    else advice.showError(error.message);
  }
}

// ---- scorecard games (Yahtzee) --------------------------------------------------------

const JEOPARDY_ONLY = ["advice", "state-editor", "views", "boundary", "view-note"];
let yahtzeeView = null;

function setMode(kind) {
  const scorecard = kind === "scorecard";
  $("yahtzee").hidden = !scorecard;
  for (const id of JEOPARDY_ONLY) {
    if (scorecard) $(id).hidden = true;
    else if (id === "advice" || id === "state-editor" || id === "views") $(id).hidden = false;
  }
}

function scorecardView(game) {
  if (!yahtzeeView) {
    const call = (action, args) =>
      engine.call(action, args, {
        onProgress: (stage, fraction) => progress.show(`${game.title}: ${stage}`, fraction),
      }).finally(() => progress.hide());
    yahtzeeView = new YahtzeeView($("yahtzee"), game, {
      call,
      onPosition: (keys) => open(new URLSearchParams({ game: game.name, ...current.params, ...keys }).toString()),
    });
  }
  return yahtzeeView;
}

function request(game, params, state, view = current ? current.view : null) {
  const keys = { game, ...params, ...state };
  if (view && view.view !== "advice") Object.assign(keys, { view: view.view, axis: view.axis });
  if (view && view.rule) keys.rule = view.rule;
  return new URLSearchParams(keys).toString();
}

// the rule whose disagreements the user asked to see on the boundary
let markedRule = null;
let strategiesShown = null;

const strategiesView = new StrategiesView($("boundary"), {
  call: (action, args) => engine.call(action, args),
  onRule: async (rule, showOnBoundary) => {
    const view = { ...current.view, rule };
    if (showOnBoundary) {
      markedRule = rule;
      open(request(current.game, current.params, current.state, { ...view, view: "slice" }));
      return;
    }
    // keep the link in step without re-running anything
    const resolved = await engine.call("resolve", { fragment: request(current.game, current.params, current.state, view) });
    current = { ...current, view: resolved.view };
    shown = resolved.fragment;
    history.replaceState(null, "", resolved.fragment);
  },
  onOpenState: (state) => {
    markedRule = current.view.rule;
    open(request(current.game, current.params, state, { ...current.view, view: "slice" }));
  },
});

// ---- the roll/hold boundary views -------------------------------------------------

const sliceView = new SliceView($("boundary"), {
  onPick: (state) => open(request(current.game, current.params, state)),
  onAxis: (axis) => open(request(current.game, current.params, current.state, { view: "slice", axis })),
  onCsv: async () => {
    const table = await engine.call("table_csv", { game: current.game, ...current.params, fixed: panelOf(current) });
    saveText(table.csv, table.filename, "text/csv");
  },
});
// three.js is large: load the 3-D view only when it is first asked for
let solidView = { dispose() {} };
async function loadSolidView() {
  if (!solidView.show) {
    const { SolidView } = await import("./solid-view.js");
    solidView = new SolidView($("boundary"));
  }
  return solidView;
}

function hasWebGL() {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") || canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

function panelOf(resolved) {
  const axes = meta(resolved.game).axes;
  return Object.fromEntries(Object.entries(resolved.state).filter(([name]) => !axes.includes(name)));
}

function setViewButtons(view) {
  document.querySelectorAll("#views button").forEach((button) => {
    button.setAttribute("aria-pressed", String(button.dataset.view === view));
  });
}

async function showView(resolved, mine) {
  const { view, axis } = resolved.view;
  setViewButtons(view);
  const box = $("boundary");
  const note = $("view-note");
  note.hidden = true;
  if (view === "advice") {
    solidView.dispose();
    strategiesShown = null;
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (view === "strategies") {
    solidView.dispose();
    const key = `${resolved.game}|${JSON.stringify(resolved.params)}`;
    if (strategiesShown === key) return; // the lab does not depend on the state
    strategiesShown = key;
    await strategiesView.show(meta(resolved.game), resolved.params, resolved.view.rule || "");
    return;
  }
  strategiesShown = null;
  const args = { game: resolved.game, ...resolved.params, fixed: panelOf(resolved) };
  if (view === "solid") {
    if (hasWebGL()) {
      const solidArgs = markedRule && markedRule === resolved.view.rule ? { ...args, rule: markedRule } : args;
      const [data, view3d] = await Promise.all([engine.call("solid", solidArgs), loadSolidView()]);
      if (mine !== sequence) return;
      view3d.show({ ...data, game: resolved.game }, resolved.state, data.title);
      return;
    }
    note.hidden = false;
    note.textContent = "This browser cannot draw 3-D (no WebGL): here is the 2-D slice instead.";
  }
  solidView.dispose();
  const sliceArgs = { ...args, axis, at: resolved.state[axis] };
  if (markedRule && markedRule === resolved.view.rule) sliceArgs.rule = markedRule;
  const data = await engine.call("slice", sliceArgs);
  if (mine !== sequence) return;
  sliceView.show({ ...data, game: resolved.game }, resolved.state, `${data.title}: slice at ${axis} = ${data.at}`);
}

// the answer kept for this link by the last visit of this version, if any
async function showKeptAnswer() {
  const info = await fetch("build-info.json").then((r) => r.json());
  store = new SolutionStore(info.version);
  const kept = location.hash ? await store.getAnswer(location.hash) : null;
  if (!kept) return;
  games = kept.games;
  buildControls();
  current = kept.resolved;
  picker.show(current.game, current.params);
  editor.show(meta(current.game), current.state);
  advice.show(kept.answer);
  shown = kept.answer.link;
}

function buildControls() {
  if (picker) return;
  picker = new GamePicker($("game-picker"), games, ({ game, params }) => {
    if (meta(game).kind === "scorecard") {
      // another rule set for the same position: keep the scorecard, dice and target
      const same = current && current.game === game ? yahtzeeView.advisor.position() : {};
      open(new URLSearchParams({ game, ...params, ...same }).toString());
      return;
    }
    const keep = {};
    if (current && current.state) for (const v of ["i", "j"]) if (v in current.state) keep[v] = current.state[v];
    open(request(game, params, keep, current && current.state ? current.view : null));
  });
  editor = new StateEditor($("state-editor"), (state) => open(request(current.game, current.params, state)));
  new ShareButtons($("share"), say);
  document.querySelectorAll("#views button").forEach((button) =>
    button.addEventListener("click", () =>
      open(request(current.game, current.params, current.state, { ...current.view, view: button.dataset.view })),
    ),
  );
}

async function main() {
  progress.show("Starting Python…");
  await showKeptAnswer().catch(() => {});
  const version = await engine.ready;
  if (!store || store.version !== version) store = new SolutionStore(version);
  store.prune();
  games = (await engine.call("games")).games;
  buildControls();
  // a link pasted or edited by hand (replaceState, used for our own updates, fires no hashchange)
  window.addEventListener("hashchange", () => open(location.hash));
  await open(location.hash);
  // precache for offline use only now, so it does not slow the first answer down
  registerOffline(showOffline);
}

main().catch((error) => advice.showError(error.message));
