// Change a rule set's options (Farkle: point values, specials, minimum to bank, target): one
// field per option of the game's rules as data (the engine's "rules" action), prefilled with
// the rules in force. "Use these rules" checks the changes with the engine first: a change that
// cannot be is named here and every field keeps what was typed; one that can becomes the
// game's text parameter (e.g. set=three_pairs=1000,target=1000) and the position is solved
// for it. "Back to the rule set" drops every change.
// Test ids: rules-editor, rule-{option}, rules-apply, rules-reset, rules-message.
import { escapeHtml } from "./escape-html.js";

function shown(value) {
  return Array.isArray(value) ? value.join("/") : String(value);
}

export class RulesEditor {
  // load(setText) -> Promise of the engine's "rules" answer for these changes (throws if refused);
  // apply(setText) -> use them
  constructor(root, { load, apply }) {
    this.root = root;
    this.load = load;
    this.apply = apply;
    this.open = false;
  }

  async show(setText) {
    let rules;
    try {
      rules = await this.load(setText);
    } catch (error) {
      this.root.innerHTML = `<p class="error">${escapeHtml(error.message)}</p>`;
      return;
    }
    if (!rules.in_force) {
      this.root.innerHTML = "";
      return;
    }
    this.rules = rules;
    const base = rules.rule_sets[rules.in_force.name];
    const changed = Object.keys(rules.options).filter((name) => shown(base[name]) !== shown(rules.in_force[name]));
    const field = (name) => {
      const value = rules.in_force[name];
      const help = rules.options[name];
      const mark = changed.includes(name) ? ` <span class="changed">(changed from ${escapeHtml(shown(base[name]))})</span>` : "";
      if (typeof value === "boolean") {
        return `<label class="rule-option check"><input type="checkbox" data-testid="rule-${name}" name="${name}" ${value ? "checked" : ""}>
          <span>${escapeHtml(help.replace(/ \(true\/false\)$/, ""))}${mark}</span></label>`;
      }
      const numeric = !Array.isArray(value);
      const words = Array.isArray(value) ? help.replace(/\)$/, ", separated by /)") : help;
      return `<label class="rule-option"><span>${escapeHtml(words)}${mark}</span>
        <input data-testid="rule-${name}" name="${name}" value="${escapeHtml(shown(value))}"
               ${numeric ? 'inputmode="numeric"' : ""} autocomplete="off"></label>`;
    };
    this.root.innerHTML = `
      <details data-testid="rules-editor" ${this.open || changed.length ? "open" : ""}>
        <summary>Change the rules${changed.length ? ` (${changed.length} changed)` : ""}</summary>
        <form class="rules-form">
          ${Object.keys(rules.options).map(field).join("")}
          ${rules.note ? `<p class="rules-note">${escapeHtml(rules.note)}</p>` : ""}
          <p class="rules-message" data-testid="rules-message" role="status"></p>
          <button type="submit" data-testid="rules-apply">Use these rules</button>
          <button type="button" data-testid="rules-reset" ${changed.length ? "" : "disabled"}>Back to the rule set</button>
        </form>
      </details>`;
    const details = this.root.querySelector("details");
    details.addEventListener("toggle", () => (this.open = details.open));
    const form = this.root.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit(form);
    });
    this.root.querySelector('[data-testid="rules-reset"]').addEventListener("click", () => this.apply(""));
  }

  // the changes from the named rule set, as NAME=VALUE,...
  changes(form) {
    const base = this.rules.rule_sets[this.rules.in_force.name];
    const parts = [];
    for (const name of Object.keys(this.rules.options)) {
      const input = form.elements[name];
      const value = input.type === "checkbox" ? String(input.checked) : input.value.trim();
      if (value !== shown(base[name])) parts.push(`${name}=${value}`);
    }
    return parts.join(",");
  }

  async submit(form) {
    const text = this.changes(form);
    const message = this.root.querySelector('[data-testid="rules-message"]');
    try {
      await this.load(text); // refused here, naming the field, before anything moves
    } catch (error) {
      message.textContent = error.message;
      message.classList.add("error");
      return;
    }
    message.textContent = "";
    this.apply(text);
  }
}
