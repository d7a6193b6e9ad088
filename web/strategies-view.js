// The strategy lab: the papers' human-playable policies and komi, computed
// live; your own rule evaluated exactly (only when you ask); and where a
// rule goes wrong, weighted by how often it gets there.
import { modelNote } from "./advice-panel.js";
import { escapeHtml } from "./escape-html.js";

const pct = (p) => `${(100 * p).toFixed(2)}%`;
const signed = (d) => `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(4)}`;

export class StrategiesView {
  constructor(root, { call, onRule, onOpenState }) {
    this.root = root;
    this.call = call; // (action, args) => Promise
    this.onRule = onRule; // the rule text changed (for the link)
    this.onOpenState = onOpenState;
  }

  // the rule in the editor (what a link's rule is compared with)
  ruleText() {
    return this.root.querySelector("[data-testid=rule-input]")?.value ?? "";
  }

  async show(game, params, rule) {
    this.game = game;
    this.params = params;
    if (game.players > 2) return this.showForPlayers(game, params, rule);
    this.root.innerHTML = `
      <h2>Strategies for ${escapeHtml(game.title)}</h2>
      <p class="note">Each policy plays the optimal player, each seat equally likely. Difference = its win rate
        minus the optimal player's, as the papers define it; computed exactly in this page.</p>
      <div data-testid="paper-policies"><p class="note">Evaluating the papers' policies…</p></div>
      <h3>Head start (komi)</h3>
      <div data-testid="komi"><p class="note">Computing…</p></div>
      <h3>Your rule</h3>
      <p class="note">Write when to <strong>roll</strong>, using ${ruleNames(game)
        .map((name) => `<code>${name}</code>`)
        .join(", ")}, numbers, <code>+ - * // %</code>, comparisons, <code>and or not</code>,
        <code>a if c else b</code>, <code>min max abs</code>. Example: <code>${game.axes[2]} &lt; ${Math.ceil(params.goal / 5)} and ${game.axes[0]} + ${game.axes[2]} &lt; ${params.goal}</code>.</p>
      <textarea data-testid="rule-input" rows="3" spellcheck="false" autocapitalize="off"
        aria-label="Your rule: true where you roll"></textarea>
      ${
        game.rules_evaluated_live
          ? `<div class="rule-row">
        <label class="field">Against <select data-testid="rule-against"><option value="">Optimal</option></select></label>
        <button type="button" data-testid="rule-evaluate">Evaluate</button>
        ${game.views.includes("slice") ? `<button type="button" data-testid="rule-show-boundary">Show on the 2-D boundary</button>` : ""}
      </div>`
          : `<p class="note" data-testid="rule-offline">An exact evaluation of a rule in ${escapeHtml(game.title)} sweeps every turn
        of the game again<span data-testid="rule-cost"></span>, too much for this page. The rule stays
        in the link; on a computer with Python, run<br><code data-testid="rule-command"></code></p>`
      }
      <pre class="error" data-testid="rule-error" hidden></pre>
      <div data-testid="rule-result" data-ready="false"></div>
      <div data-testid="rule-mistakes"></div>`;
    const input = this.root.querySelector("[data-testid=rule-input]");
    input.value = rule || "";
    input.addEventListener("change", () => this.onRule(input.value, false));
    const on = (testid, handler) => this.root.querySelector(`[data-testid=${testid}]`)?.addEventListener("click", handler);
    on("rule-evaluate", () => this.evaluate());
    on("rule-show-boundary", () => this.onRule(input.value, true));
    const command = this.root.querySelector("[data-testid=rule-command]");
    if (command) {
      // each option with its value on one line (a phone broke "--max-seconds" after its first
      // hyphen); the rule itself wraps where it must
      const showCommand = () =>
        command.replaceChildren(
          ...cliCommand(game, params, input.value)
            .split(/ (?=--)/)
            .flatMap((part, n) => {
              const span = document.createElement("span");
              if (!part.startsWith("--policy")) span.className = "option";
              span.textContent = part;
              return n ? [" ", span] : [span];
            }),
        );
      input.addEventListener("input", showCommand);
      showCommand();
      this.showEvaluationCost(game, params);
    }
    await Promise.all([this.showPolicies(), this.showKomi()]);
  }

