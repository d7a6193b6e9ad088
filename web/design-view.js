// The variant designer: for a range of one parameter (the goal by default), the first player's
// chance, the fairest head start (komi), the exact expected length in turns under optimal play
// and how much skill matters (optimal play's edge over the game's first simple policy), as a
// table and three small charts. How long it takes is said before it starts; it can be cancelled.
// Test contract: data-testid="design" holds design-param, design-values, design-estimate,
// design-run and, once computed, design-result (data-ready="true") with rows design-row-{value}.
import { escapeHtml } from "./escape-html.js";
import { labelMargin } from "./chart-labels.js";
import { aboutTime } from "./solve-timer.js";

const W = 320;
const H = 120;
const PAD = { right: 10, top: 10, bottom: 24 }; // (the left margin: labelMargin, for the labels)

// a range of about five values up to the current one (the goal 100: 20:100:20)
export function defaultRange(param, value) {
  const low = Math.max(param.minimum, Math.round(value / 5));
  const step = Math.max(1, Math.round((value - low) / 4));
  return value > low ? `${low}:${value}:${step}` : String(value);
}

export class DesignView {
  // call(action, args, {onProgress}) -> Promise; progress: the page's ProgressBar; timer: SolveTimer;
  // cancel(): stop the engine's work
  constructor(root, { call, progress, timer, cancel }) {
    this.root = root;
    this.call = call;
    this.progress = progress;
    this.timer = timer;
    this.cancel = cancel;
    this.asked = 0; // the latest estimate asked for (older answers are dropped)
  }

  show(game, params) {
    this.game = game;
    this.params = params;
    const numeric = game.parameters.filter((p) => !p.text && !p.choices && !p.advanced);
    const first = numeric[0];
    this.root.innerHTML = `
      <div data-testid="design">
      <h2>Design a variant of ${escapeHtml(game.title)}</h2>
      <p class="note">For each value of one rule, solved exactly: how much the first player is favoured, the head start
        that makes the game fairest, how many turns a game between two perfect players lasts on average, and how much
        skill matters: how often perfect play beats the game's first simple policy (seats alternating).</p>
      <div class="rule-row">
        <label class="field">Vary <select data-testid="design-param">${numeric
          .map((p) => `<option value="${p.name}">${escapeHtml(p.label)}</option>`)
          .join("")}</select></label>
        <label class="field">Values <input data-testid="design-values" spellcheck="false" autocapitalize="off"
          aria-describedby="design-values-help"></label>
        <button type="button" data-testid="design-run">Compute</button>
      </div>
      <p class="note" id="design-values-help">FROM:TO:STEP (20:100:10) or a list (20,50,100), up to 40 values; the
        other rules stay as chosen above. <span data-testid="design-estimate"></span></p>
      <pre class="error" data-testid="design-error" hidden></pre>
      <div data-testid="design-result" data-ready="false"></div></div>`;
    this.select = this.root.querySelector("[data-testid=design-param]");
    this.values = this.root.querySelector("[data-testid=design-values]");
    this.estimateText = this.root.querySelector("[data-testid=design-estimate]");
    this.error = this.root.querySelector("[data-testid=design-error]");
    this.result = this.root.querySelector("[data-testid=design-result]");
    const reset = () => {
      const param = numeric.find((p) => p.name === this.select.value);
      this.values.value = defaultRange(param, Number(params[param.name] ?? param.default));
      this.estimate();
    };
    this.select.addEventListener("change", reset);
    this.values.addEventListener("change", () => this.estimate());
    this.root.querySelector("[data-testid=design-run]").addEventListener("click", () => this.run());
    if (first) reset();
  }

  request() {
    return { game: this.game.name, ...this.params, param: this.select.value, values: this.values.value };
  }

  fail(message) {
    this.error.hidden = false;
    this.error.textContent = message;
  }

  async estimate() {
    const mine = ++this.asked;
    this.error.hidden = true;
    this.estimateText.textContent = "";
    try {
      const estimate = await this.call("estimate", this.request());
      if (mine !== this.asked) return;
      this.lastEstimate = estimate;
      this.estimateText.textContent = `${estimate.solves} solves: ${aboutTime(this.timer.seconds(estimate))} on this device.`;
    } catch (error) {
      if (mine === this.asked && error.name !== "CancelledError") this.fail(error.message);
    }
  }

