// How long a solve takes on this device, said before a large one starts. The engine's
// "estimate" gives CPython seconds on the development machine; this device's factor is
// measured from the solves it finished (kept across visits) and starts at what a mid-range
// laptop's Pyodide measured (bench/bench_web.py prints it).
import { escapeHtml } from "./escape-html.js";
import { readKept, writeKept } from "./kept-object.js";

const KEY = "roll-or-hold-device-speed";
export const DEFAULT_FACTOR = 2.5;
// a solve expected to take longer than this is started only when asked
export const ASK_ABOVE_SECONDS = 8;
const KEEP = 5; // the last ratios kept (their geometric mean is the factor)

export class SolveTimer {
  constructor() {
    const kept = readKept(KEY);
    this.ratios = Array.isArray(kept.ratios) ? kept.ratios.filter((r) => Number.isFinite(r) && r > 0).slice(-KEEP) : [];
  }

  get factor() {
    if (!this.ratios.length) return DEFAULT_FACTOR;
    return Math.exp(this.ratios.reduce((sum, r) => sum + Math.log(r), 0) / this.ratios.length);
  }

  // seconds on this device for an estimate's CPython seconds
  seconds(estimate) {
    return estimate.seconds * this.factor;
  }

  // a finished solve: how its Python seconds compare with the estimate (short ones are noise)
  record(estimate, seconds) {
    if (!estimate || estimate.seconds < 0.5 || !(seconds > 0)) return;
    this.ratios = [...this.ratios, seconds / estimate.seconds].slice(-KEEP);
    writeKept(KEY, { ratios: this.ratios });
  }
}

// "about 40 s", "about 3 minutes"
export function aboutTime(seconds) {
  if (seconds < 1.5) return "about a second";
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  return `about ${Math.round(seconds / 60)} minutes`;
}

// e.g. "2.4 million", "7,168" (a small table slow to solve: three players' sweeps)
const positions = (cells) => (cells >= 1e5 ? `${(cells / 1e6).toFixed(1)} million` : Math.round(cells).toLocaleString("en"));

// Ask in `box` before a long solve: resolves when Solve now is tapped (a request that takes
// over leaves it unresolved). The words say what is solved and how long it will take.
export function askToSolve(box, { what, seconds, cells, note = "" }) {
  return new Promise((resolve) => {
    box.innerHTML = `<div class="ask-solve" data-testid="ask-solve">
      <p>${escapeHtml(note)}Solving ${escapeHtml(what)} takes <strong data-testid="solve-estimate">${aboutTime(seconds)}</strong>
        on this device (a table of up to ${positions(cells)} positions); it can be cancelled.</p>
      <button type="button" data-testid="solve-now">Solve now</button></div>`;
    box.querySelector("button").addEventListener(
      "click",
      () => {
        box.innerHTML = `<p class="note">Solving ${escapeHtml(what)}: the progress and Cancel are at the top.</p>`;
        resolve(true);
      },
      { once: true },
    );
  });
}