  // three or more players: each policy followed by one player at a time while the others keep
  // the exact advice; every player's chance and the follower's cost, a table a policy
  async showForPlayers(game, params, rule) {
    this.root.innerHTML = `
      <h2>Strategies for ${escapeHtml(game.title)}</h2>
      <p class="note">Each policy is followed by one player at a time while the others keep the exact advice.
        Each row: who follows it, every player's chance to win, and what it costs the follower (their chance with the
        exact advice less theirs following it); computed exactly.</p>
      <div data-testid="paper-policies"><p class="note">Evaluating the papers' policies…</p></div>
      <h3>Head starts</h3>
      <div data-testid="komi"><p class="note">Computing…</p></div>
      <h3>Your rule</h3>
      <p class="note">Write when to <strong>roll</strong>, using ${ruleNames(game)
        .map((name) => `<code>${name}</code>`)
        .join(", ")}, numbers, <code>+ - * // %</code>, comparisons, <code>and or not</code>,
        <code>a if c else b</code>, <code>min max abs</code>. Example: <code>k &lt; 20 + (max(j, l) - i) // 8</code>.</p>
      <textarea data-testid="rule-input" rows="3" spellcheck="false" autocapitalize="off"
        aria-label="Your rule: true where you roll"></textarea>
      <div class="rule-row"><button type="button" data-testid="rule-evaluate">Evaluate</button></div>
      <pre class="error" data-testid="rule-error" hidden></pre>
      <div data-testid="rule-result" data-ready="false"></div>`;
    const input = this.root.querySelector("[data-testid=rule-input]");
    input.value = rule || "";
    input.addEventListener("change", () => this.onRule(input.value, false));
    this.root.querySelector("[data-testid=rule-evaluate]").addEventListener("click", () => this.evaluateForPlayers());
    await Promise.all([this.showPoliciesForPlayers(), this.showHeadStarts()]);
  }

  async showPoliciesForPlayers() {
    const box = this.root.querySelector("[data-testid=paper-policies]");
    try {
      const result = await this.call("policies", { game: this.game.name, ...this.params });
      // (a table may ship its first policies only: GRO for three's are hours, added a part at a time)
      const pending = result.unevaluated || [];
      if (!result.policies.length && !pending.length) {
        box.innerHTML = `<p class="note">No published policies for this game.</p>`;
        return;
      }
      const described = result.policies[0] || pending[0];
      box.innerHTML = `<p class="note">${escapeHtml(described.description.replace(/^.*?(Read for)/, "$1"))}</p>
        ${result.policies.map((p) => followerTable(result.seat_words, p, `<strong>${escapeHtml(p.name)}</strong>
          <span class="note">(${escapeHtml(p.source)})</span>`)).join("")}
        ${pending.length ? `<p class="note" data-testid="unevaluated-policies"><strong>${pending
          .map((p) => escapeHtml(p.name)).join(", ")}</strong>: ${escapeHtml(result.unevaluated_note)
          .replace(/`([^`]+)`/g, "<code>$1</code>")}.</p>` : ""}`;
    } catch (error) {
      box.innerHTML = `<p class="error">${escapeHtml(error.message)}</p>`;
    }
  }

  async showHeadStarts() {
    const box = this.root.querySelector("[data-testid=komi]");
    try {
      const result = await this.call("komi", { game: this.game.name, ...this.params });
      const words = result.seats.map((s) => ["first", "second", "third", "fourth"][s]);
      box.dataset.fairest = result.fairest.join(",");
      box.innerHTML = `<p>Fairest: ${result.fairest
        .map((points, n) => `${points} to the ${words[n]}`)
        .join(" and ")} (every player's chance: ${result.fairest_chances.map(pct).join(", ")}).</p>`;
    } catch (error) {
      box.innerHTML = `<p class="error">${escapeHtml(error.message)}</p>`;
    }
  }

  async evaluateForPlayers() {
    const rule = this.root.querySelector("[data-testid=rule-input]").value;
    const errorBox = this.root.querySelector("[data-testid=rule-error]");
    const resultBox = this.root.querySelector("[data-testid=rule-result]");
    this.onRule(rule, false);
    errorBox.hidden = true;
    resultBox.dataset.ready = "false";
    resultBox.innerHTML = `<p class="note">Evaluating exactly…</p>`;
    try {
      const r = await this.call("evaluate", { game: this.game.name, ...this.params, rule });
      resultBox.innerHTML = followerTable(r.seat_words, r, "Your rule");
      resultBox.dataset.costs = r.seats.map((s) => s.cost).join(",");
      resultBox.dataset.ready = "true";
    } catch (error) {
      resultBox.innerHTML = "";
      errorBox.hidden = false;
      errorBox.textContent = error.message;
    }
  }

  // what the command will take, as the API estimates it before evaluating (CPython seconds)
  async showEvaluationCost(game, params) {
    try {
      const cost = await this.call("estimate", { game: game.name, ...params, evaluate: true });
      const minutes = Math.max(1, Math.round(cost.seconds / 60));
      const words = `: about ${minutes} minute${minutes === 1 ? "" : "s"} and ${Math.round(cost.bytes / 1e6)} MB in desktop Python`;
      const span = this.root.querySelector("[data-testid=rule-cost]");
      if (span) span.textContent = words;
    } catch {
      // (the note reads whole without the numbers)
    }
  }