  async run() {
    // the time this table was estimated at is what the person agreed to wait for: the API
    // refuses a table past the budget it is given (CPython seconds; 60 unless given more)
    const request = { ...this.request(), ...(this.lastEstimate ? { max_seconds: Math.min(86400, Math.ceil(this.lastEstimate.seconds) + 1) } : {}) };
    const title = this.game.title;
    this.error.hidden = true;
    this.result.dataset.ready = "false";
    const about = this.lastEstimate ? `, ${aboutTime(this.timer.seconds(this.lastEstimate))}` : "";
    const label = `Designing ${title}${about}`;
    this.progress.show(`${label}…`, 0, { onCancel: () => this.cancel(`Designing ${title} was cancelled.`) });
    try {
      const started = performance.now();
      const answer = await this.call("design", request, {
        onProgress: (stage, fraction) => this.progress.show(`${label} (${stage})`, fraction),
      });
      const seconds = answer.rows.reduce((sum, r) => sum + r.seconds, 0);
      if (this.lastEstimate) this.timer.record(this.lastEstimate, seconds || (performance.now() - started) / 1000);
      this.progress.hide();
      this.showRows(answer);
    } catch (error) {
      this.progress.hide();
      this.fail(error.message);
    }
  }

  showRows({ param, rows }) {
    const label = this.game.parameters.find((p) => p.name === param).label;
    const policy = rows.find((r) => r.policy)?.policy;
    const pct = (p) => (p === null || p === undefined ? "—" : `${(100 * p).toFixed(2)}%`);
    const komi = (r) => (r.fairest_komi === 0 ? "none" : r.fairest_komi > 0 ? `${r.fairest_komi} to player 1` : `${-r.fairest_komi} to player 2`);
    const charts = [
      chart("First player's chance", rows, (r) => r.p_first_player_wins, pct, label, 0.5),
      chart("Expected length (turns)", rows, (r) => r.expected_turns, (v) => v.toFixed(1), label),
      policy ? chart(`Skill: perfect play's win rate against ${policy}`, rows, (r) => r.skill, pct, label, 0.5) : "",
    ].join("");
    this.result.innerHTML = `
      <div class="design-charts">${charts}</div>
      <div class="table-scroll"><table class="design-table">
        <thead><tr><th>${escapeHtml(label)}</th><th>P(first)</th><th>Fairest start</th><th>P(first) then</th>
          <th>Turns</th>${policy ? "<th>Skill</th>" : ""}</tr></thead>
        <tbody>${rows
          .map(
            (r) => `<tr data-testid="design-row-${r.value}"><td>${escapeHtml(String(r.value))}</td><td>${pct(r.p_first_player_wins)}</td>
              <td>${komi(r)}</td><td>${pct(r.fairest_p_first_player_wins)}</td><td>${r.expected_turns.toFixed(2)}</td>${policy ? `<td>${pct(r.skill)}</td>` : ""}</tr>`,
          )
          .join("")}</tbody></table></div>
      <p class="note">P(first): the first player's chance; fairest start: the head start (komi) that brings it nearest
        50%, and P(first) then; turns: the expected length of a game between perfect players${policy ? `; skill: perfect play's win rate against ${escapeHtml(policy)}` : ""}.</p>`;
    this.result.dataset.ready = "true";
  }
}

// one small line chart of a row's value against the varied parameter (`base`: a reference line)
function chart(title, rows, valueOf, format, xLabel, base = null) {
  const points = rows.filter((r) => valueOf(r) !== null && valueOf(r) !== undefined);
  if (points.length === 0) return "";
  const xs = points.map((r) => Number(r.value));
  const ys = points.map(valueOf).concat(base === null ? [] : [base]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const left = labelMargin([format(y0), format(y1)]);
  const x = (v) => left + ((W - left - PAD.right) * (v - x0)) / (x1 - x0 || 1);
  const y = (v) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - (v - y0) / (y1 - y0 || 1));
  const line = points.map((r, n) => `${n ? "L" : "M"}${x(Number(r.value)).toFixed(1)},${y(valueOf(r)).toFixed(1)}`).join("");
  const dots = points.map((r) => `<circle cx="${x(Number(r.value)).toFixed(1)}" cy="${y(valueOf(r)).toFixed(1)}" r="2.5"/>`).join("");
  const reference = base === null ? "" : `<line x1="${left}" x2="${W - PAD.right}" y1="${y(base)}" y2="${y(base)}" class="limit"/>`;
  return `<figure class="design-chart"><figcaption>${escapeHtml(title)}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(title)} by ${escapeHtml(xLabel)}" class="turns-svg">
      ${reference}<path d="${line}" class="curve"/>${dots}
      <text x="${left - 4}" y="${y(y1) + 4}" text-anchor="end">${format(y1)}</text>
      <text x="${left - 4}" y="${y(y0) + 4}" text-anchor="end">${format(y0)}</text>
      <text x="${x(x0)}" y="${H - 8}">${x0}</text>
      <text x="${x(x1)}" y="${H - 8}" text-anchor="end">${x1} ${escapeHtml(xLabel.toLowerCase())}</text>
    </svg></figure>`;
}