  async showPolicies() {
    const box = this.root.querySelector("[data-testid=paper-policies]");
    try {
      const result = await this.call("policies", { game: this.game.name, ...this.params });
      const against = this.root.querySelector("[data-testid=rule-against]");
      for (const p of result.policies) against?.insertAdjacentHTML("beforeend", `<option>${escapeHtml(p.name)}</option>`);
      box.innerHTML = `<table class="policies"><thead><tr><th>Policy</th><th>Difference</th><th>Win rate</th></tr></thead><tbody>
        ${result.policies
          .map(
            (p) => `<tr data-testid="policy-row" data-name="${escapeHtml(p.name)}" data-difference="${p.difference}">
              <td><strong>${escapeHtml(p.name).replaceAll("/", "/<wbr>")}</strong><br><span class="note">${escapeHtml(p.description)}
                (${escapeHtml(p.source)})</span>
                ${
                  p.expression
                    ? `<details><summary>As a rule</summary><code class="rule">${escapeHtml(p.expression)}</code>
                  <button type="button" class="try" data-testid="try-policy">Try it</button></details>`
                    : ""
                }</td>
              <td class="num">${signed(p.difference)}</td><td class="num">${pct(p.win_rate)}</td></tr>`,
          )
          .join("")}</tbody></table>`;
      box.querySelectorAll("button.try").forEach((button) =>
        button.addEventListener("click", () => {
          const input = this.root.querySelector("[data-testid=rule-input]");
          input.value = button.previousElementSibling.textContent;
          input.dispatchEvent(new Event("input"));
          input.focus();
        }),
      );
      if (!result.policies.length) box.innerHTML = `<p class="note">No published policies for this game.</p>`;
      // the model the numbers are from, where it is not the one the advice uses (Farkle's zilch counts)
      if (result.model_note) box.insertAdjacentHTML("afterbegin", modelNote(result.model_note));
    } catch (error) {
      box.innerHTML = `<p class="error">${escapeHtml(error.message)}</p>`;
    }
  }

  async showKomi() {
    const box = this.root.querySelector("[data-testid=komi]");
    try {
      const result = await this.call("komi", { game: this.game.name, ...this.params });
      box.dataset.fairest = result.fairest;
      box.innerHTML = `${result.model_note ? modelNote(result.model_note) : ""}<p>Fairest: ${headStart(result.fairest, scoreUnit(this.game))} (the first player then wins
          ${pct(result.fairest_p_first_player_wins)}).</p>
        <div class="komi-row">${result.komi
          .map(
            (r) =>
              `<span class="komi ${r.points === result.fairest ? "fairest" : ""}">${r.points > 0 ? "+" : ""}${r.points}: ${pct(r.p_first_player_wins)}</span>`,
          )
          .join("")}</div>`;
    } catch (error) {
      box.innerHTML = `<p class="error">${escapeHtml(error.message)}</p>`;
    }
  }

  async evaluate() {
    const rule = this.root.querySelector("[data-testid=rule-input]").value;
    const against = this.root.querySelector("[data-testid=rule-against]").value;
    const errorBox = this.root.querySelector("[data-testid=rule-error]");
    const resultBox = this.root.querySelector("[data-testid=rule-result]");
    const mistakesBox = this.root.querySelector("[data-testid=rule-mistakes]");
    this.onRule(rule, false);
    errorBox.hidden = true;
    resultBox.dataset.ready = "false";
    resultBox.innerHTML = `<p class="note">Evaluating exactly…</p>`;
    mistakesBox.innerHTML = "";
    const args = { game: this.game.name, ...this.params, rule };
    if (against) args.against_policy = against;
    try {
      const r = await this.call("evaluate", args);
      resultBox.dataset.difference = r.difference;
      resultBox.dataset.winRateFirst = r.win_rate_first;
      resultBox.dataset.winRateSecond = r.win_rate_second;
      resultBox.innerHTML = `<p><strong>${signed(r.difference)}</strong> against ${escapeHtml(r.against)}:
        your rule wins ${pct(r.win_rate)} (moving first ${pct(r.win_rate_first)}, second ${pct(r.win_rate_second)}).</p>`;
      resultBox.dataset.ready = "true";
      if (!against) await this.showMistakes(rule, mistakesBox);
    } catch (error) {
      resultBox.innerHTML = "";
      errorBox.hidden = false;
      errorBox.textContent = error.message;
    }
  }

  async showMistakes(rule, box) {
    box.innerHTML = `<p class="note">Finding where it goes wrong…</p>`;
    const m = await this.call("mistakes", { game: this.game.name, ...this.params, rule, limit: 10 });
    box.innerHTML = `<h3>Where it goes wrong</h3>
      <p class="note">${m.reached_disagreeing_states.toLocaleString("en")} of the states your rule reaches against optimal
        play are decided differently. Each row: the state, the cost of the wrong choice there (in win probability), how
        often the game gets there, and their product; together they are the ${(100 * m.loss).toFixed(2)} percentage points
        of winning chance your rule gives away: it wins ${pct(0.5 - m.loss)} of its games against optimal play, not 50%
        (the difference above, ${signed(-2 * m.loss)}, is its win rate minus the optimal player's: twice as much).</p>
      <ol class="mistakes" data-testid="mistake-list" data-loss="${m.loss}">${m.costliest
        .map(
          (row) => `<li><button type="button" class="link" data-state='${escapeHtml(JSON.stringify(row.state))}'>
            ${Object.entries(row.state)
              .map(([k, v]) => `${k}=${v}`)
              .join(", ")}</button>: you ${row.policy}, best is ${row.best};
            cost ${pct(row.cost)} × reached ${row.visits.toFixed(4)} = ${(100 * row.weighted).toFixed(4)} percentage points</li>`,
        )
        .join("")}</ol>`;
    box.querySelectorAll("button[data-state]").forEach((button) =>
      button.addEventListener("click", () => this.onOpenState(JSON.parse(button.dataset.state))),
    );
  }
}

// what a score counts, from the description ("points", or e.g. "brains")
function scoreUnit(game) {
  const turnVar = game.state_vars.find((v) => v.name === game.axes[2]);
  return (turnVar && turnVar.unit) || "points";
}

// "the first player starts 3 points ahead", "the second player starts 1 brain ahead", "no head start"
function headStart(points, unit) {
  if (points === 0) return "no head start";
  const n = Math.abs(points);
  const word = n === 1 ? unit.replace(/s$/, "") : unit;
  return `the ${points > 0 ? "first" : "second"} player starts <strong>${n}</strong> ${word} ahead`;
}

// the names a rule can use: a number's own name, and a dice variable's count of each colour
// (fp_G: green footprint dice in hand)
function ruleNames(game) {
  return game.state_vars.flatMap((v) => (v.letters ? [...v.letters].map((l) => `${v.name}_${l}`) : [v.name]));
}

// the command that evaluates a rule where the page does not (allowed an hour: the command line
// refuses work estimated past a minute unless given more)
function cliCommand(game, params, rule) {
  const options = Object.entries(params).map(([k, v]) => ` --${k} ${v}`).join("");
  const quoted = `'${(rule.trim() || "your rule").replaceAll("'", "'\\''")}'`;
  return `python -m pycore evaluate ${game.name}${options} --max-seconds 3600 --policy ${quoted}`;
}

// one policy followed by each player alone: who follows it, every player's chance, the
// follower's cost, the exact advice's chances first; in percent without the sign, the seats as
// 1st, 2nd, 3rd, so that five columns fit a phone
function followerTable(words, result, caption) {
  const short = (n) => `${n + 1}${["st", "nd", "rd"][n] || "th"}`;
  const cell = (p) => `<td class="num">${(100 * p).toFixed(2)}</td>`;
  // (four players and more: a smaller type, so that a phone shows every seat and the cost; the
  // scroll box is for what still does not fit, five players' at most)
  const size = words.length > 4 ? " many most" : words.length > 3 ? " many" : "";
  return `<div class="scroll"><table class="policies followers${size}" data-testid="follower-table" data-name="${escapeHtml(result.name || result.policy)}">
    <caption>${caption}<br><span class="note">chances in %, the follower's cost in percentage points</span></caption>
    <thead><tr><th scope="col">Follower</th>${words
      .map((w, n) => `<th scope="col"><abbr title="the ${escapeHtml(w)} player's chance">${short(n)}</abbr></th>`)
      .join("")}<th scope="col">Cost</th></tr></thead>
    <tbody><tr><th scope="row">Nobody</th>${result.optimal.map(cell).join("")}<td></td></tr>
    ${result.seats
      .map(
        (s) => `<tr data-testid="follower-row" data-seat="${s.seat}" data-cost="${s.cost}"><th scope="row">${short(s.seat)}</th>
        ${s.chances.map(cell).join("")}<td class="num">${(100 * s.cost).toFixed(2)}</td></tr>`,
      )
      .join("")}</tbody></table></div>`;
}
